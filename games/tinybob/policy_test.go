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
// TB-18), then Industry up to 4 (its value is the income, TB-10), then
// Airfields back to 3, then Aces up to 2 (TB-13), then Anti-Air up to 4 (it
// contests the raids of value-3 dice, TB-16), then planes up to 8, then the
// other locations back to 3, then Industry up to 5.
func TestPolicyPurchaseOrder(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "5", "airfields": "1", "resources": "3", "reserve": "1", "raf": "1,1,2,2,0", "warning": "2"})
	if s.step != stSpend {
		t.Fatalf("expected phase 2, got %s", s.asking())
	}
	steps := []struct {
		want      string
		resources int8 // set before the next step
	}{
		{"raise airfields", 6}, // to 2
		{"raise industry", 6},  // to 4
		{"raise airfields", 6}, // to 3
		{"train", 0},           // Aces 1
		{"train", 6},           // Aces 2
		{"raise antiair", 6},   // to 4
		{"build", 0},           // 8 planes; 4 left
		{"raise warning", 6},   // to 3; 1 left
		{"raise industry", 0},  // to 5
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

// raidOnAirfields returns a game at the disrupt decision of a raid on
// Airfields (health h) by a Luftwaffe die of value v, with raf pips over
// Airfields and Anti-Air at aa (TB-15, TB-16).
func raidOnAirfields(t *testing.T, h, v, raf, aa int8) *State {
	t.Helper()
	s := atActions(t, nil)
	calm(s)
	s.loc[rowAirfields], s.loc[rowAntiAir] = h, aa
	s.lwCol[rowAirfields], s.lwVal[rowAirfields] = 1, v
	s.raf[rowAirfields] = raf
	endRound(t, s, 1) // row 1's die is in column 4, below Early Warning 6
	expect(t, "disrupt decision", s.step, stDisrupt)
	return s
}

// TestPolicyDisruptsWhenItPays: disrupting a raid (TB-16) turns a sure
// damage into a rolled one at the risk of a pip in the attack after it
// (TB-13). The policy disrupts a raid of value 3 on Airfields at 2, where two
// damage lose the game (TB-18), and lets through a raid of value 6 on
// Airfields at 6 with a single plane there: a rolled damage lands on 6 or
// less, so disrupting would save nothing, and the disrupting attack at 5+
// would risk the plane.
func TestPolicyDisruptsWhenItPays(t *testing.T) {
	s := raidOnAirfields(t, 2, 3, 2, 4)
	if got := s.ActionString(rafSeat, advise(s)); got != "disrupt" {
		t.Errorf("Airfields at 2, raider 3: advised %q, want disrupt\n%s", got, s.View(rafSeat))
	}
	s = raidOnAirfields(t, 6, 6, 1, 3)
	if got := s.ActionString(rafSeat, advise(s)); got != "let through" {
		t.Errorf("Airfields at 6, raider 6: advised %q, want let through\n%s", got, s.View(rafSeat))
	}
}

// TestPolicySpendsAnAceToSaveAPip: an attack roll one short of its
// threshold can be made good by an Ace (TB-13); an Ace costs 1 resource and a
// plane 2 (TB-11), so the policy spends it.
func TestPolicySpendsAnAceToSaveAPip(t *testing.T) {
	s := atActions(t, engine.Options{"aces": "2", "raf": "2,2,2,2,4"})
	s.lwCol[rowAirfields] = 2
	do(t, s, "attack airfields")
	roll(t, s, 2) // needs 3+ (4 pips against 3)
	expect(t, "Aces decision", s.step, stAces)
	if got := s.ActionString(rafSeat, advise(s)); got != "aces 1" {
		t.Errorf("advised %q, want aces 1\n%s", got, s.View(rafSeat))
	}
}

// TestPolicyAttacksTheNearestRaider: of two Luftwaffe dice in range of equal
// RAF dice (TB-12), over locations of equal health, the policy attacks the
// one in column 1, which raids at the end of this round (TB-15), before the
// one in column 3, which may still be attacked in the next rounds. (The
// column-3 die is in the lower row, the first a tie would choose.)
func TestPolicyAttacksTheNearestRaider(t *testing.T) {
	s := atActions(t, engine.Options{"raf": "2,2,4,2,4"})
	s.lwCol[rowWarning], s.lwCol[rowAirfields] = 3, 1
	s.actions = 1
	if got := s.ActionString(rafSeat, advise(s)); got != "attack airfields" {
		t.Errorf("advised %q, want attack airfields\n%s", got, s.View(rafSeat))
	}
}

// TestStateAdviceMatchesView: the state's fast path (State.Advise, used by
// searches) gives the view's advice at every decision of a played game.
func TestStateAdviceMatchesView(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "5"})
	playPolicy(t, s, 3, func(_ []engine.Action, got engine.Action) {
		if want := advise(s); got != want {
			t.Fatalf("the state advises %q, the view %q", s.ActionString(rafSeat, got), s.ActionString(rafSeat, want))
		}
	})
}

// TestPolicyChargesTheSecondAction: a move is worth the attack it leads to
// only less the action that attack takes (TB-12), so where a die can attack
// at once the policy does not first move a pip to another. Position from a
// policy game of round 2 with two actions left: without the charge the
// policy moved Anti-Air's pip to Airfields to attack there with 5 pips; with
// it, Airfields' 4 pips attack at once (3+ against the raider's 3, TB-13).
func TestPolicyChargesTheSecondAction(t *testing.T) {
	s := atActions(t, engine.Options{"priority": "2"})
	s.round, s.wavePos, s.actions = 2, 1, 2
	s.loc = [numRows]int8{4, 3, 3, 3, 3}
	s.raf = [numPlaces]int8{1, 3, 1, 1, 4, 0}
	s.lwCol = [numRows]int8{3, 3, 3, 3, 3}
	s.lwVal = [numRows]int8{3, 4, 3, 3, 3}
	s.resources = 2
	if got := s.ActionString(rafSeat, advise(s)); got != "attack airfields" {
		t.Errorf("advised %q, want attack airfields\n%s", got, s.View(rafSeat))
	}
}
