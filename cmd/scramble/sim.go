package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"scramble/bot"
	"scramble/engine"
	"scramble/sim"
	"scramble/sim/plots"
)

// simFlags are the flags of scramble sim.
type simFlags struct {
	n       int
	bots    botList
	opts    optionList
	config  string
	seed    uint64
	workers int
	steps   int
	json    bool
	csv     string
	plot    string
	report  string
	sweep   axisList
	// The B arm of an A/B comparison.
	bGame   string
	bBots   botList
	bOpts   optionList
	bConfig string
	detect  float64
	// Lab jobs on Postgres.
	db    string
	chunk int
}

func (f *simFlags) flagSet() *flag.FlagSet {
	fs := newFlagSet("sim")
	fs.IntVar(&f.n, "n", 1000, "number of games (of each sweep point, of each A/B arm)")
	fs.Var(&f.bots, "bot", "bot for every seat as `SPEC`, or for one seat as SEAT=SPEC with SEAT its number from 1 or its name (repeatable; default random)")
	fs.Var(&f.opts, "opt", "set a game option as `key=value` (repeatable; see 'scramble rules GAME'); overrides --config")
	fs.StringVar(&f.config, "config", "", "read a designer's variant from the JSON `FILE`: {\"options\": {...}, \"data\": {...}} (see docs/lab.md)")
	fs.Uint64Var(&f.seed, "seed", 1, "`seed` of the run: the same seed gives the same report")
	fs.IntVar(&f.workers, "workers", 0, "games played at once (default: the number of CPUs)")
	fs.IntVar(&f.steps, "max-steps", 0, "stop with an error when a game runs past `N` actions, dice included (default: the game's own bound)")
	fs.BoolVar(&f.json, "json", false, "print the report as JSON")
	fs.StringVar(&f.csv, "csv", "", "also write CSV to `FILE`: one row per game, per sweep point, or per A/B figure")
	fs.StringVar(&f.plot, "plot", "", "also draw the figures as SVG and PNG into the folder `DIR` (see docs/lab.md)")
	fs.StringVar(&f.report, "report", "", "also write the JSON report with its provenance (command, commit, machine, time) to `FILE`, for docs/reports/")
	fs.Var(&f.sweep, "sweep", "run every value of an option, as `key=v1,v2,...` (repeatable: every combination of the grid)")
	fs.StringVar(&f.bGame, "b-game", "", "A/B: play arm B with the `GAME` (another version with the same seats); its options then start from the defaults")
	fs.Var(&f.bBots, "b-bot", "A/B: arm B's bot as `SPEC` or SEAT=SPEC over arm A's bots (repeatable)")
	fs.Var(&f.bOpts, "b-opt", "A/B: arm B's option `key=value` over arm A's options (repeatable)")
	fs.StringVar(&f.bConfig, "b-config", "", "A/B: arm B's variant `FILE` over arm A's options")
	fs.Float64Var(&f.detect, "detect", 0.02, "A/B: the win-rate `difference` to size the comparison for (0.02 = two points)")
	fs.StringVar(&f.db, "db", "", "play the run as jobs on the lab's Postgres queue at `URL`, taken by 'scramble lab worker' processes (see docs/lab.md)")
	fs.IntVar(&f.chunk, "chunk", 0, "--db: the games of one job (`N`; default 50)")
	return fs
}

func newSimFlags() *flag.FlagSet { return new(simFlags).flagSet() }

// ab reports whether any flag of an A/B comparison was given.
func (f *simFlags) ab() bool {
	return f.bGame != "" || len(f.bBots) > 0 || len(f.bOpts) > 0 || f.bConfig != ""
}

