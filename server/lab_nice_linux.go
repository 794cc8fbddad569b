//go:build linux

package server

import (
	"runtime"
	"syscall"
)

// labNice is the scheduling priority of the threads that play lab games:
// the lowest, so the kernel gives them the CPU only when the live matches'
// threads (and the rest of the machine) leave it idle.
const labNice = 19

// lowerPriority moves the calling goroutine to an OS thread of its own and
// lowers that thread's priority to labNice. The thread is never handed
// back: when the goroutine ends (a sim worker, at the end of its run), Go
// ends the thread with it, so no other goroutine ever runs at this
// priority. On Linux, nice is a property of each thread.
func lowerPriority() error {
	runtime.LockOSThread()
	return syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), labNice)
}
