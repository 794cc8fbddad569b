package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"scramble/sim"
)

// The states of a run.
const (
	StateRunning   = "running"
	StateDone      = "done"
	StateFailed    = "failed"
	StateCancelled = "cancelled"
)

// queueName is the River queue of the lab's jobs.
const queueName = "scramble_lab"

// schema holds the lab's own tables, beside River's: the runs and each
// chunk's games, under its unique key.
const schema = `
CREATE TABLE IF NOT EXISTS scramble_lab_run (
	id         text PRIMARY KEY,
	spec       jsonb NOT NULL,
	state      text NOT NULL DEFAULT 'running',
	error      text NOT NULL DEFAULT '',
	created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS scramble_lab_chunk (
	run_id     text NOT NULL REFERENCES scramble_lab_run (id) ON DELETE CASCADE,
	cell       integer NOT NULL,
	first_game integer NOT NULL,
	games      integer NOT NULL,
	rows       jsonb NOT NULL,
	seconds    double precision NOT NULL,
	PRIMARY KEY (run_id, cell, first_game)
);`

// chunkArgs is one job: the games first..last-1 of one cell of a run.
type chunkArgs struct {
	Run   string `json:"run"`
	Cell  int    `json:"cell"`
	First int    `json:"first"`
	Last  int    `json:"last"`
}

// Kind names the job's kind for River.
func (chunkArgs) Kind() string { return "scramble_lab_chunk" }

// InsertOpts puts the job on the lab's queue; a chunk that fails (not a
// killed worker: a game that fails is cancelled at once) is tried again a
// few times.
func (chunkArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queueName, MaxAttempts: 5}
}

// Queue is the lab's job queue on a Postgres database.
type Queue struct {
	env    Env
	pool   *pgxpool.Pool
	client *river.Client[pgx.Tx] // insert-only unless Work is running
}

// Open connects to the database at url, creates River's tables and the
// lab's (idempotent), and returns the queue.
func Open(ctx context.Context, url string, env Env) (*Queue, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("lab queue: %w", err)
	}
	return openConfig(ctx, cfg, env)
}

// openConfig is Open with the pool's configuration given (a benchmark
// counts the round trips with a tracer of its own).
func openConfig(ctx context.Context, cfg *pgxpool.Config, env Env) (*Queue, error) {
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("lab queue: %w", err)
	}
	q := &Queue{env: env, pool: pool}
	if err := q.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	if q.client, err = river.NewClient(riverpgxv5.New(pool), &river.Config{}); err != nil {
		pool.Close()
		return nil, fmt.Errorf("lab queue: %w", err)
	}
	return q, nil
}

// Close closes the connections.
func (q *Queue) Close() { q.pool.Close() }

// migrate creates the tables under an advisory lock, so that several
// processes starting at once do not race.
func (q *Queue) migrate(ctx context.Context) error {
	conn, err := q.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("lab queue: connecting: %w", err)
	}
	defer conn.Release()
	const lock = 0x5c4a3b1e // the lab's migration lock
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", lock); err != nil {
		return fmt.Errorf("lab queue: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", lock)
	m, err := rivermigrate.New(riverpgxv5.New(q.pool), nil)
	if err != nil {
		return fmt.Errorf("lab queue: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("lab queue: creating River's tables: %w", err)
	}
	if _, err := conn.Exec(ctx, schema); err != nil {
		return fmt.Errorf("lab queue: creating the lab's tables: %w", err)
	}
	return nil
}

// Submit checks a run and enqueues it: the run and all its jobs in one
// transaction, so a run is either whole in the queue or absent. It returns
// the run's ID.
func (q *Queue) Submit(ctx context.Context, s *Spec) (string, error) {
	if err := q.env.Check(s); err != nil {
		return "", err
	}
	spec, err := json.Marshal(s)
	if err != nil {
		return "", err
	}
	id := newRunID()
	var params []river.InsertManyParams
	for c := range s.Cells {
		for _, f := range s.chunks() {
			params = append(params, river.InsertManyParams{Args: chunkArgs{Run: id, Cell: c, First: f, Last: min(f+s.Chunk, s.Games)}})
		}
	}
	err = pgx.BeginFunc(ctx, q.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO scramble_lab_run (id, spec) VALUES ($1, $2)", id, spec); err != nil {
			return err
		}
		_, err := q.client.InsertManyTx(ctx, tx, params)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("lab queue: submitting the run: %w", err)
	}
	return id, nil
}

// Status is how far a run is.
type Status struct {
	ID    string `json:"id"`
	State string `json:"state"`
	Error string `json:"error,omitempty"`
	// Done counts the games stored, of Total; Chunks the jobs done, of
	// Jobs.
	Done   int `json:"done"`
	Total  int `json:"total"`
	Chunks int `json:"chunks"`
	Jobs   int `json:"jobs"`
}

