package squadron

import (
	"strings"
	"testing"
)

// fightSetup lays out plane 1 (pilot) alone in D1 against two Bf 109, the
// other plane landed so that nobody is asked for Support.
func fightSetup(t *testing.T, pilot string, cards ...int) *State {
	t.Helper()
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, pilot, "D1")
	s.raf[1].landed = true
	give(s, 0, cards...)
	addPlane(t, s, bf109, "D1", 0, "A4")
	addPlane(t, s, bf109, "D1", 0, "A4")
	return s
}

// TestTokenAsSymbol: a Maneuver token kept from round one is spent in the
// second Combat round as a Maneuver symbol and triggers the card's set
// (Tokens: Maneuver, "during your second Combat round" and "to help
// activate certain cards special effect"; SQ-8). Card 25 is a token card:
// Hit symbol, set Hit + Maneuver from a token, gain a Hit.
func TestTokenAsSymbol(t *testing.T) {
	s := fightSetup(t, "zumbach", 25)
	attackFirst(t, s, "roll maneuver", "roll blank", "roll blank", "roll blank")
	do(t, s, "die 1")
	do(t, s, "no card")
	wantStep(t, s, stManeuver)
	do(t, s, "keep")
	if s.raf[0].mans != 1 {
		t.Fatalf("%d Maneuver tokens kept, want 1", s.raf[0].mans)
	}
	wantStep(t, s, stNextRound)
	do(t, s, "attack g2")
	doAll(t, s, "roll blank", "roll blank", "play 25")
	wantStep(t, s, stToken)
	do(t, s, "token")
	if s.raf[0].mans != 0 {
		t.Fatalf("the spent token is still on the board (%d)", s.raf[0].mans)
	}
	if s.ger[1].flags&gDown == 0 {
		t.Fatalf("the card's Hit and the set's Hit (Hit + token) should down the Bf 109 (Toughness [1,1]); damage %d", s.ger[1].dmg)
	}
	if s.step == stManeuver {
		t.Fatalf("the token was used for the set; no Maneuver is left to place")
	}
}

// TestTokenTriggerNeedsToken: a token card ignores a Maneuver rolled on the
// die (SQ-8: the trigger asks for a token), and that Maneuver stays free to
// place on the opponent.
func TestTokenTriggerNeedsToken(t *testing.T) {
	s := fightSetup(t, "zumbach", 25)
	attackFirst(t, s, "roll maneuver", "roll blank", "roll blank", "roll blank")
	do(t, s, "die 1")
	do(t, s, "play 25")
	if s.step == stToken {
		t.Fatalf("no token on the board, yet the token is offered")
	}
	if s.ger[0].dmg != 1 || s.ger[0].flags&gDown != 0 {
		t.Fatalf("the card's Hit alone should damage the Bf 109 once (no set from a die Maneuver): damage %d", s.ger[0].dmg)
	}
	wantStep(t, s, stManeuver)
	if !hasLegal(s, "assign") {
		t.Fatalf("the die's Maneuver should be placeable: %v", legalTexts(s))
	}
	// The same Maneuver triggers an ordinary card with the same set.
	plain := &s.t.cards[findCard(t, s, func(c *card) bool {
		return !c.token && c.set == [2]symbol{symHit, symManeuver} && c.effect == "hit"
	})-1]
	var cnt [numSymbols]int8
	cnt[symHit], cnt[symManeuver] = 1, 1
	if s.sets(plain.id-1, cnt) != 1 || s.sets(24, cnt) != 0 {
		t.Fatalf("a die Maneuver should trigger card %d (ordinary) but not card 25 (token)", plain.id)
	}
}

