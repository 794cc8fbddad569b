package squadron

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
	"scramble/engine/enginetest"
)

// BenchmarkRandomCampaign plays whole campaigns (the suggested three
// scenarios) with four random pilots in the engine's fast path
// (engine.Player.Play), from a copy of the new campaign with the dice
// reseeded. Run: go test -run x -bench Campaign -benchmem ./games/squadron/
func BenchmarkRandomCampaign(b *testing.B) {
	st, err := NewCampaign().New(engine.Options{"players": "4", "order": suggestedOrder, "specialization": "true", "mulligan": "false"})
	if err != nil {
		b.Fatal(err)
	}
	start := *st.(*CampaignState)
	cs := new(CampaignState)
	bots := []engine.Bot{bot.Random{}, bot.Random{}, bot.Random{}, bot.Random{}}
	won := 0.0
	enginetest.BenchGames(b, func() engine.State { *cs = start; return cs }, bots, start.MaxLength(),
		func(r *engine.Result) { won += float64(r.Score) })
	b.ReportMetric(won/float64(b.N), "scenarios-won/campaign")
}

// BenchmarkCampaignClone measures CampaignState.Clone; its B/op is the size
// of a clone: the scenario's State and the campaign's record.
func BenchmarkCampaignClone(b *testing.B) {
	st, err := NewCampaign().New(engine.Options{"players": "4", "order": suggestedOrder, "specialization": "true", "mulligan": "false"})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		sink = st.Clone()
	}
}
