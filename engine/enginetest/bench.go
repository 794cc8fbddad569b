package enginetest

import (
	"testing"

	"scramble/engine"
)

// BenchGames is the random-game benchmark the games share: it plays b.N
// games through the engine's lean loop (engine.Player), game i from the
// state reset returns with the dice reseeded to i, bounded by maxSteps, and
// hands each result to tally. reset should put the set-up position back
// into a state it reuses (a value copy), so that the benchmark measures
// play, not allocation.
func BenchGames(b *testing.B, reset func() engine.State, bots []engine.Bot, maxSteps int, tally func(*engine.Result)) {
	b.Helper()
	dice, botRand := engine.NewRand(1), engine.NewRand(2)
	var p engine.Player
	var r engine.Result
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := reset()
		dice.Seed(uint64(i))
		if err := p.PlayInto(&r, s, bots, dice, botRand, maxSteps); err != nil {
			b.Fatal(err)
		}
		tally(&r)
	}
}
