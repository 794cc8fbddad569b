package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"scramble/store"
)

// ErrClosed is the error of a write asked for after Close began.
var ErrClosed = errors.New("the store is closed")

// maxBatch bounds the writes one transaction commits, so one commit never
// grows without limit however many callers are waiting.
const maxBatch = 256

// The writer owns the only write connection. Every write (Create, Append,
// ClaimSeat) is an op queued to it. It takes all the pending ops at once, up
// to maxBatch, and runs them in one transaction, each inside its own
// SAVEPOINT so that one op's failure (a conflict, a missing match) undoes that
// op only. Then it commits once, paying for one fsync for the whole batch
// (group commit), and only then answers each op. A failed COMMIT fails every
// op that would have written.
//
// Ops queue in the order they were asked for and run in that order, so a
// caller that waits for Create before it appends sees its match.
type writer struct {
	conn *sql.Conn
	st   statements

	mu     sync.Mutex
	queue  []*op // waiting to be taken, oldest first
	closed bool  // Close began: refuse new ops, drain the queue

	wake   chan struct{} // an op was queued or Close began (capacity 1)
	idle   chan struct{} // the writer found its queue empty (capacity 1)
	nudge  chan struct{} // the WAL has grown: time to checkpoint (capacity 1)
	exited chan struct{} // closed when the loop has drained and ended

	// restart asks the writer to run a RESTART checkpoint between batches:
	// the checkpointer sets it when the WAL is over its hard limit.
	restart atomic.Bool
	// waiting is set while the writer waits for ops, its queue empty.
	waiting atomic.Bool
	// nudgeEvery is how many commits the writer makes before it nudges the
	// checkpointer.
	nudgeEvery uint64
	// restartWait is how long a RESTART checkpoint waits for readers.
	restartWait time.Duration

	stats *stats
}

// op is one write waiting for the writer.
type op struct {
	ctx context.Context
	// run does the write's statements in the batch's transaction. An error
	// undoes them, and the op is answered with it.
	run func(t *wtx) error
	// done receives the op's answer exactly once. It is buffered, so the
	// writer never waits for a caller.
	done chan error
	// taken and withdrawn are guarded by writer.mu: the writer took the op
	// for a batch, or its caller gave up before that.
	taken, withdrawn bool
}

// wtx is the writer's open transaction, as an op sees it.
type wtx struct {
	ctx context.Context
	st  *statements
	// conn runs the statements that are not prepared (notify.go).
	conn *sql.Conn
}

// statements are the writer's prepared statements, on its connection.
type statements struct {
	begin, commit, rollback            *sql.Stmt
	savepoint, release, rollbackToSave *sql.Stmt

	insertMatch, insertSeat, claimSeat, joinSeat *sql.Stmt
	moveMatch, finishMatch, insertMove           *sql.Stmt
	exists, insertChat                           *sql.Stmt
}

// newWriter takes the write connection of db for good and starts the writer.
// Nothing else may use db afterwards.
func newWriter(ctx context.Context, db *sql.DB, t tuning, st *stats) (*writer, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	w := &writer{
		conn:        conn,
		wake:        make(chan struct{}, 1),
		idle:        make(chan struct{}, 1),
		nudge:       make(chan struct{}, 1),
		exited:      make(chan struct{}),
		nudgeEvery:  uint64(max(t.nudgeCommits, 1)),
		restartWait: t.restartWait,
		stats:       st,
	}
	if err := w.prepare(ctx); err != nil {
		w.closeStatements()
		conn.Close()
		return nil, err
	}
	go w.loop()
	return w, nil
}

