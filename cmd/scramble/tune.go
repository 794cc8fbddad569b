package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"scramble/engine"
	"scramble/sim"
	"scramble/sim/cluster"
	"scramble/sim/plots"
	"scramble/sim/tune"
)

// tuneFlags are the flags of scramble tune.
type tuneFlags struct {
	params      paramList
	targets     goalList
	opts        optionList
	config      string
	screenBot   string
	verifyBot   string
	evaluations int
	screenGames int
	verify      int
	verifyGames int
	seed        uint64
	workers     int
	out         string
	json        bool
	db          string
	chunk       int
}

func (f *tuneFlags) flagSet() *flag.FlagSet {
	fs := newFlagSet("tune")
	fs.Var(&f.params, "param", "a designed value that may change, as `PATH=v1,v2,...` or PATH=LOW..HIGH[:STEP]; PATH is an option or data:FILE/POINTER (repeatable)")
	fs.Var(&f.targets, "target", "the aim: `win:SEAT=RATE`, decided:SEAT=RATE (of the games not drawn), draws=SHARE, draws<=SHARE or length=LOW..HIGH, each with @WEIGHT when several (repeatable)")
	fs.Var(&f.opts, "opt", "a fixed option `key=value` (repeatable); overrides --config")
	fs.StringVar(&f.config, "config", "", "start from the variant `FILE` (as scramble sim --config)")
	fs.StringVar(&f.screenBot, "screen-bot", "random", "the fast bot `SPEC` that plays every seat while screening candidates")
	fs.StringVar(&f.verifyBot, "verify-bot", "", "the strong bot `SPEC` that plays every seat while verifying the best (default: the screening bot)")
	fs.IntVar(&f.evaluations, "evaluations", 100, "the screening budget: at most `N` candidates")
	fs.IntVar(&f.screenGames, "screen-games", 100, "games of each screened candidate (`N`), all on the same dice")
	fs.IntVar(&f.verify, "verify", 3, "how many of the best screened candidates to verify (`N`), besides the design as it was")
	fs.IntVar(&f.verifyGames, "verify-games", 400, "games of each verified candidate (`N`)")
	fs.Uint64Var(&f.seed, "seed", 1, "`seed` of the tune: the same seed gives the same search and figures")
	fs.IntVar(&f.workers, "workers", 0, "games played at once (default: the number of CPUs); changes no figure")
	fs.StringVar(&f.out, "out", "", "the folder `DIR` of the variant, report, plot and state (default tune-GAME); a tune stopped there resumes")
	fs.BoolVar(&f.json, "json", false, "print the report as JSON")
	fs.StringVar(&f.db, "db", "", "play each batch as jobs on the lab's Postgres queue at `URL`, taken by 'scramble lab worker' processes")
	fs.IntVar(&f.chunk, "chunk", 0, "--db: the games of one job (`N`; default 50)")
	return fs
}

func newTuneFlags() *flag.FlagSet { return new(tuneFlags).flagSet() }

// paramList collects --param values.
type paramList []tune.Param

func (l *paramList) String() string {
	parts := make([]string, len(*l))
	for i, p := range *l {
		parts[i] = p.Path + "=" + strings.Join(p.Values, ",")
	}
	return strings.Join(parts, " ")
}

func (l *paramList) Set(v string) error {
	p, err := tune.ParseParam(v)
	if err != nil {
		return err
	}
	*l = append(*l, p)
	return nil
}

// goalList collects --target values.
type goalList []tune.Goal

func (l *goalList) String() string {
	parts := make([]string, len(*l))
	for i, g := range *l {
		parts[i] = g.String()
	}
	return strings.Join(parts, " ")
}

func (l *goalList) Set(v string) error {
	g, err := tune.ParseGoal(v)
	if err != nil {
		return err
	}
	*l = append(*l, g)
	return nil
}

// The files a tune writes into its folder.
const (
	tuneVariantFile = "variant.json"
	tuneReportFile  = "report.json"
	tuneStateFile   = "state.json"
)

