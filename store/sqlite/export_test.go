package sqlite

import (
	"context"
	"testing"
	"time"
)

// Tuning is the checkpoint timing; a zero field keeps the default.
type Tuning struct {
	// Every is the period of the background checkpoint; Nudge the commits
	// after which the writer wakes it early.
	Every time.Duration
	Nudge int
	// CatchUps is the number of catch-up checkpoints per round (-1: none).
	CatchUps int
	// HardFrames is the WAL size over which the writer runs a RESTART.
	HardFrames int
	// Idle is the time without commits before a TRUNCATE.
	Idle time.Duration
}

// SetTuning changes the checkpoint timing of the stores opened until t ends.
func SetTuning(t testing.TB, tu Tuning) {
	old := defaultTuning
	t.Cleanup(func() { defaultTuning = old })
	if tu.Every != 0 {
		defaultTuning.every = tu.Every
	}
	if tu.Nudge != 0 {
		defaultTuning.nudgeCommits = tu.Nudge
	}
	if tu.CatchUps != 0 {
		defaultTuning.catchUps = max(tu.CatchUps, 0)
	}
	if tu.HardFrames != 0 {
		defaultTuning.hardFrames = tu.HardFrames
	}
	if tu.Idle != 0 {
		defaultTuning.idle = tu.Idle
	}
}

// Plug queues a write that does nothing but hold the writer inside its
// transaction until release is called, so that writes queued meanwhile wait
// and then go in one batch. started is closed once the writer runs it; done
// receives its answer.
func Plug(s *Store) (started <-chan struct{}, release func(), done <-chan error) {
	run, hold, answer := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		answer <- s.wr.do(context.Background(), func(*wtx) error {
			close(run)
			<-hold
			return nil
		})
	}()
	return run, func() { close(hold) }, answer
}

// Queued is the number of writes waiting for the writer to take them,
// counting those whose caller gave up.
func Queued(s *Store) int {
	s.wr.mu.Lock()
	defer s.wr.mu.Unlock()
	return len(s.wr.queue)
}

// Closing reports whether Close has begun to refuse writes.
func Closing(s *Store) bool {
	s.wr.mu.Lock()
	defer s.wr.mu.Unlock()
	return s.wr.closed
}

// MaxBatch is the bound on the writes of one transaction.
const MaxBatch = maxBatch
