package squadron

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
	"scramble/engine/enginetest"
)

// newBench sets up Attack on Biggin Hill with four pilots.
func newBench(b *testing.B) *State {
	st, err := New().New(engine.Options{"scenario": "bigginhill", "players": "4"})
	if err != nil {
		b.Fatal(err)
	}
	return st.(*State)
}

// BenchmarkRandomGame plays whole games of Attack on Biggin Hill with four
// random pilots in the engine's fast path (engine.Player.Play), from a copy
// of the set-up state with the dice reseeded (issue 9 §6: at most 1 ms).
// Run: go test -run x -bench . -benchmem ./games/squadron/
func BenchmarkRandomGame(b *testing.B) {
	start := *newBench(b)
	s := new(State)
	bots := []engine.Bot{bot.Random{}, bot.Random{}, bot.Random{}, bot.Random{}}
	wins, turns := 0, 0
	enginetest.BenchGames(b, func() engine.State { *s = start; return s }, bots, start.MaxLength(),
		func(r *engine.Result) { wins += int(r.Returns[0]); turns += r.Rounds })
	b.ReportMetric(float64(wins)/float64(b.N), "wins/game")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkClone measures State.Clone; its B/op is the size of a clone
// (issue 9 §6: at most 4 KB).
func BenchmarkClone(b *testing.B) {
	s := newBench(b)
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Clone()
	}
}

// sink keeps the clones alive so that the compiler allocates them.
var sink engine.State

// BenchmarkMCTSIterations measures the MCTS bot's search speed on the first
// pilot's first decision of Attack on Biggin Hill with four pilots; it
// reports iterations per second (issue 9 §6: at least 10,000).
func BenchmarkMCTSIterations(b *testing.B) {
	st := newBench(b)
	dice := engine.NewRand(1)
	for st.Current() == engine.Chance {
		st.Roll(dice)
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

// BenchmarkMCTSGame measures the MCTS bot's search speed over the first 40
// decisions of a game of Attack on Biggin Hill with four pilots played by
// the policy: movement, fights, Support and airfield decisions, not only the
// first declaration; it reports iterations per second (issue 9 §6: at least
// 10,000).
// Run: go test -run x -bench MCTSGame ./games/squadron/
func BenchmarkMCTSGame(b *testing.B) {
	s := newBench(b)
	dice, r := engine.NewRand(2), engine.NewRand(3)
	var positions []*State
	for len(positions) < 40 && s.Current() != engine.Terminal {
		seat := s.Current()
		if seat == engine.Chance {
			s.Roll(dice)
			continue
		}
		legal := s.Legal(seat, nil)
		if len(legal) > 1 {
			positions = append(positions, s.Clone().(*State))
		}
		if err := s.Apply(seat, s.AdviseSeat(seat, legal, r)); err != nil {
			b.Fatal(err)
		}
	}
	m := bot.NewMCTS(bot.DefaultMCTSConfig())
	iterations := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := positions[i%len(positions)]
		iterations += m.Search(engine.NewDecision(st, st.Current(), nil, r)).Iterations
	}
	b.ReportMetric(float64(iterations)/b.Elapsed().Seconds(), "iterations/s")
}