// tune runs "scramble tune": it searches designed values for a target and
// writes the variant, the report, the trajectory plot and its state into
// its folder.
func (a *app) tune(ctx context.Context, _ io.Reader, out io.Writer, args []string) error {
	var f tuneFlags
	fs := f.flagSet()
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	g, err := a.oneGame("tune", pos)
	if err != nil {
		return err
	}
	if f.verifyBot == "" {
		f.verifyBot = f.screenBot
	}
	switch {
	case len(f.params) == 0:
		return usagef("tune: give the values that may change with --param PATH=v1,v2,... or PATH=LOW..HIGH")
	case len(f.targets) == 0:
		return usagef("tune: give the aim with --target win:SEAT=RATE, decided:SEAT=RATE, draws=SHARE, draws<=SHARE or length=LOW..HIGH")
	case f.evaluations < 1 || f.screenGames < 1 || f.verify < 1 || f.verifyGames < 1:
		return usagef("tune: --evaluations, --screen-games, --verify and --verify-games must be at least 1")
	case f.workers < 0:
		return usagef("tune: --workers must be 0 (one per CPU) or more, got %d", f.workers)
	}
	fixed, data, err := a.tuneFixed(g, f)
	if err != nil {
		return err
	}
	dir := f.out
	if dir == "" {
		dir = "tune-" + g.Info().Name
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("tune: making the folder %s: %w", dir, err)
	}
	cfg := tune.Config{
		Game: g, Options: fixed, Data: data, Params: f.params, Goals: f.targets,
		ScreenBot: f.screenBot, VerifyBot: f.verifyBot,
		Bots: func(spec string, seats []engine.SeatInfo) ([]sim.BotFactory, error) {
			if _, err := a.newBot(spec); err != nil {
				return nil, err
			}
			specs := make([]string, len(seats))
			for i := range specs {
				specs[i] = spec
			}
			return a.botFactories(ctx, specs), nil
		},
		Evaluations: f.evaluations, ScreenGames: f.screenGames, Verify: f.verify, VerifyGames: f.verifyGames,
		Seed: f.seed, Workers: f.workers, State: filepath.Join(dir, tuneStateFile),
		Progress: a.tuneProgress(),
	}
	if f.db != "" {
		if len(data) > 0 || slices.ContainsFunc(f.params, func(p tune.Param) bool { return strings.HasPrefix(p.Path, "data:") }) {
			return usagef("tune --db: data files cannot be played as jobs yet; tune options only, or drop --db")
		}
		q, err := cluster.Open(ctx, f.db, a.clusterEnv())
		if err != nil {
			return err
		}
		defer q.Close()
		cfg.Play = func(ctx context.Context, c sim.Config, bot string) (*sim.Report, error) {
			return playOnQueue(ctx, q, c, bot, cmp.Or(f.chunk, defaultChunk))
		}
	}
	// A mistake in the values, target or bots is a usage error, found
	// before any game; a failure while playing is not.
	if err := tune.Check(cfg); err != nil {
		return usageError{err}
	}
	res, err := tune.Run(ctx, cfg)
	if err != nil {
		if errors.Is(err, tune.ErrStopped) {
			return fmt.Errorf("%w (state in %s)", err, cfg.State)
		}
		return err
	}
	res.Command = f.command(g.Info().Name, dir)
	if err := writeTuneFiles(dir, res); err != nil {
		return err
	}
	if f.json {
		return res.WriteJSON(out)
	}
	if err := res.WriteText(out); err != nil {
		return err
	}
	fmt.Fprintf(out, "check:     %s\nwritten:   %s, %s, trajectory.svg/png in %s\n",
		verifyCommand(g.Info().Name, f, dir), tuneVariantFile, tuneReportFile, dir)
	return nil
}

// playOnQueue plays a tune's batch as a run of jobs on the lab's queue and
// waits for its report: sim.Run's report of the same batch.
func playOnQueue(ctx context.Context, q *cluster.Queue, c sim.Config, bot string, chunk int) (*sim.Report, error) {
	prep, _, err := engine.PrepareVariant(c.Game, c.Options, nil)
	if err != nil {
		return nil, err
	}
	probe, err := prep.NewState(nil)
	if err != nil {
		return nil, err
	}
	bots := make([]string, len(probe.Seats()))
	for i := range bots {
		bots[i] = bot
	}
	spec := &cluster.Spec{Kind: cluster.KindBatch, Games: c.N, Seed: c.Seed, Chunk: chunk,
		Cells: []cluster.Cell{{Game: c.Game.Info().Name, Options: c.Options, Bots: bots}}}
	id, err := q.Submit(ctx, spec)
	if err != nil {
		return nil, err
	}
	res, err := q.Wait(ctx, id, nil)
	if err != nil {
		if ctx.Err() != nil {
			q.Cancel(context.WithoutCancel(ctx), id) // the tune resumes from its state, not from this batch
		}
		return nil, err
	}
	return res.(*sim.Report), nil
}