// Status reads a run's progress: two queries, whatever the number of
// workers.
func (q *Queue) Status(ctx context.Context, id string) (Status, *Spec, error) {
	st := Status{ID: id}
	var raw []byte
	err := q.pool.QueryRow(ctx, "SELECT spec, state, error FROM scramble_lab_run WHERE id = $1", id).Scan(&raw, &st.State, &st.Error)
	s, err := readSpec(id, raw, err)
	if err != nil {
		return st, nil, err
	}
	st.Total, st.Jobs = s.Total(), s.Jobs()
	if err := q.pool.QueryRow(ctx, "SELECT count(*), coalesce(sum(games), 0) FROM scramble_lab_chunk WHERE run_id = $1", id).Scan(&st.Chunks, &st.Done); err != nil {
		return st, nil, fmt.Errorf("lab queue: %w", err)
	}
	if st.State == StateRunning && st.Chunks == st.Jobs {
		st.State = StateDone
	}
	return st, s, nil
}

// run reads a run's state and spec, all a worker needs before a chunk: one
// query, where Status also counts the chunks stored.
func (q *Queue) run(ctx context.Context, id string) (string, *Spec, error) {
	var (
		raw   []byte
		state string
	)
	err := q.pool.QueryRow(ctx, "SELECT spec, state FROM scramble_lab_run WHERE id = $1", id).Scan(&raw, &state)
	s, err := readSpec(id, raw, err)
	return state, s, err
}

// readSpec reads the spec of the run id from its row.
func readSpec(id string, raw []byte, err error) (*Spec, error) {
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("no lab run %s in this database", id)
	}
	if err != nil {
		return nil, fmt.Errorf("lab queue: %w", err)
	}
	var s Spec
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("lab run %s: its spec is unreadable: %w", id, err)
	}
	return &s, nil
}

// Cancel cancels a run: its jobs not yet taken are dropped as workers reach
// them, and those being played stop within a second.
func (q *Queue) Cancel(ctx context.Context, id string) error {
	st, _, err := q.Status(ctx, id)
	if err != nil {
		return err
	}
	if st.State != StateRunning {
		return fmt.Errorf("lab run %s is already %s; there is nothing to cancel", id, st.State)
	}
	tag, err := q.pool.Exec(ctx, "UPDATE scramble_lab_run SET state = $2, error = 'cancelled' WHERE id = $1 AND state = $3", id, StateCancelled, StateRunning)
	if err != nil {
		return fmt.Errorf("lab queue: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("lab run %s has just ended; there is nothing to cancel", id)
	}
	return nil
}

// Wait follows a run until it ends, telling progress of each change, and
// returns its report once every chunk is stored. A run goes on without its
// waiter: ctx ending stops the waiting, not the run.
func (q *Queue) Wait(ctx context.Context, id string, progress func(Status)) (any, error) {
	last := -1
	for {
		st, s, err := q.Status(ctx, id)
		if err != nil {
			return nil, err
		}
		if progress != nil && st.Done != last {
			last = st.Done
			progress(st)
		}
		switch st.State {
		case StateDone:
			return q.report(ctx, id, s)
		case StateFailed:
			return nil, fmt.Errorf("lab run %s failed: %s", id, st.Error)
		case StateCancelled:
			return nil, fmt.Errorf("lab run %s was cancelled after %d of %d games", id, st.Done, st.Total)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("stopped following lab run %s at %d of %d games (the workers go on; follow it again with scramble lab follow --db URL %s, or stop it with scramble lab cancel): %w", id, st.Done, st.Total, id, ctx.Err())
		case <-time.After(pollEvery):
		}
	}
}

// Report returns the report of a finished run, or an error that says
// how far it is.
func (q *Queue) Report(ctx context.Context, id string) (any, error) {
	st, s, err := q.Status(ctx, id)
	if err != nil {
		return nil, err
	}
	if st.State != StateDone {
		return nil, fmt.Errorf("lab run %s is %s, not done (%d of %d games)", id, st.State, st.Done, st.Total)
	}
	return q.report(ctx, id, s)
}

// WithEnv returns the queue with another Env (the same connections): a
// server's workers play with bots that give way to its live matches.
func (q *Queue) WithEnv(env Env) *Queue {
	c := *q
	c.env = env
	return &c
}

// pollEvery is how often Wait reads a run's progress.
const pollEvery = 250 * time.Millisecond

// report reads every chunk of a finished run and assembles its report.
func (q *Queue) report(ctx context.Context, id string, s *Spec) (any, error) {
	rows := make([][]sim.GameRow, len(s.Cells))
	for c := range rows {
		rows[c] = make([]sim.GameRow, 0, s.Games)
	}
	r, err := q.pool.Query(ctx, "SELECT cell, rows, seconds FROM scramble_lab_chunk WHERE run_id = $1 ORDER BY cell, first_game", id)
	if err != nil {
		return nil, fmt.Errorf("lab queue: %w", err)
	}
	defer r.Close()
	var seconds float64
	for r.Next() {
		var (
			cell int
			raw  []byte
			sec  float64
		)
		if err := r.Scan(&cell, &raw, &sec); err != nil {
			return nil, fmt.Errorf("lab queue: %w", err)
		}
		var chunk []sim.GameRow
		if err := json.Unmarshal(raw, &chunk); err != nil {
			return nil, fmt.Errorf("lab run %s: a chunk of cell %d is unreadable: %w", id, cell, err)
		}
		if cell < 0 || cell >= len(rows) {
			return nil, fmt.Errorf("lab run %s: a chunk of cell %d, of %d cells", id, cell, len(rows))
		}
		rows[cell] = append(rows[cell], chunk...)
		seconds += sec
	}
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("lab queue: %w", err)
	}
	// The elapsed time of the report is the CPU time of its games, summed
	// over the workers.
	return q.env.assemble(s, rows, time.Duration(seconds*float64(time.Second)))
}

