package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"scramble/engine"
	"scramble/sim"
	"scramble/sim/cluster"
)

// labFlags are the flags of scramble lab.
type labFlags struct {
	db          string
	workers     int
	rescueAfter time.Duration
	json        bool
}

func (f *labFlags) flagSet() *flag.FlagSet {
	fs := newFlagSet("lab")
	fs.StringVar(&f.db, "db", "", "the lab's Postgres database `URL` (postgres://user:pass@host/db)")
	fs.IntVar(&f.workers, "workers", 0, "worker: chunks played at once (default: the number of CPUs)")
	fs.DurationVar(&f.rescueAfter, "rescue-after", 10*time.Minute, "worker: how long a chunk may run before it is stopped and, if its worker died, given to another; well over a chunk's time")
	fs.BoolVar(&f.json, "json", false, "follow: print the report as JSON")
	return fs
}

func newLabFlags() *flag.FlagSet { return new(labFlags).flagSet() }

// lab runs "scramble lab": worker, follow RUN or cancel RUN, on the
// Postgres job queue of lab runs (docs/lab.md, "Many machines").
func (a *app) lab(ctx context.Context, _ io.Reader, out io.Writer, args []string) error {
	var f labFlags
	pos, err := parse(f.flagSet(), args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("lab needs a subcommand: worker, follow RUN or cancel RUN")
	}
	if f.db == "" {
		return usagef("lab %s needs --db postgres://...: the database of the lab's jobs", pos[0])
	}
	if f.workers < 0 || f.rescueAfter <= 0 {
		return usagef("lab: --workers must be 0 or more and --rescue-after positive")
	}
	sub, rest := pos[0], pos[1:]
	wantRun := func() (string, error) {
		if len(rest) != 1 {
			return "", usagef("lab %s takes one RUN ID (printed when the run was submitted)", sub)
		}
		return rest[0], nil
	}
	q, err := cluster.Open(ctx, f.db, a.clusterEnv())
	if err != nil {
		return err
	}
	defer q.Close()
	switch sub {
	case "worker":
		if len(rest) != 0 {
			return usagef("lab worker takes no arguments, got %q", rest)
		}
		workers := f.workers
		if workers == 0 {
			workers = runtime.NumCPU()
		}
		fmt.Fprintf(a.stderr, "lab worker: taking chunks, %d at a time; Ctrl-C or SIGTERM takes no more chunks and waits up to 30 s for those under way (the rest are retried)\n", workers)
		return q.Work(ctx, cluster.WorkerConfig{Workers: workers, RescueAfter: f.rescueAfter})
	case "follow":
		id, err := wantRun()
		if err != nil {
			return err
		}
		res, err := q.Wait(ctx, id, a.clusterProgress())
		if err != nil {
			return err
		}
		r := res.(simResult)
		if f.json {
			return r.WriteJSON(out)
		}
		return r.WriteText(out)
	case "cancel":
		id, err := wantRun()
		if err != nil {
			return err
		}
		if err := q.Cancel(ctx, id); err != nil {
			return err
		}
		fmt.Fprintf(out, "lab run %s cancelled\n", id)
		return nil
	}
	return usagef("lab: unknown subcommand %q; the subcommands are worker, follow and cancel", sub)
}

// clusterEnv is what a worker plays with: the program's games and bots.
func (a *app) clusterEnv() cluster.Env {
	return cluster.Env{Games: a.games, NewBot: a.newBot}
}

// clusterProgress reports a run's games on stderr when it is a terminal.
func (a *app) clusterProgress() func(cluster.Status) {
	if !a.progress {
		return nil
	}
	return func(st cluster.Status) {
		fmt.Fprintf(a.stderr, "\r%d of %d games, %d of %d chunks ", st.Done, st.Total, st.Chunks, st.Jobs)
	}
}

// simOnQueue submits a run of scramble sim to the lab's Postgres queue and
// waits for its report: the same report the run gives here.
func (a *app) simOnQueue(ctx context.Context, f simFlags, cfg sim.Config, armA simArmSetup) (simResult, error) {
	if len(armA.data) > 0 {
		return nil, usagef("sim --db: a variant with data files cannot run as jobs yet; give options only")
	}
	spec := &cluster.Spec{Kind: cluster.KindBatch, Games: f.n, Seed: f.seed, Chunk: f.chunk, MaxSteps: f.steps}
	game := cfg.Game.Info().Name
	switch {
	case len(f.sweep) > 0:
		spec.Kind, spec.Axes = cluster.KindSweep, f.sweep
		for _, p := range sim.Grid(f.sweep) {
			opts := engine.Options{}
			for k, v := range cfg.Options {
				opts[k] = v
			}
			for k, v := range p {
				opts[k] = v
			}
			prep, _, err := engine.PrepareVariant(cfg.Game, opts, nil)
			if err != nil {
				return nil, usageError{err}
			}
			probe, err := prep.NewState(nil)
			if err != nil {
				return nil, err
			}
			specs, err := f.bots.specs(probe.Seats(), -1, "random")
			if err != nil {
				return nil, err
			}
			spec.Cells = append(spec.Cells, cluster.Cell{Game: game, Options: opts, Bots: specs})
		}
	case f.ab():
		spec.Kind, spec.Detect = cluster.KindAB, f.detect
		gB, base := cfg.Game, armA.opts
		if f.bGame != "" {
			var err error
			if gB, err = a.game(f.bGame); err != nil {
				return nil, err
			}
			base = nil
		}
		armB, err := a.simArm(gB, f.bConfig, base, f.bOpts, armA.specs, f.bBots)
		if err != nil {
			return nil, fmt.Errorf("arm B: %w", err)
		}
		if len(armB.data) > 0 {
			return nil, usagef("sim --db: a variant with data files cannot run as jobs yet; give options only")
		}
		spec.Cells = []cluster.Cell{
			{Game: game, Options: armA.opts, Bots: armA.specs},
			{Game: gB.Info().Name, Options: armB.opts, Bots: armB.specs},
		}
	default:
		spec.Cells = []cluster.Cell{{Game: game, Options: armA.opts, Bots: armA.specs}}
	}
	if spec.Chunk == 0 {
		spec.Chunk = defaultChunk
	}
	q, err := cluster.Open(ctx, f.db, a.clusterEnv())
	if err != nil {
		return nil, err
	}
	defer q.Close()
	id, err := q.Submit(ctx, spec)
	if err != nil {
		return nil, usageError{err}
	}
	fmt.Fprintf(a.stderr, "lab run %s: %d games in %d chunks, played by 'scramble lab worker --db ...' processes\n", id, spec.Total(), spec.Jobs())
	res, err := q.Wait(ctx, id, a.clusterProgress())
	if err != nil {
		return nil, err
	}
	return res.(simResult), nil
}

// defaultChunk is the games of a job when --chunk is not given.
const defaultChunk = 50
