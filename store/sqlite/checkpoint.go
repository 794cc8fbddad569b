package sqlite

import (
	"context"
	"database/sql"
	"time"
)

// tuning sets when the WAL is checkpointed. Open copies defaultTuning; tests
// shorten it.
type tuning struct {
	// every is the period of the background PASSIVE checkpoint.
	every time.Duration
	// nudgeCommits: the writer also wakes the checkpointer after this many
	// commits, so a fast writer does not wait for the period.
	nudgeCommits int
	// catchUps bounds the extra checkpoints per round that copy what was
	// committed while the round's first one ran.
	catchUps int
	// hardFrames is the WAL size, in pages, over which the writer itself
	// runs a RESTART checkpoint between two batches.
	hardFrames int
	// restartWait is how long that RESTART checkpoint waits for readers.
	restartWait time.Duration
	// idle is how long without a commit before the WAL file is truncated.
	idle time.Duration
}

var defaultTuning = tuning{
	every:        time.Second,
	nudgeCommits: 500,
	catchUps:     4,
	hardFrames:   4096, // 16 MiB of 4 KiB pages
	restartWait:  50 * time.Millisecond,
	idle:         5 * time.Second,
}

// The checkpointer copies the WAL back into the database file from its own
// connection, so that no write waits for it: the writer's connection has
// wal_autocheckpoint=0, and a PASSIVE checkpoint takes no lock that a writer
// or a reader needs.
//
// The WAL only starts over from its beginning (and so stops growing) when a
// write begins after a checkpoint has copied every frame in it and while no
// reader still reads an older snapshot from it. A checkpoint that runs while
// the writer commits never copies the frames committed meanwhile, so under
// steady load each round's first checkpoint (which copies the bulk, up to a
// second of writes) is followed by up to catchUps quick ones, each started
// at a moment when the writer has nothing queued: the few frames left are
// copied before the next commit and the next write restarts the WAL.
//
// If the WAL still passes hardFrames (a writer that is never idle, or
// readers that always hold old snapshots), the checkpointer asks the writer
// to run a RESTART checkpoint between two batches: those writes wait for it,
// but the WAL stays bounded. After idle without a commit it runs a TRUNCATE
// checkpoint, which empties the WAL file; its busy timeout is 0, so it gives
// up rather than make anyone wait.
type checkpointer struct {
	db    *sql.DB // one connection of its own
	w     *writer
	t     tuning
	stats *stats

	stop   chan struct{}
	exited chan struct{}
}

// checkpointResult is a row of PRAGMA wal_checkpoint.
type checkpointResult struct {
	busy bool
	// log is the number of frames in the WAL, done the number copied into
	// the database file.
	log, done int
}

// complete reports whether every frame the WAL had when the checkpoint began
// has been copied.
func (r checkpointResult) complete() bool { return r.done >= r.log }

func newCheckpointer(db *sql.DB, w *writer, t tuning, st *stats) *checkpointer {
	c := &checkpointer{db: db, w: w, t: t, stats: st, stop: make(chan struct{}), exited: make(chan struct{})}
	go c.loop()
	return c
}

// close stops the checkpointer and waits for it; it does not close db.
func (c *checkpointer) close() {
	close(c.stop)
	<-c.exited
}

func (c *checkpointer) loop() {
	defer close(c.exited)
	tick := time.NewTicker(c.t.every)
	defer tick.Stop()
	lastCommits := c.stats.commits.Load()
	quietSince := time.Now()
	emptied := false
	for {
		select {
		case <-c.stop:
			return
		case <-tick.C:
		case <-c.w.nudge:
		}
		commits := c.stats.commits.Load()
		switch {
		case commits != lastCommits:
			lastCommits, quietSince, emptied = commits, time.Now(), false
		case emptied:
			continue // nothing committed since the WAL was emptied
		case time.Since(quietSince) >= c.t.idle:
			r, err := c.checkpoint("TRUNCATE")
			emptied = err == nil && !r.busy
			continue
		}
		r, caughtUp, err := c.passive()
		for i := 0; err == nil && !caughtUp && i < c.t.catchUps; i++ {
			if !c.waitWriterIdle(tick.C) {
				break
			}
			r, caughtUp, err = c.passive()
		}
		select {
		case <-c.stop:
			return
		default:
		}
		if err == nil && r.log >= c.t.hardFrames {
			c.w.restart.Store(true)
			signal(c.w.wake)
		}
	}
}

// passive runs a PASSIVE checkpoint. caughtUp reports that it copied every
// frame and that the writer committed nothing while it ran: the whole WAL is
// in the database file, and the next write can start the WAL over.
func (c *checkpointer) passive() (r checkpointResult, caughtUp bool, err error) {
	before := c.stats.commits.Load()
	r, err = c.checkpoint("PASSIVE")
	return r, err == nil && r.complete() && c.stats.commits.Load() == before, err
}

// waitWriterIdle waits until the writer has nothing queued. It gives up, and
// returns false, when tick fires or the checkpointer stops first.
func (c *checkpointer) waitWriterIdle(tick <-chan time.Time) bool {
	select {
	case <-c.w.idle: // an old signal: wait for a new one
	default:
	}
	if c.w.waiting.Load() {
		return true
	}
	select {
	case <-c.w.idle:
		return true
	case <-tick:
		return false
	case <-c.stop:
		return false
	}
}

// checkpoint runs PRAGMA wal_checkpoint(mode).
func (c *checkpointer) checkpoint(mode string) (checkpointResult, error) {
	var (
		r    checkpointResult
		busy int
	)
	start := time.Now()
	err := c.db.QueryRowContext(context.Background(), "PRAGMA wal_checkpoint("+mode+")").Scan(&busy, &r.log, &r.done)
	r.busy = busy != 0
	c.stats.checkpoint(mode, r, time.Since(start), err)
	return r, err
}
