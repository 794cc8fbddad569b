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
// TB-18), then Anti-Air up to 4 (it contests raids of value-3 dice, TB-16),
// then a location at 2, then a plane while the RAF has fewer than 8 (and
// then Aces up to 2, not reached here: the plane spends the last resources).
func TestPolicyPurchaseOrder(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "5", "airfields": "1", "resources": "3", "reserve": "1", "raf": "1,1,2,2,0"})
	if s.step != stSpend {
		t.Fatalf("expected phase 2, got %s", s.asking())
	}
	steps := []string{"raise airfields", "raise antiair", "build"}
	for _, want := range steps {
		if got := s.ActionString(rafSeat, advise(s)); got != want {
			t.Fatalf("advised %q, want %q\n%s", got, want, s.View(rafSeat))
		}
		do(t, s, want)
		if want == "raise airfields" {
			s.resources = 6 // Anti-Air to 4 (4), a plane (2)
		}
	}
}

// TestPolicyAttacksThreat: in phase 3 (TB-12, TB-13) with a Luftwaffe die in
// range of an RAF die in the Airfields row, the policy attacks it rather
// than end its actions.
func TestPolicyAttacksThreat(t *testing.T) {
	s := atActions(t, nil)
	s.lwCol[rowAirfields] = 2
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
