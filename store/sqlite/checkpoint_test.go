package sqlite_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"scramble/store"
	"scramble/store/sqlite"
)

// frameBytes is the size of one WAL frame: a 4 KiB page and its header.
const frameBytes = 4096 + 24

// walSize is the size of the database's WAL file, 0 if there is none.
func walSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path + "-wal")
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// TestWriterNeverCheckpoints turns the background checkpoints off: the WAL
// must then grow past the 1000 pages at which SQLite would checkpoint
// inside a commit, proving the writer does not.
func TestWriterNeverCheckpoints(t *testing.T) {
	sqlite.SetTuning(t, sqlite.Tuning{Every: time.Hour, Nudge: 1 << 30, HardFrames: 1 << 30, Idle: time.Hour})
	path := filepath.Join(t.TempDir(), "scramble.db")
	s := open(t, path)
	newMatch(t, s, "m")
	v := 0
	for walSize(t, path) < 2000*frameBytes {
		if v > 20000 {
			t.Fatalf("the WAL holds %d bytes after %d appends", walSize(t, path), v)
		}
		if err := s.Append(t.Context(), "m", v, movesOf("m", v, 1), "d", nil); err != nil {
			t.Fatal(err)
		}
		v++
	}
	if st := s.Stats(); st.Checkpoints != 0 || st.Restarts != 0 {
		t.Errorf("checkpoints ran: %+v", st)
	}
	t.Logf("WAL of %d bytes after %d appends", walSize(t, path), v)
}

// TestWALStaysBounded writes as fast as it can from many goroutines while
// readers read all the time, some reader nearly always holding a snapshot:
// the WAL file must stay within a small multiple of the hard limit. (Without
// the writer's RESTART checkpoints it grew by some 900 pages a second here.)
func TestWALStaysBounded(t *testing.T) {
	const hard = 500 // pages
	sqlite.SetTuning(t, sqlite.Tuning{Every: 20 * time.Millisecond, HardFrames: hard, Idle: time.Hour})
	maxWAL, st := hammer(t, 3*time.Second)
	if limit := int64(4 * hard * frameBytes); maxWAL > limit {
		t.Errorf("the WAL file grew to %d bytes, over %d", maxWAL, limit)
	}
	if st.Restarts == 0 {
		t.Logf("the WAL never reached the hard limit (a slow machine?): the bound held, but was barely tested")
	}
}

// TestWriterRestartsWAL turns off the catch-up checkpoints and sets a tiny
// hard limit, so that only the writer's RESTART checkpoints can start the
// WAL over: they must run, succeed, and keep the WAL small.
func TestWriterRestartsWAL(t *testing.T) {
	const hard = 50 // pages
	sqlite.SetTuning(t, sqlite.Tuning{Every: 10 * time.Millisecond, CatchUps: -1, HardFrames: hard, Idle: time.Hour})
	maxWAL, st := hammer(t, 2*time.Second)
	if st.Restarts == 0 || st.CheckpointErrors >= st.Restarts {
		t.Errorf("%d RESTART checkpoints by the writer, %d checkpoint errors: want some that succeeded", st.Restarts, st.CheckpointErrors)
	}
	if limit := int64(2000 * frameBytes); maxWAL > limit {
		t.Errorf("the WAL file grew to %d bytes, over %d", maxWAL, limit)
	}
}

// hammer has 24 goroutines append to their own matches as fast as they can
// and 4 read matches and lists all the time, for d. It checks every move is
// stored and returns the largest size the WAL file had.
func hammer(t *testing.T, d time.Duration) (maxWAL int64, st sqlite.Stats) {
	const (
		writers = 24
		readers = 4
	)
	path := filepath.Join(t.TempDir(), "scramble.db")
	s := open(t, path)
	for i := range writers {
		newMatch(t, s, fmt.Sprintf("m%d", i))
	}
	stop := make(chan struct{})
	stopped := func() bool {
		select {
		case <-stop:
			return true
		default:
			return false
		}
	}
	var (
		wg      sync.WaitGroup
		appends = make([]int, writers)
	)
	for i := range writers {
		id := fmt.Sprintf("m%d", i)
		wg.Go(func() {
			for v := 0; !stopped(); v++ {
				if err := s.Append(t.Context(), id, v, movesOf(id, v, 1), "d", nil); err != nil {
					t.Errorf("Append: %v", err)
					return
				}
				appends[i]++
			}
		})
	}
	for r := range readers {
		wg.Go(func() {
			for i := 0; !stopped(); i++ {
				id := fmt.Sprintf("m%d", (i*readers+r)%writers)
				if _, err := s.Moves(t.Context(), id); err != nil {
					t.Errorf("Moves: %v", err)
					return
				}
				if _, err := s.List(t.Context(), store.ListQuery{}); err != nil {
					t.Errorf("List: %v", err)
					return
				}
			}
		})
	}
	wg.Go(func() {
		for !stopped() {
			maxWAL = max(maxWAL, walSize(t, path))
			time.Sleep(2 * time.Millisecond)
		}
	})
	time.Sleep(d)
	close(stop)
	wg.Wait()
	for i, n := range appends {
		checkMatch(t, s, fmt.Sprintf("m%d", i), n)
	}
	st = s.Stats()
	t.Logf("%d appends in %d commits; WAL file at most %d bytes (%d pages); largest WAL a checkpoint saw %d pages; "+
		"%d checkpoints, %d writer RESTARTs taking %s; %d checkpoint errors (%s)",
		st.Writes, st.Commits, maxWAL, maxWAL/frameBytes, st.MaxWALFrames,
		st.Checkpoints, st.Restarts, st.RestartTime, st.CheckpointErrors, st.LastCheckpointError)
	return maxWAL, st
}

// TestWALTruncatedWhenIdle: once nothing has been written for the idle time,
// the WAL file is emptied, and nothing is lost.
func TestWALTruncatedWhenIdle(t *testing.T) {
	sqlite.SetTuning(t, sqlite.Tuning{Every: 10 * time.Millisecond, HardFrames: 1 << 30, Idle: 100 * time.Millisecond})
	path := filepath.Join(t.TempDir(), "scramble.db")
	s := open(t, path)
	newMatch(t, s, "m")
	for v := range 50 {
		if err := s.Append(t.Context(), "m", v, movesOf("m", v, 1), "d", nil); err != nil {
			t.Fatal(err)
		}
	}
	if walSize(t, path) == 0 {
		t.Fatal("the WAL is empty right after the writes")
	}
	waitFor(t, "a TRUNCATE checkpoint", func() bool { return s.Stats().Truncates > 0 })
	if size := walSize(t, path); size != 0 {
		t.Errorf("the WAL holds %d bytes after a TRUNCATE checkpoint and no writes", size)
	}
	checkMatch(t, s, "m", 50)
	// Writing goes on as before.
	if err := s.Append(t.Context(), "m", 50, movesOf("m", 50, 1), "d", nil); err != nil {
		t.Fatal(err)
	}
	checkMatch(t, s, "m", 51)
}