// TestBreakaway: a breakaway card's set lets the pilot break off the Fight
// and fly up to 2 areas, without paying to disengage (FAQ 2; SQ-8). Round
// one's Evade carries into round two against the same opponent and pairs
// with the die's Evade for card 13's set Evade + Evade.
func TestBreakaway(t *testing.T) {
	s := fightSetup(t, "zumbach", 13)
	attackFirst(t, s, "roll evade", "roll evade", "roll blank", "roll blank")
	do(t, s, "die 1")
	do(t, s, "no card")
	wantStep(t, s, stNextRound) // no set, no breakaway offered
	do(t, s, "same opponent")
	doAll(t, s, "roll blank", "roll blank", "play 13")
	do(t, s, "drop") // card 13's own Maneuver symbol
	wantStep(t, s, stBreak)
	if !hasLegal(s, "move A4") || hasLegal(s, "move A2") || hasLegal(s, "move D1") {
		t.Fatalf("a first set reaches 2 areas from D1 (A4, not A2 at 3): %v", legalTexts(s))
	}
	// Beyond the reach: refused with the rule, nothing changed.
	before := s.String()
	a2, err := s.ParseAction(s.Current(), "move A2")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(s.Current(), a2); err == nil || !strings.Contains(err.Error(), "FAQ 2") {
		t.Fatalf("a breakaway of 3 areas after one set: error %v, want a refusal citing FAQ 2", err)
	}
	if s.String() != before {
		t.Fatalf("the refused breakaway changed the state")
	}
	left := s.raf[0].moveLeft
	do(t, s, "move A4")
	if got := s.t.areas[s.raf[0].area].id; got != "A4" {
		t.Fatalf("the plane is in %s, want A4", got)
	}
	if s.raf[0].moveLeft != left || s.f.on {
		t.Fatalf("the breakaway should end the Fight (on %v) and cost no Movement (%d, was %d)", s.f.on, s.raf[0].moveLeft, left)
	}
}

// TestBreakawayGrows: a set in the first round offers 2 areas after it; the
// pilot fights on, and the next round's set adds 1 more (FAQ 2: "up to 2
// Areas" after the first, 3 after the second). Urbanowicz's ability makes
// one Evade a set (SQ-2).
func TestBreakawayGrows(t *testing.T) {
	s := fightSetup(t, "urbanowicz", 13, 26)
	s.raf[0].declared = declAbility
	attackFirst(t, s, "roll evade", "roll blank", "roll blank", "roll blank")
	do(t, s, "die 1")
	do(t, s, "play 13")
	do(t, s, "drop")
	wantStep(t, s, stBreak)
	if s.f.brk != 2 || hasLegal(s, "move A2") {
		t.Fatalf("after the first set the reach is %d, want 2: %v", s.f.brk, legalTexts(s))
	}
	do(t, s, "fight on")
	wantStep(t, s, stNextRound)
	do(t, s, "same opponent")
	doAll(t, s, "roll blank", "roll blank", "play 26")
	wantStep(t, s, stBreak)
	if s.f.brk != 3 || !hasLegal(s, "move A2") {
		t.Fatalf("after the second set the reach is %d, want 3: %v", s.f.brk, legalTexts(s))
	}
	do(t, s, "move A2")
	if got := s.t.areas[s.raf[0].area].id; got != "A2" {
		t.Fatalf("the plane is in %s, want A2", got)
	}
}

// TestPolicySpendsTokenForASet: the policy spends a kept Maneuver token when
// it completes the played card's set and downs the Bf 109 (SQ-8; Tokens:
// Maneuver); a token is kept unless the round played out with it is worth
// clearly more (policy_fight.go: adviseToken).
func TestPolicySpendsTokenForASet(t *testing.T) {
	s := fightSetup(t, "zumbach", 25)
	attackFirst(t, s, "roll maneuver", "roll blank", "roll blank", "roll blank")
	do(t, s, "die 1")
	do(t, s, "no card")
	do(t, s, "keep")
	do(t, s, "attack g2")
	doAll(t, s, "roll blank", "roll blank", "play 25")
	wantStep(t, s, stToken)
	wantAdvice(t, s, "token", "the token completes card 25's set Hit + Maneuver and downs the Bf 109")

}

// TestPolicyBreaksAwayOnlyToLand: after a breakaway card's set the policy
// fights on with a sound plane, and breaks towards the airfield with one that
// must land (FAQ 2; SQ-8).
func TestPolicyBreaksAwayOnlyToLand(t *testing.T) {
	for _, tc := range []struct {
		ammo int8
		want string
	}{{4, "fight on"}, {0, "move A4"}} {
		s := fightSetup(t, "zumbach", 13)
		attackFirst(t, s, "roll evade", "roll evade", "roll blank", "roll blank")
		do(t, s, "die 1")
		do(t, s, "no card")
		do(t, s, "same opponent")
		doAll(t, s, "roll blank", "roll blank", "play 13")
		do(t, s, "drop")
		wantStep(t, s, stBreak)
		s.raf[0].ammo = tc.ammo
		wantAdvice(t, s, tc.want, "a plane fit to fight fights on; one out of ammunition breaks towards Biggin Hill")
	}
}
