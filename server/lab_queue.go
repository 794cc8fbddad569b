package server

import (
	"context"
	"net/http"
	"sync"

	"scramble/engine"
	"scramble/sim"
	"scramble/sim/cluster"
)

// The lab on a Postgres job queue (issue 32 §2): with LabLimits.Queue set
// (scramble serve --db postgres://...), the Lab page's sweeps are runs of
// jobs on the queue (sim/cluster) rather than runs in this process's
// memory. Every serve node's lab workers take jobs, as scramble lab worker
// processes do; a run lives in the database, so any node shows it and it
// survives the restart of every node; a cancel on any node stops it on
// every worker.

// queuedRuns caches the outputs of finished queued runs: a report, its CSV
// and plots are made once per node.
type queuedRuns struct {
	mu   sync.Mutex
	done map[string]*labRun
}

// startLabWorkers starts this node's lab workers on the queue, if any:
// Workers chunks at once, with bots that give way to the live matches'.
func (s *Server) startLabWorkers() {
	q := s.lab.limits.Queue
	if q == nil || s.lab.limits.Off || s.newBot == nil {
		return
	}
	env := cluster.Env{Games: s.games, NewBot: func(spec string) (engine.Bot, error) {
		b, err := s.newBot(spec)
		if err != nil {
			return nil, err
		}
		return &labBot{bot: b, ctx: s.ctx, lab: s.lab, busy: s.liveBotsBusy, warn: s.log.Warn}, nil
	}}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		if err := q.WithEnv(env).Work(s.ctx, cluster.WorkerConfig{Workers: s.lab.limits.Workers}); err != nil {
			s.log.Error("the lab's workers on the queue stopped", "err", err)
		}
	}()
}

// submitLab enqueues a checked sweep as a run of jobs and returns its run.
func (s *Server) submitLab(ctx context.Context, spec labSpec) (*labRun, error) {
	q := s.lab.limits.Queue
	cs := &cluster.Spec{Kind: cluster.KindSweep, Axes: spec.axes, Games: spec.games, Seed: spec.seed, Chunk: queueChunk(spec.games)}
	env := cluster.Env{Games: s.games, NewBot: s.newBot}
	for _, p := range sim.Grid(spec.axes) {
		opts := engine.Options{}
		for k, v := range spec.options {
			opts[k] = v
		}
		for k, v := range p {
			opts[k] = v
		}
		st, _, err := engine.Setup(spec.game, opts)
		if err != nil {
			return nil, errorf(http.StatusBadRequest, "%v", err)
		}
		bots := make([]string, len(st.Seats()))
		for i := range bots {
			bots[i] = spec.bot
		}
		cs.Cells = append(cs.Cells, cluster.Cell{Game: spec.game.Info().Name, Options: opts, Bots: bots})
	}
	if err := env.Check(cs); err != nil {
		return nil, errorf(http.StatusBadRequest, "%v", err)
	}
	id, err := q.Submit(ctx, cs)
	if err != nil {
		s.log.Error("lab run not submitted", "err", err)
		return nil, errorf(http.StatusServiceUnavailable, "the lab's queue is out of reach (%v); try again", err)
	}
	return s.queuedRun(ctx, id)
}

// queueChunk is the games of a job of a Lab page sweep: about eight jobs a
// cell, so that a cell spreads over the workers.
func queueChunk(games int) int { return max(1, (games+7)/8) }

// queuedRun reads a run from the queue as a labRun: its spec, progress and
// state, and once done its report, CSV and plots.
func (s *Server) queuedRun(ctx context.Context, id string) (*labRun, error) {
	s.lab.queued.mu.Lock()
	if r, ok := s.lab.queued.done[id]; ok {
		s.lab.queued.mu.Unlock()
		return r, nil
	}
	s.lab.queued.mu.Unlock()
	q := s.lab.limits.Queue
	st, cs, err := q.Status(ctx, id)
	if err != nil {
		return nil, errNoLabRun(id)
	}
	g, ok := s.games.Lookup(cs.Cells[0].Game)
	if !ok || cs.Kind != cluster.KindSweep {
		return nil, errNoLabRun(id)
	}
	spec := labSpec{game: g, options: engine.Options{}, axes: cs.Axes, bot: cs.Cells[0].Bots[0], games: cs.Games, seed: cs.Seed, cells: len(cs.Cells)}
	swept := map[string]bool{}
	for _, a := range cs.Axes {
		swept[a.Key] = true
	}
	for k, v := range cs.Cells[0].Options {
		if !swept[k] {
			spec.options[k] = v
		}
	}
	r := &labRun{id: id, spec: spec, total: st.Total, queued: true, cancel: func() {}}
	r.done.Store(int64(st.Done))
	r.state, r.err = labRunning, st.Error
	switch st.State {
	case cluster.StateCancelled:
		r.state, r.err = labCancelled, "cancelled after "+plural(st.Done, "game")
	case cluster.StateFailed:
		r.state = labFailed
	case cluster.StateDone:
		res, err := q.Report(ctx, id)
		if err != nil {
			return nil, err
		}
		rep := res.(*sim.SweepReport)
		csv, plots, err := labOutputs(rep)
		if err != nil {
			return nil, err
		}
		r.state, r.report, r.csv, r.plots = labDone, rep, csv, plots
		s.lab.queued.mu.Lock()
		if s.lab.queued.done == nil {
			s.lab.queued.done = map[string]*labRun{}
		}
		s.lab.queued.done[id] = r
		s.lab.queued.mu.Unlock()
	}
	return r, nil
}

// cancelQueued cancels a queued run on every worker.
func (s *Server) cancelQueued(ctx context.Context, r *labRun) error {
	if err := s.lab.limits.Queue.Cancel(ctx, r.id); err != nil {
		return errorf(http.StatusConflict, "%v", err)
	}
	return nil
}