// sim runs "scramble sim": a batch of bot games and their statistics, a sweep
// over a grid of options, or an A/B comparison.
func (a *app) sim(ctx context.Context, _ io.Reader, out io.Writer, args []string) error {
	started := time.Now()
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
	if err := f.check(); err != nil {
		return err
	}
	armA, err := a.simArm(g, f.config, nil, f.opts, nil, f.bots)
	if err != nil {
		return err
	}
	cfg := sim.Config{Game: g, Options: armA.opts, Data: armA.data, N: f.n, Seed: f.seed, Workers: f.workers, MaxSteps: f.steps}
	cfg.Bots = a.botFactories(ctx, armA.specs)
	total := f.n
	switch {
	case len(f.sweep) > 0:
		total *= len(sim.Grid(f.sweep))
	case f.ab():
		total *= 2
	}
	if len(f.sweep) > 0 {
		// Each cell gets bots for its own seats: a swept option may change
		// them (the number of players, a scenario).
		cfg.Bots, cfg.BotsFor = nil, a.cellBots(ctx, f.bots)
		if err := sim.CheckSweep(cfg, f.sweep); err != nil {
			return usageError{err}
		}
	}
	finish := a.simProgress(&cfg, total)
	var res simResult
	switch {
	case f.db != "":
		res, err = a.simOnQueue(ctx, f, cfg, armA)
	case len(f.sweep) > 0:
		res, err = sim.Sweep(ctx, cfg, f.sweep)
	case f.ab():
		res, err = a.simCompare(ctx, f, cfg, armA)
	default:
		cfg.KeepGames = f.csv != ""
		var rep *sim.Report
		rep, err = sim.Run(ctx, cfg)
		if err == nil && f.csv != "" {
			err = writeCSV(f.csv, rep)
			rep.Rows = nil // the CSV has them; the summary does not repeat them
		}
		res = rep
	}
	finish()
	if err != nil {
		return err
	}
	if _, single := res.(*sim.Report); !single && f.csv != "" {
		if err := writeCSV(f.csv, res); err != nil {
			return err
		}
	}
	if f.plot != "" {
		files, err := writePlots(f.plot, res)
		if err != nil {
			return err
		}
		// On stderr, so that --json's output stays one JSON document.
		fmt.Fprintf(a.stderr, "Plots written: %s\n", strings.Join(files, ", "))
	}
	if f.report != "" {
		var buf bytes.Buffer
		p := sim.NewProvenance(append([]string{"scramble", "sim"}, args...), started)
		if err := sim.WriteReportFile(&buf, p, res); err != nil {
			return err
		}
		if err := writeFileAtomic(f.report, buf.Bytes()); err != nil {
			return fmt.Errorf("--report: %w", err)
		}
	}
	if f.json {
		return res.WriteJSON(out)
	}
	return res.WriteText(out)
}

// writePlots draws res's figures into dir and returns the files written.
func writePlots(dir string, res simResult) ([]string, error) {
	var files []string
	var err error
	switch r := res.(type) {
	case *sim.Report:
		files, err = plots.WriteReport(dir, r)
	case *sim.SweepReport:
		files, err = plots.WriteSweep(dir, r)
	case *sim.Comparison:
		files, err = plots.WriteComparison(dir, r)
	}
	if err != nil {
		return nil, fmt.Errorf("--plot: %w", err)
	}
	return files, nil
}

// check refuses flag values that cannot make a run.
func (f *simFlags) check() error {
	switch {
	case f.n <= 0:
		return usagef("sim: -n must be a positive number of games, got %d", f.n)
	case f.steps < 0:
		return usagef("sim: --max-steps must be 0 (the game's bound) or more, got %d", f.steps)
	case f.workers < 0:
		return usagef("sim: --workers must be 0 (one per CPU) or more, got %d", f.workers)
	case len(f.sweep) > 0 && f.ab():
		return usagef("sim: --sweep and the A/B flags (--b-game, --b-bot, --b-opt, --b-config) cannot be combined: run them one at a time")
	case f.ab() && f.n < 2:
		return usagef("sim: an A/B comparison needs -n of at least 2, got %d", f.n)
	case f.chunk < 0:
		return usagef("sim: --chunk must be 0 (the default) or more games, got %d", f.chunk)
	case f.db != "" && f.csv != "" && len(f.sweep) == 0 && !f.ab():
		return usagef("sim: --csv of every game is not kept by a run on --db; drop --csv or --db")
	case f.ab() && (f.detect <= 0 || f.detect >= 1):
		return usagef("sim: --detect must be a win-rate difference between 0 and 1, got %g", f.detect)
	}
	return nil
}

// simResult is what a run prints: a report, a sweep or a comparison.
type simResult interface {
	WriteText(io.Writer) error
	WriteJSON(io.Writer) error
	WriteCSV(io.Writer) error
}

// simArmSetup is one arm's checked setup: the options given (not completed
// with defaults, so that a sweep may vary those not given), the data
// overrides and each seat's bot spec.
type simArmSetup struct {
	opts  engine.Options
	data  map[string][]byte
	specs []string
	seats []engine.SeatInfo
}

