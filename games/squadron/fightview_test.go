package squadron

import (
	"slices"
	"testing"

	"scramble/engine"
)

// TestFightPanel: the view shows the Fight's dice by colour as they are
// rolled, this round's symbols once the die is on the card, the sets the
// card's symbols form, and whether a Support can still come (issue 9 §5;
// Phase III First Combat round; Combat Cards: Support). The position is
// the rulebook's Fight example: Maneuver die with card 1 (Hit symbol, set
// Maneuver + Hit), Yellow in the same area.
func TestFightPanel(t *testing.T) {
	s, _ := fightExample(t)
	goTo(s, phaseFight)
	do(t, s, "attack g1")
	do(t, s, "roll hit")
	fight := func() *FightView { return s.View(engine.Spectator).(*View).Fight }
	if f := fight(); len(f.Dice) != 1 || f.Dice[0] != "hit" || f.DiceKinds[0] != "blue" || f.GermanDie != "red" {
		t.Fatalf("after the first die: %+v", f)
	}
	doAll(t, s, "roll maneuver", "roll hit/2", "roll evade", "die 2")
	if f := fight(); !slices.Equal(f.Symbols, []string{"maneuver"}) || f.Sets != 0 || f.SupportOpen {
		t.Fatalf("with the die on the card and no card yet: symbols %v, sets %d, support open %v", f.Symbols, f.Sets, f.SupportOpen)
	}
	do(t, s, "play 1")
	wantStep(t, s, stSupport)
	f := fight()
	if !slices.Equal(f.Symbols, []string{"hit", "maneuver"}) || f.Sets != 1 || !slices.Equal(f.Set, []string{"maneuver", "hit"}) || f.Effect != "evade" {
		t.Fatalf("card 1 on the Maneuver die: symbols %v, set %v → %s, %d sets; want Hit + Maneuver forming one set", f.Symbols, f.Set, f.Effect, f.Sets)
	}
	if !f.SupportOpen {
		t.Fatalf("Yellow flies in D1 and no Support came yet: the Support should be open")
	}
	do(t, s, "no support")
	if f := fight(); f.SupportOpen {
		t.Fatalf("the round is resolved: no Support can come now")
	}
}

// TestCounterDiceInView: a Counterattack's dice are in the view with their
// colour as they are rolled (issue 9 §5; Phase IV Counterattack).
func TestCounterDiceInView(t *testing.T) {
	s := fightSetup(t, "zumbach")
	goTo(s, phaseCounter)
	do(t, s, "roll hit/2")
	c := s.View(0).(*View).Counter
	if c == nil || !slices.Equal(c.Dice, []DieView{{Die: "red", Face: "hit/2"}}) {
		t.Fatalf("after one die the Counterattack shows %+v", c)
	}
	do(t, s, "roll blank")
	if c := s.View(0).(*View).Counter; c == nil || len(c.Dice) != 2 || c.Dice[1].Face != "blank" {
		t.Fatalf("after two dice the Counterattack shows %+v", c)
	}
}
