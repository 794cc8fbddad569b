package wings

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
)

// One RAF search decision at the balloon barrage: turn 2's planning, the
// Luftwaffe's cards down and hidden, Biggin Hill (seat 1) to plan with
// MCTS at 100 iterations, c=0.1 (the issue 13 §4 point; docs/bots.md,
// "Wings of Glory"). Every sample draws the Luftwaffe's plans from the
// belief of sample.go.
func BenchmarkSearchBalloons(b *testing.B) {
	s, r := policyTo(b, "balloons", 2)
	for s.planning(0) >= 0 {
		if err := s.Apply(0, s.advise(0, s.Legal(0, nil), r)); err != nil {
			b.Fatal(err)
		}
	}
	benchSearch(b, s, 1, "mcts:iterations=100,c=0.1")
}

// One search decision between fighters: the aces' turn 3 planning, the
// first seat to plan with the default MCTS at 400 iterations (the curve of
// `aces` in docs/bots.md). No bombers: the time goes to the fighters'
// planning score and the fire checks.
func BenchmarkSearchAces(b *testing.B) {
	s, _ := policyTo(b, "aces", 3)
	benchSearch(b, s, firstPlanner(s), "mcts:iterations=400")
}

// policyTo plays scenario by the policy, every seat, to the planning of
// the given turn, and returns the state and the random numbers it used.
func policyTo(b *testing.B, scenario string, turn int) (*State, *engine.Rand) {
	st, err := New().New(engine.Options{"scenario": scenario})
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(3)
	for !(int(s.turn) == turn && s.step == stPlan) {
		seat := s.Current()
		switch seat {
		case engine.Terminal:
			b.Fatalf("the game ended before turn %d", turn)
		case engine.Chance:
			s.Roll(r)
			continue
		case engine.Simultaneous:
			seat = firstPlanner(s)
		}
		if err := s.Apply(seat, s.advise(seat, s.Legal(seat, nil), r)); err != nil {
			b.Fatal(err)
		}
	}
	return s, r
}

// benchSearch times one decision of the bot spec for seat at s.
func benchSearch(b *testing.B, s *State, seat engine.Seat, spec string) {
	m, err := bot.New(spec)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = m.Choose(engine.NewDecision(s, seat, nil, engine.NewRand(4)))
	}
}
