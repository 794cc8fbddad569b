package boba

import (
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
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
	days, wins := 0, 0
	enginetest.BenchGames(b, func() engine.State { *s = start; return s }, bots, New().Info().MaxLength,
		func(r *engine.Result) { days += r.Rounds; wins += int(r.Returns[0]) })
	b.ReportMetric(float64(days)/float64(b.N), "days/game")
	b.ReportMetric(float64(wins)/float64(b.N), "wins/game")
}
