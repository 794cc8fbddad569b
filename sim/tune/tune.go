// Package tune searches a game's designed values for a target: a side's win
// rate, a share of draws, a range of game lengths, or several of them with
// weights. It screens candidates with a fast bot on common random numbers,
// searching with NTBEA (ntbea.go), then verifies the best few, and the
// design as it was, with a strong bot on fresh dice; its result is a variant
// file that scramble sim --config reads, with only the changed values, and a
// report of the verified figures with their 95% intervals. A run saves its
// state after every batch of games and resumes from it. docs/lab.md is the
// designer's guide.
package tune

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"scramble/engine"
	"scramble/sim"
)

// Config describes a tune.
type Config struct {
	// Game is the game to tune.
	Game engine.Game
	// Options and Data are the fixed part of the design (--opt, --config);
	// the parameters change the rest.
	Options engine.Options
	Data    map[string][]byte
	// Params are the designed values that may change.
	Params []Param
	// Goals are the target; the tune minimises their weighted misses.
	Goals []Goal
	// ScreenBot plays every seat while screening, VerifyBot while
	// verifying; Bots makes their factories for a game's seats.
	ScreenBot, VerifyBot string
	Bots                 func(spec string, seats []engine.SeatInfo) ([]sim.BotFactory, error)
	// Evaluations is the screening budget: the most candidates screened,
	// each with ScreenGames games.
	Evaluations int
	ScreenGames int
	// Verify is how many of the best screened candidates are verified, each
	// (and the design as it was) with VerifyGames games.
	Verify      int
	VerifyGames int
	// Seed makes the tune repeatable: the search draws from it, screening
	// plays with it and verification with Seed+1, so that verification
	// rolls dice the search never saw.
	Seed uint64
	// Workers is the games played at once (0: one per CPU); it changes no
	// figure.
	Workers int
	// State is the file the tune saves its progress into and resumes from;
	// "" keeps none.
	State string
	// Progress, when set, is told of each batch finished.
	Progress func(Progress)
	// Play, when set, plays a batch in place of sim.Run, with the bot spec
	// bot on every seat: scramble tune --db plays each batch as jobs on the
	// lab's queue. It must give sim.Run's report.
	Play func(ctx context.Context, c sim.Config, bot string) (*sim.Report, error)
}

// Progress is how far a tune is.
type Progress struct {
	Phase       string  `json:"phase"` // "screening", "verifying" or "done"
	Evaluated   int     `json:"evaluated"`
	Evaluations int     `json:"evaluations"`
	Verified    int     `json:"verified"`
	Verify      int     `json:"verify"`
	BestLoss    float64 `json:"best_loss"`
	// Last is the batch just finished, nil at the start.
	Last *Eval `json:"last,omitempty"`
}

// Eval is one screened candidate.
type Eval struct {
	// Evaluation counts from 1.
	Evaluation int `json:"evaluation"`
	// Values holds each parameter's value, in parameter order.
	Values []string `json:"values"`
	// Loss is the weighted miss of the goals on the screening games, Best
	// the least so far.
	Loss    float64  `json:"loss"`
	Best    float64  `json:"best"`
	Figures []Figure `json:"figures"`
	// point is the values' indices.
	Point []int `json:"point"`
}

// Verified is a candidate played with the verifying bot.
type Verified struct {
	// Base marks the design as it was before the tune.
	Base    bool     `json:"base,omitempty"`
	Values  []string `json:"values"`
	Loss    float64  `json:"loss"`
	Figures []Figure `json:"figures"`
	Games   int      `json:"games"`
	// MeanRounds is the games' mean length.
	MeanRounds float64 `json:"mean_rounds"`
}

