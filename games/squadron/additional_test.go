package squadron

import (
	"testing"

	"scramble/engine"
)

// TestSpecializationLevels: the victories for levels I, II, III are 3, 7,
// 10 against fighters, 2, 4, 7 against heavy fighters and 2, 5, 8 against
// bombers; the first class to reach level I is taken (Specialization;
// SQ-18).
func TestSpecializationLevels(t *testing.T) {
	for class, want := range [3][3]int8{{3, 7, 10}, {2, 4, 7}, {2, 5, 8}} {
		rec := &pilotRec{}
		for lvl, n := range want {
			rec.kills[class] = n - 1
			if classLevel(rec, class) != lvl {
				t.Fatalf("class %d with %d victories: level %d, want %d", class, n-1, classLevel(rec, class), lvl)
			}
			rec.kills[class] = n
			if classLevel(rec, class) != lvl+1 {
				t.Fatalf("class %d with %d victories: level %d, want %d", class, n, classLevel(rec, class), lvl+1)
			}
		}
		if specLevel(rec) != 0 {
			t.Fatalf("no class chosen: no Specialization level yet")
		}
	}
}

// TestSpecializationInFight: level I rolls this round's blue die again,
// once per Fight, against the pilot's class only; the clock then needs a
// Reorganization to turn green (Specialization).
func TestSpecializationInFight(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	s.special = true
	place(t, s, 0, "zumbach", "D1")
	s.raf[1].landed = true
	rec := &s.pilots[s.raf[0].pilot]
	rec.kills[0], rec.spec = 3, 1
	addPlane(t, s, bf109, "D1", 0, "A4")
	attackFirst(t, s, "roll blank", "roll blank", "roll blank", "roll blank")
	do(t, s, "die 1")
	do(t, s, "no card")
	wantStep(t, s, stSpecial)
	if hasLegal(s, "special hit") || hasLegal(s, "special set hit") {
		t.Fatalf("level I offers only the reroll: %v", legalTexts(s))
	}
	do(t, s, "special reroll")
	do(t, s, "roll hit")
	if s.f.sym != symHit || rec.clock != 1 {
		t.Fatalf("die now %s, clock %d", s.f.sym, rec.clock)
	}
	do(t, s, "same opponent")
	do(t, s, "roll blank")
	do(t, s, "roll blank")
	do(t, s, "no card")
	if s.step == stSpecial {
		t.Fatalf("the Specialization is used once per Fight")
	}
}

// TestMulligan: once per game a player may refuse a damage token and draw
// another, which he must keep (Damage tokens: The Mulligan).
func TestMulligan(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	s.mulligan = true
	place(t, s, 0, "zumbach", "D1")
	s.raf[1].landed = true
	s.damage(0, 2)
	s.run()
	do(t, s, "token hand")
	wantStep(t, s, stMulligan)
	do(t, s, "mulligan")
	if s.raf[0].ndmg != 0 || hasLegal(s, "token hand") {
		t.Fatalf("the Mulligan draws a different token: %v", legalTexts(s))
	}
	do(t, s, "token none")
	if s.raf[0].tokens&(1<<tokHand) == 0 {
		t.Fatalf("the refused token is back among the face-down tokens once the new one is drawn")
	}
	if s.step == stMulligan {
		t.Fatalf("the token after a Mulligan must be accepted")
	}
	do(t, s, "token hand")
	if s.step == stMulligan || s.raf[0].ndmg != 2 || s.handLimit(0) != 5 {
		t.Fatalf("one Mulligan per game: damage %d, limit %d", s.raf[0].ndmg, s.handLimit(0))
	}
}

// TestBorrowAbility: a Medal buys another pilot's ability, never one's own,
// at the exact moment the ability applies: Ferić's extra Area at the start
// of the movement, not at the declaration (Medal Tokens; Phase II.1;
// SQ-19).
func TestBorrowAbility(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "A1")
	place(t, s, 1, "feric", "A1")
	if hasLegal(s, "borrow feric") {
		t.Fatalf("no Medal, no borrowing")
	}
	s.pilots[s.raf[0].pilot].medals = 1
	if hasLegal(s, "borrow feric") || hasLegal(s, "borrow zumbach") {
		t.Fatalf("at the declaration only a draw ability can be borrowed: %v", legalTexts(s))
	}
	do(t, s, "neither")
	for s.step == stDraw || s.step == stDiscard {
		do(t, s, legalTexts(s)[0])
	}
	wantStep(t, s, stMove)
	if !hasLegal(s, "borrow feric") {
		t.Fatalf("at the start of the movement Ferić's ability can be borrowed: %v", legalTexts(s))
	}
	do(t, s, "borrow feric")
	wantStep(t, s, stMove)
	if s.raf[0].moveLeft != 2 || s.pilots[s.raf[0].pilot].medals != 0 || hasLegal(s, "borrow feric") {
		t.Fatalf("Movement %d with Ferić's ability, %d Medals, %v", s.raf[0].moveLeft, s.pilots[s.raf[0].pilot].medals, legalTexts(s))
	}
}

// TestAces: an Elite ace token stays face down, hidden from every seat,
// until RAF planes meet its squadron; then its ability works (German Elite
// Squadrons).
func TestAces(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "A4")
	s.raf[1].landed = true
	f := addPlane(t, s, bf109, "A5", 0, "A4")
	s.aceSq = 0
	s.giveAce(aceFighterDie)
	v := s.View(0).(*View)
	if v.Squadrons[0].Ace != "face down" {
		t.Fatalf("the ace should show face down, shows %q", v.Squadrons[0].Ace)
	}
	d := v.Sample(engine.NewRand(1)).(*State)
	if d.sq[0].ace == 0 || fighterAces>>(d.sq[0].ace-1)&1 == 0 {
		t.Fatalf("a sample draws a Fighter Ace for the face-down token")
	}
	if s.germanDice(f) != 2 {
		t.Fatalf("face down, the ace is not yet in play")
	}
	s.raf[0].area = int8(s.t.areaIndex("A5"))
	s.endMove(0)
	if !s.sq[0].aceUp || s.sq[0].acePlane != int8(f) || s.germanDice(f) != 3 {
		t.Fatalf("met, the ace is revealed and its fighters roll 3 dice")
	}
	b := addPlane(t, s, he111, "A5", 1, "A4")
	s.sq[1].ace, s.sq[1].aceUp, s.sq[1].acePlane = aceBomberTokens+1, true, int8(b)
	s.ger[b].tokens = 1
	if s.stopped(b) {
		t.Fatalf("the Bomber Ace needs two tokens to hold a bomber")
	}
	s.ger[f].flags |= gDown
	s.startTurn()
	if s.aceActive(f, aceFighterDie) {
		t.Fatalf("the ace is lost with its plane at the end of the turn")
	}
}