// prepare prepares every statement the writer runs.
func (w *writer) prepare(ctx context.Context) error {
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&w.st.begin, "BEGIN IMMEDIATE"},
		{&w.st.commit, "COMMIT"},
		{&w.st.rollback, "ROLLBACK"},
		{&w.st.savepoint, "SAVEPOINT op"},
		{&w.st.release, "RELEASE op"},
		{&w.st.rollbackToSave, "ROLLBACK TO op"},
		{&w.st.insertMatch, `INSERT INTO matches
			(id, game, options, seed, spectator_hash, created, updated, version, dice, result, public)
			VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`},
		{&w.st.insertSeat, `INSERT INTO seats (match_id, seat, kind, bot, token_hash, claimed)
			VALUES (?, ?, ?, ?, ?, ?)`},
		{&w.st.claimSeat, "UPDATE seats SET claimed = 1 WHERE match_id = ? AND seat = ?"},
		{&w.st.joinSeat, "UPDATE seats SET token_hash = ?, claimed = 1 WHERE match_id = ? AND seat = ? AND claimed = 0 AND kind = 'person'"},
		// Two statements, so that a move that does not end the match leaves
		// the result column alone: SQLite then need not touch the two partial
		// indexes on matches, whose condition is on the result.
		// A finished match takes no more writes: a result recorded with
		// no move (a seat lost on time) is not written over.
		{&w.st.moveMatch, `UPDATE matches SET version = ?, dice = ?, updated = ?
			WHERE id = ? AND version = ? AND result IS NULL`},
		{&w.st.finishMatch, `UPDATE matches SET version = ?, dice = ?, updated = ?, result = ?
			WHERE id = ? AND version = ? AND result IS NULL`},
		{&w.st.insertMove, "INSERT INTO moves (match_id, seq, seat, action) VALUES (?, ?, ?, ?)"},
		{&w.st.exists, "SELECT 1 FROM matches WHERE id = ?"},
		{&w.st.insertChat, `INSERT INTO chat (match_id, seq, side, seat, text, sent)
			SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ? FROM chat WHERE match_id = ?
			RETURNING seq`},
	} {
		s, err := w.conn.PrepareContext(ctx, p.sql)
		if err != nil {
			return fmt.Errorf("prepare %q: %w", p.sql, err)
		}
		*p.stmt = s
	}
	return nil
}

func (w *writer) closeStatements() {
	for _, s := range []*sql.Stmt{
		w.st.begin, w.st.commit, w.st.rollback, w.st.savepoint, w.st.release, w.st.rollbackToSave,
		w.st.insertMatch, w.st.insertSeat, w.st.claimSeat, w.st.joinSeat,
		w.st.moveMatch, w.st.finishMatch, w.st.insertMove, w.st.exists, w.st.insertChat,
	} {
		if s != nil {
			s.Close()
		}
	}
}

// do queues a write and waits for its answer: nil once the transaction that
// holds it has committed, else why it was not written. If ctx ends before
// the writer takes the op, the op is dropped and do returns ctx.Err(); once
// taken, the op's fate is its transaction's and do waits for the commit, so
// that an error always means nothing was written.
func (w *writer) do(ctx context.Context, run func(t *wtx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	o := &op{ctx: ctx, run: run, done: make(chan error, 1)}
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return ErrClosed
	}
	w.queue = append(w.queue, o)
	w.mu.Unlock()
	signal(w.wake)

	select {
	case err := <-o.done:
		return err
	case <-ctx.Done():
	}
	w.mu.Lock()
	if !o.taken {
		o.withdrawn = true
		w.mu.Unlock()
		return ctx.Err()
	}
	w.mu.Unlock()
	return <-o.done
}

// close refuses new writes, waits until every queued one is committed and
// answered, and releases the connection.
func (w *writer) close() error {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	signal(w.wake)
	<-w.exited
	w.closeStatements()
	return w.conn.Close()
}

// signal sends on a channel of capacity 1 without waiting: a signal already
// pending says the same.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// loop takes batches and commits them until Close has drained the queue.
func (w *writer) loop() {
	defer close(w.exited)
	var batch []*op
	for {
		if w.restart.Load() {
			w.restartWAL()
		}
		var closed bool
		batch, closed = w.take(batch[:0])
		if len(batch) > 0 {
			w.commit(batch)
			clear(batch)
			continue
		}
		if closed {
			return
		}
		w.waiting.Store(true)
		signal(w.idle)
		<-w.wake
		w.waiting.Store(false)
	}
}

// take moves up to maxBatch ops from the queue into batch. Ops whose caller
// gave up are dropped; ops whose context has ended are answered with its
// error and dropped. closed reports that Close began and the queue is empty.
func (w *writer) take(batch []*op) (_ []*op, closed bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, o := range w.queue {
		if len(batch) == maxBatch {
			break
		}
		n++
		if o.withdrawn {
			continue
		}
		o.taken = true
		if err := o.ctx.Err(); err != nil {
			o.done <- err
			continue
		}
		batch = append(batch, o)
	}
	left := copy(w.queue, w.queue[n:])
	clear(w.queue[left:])
	w.queue = w.queue[:left]
	return batch, w.closed && left == 0
}

