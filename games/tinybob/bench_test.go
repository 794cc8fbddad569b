package tinybob

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
)

// idleBot always takes the pass action (engine.Passer), like bot/idle.
type idleBot struct{}

func (idleBot) Name() string { return "idle" }
func (idleBot) Choose(d *engine.Decision) engine.Action {
	if a, ok := d.Pass(); ok {
		return a
	}
	return d.Legal()[0]
}

// randomBot picks uniformly among the legal actions.
type randomBot struct{}

func (randomBot) Name() string { return "random" }
func (randomBot) Choose(d *engine.Decision) engine.Action {
	return d.Legal()[d.Rand.IntN(len(d.Legal()))]
}

// benchGames plays b.N games with bot in the engine's fast path
// (engine.Player.Play). Each game starts from a new state: a copy of the
// default setup made once by Game.New (State is a value, so the copy is the
// whole setup, without parsing the options again), with the dice reseeded.
// Run: go test -run x -bench . -benchmem ./games/tinybob/
func benchGames(b *testing.B, bot engine.Bot) {
	st, err := New().New(nil)
	if err != nil {
		b.Fatal(err)
	}
	start := *st.(*State)
	s := new(State)
	bots := []engine.Bot{bot}
	dice, botRand := engine.NewRand(1), engine.NewRand(2)
	var p engine.Player
	wins, rounds := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		*s = start
		dice.Seed(uint64(i))
		r, err := p.Play(s, bots, dice, botRand, maxLength)
		if err != nil {
			b.Fatal(err)
		}
		wins += int(r.Returns[0])
		rounds += r.Rounds
	}
	b.ReportMetric(float64(wins)/float64(b.N), "wins/game")
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
}

// BenchmarkIdleGame measures a whole game with the idle bot.
func BenchmarkIdleGame(b *testing.B) { benchGames(b, idleBot{}) }

// BenchmarkRandomGame measures a whole game with the uniform random bot.
func BenchmarkRandomGame(b *testing.B) { benchGames(b, randomBot{}) }

// BenchmarkMCTSIterations measures the MCTS bot's search speed on the RAF's
// first decision of a default game (phase 3 of round 1, after the setup
// roll); it reports iterations per second.
func BenchmarkMCTSIterations(b *testing.B) {
	st, err := New().New(nil)
	if err != nil {
		b.Fatal(err)
	}
	dice := engine.NewRand(1)
	for st.Current() == engine.Chance {
		st.(engine.Roller).Roll(dice)
	}
	m := bot.NewMCTS(bot.DefaultMCTSConfig())
	d := engine.NewDecision(st, st.Current(), nil, engine.NewRand(2))
	b.ReportAllocs()
	iterations := 0
	for b.Loop() {
		iterations += m.Search(d).Iterations
	}
	b.ReportMetric(float64(iterations)/b.Elapsed().Seconds(), "iterations/s")
}

// BenchmarkMCTSDecisionBudgets times one decision of the search at each
// budget of the curve in docs/bots.md (mcts:iterations=N,c=0.1), at 24
// decisions spread over a whole game played by the policy (every fourth
// decision with a choice), so that early, middle and late positions count
// alike. ns/op is one decision; run it with -cpu 1, and read the CPU time of
// the process (/usr/bin/time) on a shared machine.
func BenchmarkMCTSDecisionBudgets(b *testing.B) {
	var positions []*State
	s := newGameB(b)
	k := 0
	playPolicy(b, s, 2, func(legal []engine.Action, _ engine.Action) {
		if len(legal) > 1 {
			if k%4 == 0 && len(positions) < 24 {
				c := *s
				positions = append(positions, &c)
			}
			k++
		}
	})
	for _, n := range []int{100, 400, 1000, 2000} {
		b.Run("iterations="+itoa(n), func(b *testing.B) {
			m := bot.NewMCTS(bot.MCTSConfig{Iterations: n, C: 0.1, Depth: bot.DefaultDepth})
			r := engine.NewRand(1)
			for i := range b.N {
				p := positions[i%len(positions)]
				m.Choose(engine.NewDecision(p, rafSeat, nil, r))
			}
		})
	}
}

// newGameB sets up a default game for a benchmark (priority target 5).
func newGameB(b *testing.B) *State {
	st, err := New().New(engine.Options{"priority": "5"})
	if err != nil {
		b.Fatal(err)
	}
	return st.(*State)
}