// tuneFixed reads the fixed design: the --config file, then --opt over it.
func (a *app) tuneFixed(g engine.Game, f tuneFlags) (engine.Options, map[string][]byte, error) {
	v := sim.Variant{Options: engine.Options{}}
	if f.config != "" {
		var err error
		if v, err = readVariant(f.config); err != nil {
			return nil, nil, err
		}
	}
	given, err := engine.ParseOptionArgs(f.opts)
	if err != nil {
		return nil, nil, usageError{err}
	}
	opts := v.Over(given)
	if _, _, err := engine.PrepareVariant(g, opts, v.Data); err != nil {
		return nil, nil, usageError{fmt.Errorf("%w (see 'scramble rules %s')", err, g.Info().Name)}
	}
	return opts, v.Data, nil
}

// writeTuneFiles writes the variant, the report and the trajectory plot.
func writeTuneFiles(dir string, res *tune.Result) error {
	var buf bytes.Buffer
	if err := sim.WriteVariant(&buf, res.Variant); err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(dir, tuneVariantFile), buf.Bytes()); err != nil {
		return fmt.Errorf("writing the variant: %w", err)
	}
	buf.Reset()
	if err := res.WriteJSON(&buf); err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(dir, tuneReportFile), buf.Bytes()); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	if _, err := plots.WriteTrajectory(dir, res); err != nil {
		return fmt.Errorf("drawing the trajectory: %w", err)
	}
	return nil
}

// tuneProgress reports each batch on stderr when it is a terminal.
func (a *app) tuneProgress() func(tune.Progress) {
	if !a.progress {
		return nil
	}
	return func(p tune.Progress) {
		switch p.Phase {
		case "screening":
			fmt.Fprintf(a.stderr, "\rscreening %d/%d, least loss %.3f ", p.Evaluated, p.Evaluations, p.BestLoss)
		case "verifying":
			fmt.Fprintf(a.stderr, "\rverifying %d/%d                        ", p.Verified, p.Verify)
		case "done":
			fmt.Fprintf(a.stderr, "\r%40s\r", "")
		}
	}
}

// command is the scramble tune command line that reproduces the tune.
func (f tuneFlags) command(game, dir string) string {
	args := []string{"scramble", "tune", game}
	for _, p := range f.params {
		args = append(args, "--param", p.Path+"="+strings.Join(p.Values, ","))
	}
	for _, g := range f.targets {
		args = append(args, "--target", g.String())
	}
	if f.config != "" {
		args = append(args, "--config", f.config)
	}
	opts := slices.Clone([]string(f.opts))
	slices.Sort(opts)
	for _, o := range opts {
		args = append(args, "--opt", o)
	}
	args = append(args, "--screen-bot", f.screenBot, "--verify-bot", f.verifyBot,
		"--evaluations", fmt.Sprint(f.evaluations), "--screen-games", fmt.Sprint(f.screenGames),
		"--verify", fmt.Sprint(f.verify), "--verify-games", fmt.Sprint(f.verifyGames),
		"--seed", fmt.Sprint(f.seed), "--out", dir)
	return shellLine(args)
}

// verifyCommand is the scramble sim command that plays the tuned variant
// with the verifying bot on the verification's dice.
func verifyCommand(game string, f tuneFlags, dir string) string {
	args := []string{"scramble", "sim", game, "--config", filepath.Join(dir, tuneVariantFile)}
	opts := slices.Clone([]string(f.opts))
	slices.Sort(opts)
	for _, o := range opts {
		args = append(args, "--opt", o)
	}
	args = append(args, "--bot", f.verifyBot, "-n", fmt.Sprint(f.verifyGames), "--seed", fmt.Sprint(f.seed+1))
	return shellLine(args)
}

// shellLine joins words into a POSIX shell line, quoting those that hold
// anything but letters, digits and = , . : _ - / @.
func shellLine(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		plain := w != "" && strings.IndexFunc(w, func(c rune) bool {
			return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("=,.:_-/@", c))
		}) < 0
		if plain {
			out[i] = w
		} else {
			out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}
