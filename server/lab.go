package server

import (
	"cmp"
	"context"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	"scramble/sim"
	"scramble/sim/cluster"
)

// LabLimits bound the balance lab of the browser's Lab page (lab_api.go):
// sweeps of bot games that the server plays in the background. The lab has
// workers of its own, apart from the bot workers of live matches, so however
// busy it is, a bot move in a live match never waits for it; and its bots
// wait while live bots keep every core busy (lab_bot.go). A zero field
// takes its value from DefaultLabLimits.
type LabLimits struct {
	// Off turns the lab off: its endpoints answer 503.
	Off bool
	// Workers is how many runs play at once, each on one goroutine (so at
	// most this many cores); the others wait in the queue.
	Workers int
	// Runs is how many runs may be unfinished (playing or queued) at once;
	// one more is refused with 429.
	Runs int
	// Games bounds the games of each cell of a sweep.
	Games int
	// Cells bounds the cells (combinations of option values) of a sweep.
	Cells int
	// Total bounds the games of a whole run: cells × games.
	Total int
	// Kept is how many finished runs stay in memory for their reports; the
	// oldest finished run is forgotten when one more finishes.
	Kept int
	// Queue, when set, makes the sweeps runs of jobs on the lab's Postgres
	// queue (lab_queue.go), which this node's Workers take with every other
	// node's and every scramble lab worker's; nil keeps them in memory.
	Queue *cluster.Queue
}

// DefaultLabLimits are the lab's limits in "scramble serve": one run at a
// time on one core, three more queued, and sweeps of at most 100,000 games.
func DefaultLabLimits() LabLimits {
	return LabLimits{Workers: 1, Runs: 4, Games: 10000, Cells: 36, Total: 100000, Kept: 20}
}

// orDefault fills l's zero fields from DefaultLabLimits.
func (l LabLimits) orDefault() LabLimits {
	d := DefaultLabLimits()
	return LabLimits{
		Off:     l.Off,
		Workers: cmp.Or(l.Workers, d.Workers),
		Runs:    cmp.Or(l.Runs, d.Runs),
		Games:   cmp.Or(l.Games, d.Games),
		Cells:   cmp.Or(l.Cells, d.Cells),
		Total:   cmp.Or(l.Total, d.Total),
		Kept:    cmp.Or(l.Kept, d.Kept),
		Queue:   l.Queue,
	}
}

// The states of a lab run.
const (
	labQueued    = "queued"
	labRunning   = "running"
	labDone      = "done"
	labFailed    = "failed"
	labCancelled = "cancelled"
)

// lab holds the runs of the balance lab. Runs live in memory only: a restart
// forgets them.
type lab struct {
	limits LabLimits
	// slots are the lab's own workers; live matches' bots never wait on
	// them.
	slots botSlots

	mu       sync.Mutex
	runs     map[string]*labRun
	finished []string // IDs of finished runs, oldest first
	open     int      // runs queued or playing

	// queued caches the finished runs read from the queue.
	queued queuedRuns

	// onPause, when set (by tests), is called each time a lab bot starts
	// waiting for live bots to leave a core free.
	onPause func()
}

// newLab returns an empty lab with limits l (zero fields defaulted).
func newLab(l LabLimits) *lab {
	l = l.orDefault()
	return &lab{limits: l, slots: make(botSlots, l.Workers), runs: map[string]*labRun{}}
}

// errLabOff answers every lab request of a server whose lab is off.
var errLabOff = errorf(http.StatusServiceUnavailable, "the lab is turned off on this server (scramble serve --lab-off); run 'scramble sim' instead")

// labRun is one sweep of the lab: its request, its progress and, once done,
// its report, CSV and plots.
type labRun struct {
	id     string
	spec   labSpec
	tune   *labTune // set for a tune (lab_tune.go), nil for a sweep
	queued bool     // a run of the queue (lab_queue.go), read from it
	total  int
	done   atomic.Int64
	cancel context.CancelFunc

	mu     sync.Mutex
	state  string
	err    string
	report *sim.SweepReport
	csv    []byte
	plots  []labPlot // in the order plots.WriteSweep draws them
}

// labPlot is one figure of a finished run, as SVG.
type labPlot struct {
	name string
	svg  []byte
}

// add registers a new run, refusing it with 429 when Runs are already
// unfinished.
func (l *lab) add(r *labRun) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open >= l.limits.Runs {
		return &apiError{
			Status:     http.StatusTooManyRequests,
			Msg:        "the lab already has " + plural(l.open, "run") + " playing or queued, its limit (scramble serve --lab-runs); wait for one to finish or cancel one",
			retryAfter: 10,
		}
	}
	l.open++
	l.runs[r.id] = r
	return nil
}

