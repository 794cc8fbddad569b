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
	st, err := New().New(engine.Options{"scenario": "balloons"})
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(3)
	for !(s.turn == 2 && s.step == stPlan) {
		seat := s.Current()
		switch seat {
		case engine.Terminal:
			b.Fatal("the game ended before turn 2")
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
	for s.planning(0) >= 0 {
		if err := s.Apply(0, s.advise(0, s.Legal(0, nil), r)); err != nil {
			b.Fatal(err)
		}
	}
	m, err := bot.New("mcts:iterations=100,c=0.1")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = m.Choose(engine.NewDecision(s, 1, nil, engine.NewRand(4)))
	}
}
