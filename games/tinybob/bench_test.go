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
