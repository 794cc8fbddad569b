package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"

	"scramble/bot"
	"scramble/engine"
	"scramble/sim"
)

// simFlags are the flags of scramble sim.
type simFlags struct {
	n       int
	bots    botList
	opts    optionList
	seed    uint64
	workers int
	steps   int
	json    bool
	csv     string
}

func (f *simFlags) flagSet() *flag.FlagSet {
	fs := newFlagSet("sim")
	fs.IntVar(&f.n, "n", 1000, "number of games")
	fs.Var(&f.bots, "bot", "bot for every seat as `SPEC`, or for one seat as SEAT=SPEC (repeatable; default random)")
	fs.Var(&f.opts, "opt", "set a game option as `key=value` (repeatable; see 'scramble rules GAME')")
	fs.Uint64Var(&f.seed, "seed", 1, "`seed` of the run: the same seed gives the same report")
	fs.IntVar(&f.workers, "workers", 0, "games played at once (default: the number of CPUs)")
	fs.IntVar(&f.steps, "max-steps", 0, "stop with an error when a game runs past `N` actions, dice included (default: the game's own bound)")
	fs.BoolVar(&f.json, "json", false, "print the report as JSON")
	fs.StringVar(&f.csv, "csv", "", "also write one row per game to `FILE`")
	return fs
}

func newSimFlags() *flag.FlagSet { return new(simFlags).flagSet() }

// sim runs "scramble sim": a batch of bot games and their statistics.
func (a *app) sim(ctx context.Context, _ io.Reader, out io.Writer, args []string) error {
	var f simFlags
	fs := f.flagSet()
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	g, err := a.oneGame("sim", pos)
	if err != nil {
		return err
	}
	if f.n <= 0 {
		return usagef("sim: -n must be a positive number of games, got %d", f.n)
	}
	if f.steps < 0 {
		return usagef("sim: --max-steps must be 0 (the game's bound) or more, got %d", f.steps)
	}
	if f.workers < 0 {
		return usagef("sim: --workers must be 0 (one per CPU) or more, got %d", f.workers)
	}
	opts, err := f.opts.resolve(g)
	if err != nil {
		return err
	}
	probe, err := g.New(opts)
	if err != nil {
		return fmt.Errorf("%s: %w", g.Info().Name, err)
	}
	seats := probe.Seats()
	specs, err := f.bots.specs(seats, -1, "random")
	if err != nil {
		return err
	}
	// Make each bot once here so that a bad spec is a usage error.
	if _, err := a.makeBots(seats, specs); err != nil {
		return err
	}
	cfg := sim.Config{
		Game: g, Options: opts, N: f.n, Seed: f.seed, Workers: f.workers, MaxSteps: f.steps,
		KeepGames: f.csv != "",
	}
	for _, spec := range specs {
		cfg.Bots = append(cfg.Bots, func() (engine.Bot, error) {
			b, err := a.newBot(spec)
			if err != nil {
				return nil, err
			}
			// Searches end at once on Ctrl-C or SIGTERM, not at the end of the game.
			return bot.Stoppable(ctx, b), nil
		})
	}
	finish := func() {}
	if a.progress {
		bar := progressbar.NewOptions(f.n,
			progressbar.OptionSetWriter(a.stderr),
			progressbar.OptionSetDescription("simulating"),
			progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		cfg.Progress = func(done int) { bar.Set(done) }
		finish = func() { bar.Finish() }
	}
	rep, err := sim.Run(ctx, cfg)
	finish()
	if err != nil {
		return err
	}
	if f.csv != "" {
		var buf bytes.Buffer
		if err := rep.WriteCSV(&buf); err != nil {
			return err
		}
		if err := writeFileAtomic(f.csv, buf.Bytes()); err != nil {
			return fmt.Errorf("writing the CSV: %w", err)
		}
		rep.Rows = nil // the CSV has them; the summary does not repeat them
	}
	if f.json {
		return rep.WriteJSON(out)
	}
	return rep.WriteText(out)
}
