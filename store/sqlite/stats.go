package sqlite

import (
	"sync"
	"sync/atomic"
	"time"
)

// Stats counts what the writer and the checkpointer have done since Open.
type Stats struct {
	// Commits is the number of transactions committed, Writes the writes
	// they held, MaxBatch the most writes one of them held.
	Commits, Writes, MaxBatch uint64
	// CommitTime is the total time of the committed transactions, BEGIN to
	// COMMIT; MaxCommit the longest.
	CommitTime, MaxCommit time.Duration
	// Checkpoints counts the background checkpoints run (PASSIVE and
	// TRUNCATE), Truncates those TRUNCATE ones that emptied the WAL file,
	// MaxCheckpoint the longest.
	Checkpoints, Truncates uint64
	MaxCheckpoint          time.Duration
	// Restarts counts the RESTART checkpoints the writer ran because the WAL
	// passed its hard limit, RestartTime their total time.
	Restarts    uint64
	RestartTime time.Duration
	// MaxWALFrames is the largest WAL a checkpoint saw, in pages.
	MaxWALFrames int
	// CheckpointErrors counts failed checkpoints; LastCheckpointError is
	// the latest failure, "" if none.
	CheckpointErrors    uint64
	LastCheckpointError string
}

// stats is the live form of Stats.
type stats struct {
	commits atomic.Uint64 // read without the lock by the checkpointer

	mu sync.Mutex
	s  Stats
}

func (st *stats) commit(writes int, d time.Duration) {
	st.commits.Add(1)
	st.mu.Lock()
	defer st.mu.Unlock()
	st.s.Commits++
	st.s.Writes += uint64(writes)
	st.s.MaxBatch = max(st.s.MaxBatch, uint64(writes))
	st.s.CommitTime += d
	st.s.MaxCommit = max(st.s.MaxCommit, d)
}

func (st *stats) checkpoint(mode string, r checkpointResult, d time.Duration, err error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.s.Checkpoints++
	st.s.MaxCheckpoint = max(st.s.MaxCheckpoint, d)
	if err != nil {
		st.s.CheckpointErrors++
		st.s.LastCheckpointError = mode + ": " + err.Error()
		return
	}
	st.s.MaxWALFrames = max(st.s.MaxWALFrames, r.log)
	if mode == "TRUNCATE" && !r.busy {
		st.s.Truncates++
	}
}

func (st *stats) restart(d time.Duration, err error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.s.Restarts++
	st.s.RestartTime += d
	if err != nil {
		st.s.CheckpointErrors++
		st.s.LastCheckpointError = "RESTART: " + err.Error()
	}
}

// Stats returns what the store's writer and checkpointer have done since it
// was opened.
func (s *Store) Stats() Stats {
	s.stats.mu.Lock()
	defer s.stats.mu.Unlock()
	return s.stats.s
}
