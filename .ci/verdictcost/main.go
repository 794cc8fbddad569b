// Command verdictcost estimates, for every game's scenario, the CPU time a
// verdict costs: enough games with the scenario's strongest bot for a win
// rate within ±5 points (95%). It writes the table of docs/lab.md ("The cost
// of a verdict") as OUT.json (with the provenance of a report) and OUT.txt:
//
//	go run .ci/verdictcost/main.go -out docs/reports/perf-verdict [-only NAME] [-samples 12] [-budget 40s]
//
// A game with the strongest bot costs minutes to hours, so it is not played:
// the decisions a game takes are counted in games of the cheap policy bot, and
// the CPU time of the strongest bot's decision is measured on decisions
// sampled at random from further policy games (the strongest bot is asked and
// its answer thrown away, the policy's played). CPU time a game is their
// product, plus the policy game's own cost. Run it under nice on a shared
// machine: CPU time, unlike the wall clock, barely depends on the load.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/catalog"
	"scramble/sim"
)

// scenario is one row of the table: a game, its options and its strongest
// bot (docs/bots.md, "Every game at a glance"), with the win rate P to size
// the verdict for (the current figure where there is one, else 0.5, the
// worst case).
type scenario struct {
	Name    string            `json:"name"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options,omitempty"`
	Bot     string            `json:"bot"`
	P       float64           `json:"p"`
	Count   int               `json:"-"` // policy games to count decisions
}

var scenarios = []scenario{
	{Name: "tinybob", Game: "tinybob", Bot: "mcts:iterations=16000,c=0.1", P: 0.80, Count: 20},
	{Name: "boba", Game: "boba", Bot: "mcts:iterations=100,c=0.1", P: 0.5, Count: 4},
	{Name: "midway-hunt-v2", Game: "midway", Options: map[string]string{"mode": "hunt", "layout": "v2"}, Bot: "mcts:iterations=400,c=0.1", P: 0.71, Count: 10},
	{Name: "midway-domination9-v2", Game: "midway", Options: map[string]string{"mode": "domination", "threshold": "9", "layout": "v2"}, Bot: "mcts:iterations=3200,c=0.1", P: 0.5, Count: 10},
	{Name: "midway-domination12-v2", Game: "midway", Options: map[string]string{"mode": "domination", "threshold": "12", "layout": "v2"}, Bot: "mcts:iterations=3200,c=0.1", P: 0.5, Count: 10},
	{Name: "midway-domination15-v2", Game: "midway", Options: map[string]string{"mode": "domination", "threshold": "15", "layout": "v2"}, Bot: "mcts:iterations=3200,c=0.1", P: 0.5, Count: 10},
}

func init() {
	for _, p := range []string{"1", "4"} {
		for _, s := range []string{"training", "bigginhill", "blitz", "cominghome", "homesweethome"} {
			scenarios = append(scenarios, scenario{Name: "squadron-" + s + "-p" + p, Game: "squadron",
				Options: map[string]string{"scenario": s, "players": p}, Bot: "mcts:iterations=6400,c=0.1,depth=0", P: 0.5, Count: 10})
		}
	}
	for _, p := range []string{"1", "4"} {
		scenarios = append(scenarios, scenario{Name: "squadron-campaign-p" + p, Game: "squadron-campaign",
			Options: map[string]string{"players": p}, Bot: "mcts:iterations=6400,c=0.1,depth=0", P: 0.5, Count: 4})
	}
	for _, w := range []struct{ s, bot string }{
		{"duel", "mcts:iterations=1600,c=0.1"}, {"aces", "mcts:iterations=12800,c=0.1"},
		{"raid", "mcts:iterations=3200,c=0.1"}, {"convoy", "mcts:iterations=1600,c=0.1,depth=0"},
		{"balloons", "mcts:iterations=6400,c=0.1"}, {"recon", "mcts:iterations=6400,c=0.1"},
	} {
		scenarios = append(scenarios, scenario{Name: "wings-" + w.s, Game: "wings",
			Options: map[string]string{"scenario": w.s}, Bot: w.bot, P: 0.5, Count: 10})
	}
}

// row is one scenario's measured figures.
type row struct {
	scenario
	Decisions       float64 `json:"decisions_a_game"`   // bot decisions a policy game
	PolicyCPU       float64 `json:"policy_cpu_a_game"`  // s a policy game (the engine's share)
	Samples         int     `json:"samples"`            // strongest-bot decisions timed
	DecisionCPU     float64 `json:"cpu_a_decision"`     // s, their mean
	DecisionCPUErr  float64 `json:"cpu_a_decision_se"`  // s, its standard error
	GameCPU         float64 `json:"cpu_a_game"`         // s, estimated
	Games           int     `json:"games_for_5_points"` // for ±5 points at P, 95%
	VerdictCPU      float64 `json:"cpu_for_verdict"`    // s
	ChunkGames      int     `json:"chunk_games"`        // games a job for coordination under 1%
	MeasuredSeconds float64 `json:"measuring_cpu"`      // s this row cost to measure
}

