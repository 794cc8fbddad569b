//go:build !linux

package server

// lowerPriority does nothing where a thread's priority cannot be set
// alone: the lab then relies on its own workers and on giving way to live
// bots (labBot).
func lowerPriority() error { return nil }
