package tinybob

import (
	"testing"

	"scramble/engine"
)

// advise asks the policy for its choice now.
func advise(s *State) engine.Action {
	return s.View(rafSeat).(*View).Advise(s.Legal(rafSeat, nil), engine.NewRand(1))
}

// TestPolicyPurchaseOrder: in phase 2 (TB-11) the policy buys in its fixed
// order: a location left at 1 first (Airfields, whose loss loses the game,
// TB-18), then Industry up to 5 (its value is the income, TB-10), then
// Airfields back to 3, then Anti-Air up to 4 (it contests the raids of
// value-3 dice, TB-16), then the other locations back to 3, then planes up
// to 8, then Aces up to 2.
func TestPolicyPurchaseOrder(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "5", "airfields": "1", "resources": "3", "reserve": "1", "raf": "1,1,2,2,0", "warning": "2"})
	if s.step != stSpend {
		t.Fatalf("expected phase 2, got %s", s.asking())
	}
	steps := []struct {
		want      string
		resources int8 // set before the next step
	}{
		{"raise airfields", 6},
		{"raise industry", 6},  // to 4
		{"raise industry", 6},  // to 5
		{"raise airfields", 6}, // to 3
		{"raise antiair", 6},   // to 4
		{"raise warning", 3},   // to 3
		{"build", 0},           // 1 left
		{"train", 0},
	}
	for i, st := range steps {
		if got := s.ActionString(rafSeat, advise(s)); got != st.want {
			t.Fatalf("advised %q, want %q\n%s", got, st.want, s.View(rafSeat))
		}
		do(t, s, st.want)
		if i < len(steps)-1 && s.step != stSpend {
			t.Fatalf("phase 2 ended after %q", st.want)
		}
		if st.resources > 0 {
			s.resources = st.resources
		}
	}
}

// TestPolicyAttacksThreat: in phase 3 (TB-12, TB-13) with a Luftwaffe die in
// range of a stronger RAF die in the Airfields row, the policy attacks it
// (at 3+, TB-13) rather than end its actions.
func TestPolicyAttacksThreat(t *testing.T) {
	s := atActions(t, engine.Options{"raf": "2,2,1,1,4"})
	s.lwCol[rowAirfields] = 2
	s.actions = 1 // the last action: no move can prepare anything
	if got := s.ActionString(rafSeat, advise(s)); got != "attack airfields" {
		t.Errorf("advised %q, want attack airfields\n%s", got, s.View(rafSeat))
	}
}

// TestStateAdviceMatchesView: the state's fast path (State.Advise, used by
// searches) gives the view's advice at every decision of a played game.
func TestStateAdviceMatchesView(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "5"})
	dice := engine.NewRand(3)
	var outs []engine.Outcome
	for steps := 0; s.Current() != engine.Terminal && steps < 1000; steps++ {
		if s.Current() == engine.Chance {
			outs = s.ChanceOutcomes(outs[:0])
			if err := s.Apply(engine.Chance, dice.Sample(outs)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		legal := s.Legal(rafSeat, nil)
		want := advise(s)
		if got := s.Advise(legal, engine.NewRand(1)); got != want {
			t.Fatalf("the state advises %q, the view %q", s.ActionString(rafSeat, got), s.ActionString(rafSeat, want))
		}
		if err := s.Apply(rafSeat, want); err != nil {
			t.Fatal(err)
		}
	}
}