func main() {
	out := flag.String("out", "docs/reports/perf-verdict", "write OUT.json and OUT.txt")
	only := flag.String("only", "", "measure only the scenarios whose name contains this (comma-separated)")
	samples := flag.Int("samples", 12, "strongest-bot decisions to time a scenario")
	budget := flag.Duration("budget", 40*time.Second, "CPU time at most to spend timing one scenario's decisions")
	coord := flag.Duration("coord", 10*time.Millisecond, "coordination time of one job, for the chunk column (docs/reports/perf-lab-coordination.txt)")
	seed := flag.Uint64("seed", 1, "seed of the policy games and of the sampling")
	rewrite := flag.Bool("rewrite", false, "measure nothing: read OUT.json and write it again with this -coord")
	flag.Parse()
	if *rewrite {
		if err := rechunk(*out, *coord); err != nil {
			fail(err)
		}
		return
	}
	started := time.Now()
	games := catalog.New()
	var rows []row
	for _, sc := range scenarios {
		if *only != "" && !slices.ContainsFunc(strings.Split(*only, ","), func(o string) bool { return strings.Contains(sc.Name, o) }) {
			continue
		}
		g, ok := games.Lookup(sc.Game)
		if !ok {
			fail(fmt.Errorf("no game %q in the catalog", sc.Game))
		}
		r, err := measure(g, sc, *seed, *samples, *budget, *coord)
		if err != nil {
			fail(fmt.Errorf("%s: %w", sc.Name, err))
		}
		fmt.Fprintf(os.Stderr, "%s: %.0f decisions, %.3g s a decision (%d samples), %.3g s a game\n", sc.Name, r.Decisions, r.DecisionCPU, r.Samples, r.GameCPU)
		rows = append(rows, r)
	}
	prov := sim.NewProvenance(append([]string{"go", "run", ".ci/verdictcost/main.go"}, os.Args[1:]...), started)
	if err := write(*out, prov, rows, *coord); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "verdictcost:", err)
	os.Exit(1)
}

// cpu is the process's CPU time (user and system, all threads).
func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// counter is the policy bot, counting its decisions; with a strong bot and a
// sampling rate it also times the strong bot on some of them.
type counter struct {
	engine.Bot
	strong  engine.Bot
	rate    float64
	rng     *rand.Rand
	n       *int
	times   *[]float64
	stop    func()
	max     int
	budget  time.Duration
	elapsed *time.Duration
}

func (c *counter) Choose(d *engine.Decision) engine.Action {
	*c.n++
	a := c.Bot.Choose(d)
	if c.strong != nil && len(*c.times) < c.max && *c.elapsed < c.budget && c.rng.Float64() < c.rate {
		t0 := cpu()
		c.strong.Choose(d)
		dt := cpu() - t0
		*c.elapsed += dt
		*c.times = append(*c.times, dt.Seconds())
		if len(*c.times) >= c.max || *c.elapsed >= c.budget {
			c.stop()
		}
	}
	return a
}