// commit runs a batch in one transaction and answers its ops once the
// COMMIT has returned.
func (w *writer) commit(batch []*op) {
	ctx := context.Background() // one caller's context must not cut the batch short
	start := time.Now()
	errs := make([]error, len(batch))
	// fail answers every op with err, except those that failed on their own
	// before: they wrote nothing either way.
	fail := func(err error) {
		for i, o := range batch {
			if errs[i] == nil {
				errs[i] = err
			}
			o.done <- errs[i]
		}
	}
	if _, err := w.st.begin.ExecContext(ctx); err != nil {
		fail(fmt.Errorf("begin: %w", err))
		return
	}
	t := &wtx{ctx: ctx, st: &w.st, conn: w.conn}
	for i, o := range batch {
		if err := w.runOne(t, o, &errs[i]); err != nil {
			w.abort(ctx)
			fail(err)
			return
		}
	}
	if _, err := w.st.commit.ExecContext(ctx); err != nil {
		w.abort(ctx)
		fail(fmt.Errorf("commit: %w", err))
		return
	}
	w.stats.commit(len(batch), time.Since(start))
	for i, o := range batch {
		o.done <- errs[i]
	}
	if w.stats.commits.Load()%w.nudgeEvery == 0 {
		signal(w.nudge)
	}
}

// runOne runs one op inside a savepoint, putting the op's own error in
// *opErr. A non-nil result is an error of the transaction itself: the batch
// must be abandoned.
func (w *writer) runOne(t *wtx, o *op, opErr *error) error {
	if _, err := w.st.savepoint.ExecContext(t.ctx); err != nil {
		return fmt.Errorf("savepoint: %w", err)
	}
	if err := o.run(t); err != nil {
		*opErr = err
		if _, rerr := w.st.rollbackToSave.ExecContext(t.ctx); rerr != nil {
			return fmt.Errorf("undoing a failed write (%v): %w", err, rerr)
		}
	}
	if _, err := w.st.release.ExecContext(t.ctx); err != nil {
		return fmt.Errorf("release savepoint: %w", err)
	}
	return nil
}

// abort rolls back the open transaction, if SQLite has not already.
func (w *writer) abort(ctx context.Context) {
	w.st.rollback.ExecContext(ctx) // "no transaction is active" is fine
}

// restartWAL runs a RESTART checkpoint on the writer's connection, between
// batches: the last resort that keeps the WAL bounded when the background
// checkpoints cannot (see checkpointer). A RESTART must wait until no reader
// reads an old snapshot from the WAL; rather than sleep on SQLite's busy
// handler (1, 2, 5, 10 ms...), it tries without waiting every restartPoll,
// for at most w.restartWait, and gives up until the next request after that.
func (w *writer) restartWAL() {
	w.restart.Store(false)
	ctx := context.Background()
	start := time.Now()
	_, err := w.conn.ExecContext(ctx, "PRAGMA busy_timeout = 0")
	if err == nil {
		for {
			var busy, log, done int
			err = w.conn.QueryRowContext(ctx, "PRAGMA wal_checkpoint(RESTART)").Scan(&busy, &log, &done)
			if err != nil || busy == 0 {
				break
			}
			if time.Since(start) >= w.restartWait {
				err = errors.New("readers kept the WAL busy")
				break
			}
			time.Sleep(restartPoll)
		}
		_, rerr := w.conn.ExecContext(ctx, fmt.Sprintf("PRAGMA busy_timeout = %d", BusyTimeout))
		err = errors.Join(err, rerr)
	}
	w.stats.restart(time.Since(start), err)
}

// restartPoll is how often a RESTART checkpoint is tried while readers hold
// old snapshots.
const restartPoll = 200 * time.Microsecond

// exists returns store.ErrNotFound unless the match is there.
func (t *wtx) exists(id string) error {
	var one int
	err := t.st.exists.QueryRowContext(t.ctx, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}
