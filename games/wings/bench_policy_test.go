package wings

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
)

// The policy's advice for one plane's plan in a crowded furball: every
// legal card scored against seven planes (docs/perf.md).
func BenchmarkPolicyPlan(b *testing.B) {
	s := testState(b, eightPlanes...)
	s.turn = 1
	for i := range 8 {
		s.planes[i].prev, s.planes[i].slot[0] = 0, 0
	}
	legal := s.Legal(0, nil)
	r := engine.NewRand(1)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.AdviseSeat(0, legal, r)
	}
}

// Evaluate of a duel with the plans half made: the mean over the enemy's
// legal cards of the position flown (evalahead.go).
func BenchmarkEvaluateHalfPlanned(b *testing.B) {
	s := testState(b, "S spitfire1 0 300 300 0 4", "E bf109e 1 650 330 180 4")
	s.turn = 1
	for i := range 2 {
		s.planes[i].prev, s.planes[i].slot[0] = 0, 0
	}
	s.plan(0, 3)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Evaluate(0)
	}
}

// A whole game of each scenario with the policy on every seat.
func BenchmarkPolicyGame(b *testing.B) { benchGames(b, bot.Policy{}) }