// Change is one designed value the tune changed.
type Change struct {
	Path string `json:"path"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

// Result is a finished tune. Its JSON form is the report.
type Result struct {
	Game        string         `json:"game"`
	Options     engine.Options `json:"options,omitempty"`
	Params      []Param        `json:"params"`
	Goals       []Goal         `json:"goals"`
	ScreenBot   string         `json:"screen_bot"`
	VerifyBot   string         `json:"verify_bot"`
	Evaluations int            `json:"evaluations"`
	ScreenGames int            `json:"screen_games"`
	Verify      int            `json:"verify"`
	VerifyGames int            `json:"verify_games"`
	Seed        uint64         `json:"seed"`
	// Exhausted says the search tried every point before its budget.
	Exhausted bool `json:"exhausted,omitempty"`
	// Trajectory is every screened candidate in order.
	Trajectory []Eval `json:"trajectory"`
	// Verified holds the design as it was, then the verified candidates.
	Verified []Verified `json:"verified"`
	// Best is the verified candidate of least loss (the design as it was
	// when none beats it), Changes its values that differ from the design.
	Best    Verified `json:"best"`
	Changes []Change `json:"changes"`
	// Command is the command that reproduces the tune (set by the caller).
	Command string `json:"command,omitempty"`
	// Variant is the best candidate as a variant over the fixed design:
	// only the changed values.
	Variant sim.Variant `json:"-"`
}

// state is what a tune saves to resume.
type state struct {
	Inputs   string     `json:"inputs"` // the hash of the tune's inputs
	Evals    []Eval     `json:"evals"`
	Verified []Verified `json:"verified"`
}

// ErrStopped wraps the error of a tune stopped before its end (ctx
// cancelled); its state is saved and the same tune resumes from it.
var ErrStopped = errors.New("tune stopped")

// Run tunes cfg. It checks every parameter value before the first game.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	sp, err := newSpace(cfg.Game, cfg.Options, cfg.Data, cfg.Params)
	if err != nil {
		return nil, err
	}
	if err := cfg.checkGoals(sp); err != nil {
		return nil, err
	}
	st := &state{Inputs: cfg.inputs()}
	if cfg.State != "" {
		if err := st.load(cfg.State); err != nil {
			return nil, err
		}
	}
	res := &Result{
		Game: cfg.Game.Info().Name, Options: cfg.Options, Params: cfg.Params, Goals: cfg.Goals,
		ScreenBot: cfg.ScreenBot, VerifyBot: cfg.VerifyBot, Evaluations: cfg.Evaluations,
		ScreenGames: cfg.ScreenGames, Verify: cfg.Verify, VerifyGames: cfg.VerifyGames, Seed: cfg.Seed,
	}
	sizes := make([]int, len(cfg.Params))
	for i, p := range cfg.Params {
		sizes[i] = len(p.Values)
	}
	search := newNTBEA(sizes, cfg.Seed)
	best := 0.0
	prog := Progress{Phase: "screening", Evaluations: cfg.Evaluations, Verify: cfg.Verify}
	stopped := func(err error) error {
		return fmt.Errorf("%w after %d of %d candidates screened and %d of %d verified: %w; run the same tune again to resume",
			ErrStopped, len(st.Evals), cfg.Evaluations, len(st.Verified), cfg.Verify+1, err)
	}
	point := search.start()
	for i := range cfg.Evaluations {
		var ev Eval
		if i < len(st.Evals) {
			ev = st.Evals[i]
			if pointKey(ev.Point) != pointKey(point) {
				return nil, fmt.Errorf("tune: the state file %s does not follow this search (candidate %d differs); remove it to start again", cfg.State, i+1)
			}
		} else {
			if err := ctx.Err(); err != nil {
				return nil, stopped(err)
			}
			values := sp.values(point)
			rep, err := cfg.play(ctx, sp, values, cfg.ScreenBot, cfg.ScreenGames, cfg.Seed)
			if err != nil {
				if ctx.Err() != nil {
					return nil, stopped(ctx.Err())
				}
				return nil, fmt.Errorf("screening %s: %w", sp.describe(values), err)
			}
			figs, loss, err := measure(cfg.Goals, rep)
			if err != nil {
				return nil, err
			}
			ev = Eval{Evaluation: i + 1, Values: values, Loss: loss, Figures: figs, Point: point}
		}
		if i == 0 || ev.Loss < best {
			best = ev.Loss
		}
		ev.Best = best
		if i >= len(st.Evals) {
			st.Evals = append(st.Evals, ev)
			if err := st.save(cfg.State); err != nil {
				return nil, err
			}
		}
		res.Trajectory = append(res.Trajectory, ev)
		search.add(point, -ev.Loss)
		prog.Evaluated, prog.BestLoss, prog.Last = i+1, best, &ev
		cfg.report(prog)
		if i+1 == cfg.Evaluations {
			break
		}
		if point = search.next(point); point == nil {
			res.Exhausted = true
			break
		}
	}

	// Verify the design as it was and the best few screened candidates.
	cands := [][]string{sp.base}
	ranked := append([]Eval(nil), res.Trajectory...)
	sort.SliceStable(ranked, func(a, b int) bool { return ranked[a].Loss < ranked[b].Loss })
	for _, ev := range ranked {
		if len(cands) > cfg.Verify {
			break
		}
		if !sameValues(ev.Values, sp.base) {
			cands = append(cands, ev.Values)
		}
	}
	prog.Phase, prog.Last, prog.Verify = "verifying", nil, len(cands)
	for i, values := range cands {
		var v Verified
		if i < len(st.Verified) {
			v = st.Verified[i]
			if !sameValues(v.Values, values) {
				return nil, fmt.Errorf("tune: the state file %s does not follow this search (verified candidate %d differs); remove it to start again", cfg.State, i+1)
			}
		} else {
			if err := ctx.Err(); err != nil {
				return nil, stopped(err)
			}
			rep, err := cfg.play(ctx, sp, values, cfg.VerifyBot, cfg.VerifyGames, cfg.Seed+1)
			if err != nil {
				if ctx.Err() != nil {
					return nil, stopped(ctx.Err())
				}
				return nil, fmt.Errorf("verifying %s: %w", sp.describe(values), err)
			}
			figs, loss, err := measure(cfg.Goals, rep)
			if err != nil {
				return nil, err
			}
			v = Verified{Base: i == 0, Values: values, Loss: loss, Figures: figs, Games: rep.Games, MeanRounds: rep.MeanRounds}
			st.Verified = append(st.Verified, v)
			if err := st.save(cfg.State); err != nil {
				return nil, err
			}
		}
		res.Verified = append(res.Verified, v)
		prog.Verified = i + 1
		cfg.report(prog)
	}
	res.Best = res.Verified[0]
	for _, v := range res.Verified[1:] {
		if v.Loss < res.Best.Loss {
			res.Best = v
		}
	}
	for i, p := range cfg.Params {
		if res.Best.Values[i] != sp.base[i] {
			res.Changes = append(res.Changes, Change{Path: p.Path, Old: sp.base[i], New: res.Best.Values[i]})
		}
	}
	if res.Variant, err = sp.changed(res.Best.Values); err != nil {
		return nil, err
	}
	prog.Phase = "done"
	cfg.report(prog)
	return res, nil
}

func (cfg *Config) report(p Progress) {
	if cfg.Progress != nil {
		cfg.Progress(p)
	}
}

// check refuses a config that cannot make a tune.
func (cfg *Config) check() error {
	switch {
	case cfg.Game == nil:
		return errors.New("tune: no game given")
	case cfg.Bots == nil:
		return errors.New("tune: no bots given")
	case len(cfg.Goals) == 0:
		return errors.New("tune: give a target (--target win:SEAT=RATE, decided:SEAT=RATE, draws=SHARE, draws<=SHARE or length=LOW..HIGH)")
	case cfg.Evaluations < 1:
		return fmt.Errorf("tune: the budget must be at least one candidate, got %d", cfg.Evaluations)
	case cfg.ScreenGames < 1 || cfg.VerifyGames < 1:
		return fmt.Errorf("tune: screening and verifying need at least one game each, got %d and %d", cfg.ScreenGames, cfg.VerifyGames)
	case cfg.Verify < 1:
		return fmt.Errorf("tune: verify at least one candidate, got %d", cfg.Verify)
	}
	return nil
}

// checkGoals checks the goals' seats against the game's, at the design as it
// was, and that both bots can be made.
func (cfg *Config) checkGoals(sp *space) error {
	opts, data, err := sp.variant(sp.base)
	if err != nil {
		return err
	}
	prep, _, err := engine.PrepareVariant(cfg.Game, opts, data)
	if err != nil {
		return err
	}
	probe, err := prep.NewState(nil)
	if err != nil {
		return err
	}
	seats := probe.Seats()
	for _, g := range cfg.Goals {
		if g.Kind == "win" || g.Kind == "decided" {
			if _, err := g.seatIndex(seats); err != nil {
				return err
			}
		}
	}
	for _, spec := range []string{cfg.ScreenBot, cfg.VerifyBot} {
		if _, err := cfg.Bots(spec, seats); err != nil {
			return fmt.Errorf("bot %s: %w", spec, err)
		}
	}
	return nil
}

// play plays one batch of a candidate.
func (cfg *Config) play(ctx context.Context, sp *space, values []string, bot string, n int, seed uint64) (*sim.Report, error) {
	opts, data, err := sp.variant(values)
	if err != nil {
		return nil, err
	}
	c := sim.Config{
		Game: cfg.Game, Options: opts, Data: data, N: n, Seed: seed, Workers: cfg.Workers,
		BotsFor: func(seats []engine.SeatInfo) ([]sim.BotFactory, error) { return cfg.Bots(bot, seats) },
	}
	if cfg.Play != nil {
		return cfg.Play(ctx, c, bot)
	}
	return sim.Run(ctx, c)
}

// inputs is a hash of everything that decides a tune's figures, so that a
// state file is only resumed by the same tune.
func (cfg *Config) inputs() string {
	b, _ := json.Marshal(struct {
		Game                                           string
		Options                                        engine.Options
		Data                                           map[string][]byte
		Params                                         []Param
		Goals                                          []Goal
		Screen, Verify                                 string
		Evaluations, ScreenGames, VerifyN, VerifyGames int
		Seed                                           uint64
	}{cfg.Game.Info().Name, cfg.Options, cfg.Data, cfg.Params, cfg.Goals, cfg.ScreenBot, cfg.VerifyBot,
		cfg.Evaluations, cfg.ScreenGames, cfg.Verify, cfg.VerifyGames, cfg.Seed})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// load reads a saved state, if the file exists; a state of another tune is
// an error.
func (st *state) load(file string) error {
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading the tune's state: %w", err)
	}
	var saved state
	if err := json.Unmarshal(b, &saved); err != nil {
		return fmt.Errorf("the tune's state file %s is not a state (%v); remove it to start again", file, err)
	}
	if saved.Inputs != st.Inputs {
		return fmt.Errorf("the state file %s is of another tune (other game, values, target, bots, budget or seed); remove it, or give another --out, to start this one", file)
	}
	*st = saved
	return nil
}

// save writes the state whole or not at all.
func (st *state) save(file string) error {
	if file == "" {
		return nil
	}
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	if err := WriteFileAtomic(file, b); err != nil {
		return fmt.Errorf("saving the tune's state: %w", err)
	}
	return nil
}

// WriteFileAtomic writes data to path through a temporary file in the same
// folder and a rename, so that the file is whole or as it was.
func WriteFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

func sameValues(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// values turns a point (indices) into its values.
func (sp *space) values(point []int) []string {
	out := make([]string, len(point))
	for i, v := range point {
		out[i] = sp.params[i].Values[v]
	}
	return out
}

// describe writes a candidate "waves=3 aces=1".
func (sp *space) describe(values []string) string { return describeValues(sp.params, values) }

// changed is the variant of a candidate over the fixed design: only the
// options and data files it changes, with the values they had.
func (sp *space) changed(values []string) (sim.Variant, error) {
	v := sim.Variant{Options: engine.Options{}, Was: map[string]string{}}
	_, data, err := sp.variant(values)
	if err != nil {
		return v, err
	}
	files := map[string]bool{}
	for i, p := range sp.params {
		if values[i] == sp.base[i] {
			continue
		}
		v.Was[p.Path] = sp.base[i]
		opt, dp, _ := splitPath(p.Path)
		if opt != "" {
			v.Options[opt] = values[i]
		} else {
			files[dp.file] = true
		}
	}
	for f := range files {
		if v.Data == nil {
			v.Data = map[string][]byte{}
		}
		v.Data[f] = data[f]
	}
	return v, nil
}

// Check checks a tune before it is started, as Run does before its first
// game: the budget, every value of every parameter, the targets' seats and
// the bots (when Bots is set).
func Check(cfg Config) error {
	if cfg.Bots == nil {
		cfg.Bots = func(string, []engine.SeatInfo) ([]sim.BotFactory, error) { return nil, nil }
	}
	if err := cfg.check(); err != nil {
		return err
	}
	sp, err := newSpace(cfg.Game, cfg.Options, cfg.Data, cfg.Params)
	if err != nil {
		return err
	}
	return cfg.checkGoals(sp)
}