// simArm reads one arm: base options, then the variant file, then the --opt
// values over them; bots from base specs (nil: none yet) with the --bot
// choices over them. Every error is a usage error that says what is wrong.
func (a *app) simArm(g engine.Game, file string, base engine.Options, opts optionList, baseSpecs []string, bots botList) (simArmSetup, error) {
	var arm simArmSetup
	v := sim.Variant{Options: engine.Options{}}
	for k, x := range base {
		v.Options[k] = x
	}
	if file != "" {
		fv, err := readVariant(file)
		if err != nil {
			return arm, err
		}
		for k, x := range fv.Options {
			v.Options[k] = x
		}
		v.Data = fv.Data
	}
	given, err := engine.ParseOptionArgs(opts)
	if err != nil {
		return arm, usageError{err}
	}
	arm.opts, arm.data = v.Over(given), v.Data
	prep, _, err := engine.PrepareVariant(g, arm.opts, arm.data)
	if err != nil {
		return arm, usageError{fmt.Errorf("%w (see 'scramble rules %s')", err, g.Info().Name)}
	}
	probe, err := prep.NewState(nil)
	if err != nil {
		return arm, fmt.Errorf("%s: %w", g.Info().Name, err)
	}
	arm.seats = probe.Seats()
	if baseSpecs == nil {
		arm.specs, err = bots.specs(arm.seats, -1, "random")
	} else {
		arm.specs, err = overSpecs(arm.seats, baseSpecs, bots)
	}
	if err != nil {
		return arm, err
	}
	// Make each bot once here so that a bad spec is a usage error.
	if _, err := a.makeBots(arm.seats, arm.specs); err != nil {
		return arm, err
	}
	return arm, nil
}

// overSpecs sets the --b-bot choices over arm A's bot specs: a choice without
// a seat sets every seat, then those with a seat set theirs.
func overSpecs(seats []engine.SeatInfo, base []string, bots botList) ([]string, error) {
	if len(base) != len(seats) {
		return nil, usagef("arm A has %d seats and arm B %d: compare games with the same seats", len(base), len(seats))
	}
	out := append([]string(nil), base...)
	for _, c := range bots {
		if c.Seat == "" {
			for i := range out {
				out[i] = c.Spec
			}
		}
	}
	for _, c := range bots {
		if c.Seat == "" {
			continue
		}
		seat, err := findSeat(seats, c.Seat)
		if err != nil {
			return nil, err
		}
		out[seat] = c.Spec
	}
	return out, nil
}

// readVariant reads a variant file, naming the file in its errors.
func readVariant(file string) (sim.Variant, error) {
	fh, err := os.Open(file)
	if err != nil {
		return sim.Variant{}, usageError{fmt.Errorf("--config: %w", err)}
	}
	defer fh.Close()
	v, err := sim.ReadVariant(fh)
	if err != nil {
		return sim.Variant{}, usageError{fmt.Errorf("variant file %s: %w", file, err)}
	}
	return v, nil
}

// simCompare sets up arm B over arm A and compares them.
func (a *app) simCompare(ctx context.Context, f simFlags, cfgA sim.Config, armA simArmSetup) (*sim.Comparison, error) {
	gB, base := cfgA.Game, armA.opts
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
	cfgB := cfgA
	cfgB.Game, cfgB.Options, cfgB.Data, cfgB.Progress = gB, armB.opts, armB.data, nil
	cfgB.Bots = a.botFactories(ctx, armB.specs)
	return sim.Compare(ctx, cfgA, cfgB, f.detect)
}

// cellBots gives a sweep's cells their bots: the --bot choices read
// against the seats of each cell.
func (a *app) cellBots(ctx context.Context, bots botList) func([]engine.SeatInfo) ([]sim.BotFactory, error) {
	return func(seats []engine.SeatInfo) ([]sim.BotFactory, error) {
		specs, err := bots.specs(seats, -1, "random")
		if err != nil {
			return nil, err
		}
		return a.botFactories(ctx, specs), nil
	}
}

// botFactories makes one factory per seat's spec; each bot it makes stops
// searching when ctx ends.
func (a *app) botFactories(ctx context.Context, specs []string) []sim.BotFactory {
	out := make([]sim.BotFactory, len(specs))
	for i, spec := range specs {
		out[i] = func() (engine.Bot, error) {
			b, err := a.newBot(spec)
			if err != nil {
				return nil, err
			}
			// Searches end at once on Ctrl-C or SIGTERM, not at the end of the game.
			return bot.Stoppable(ctx, b), nil
		}
	}
	return out
}

// simProgress sets cfg.Progress to draw a progress bar of total games on a
// terminal, and returns the function that clears it.
func (a *app) simProgress(cfg *sim.Config, total int) (finish func()) {
	if !a.progress {
		return func() {}
	}
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(a.stderr),
		progressbar.OptionSetDescription("simulating"),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	cfg.Progress = func(done int) { bar.Set(done) }
	return func() { bar.Finish() }
}

// writeCSV writes res's CSV form to file, whole or not at all.
func writeCSV(file string, res simResult) error {
	var buf bytes.Buffer
	if err := res.WriteCSV(&buf); err != nil {
		return err
	}
	if err := writeFileAtomic(file, buf.Bytes()); err != nil {
		return fmt.Errorf("writing the CSV: %w", err)
	}
	return nil
}