func measure(g engine.Game, sc scenario, seed uint64, samples int, budget, coord time.Duration) (row, error) {
	r := row{scenario: sc}
	t0 := cpu()
	opts := engine.Options(sc.Options)
	// Count: policy games, one worker.
	n := 0
	cfg := sim.Config{Game: g, Options: opts, N: sc.Count, Seed: seed, Workers: 1,
		BotsFor: func(seats []engine.SeatInfo) ([]sim.BotFactory, error) {
			f := make([]sim.BotFactory, len(seats))
			for i := range f {
				f[i] = func() (engine.Bot, error) {
					b, err := bot.New("policy")
					return &counter{Bot: b, n: &n}, err
				}
			}
			return f, nil
		}}
	if _, err := sim.Run(context.Background(), cfg); err != nil {
		return r, err
	}
	r.Decisions = float64(n) / float64(sc.Count)
	r.PolicyCPU = (cpu() - t0).Seconds() / float64(sc.Count)
	// Time: the strongest bot on decisions drawn at random, about `samples`
	// of them over two games.
	var (
		times   []float64
		elapsed time.Duration
		m       int
	)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	rng := rand.New(rand.NewPCG(seed, 7))
	cfg.Seed = seed + 1
	cfg.N = 1000
	cfg.BotsFor = func(seats []engine.SeatInfo) ([]sim.BotFactory, error) {
		f := make([]sim.BotFactory, len(seats))
		for i := range f {
			f[i] = func() (engine.Bot, error) {
				b, err := bot.New("policy")
				if err != nil {
					return nil, err
				}
				s, err := bot.New(sc.Bot)
				return &counter{Bot: b, strong: s, rate: float64(samples) / (2 * r.Decisions), rng: rng,
					n: &m, times: &times, stop: stop, max: samples, budget: budget, elapsed: &elapsed}, err
			}
		}
		return f, nil
	}
	if _, err := sim.Run(ctx, cfg); err != nil && !errors.Is(err, context.Canceled) {
		return r, err
	}
	if len(times) == 0 {
		return r, errors.New("no decision was timed")
	}
	r.Samples = len(times)
	var sum, sq float64
	for _, t := range times {
		sum += t
	}
	r.DecisionCPU = sum / float64(len(times))
	for _, t := range times {
		sq += (t - r.DecisionCPU) * (t - r.DecisionCPU)
	}
	if len(times) > 1 {
		r.DecisionCPUErr = math.Sqrt(sq/float64(len(times)-1)) / math.Sqrt(float64(len(times)))
	}
	r.GameCPU = r.Decisions*r.DecisionCPU + r.PolicyCPU
	r.Games = int(math.Ceil(1.96 * 1.96 * sc.P * (1 - sc.P) / (0.05 * 0.05)))
	r.VerdictCPU = float64(r.Games) * r.GameCPU
	r.ChunkGames = chunkGames(coord, r.GameCPU)
	r.MeasuredSeconds = (cpu() - t0).Seconds()
	return r, nil
}

// rechunk writes the report OUT again with the chunk column for coord.
func rechunk(out string, coord time.Duration) error {
	raw, err := os.ReadFile(out + ".json")
	if err != nil {
		return err
	}
	var rep struct {
		Provenance sim.Provenance `json:"provenance"`
		Rows       []row          `json:"rows"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil {
		return fmt.Errorf("%s.json: %w", out, err)
	}
	for i := range rep.Rows {
		rep.Rows[i].ChunkGames = chunkGames(coord, rep.Rows[i].GameCPU)
	}
	return write(out, rep.Provenance, rep.Rows, coord)
}

// chunkGames is the games a job for its coordination to be under 1% of it.
func chunkGames(coord time.Duration, game float64) int {
	return max(1, int(math.Ceil(100*coord.Seconds()/game)))
}

func write(out string, prov sim.Provenance, rows []row, coord time.Duration) error {
	raw, err := json.MarshalIndent(struct {
		Provenance sim.Provenance `json:"provenance"`
		Coord      float64        `json:"coordination_seconds_a_job"`
		Rows       []row          `json:"rows"`
	}{prov, coord.Seconds(), rows}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(out+".json", append(raw, '\n'), 0o644); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# the cost of a verdict, written by .ci/verdictcost\n# command: %s\n", strings.Join(prov.Command, " "))
	commit := prov.Commit
	if prov.Modified {
		commit += " (modified)"
	}
	fmt.Fprintf(&b, "# commit: %s\n# go: %s %s/%s\n# cpu: %s, %d cores\n# started: %s, took %.0f s\n", commit, prov.Go, prov.OS, prov.Arch, prov.CPU, prov.Cores, prov.Started.Format(time.RFC3339), prov.Seconds)
	fmt.Fprintf(&b, "# decisions: a policy game's bot decisions; a decision: the strongest bot's mean CPU time on decisions drawn from policy games (± its standard error, n timed);\n")
	fmt.Fprintf(&b, "# a game = decisions × a decision + the policy game; games: for ±5 points (95%%) at win rate p; chunk: games a job for %v of coordination to be under 1%%\n\n", coord)
	tw := tabwriter.NewWriter(&b, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scenario\tstrongest bot\tdecisions\ta decision\tn\ta game\tp\tgames\tverdict CPU\tchunk\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%.0f\t%s ± %s\t%d\t%s\t%.2f\t%d\t%s\t%d\t\n", r.Name, r.Bot, r.Decisions,
			dur(r.DecisionCPU), dur(r.DecisionCPUErr), r.Samples, dur(r.GameCPU), r.P, r.Games, dur(r.VerdictCPU), r.ChunkGames)
	}
	tw.Flush()
	return os.WriteFile(out+".txt", []byte(b.String()), 0o644)
}

// dur writes seconds as ms, s, min or h.
func dur(s float64) string {
	switch {
	case s < 1:
		return fmt.Sprintf("%.3g ms", s*1000)
	case s < 120:
		return fmt.Sprintf("%.3g s", s)
	case s < 7200:
		return fmt.Sprintf("%.3g min", s/60)
	}
	return fmt.Sprintf("%.3g h", s/3600)
}
