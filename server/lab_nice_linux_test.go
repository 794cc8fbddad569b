//go:build linux

package server

import (
	"syscall"
	"testing"
	"time"

	"scramble/engine"
)

// niceBot records the nice value of the thread each of its decisions runs
// on, then plays its first legal action.
type niceBot struct{ seen chan<- int }

func (niceBot) Name() string { return "nice" }

func (b niceBot) Choose(d *engine.Decision) engine.Action {
	// The raw getpriority system call answers 20 - nice.
	prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		prio = 20 - -100 // reported as an impossible nice
	}
	select {
	case b.seen <- 20 - prio:
	default:
	}
	return d.Legal()[0]
}

// TestLabPlaysAtLowPriority (issue 13 §3, low priority): a lab run's
// decisions run on a thread of nice 19, while the server's own threads keep
// their priority.
func TestLabPlaysAtLowPriority(t *testing.T) {
	before, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	if err != nil {
		t.Fatal(err)
	}
	if 20-before == labNice {
		t.Skipf("the test already runs at nice %d, so a lowered thread cannot be told apart", labNice)
	}
	seen := make(chan int, 1)
	e := newLabEnv(t, func(c *Config) {
		c.NewBot = func(spec string) (engine.Bot, error) { return niceBot{seen: seen}, nil }
	})
	run := e.startLab(labRequest{Game: "toy", Sweep: []string{"rounds=1"}, Bot: "nice", Games: 1})
	select {
	case nice := <-seen:
		if nice != labNice {
			t.Errorf("a lab decision ran at nice %d, want %d", nice, labNice)
		}
	case <-time.After(time.Minute):
		t.Fatal("the lab's bot was not asked to decide within a minute")
	}
	e.waitLab(run.ID, labDone, time.Minute)
	if after, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0); err != nil || after != before {
		t.Errorf("the test's own thread changed priority: nice %d, then %d (%v)", 20-before, 20-after, err)
	}
}
