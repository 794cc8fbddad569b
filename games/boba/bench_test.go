package boba

import (
	"testing"

	"scramble/engine"
)

// randomBot picks uniformly among the legal actions (like bot/random, which
// this package may not import).
type randomBot struct{}

func (randomBot) Name() string { return "random" }
func (randomBot) Choose(d *engine.Decision) engine.Action {
	return d.Legal()[d.Rand.IntN(len(d.Legal()))]
}

// BenchmarkRandomCampaign plays whole campaigns with default options, the
// British choosing at random, on the engine's fast path (no log, no text).
func BenchmarkRandomCampaign(b *testing.B) {
	st, err := New().New(nil)
	if err != nil {
		b.Fatal(err)
	}
	start := *st.(*state)
	s := new(state)
	bots := []engine.Bot{randomBot{}}
	dice, botRand := engine.NewRand(1), engine.NewRand(2)
	var p engine.Player
	days, wins := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		*s = start
		dice.Seed(uint64(i))
		r, err := p.Play(s, bots, dice, botRand, New().Info().MaxLength)
		if err != nil {
			b.Fatal(err)
		}
		days += r.Rounds
		wins += int(r.Returns[0])
	}
	b.ReportMetric(float64(days)/float64(b.N), "days/game")
	b.ReportMetric(float64(wins)/float64(b.N), "wins/game")
}