// get finds a run by ID.
func (l *lab) get(id string) (*labRun, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	r, ok := l.runs[id]
	return r, ok
}

// finish records that r has ended as out (nil when it never started),
// forgetting the oldest finished runs past Kept. The run's final state and
// the lab's counts change under one lock, so a client that sees the run done
// also sees its place freed and the older runs forgotten.
func (l *lab) finish(r *labRun, out *labOutcome) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if out != nil {
		r.end(*out)
	}
	l.open--
	l.finished = append(l.finished, r.id)
	for len(l.finished) > l.limits.Kept {
		delete(l.runs, l.finished[0])
		l.finished = l.finished[1:]
	}
}

// labOutcome is how a lab run ended: its final state and, when done, its
// report, CSV and plots; otherwise why not.
type labOutcome struct {
	state  string
	report *sim.SweepReport
	csv    []byte
	plots  []labPlot
	msg    string
}

// playLab runs r in the background and records how it ended. ctx ends it
// early: a DELETE, or the server closing (SIGTERM).
func (s *Server) playLab(ctx context.Context, r *labRun, cfg sim.Config) {
	defer s.wg.Done()
	out := s.sweepLab(ctx, r, cfg)
	r.cancel()
	s.lab.finish(r, &out)
}

// sweepLab waits for a lab worker, plays r's sweep on one goroutine, and
// returns its outcome with the report, the CSV and the plots.
func (s *Server) sweepLab(ctx context.Context, r *labRun, cfg sim.Config) labOutcome {
	if !s.lab.slots.acquire(ctx.Done()) {
		return labOutcome{state: labCancelled, msg: "cancelled before it started"}
	}
	defer s.lab.slots.release()
	if !r.setState(labQueued, labRunning) {
		// Cancelled meanwhile: end keeps the message stop wrote.
		return labOutcome{state: labCancelled}
	}
	cfg.Workers = 1
	cfg.Progress = func(done int) { r.done.Store(int64(done)) }
	rep, err := sim.Sweep(ctx, cfg, r.spec.axes)
	switch {
	case ctx.Err() != nil:
		return labOutcome{state: labCancelled, msg: "cancelled after " + plural(int(r.done.Load()), "game")}
	case err != nil:
		s.log.Error("lab run failed", "run", r.id, "err", err)
		return labOutcome{state: labFailed, msg: err.Error()}
	}
	csv, plots, err := labOutputs(rep)
	if err != nil {
		s.log.Error("lab run's outputs failed", "run", r.id, "err", err)
		return labOutcome{state: labFailed, msg: err.Error()}
	}
	return labOutcome{state: labDone, report: rep, csv: csv, plots: plots}
}

// setState moves r from state from to state to, reporting whether it was
// in from.
func (r *labRun) setState(from, to string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != from {
		return false
	}
	r.state = to
	return true
}

// end records how r ended, unless it was already cancelled.
func (r *labRun) end(out labOutcome) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state == labCancelled {
		return
	}
	r.state, r.report, r.csv, r.plots, r.err = out.state, out.report, out.csv, out.plots, out.msg
}

// stop cancels r if it has not finished; it reports whether it did.
func (r *labRun) stop() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != labQueued && r.state != labRunning {
		return false
	}
	r.state = labCancelled
	r.err = "cancelled after " + plural(int(r.done.Load()), "game")
	r.cancel()
	return true
}

// finishedRun returns r's report, CSV and plots, or a 409 while it has not
// finished well.
func (r *labRun) finishedRun() (*sim.SweepReport, []byte, []labPlot, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != labDone {
		return nil, nil, nil, errorf(http.StatusConflict, "lab run %s is %s, not done; its report comes when its state is done", r.id, r.state)
	}
	return r.report, r.csv, r.plots, nil
}

// errNoLabRun is the 404 of a run the lab does not hold.
func errNoLabRun(id string) error {
	return errorf(http.StatusNotFound, "no lab run with ID %s: runs are kept in memory only, so a restart forgets them, and only the last finished ones are kept; start it again", quotePrefix(id))
}

// errLabNoBots refuses lab runs on a server without bots.
var errLabNoBots = errorf(http.StatusServiceUnavailable, "this server has no bots, so its lab cannot play; run 'scramble sim' instead")

// plural writes n and word, with an s unless n is 1: "1 game", "3 games".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