// WorkerConfig sets up a worker process.
type WorkerConfig struct {
	// Workers is how many chunks this process plays at once.
	Workers int
	// RescueAfter is how long a job may run before it is stopped, and
	// then, when its worker has died, given to another (default 10
	// minutes): it must be well over the time of a chunk.
	RescueAfter time.Duration
}

// Work takes the queue's jobs until ctx ends, then stops taking new ones and
// waits for those under way (a second signal cancels them).
func (q *Queue) Work(ctx context.Context, wc WorkerConfig) error {
	workers := river.NewWorkers()
	river.AddWorker(workers, &chunkWorker{q: q})
	// River rescues only the jobs that have run past their timeout: a
	// chunk gets RescueAfter, and a job of a dead worker is taken again
	// once it is that old.
	rescue := cmp(wc.RescueAfter, 10*time.Minute)
	client, err := river.NewClient(riverpgxv5.New(q.pool), &river.Config{
		Queues:               map[string]river.QueueConfig{queueName: {MaxWorkers: max(1, wc.Workers)}},
		Workers:              workers,
		JobTimeout:           rescue,
		RescueStuckJobsAfter: rescue,
		// A worker that finishes a chunk asks for the next at once, not
		// after River's default 100 ms: short chunks stay cheap.
		FetchCooldown: 5 * time.Millisecond,
	})
	if err != nil {
		return fmt.Errorf("lab worker: %w", err)
	}
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("lab worker: %w", err)
	}
	<-ctx.Done()
	stop, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := client.Stop(stop); err != nil {
		return client.StopAndCancel(context.Background())
	}
	return nil
}

func cmp(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// chunkWorker plays one chunk.
type chunkWorker struct {
	river.WorkerDefaults[chunkArgs]
	q *Queue
}

// Work plays the chunk's games, unless its run has ended, and stores them
// with the job's completion in one transaction.
func (w *chunkWorker) Work(ctx context.Context, job *river.Job[chunkArgs]) error {
	a := job.Args
	state, s, err := w.q.run(ctx, a.Run)
	if err != nil {
		return err
	}
	if state == StateCancelled || state == StateFailed {
		return river.JobCancel(fmt.Errorf("lab run %s is %s", a.Run, state))
	}
	cfg, err := w.q.env.config(s, s.Cells[a.Cell])
	if err != nil {
		return w.fail(ctx, a.Run, err)
	}
	// Stop playing when the run is cancelled meanwhile.
	play, stop := context.WithCancel(ctx)
	defer stop()
	go w.watch(play, stop, a.Run)
	start := time.Now()
	rows, err := sim.PlayGames(play, cfg, a.First, a.Last)
	if err != nil {
		if ctx.Err() != nil {
			return err // this worker is stopping: the job is tried again
		}
		if play.Err() != nil {
			return river.JobCancel(fmt.Errorf("lab run %s was cancelled", a.Run))
		}
		return w.fail(ctx, a.Run, fmt.Errorf("cell %d, games %d to %d: %w", a.Cell, a.First, a.Last-1, err))
	}
	raw, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	seconds := time.Since(start).Seconds()
	return pgx.BeginFunc(ctx, w.q.pool, func(tx pgx.Tx) error {
		// The key (run, cell, first game) makes a chunk played twice (a
		// worker that stopped after storing, before River knew) count once.
		if _, err := tx.Exec(ctx, `INSERT INTO scramble_lab_chunk (run_id, cell, first_game, games, rows, seconds)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`, a.Run, a.Cell, a.First, len(rows), raw, seconds); err != nil {
			return err
		}
		_, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}

// watch cancels a chunk when its run is cancelled.
func (w *chunkWorker) watch(ctx context.Context, stop func(), run string) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			var state string
			if err := w.q.pool.QueryRow(ctx, "SELECT state FROM scramble_lab_run WHERE id = $1", run).Scan(&state); err == nil && state != StateRunning {
				stop()
				return
			}
		}
	}
}

// fail marks the run failed (a game that fails fails the same way on any
// worker) and cancels the job.
func (w *chunkWorker) fail(ctx context.Context, run string, err error) error {
	w.q.pool.Exec(ctx, "UPDATE scramble_lab_run SET state = $2, error = $3 WHERE id = $1 AND state = $4", run, StateFailed, err.Error(), StateRunning)
	return river.JobCancel(err)
}
