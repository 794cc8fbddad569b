package bot_test

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
)

// BenchmarkMCTSIterations measures search speed on the two-seat dice race
// from its first decision; it reports iterations per second and the mean
// length of a random game (about the length of a playout).
func BenchmarkMCTSIterations(b *testing.B) {
	s := dealtRace(b, []int{2, 3})
	m := bot.NewMCTS(bot.DefaultMCTSConfig())
	d := decision(b, s, 0, 1)
	b.ReportAllocs()
	iterations := 0
	for b.Loop() {
		iterations += m.Search(d).Iterations
	}
	b.ReportMetric(float64(iterations)/b.Elapsed().Seconds(), "iterations/s")
	b.ReportMetric(meanRandomGame(b, s, 200), "actions/game")
}

// meanRandomGame is the mean number of actions of random games from s.
func meanRandomGame(b *testing.B, s engine.State, games int) float64 {
	r := engine.NewRand(3)
	var outs []engine.Outcome
	var legal []engine.Action
	total := 0
	for range games {
		g := s.Clone()
		for ; g.Current() != engine.Terminal; total++ {
			seat := g.Current()
			var a engine.Action
			if seat == engine.Chance {
				outs = g.ChanceOutcomes(outs[:0])
				a = r.Sample(outs)
			} else {
				legal = g.Legal(seat, legal[:0])
				a = legal[r.IntN(len(legal))]
			}
			if err := g.Apply(seat, a); err != nil {
				b.Fatal(err)
			}
		}
	}
	return float64(total) / float64(games)
}
