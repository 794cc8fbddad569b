package squadron

import (
	"testing"

	"scramble/engine"
)

// hiddenGame sets up Attack on Biggin Hill for 2 players with every
// squadron hidden.
func hiddenGame(t *testing.T) *State {
	t.Helper()
	st, err := New().New(engine.Options{"players": "2", "hidden": "2"})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(4)
	for s.Current() == engine.Chance {
		s.Roll(r)
	}
	return s
}

// TestHiddenSquadrons: a hidden squadron is a token; its planes and cards
// are in no seat's view, and a sample deals its cards again (Phase II.4
// Reconnaissance; SQ-20).
func TestHiddenSquadrons(t *testing.T) {
	s := hiddenGame(t)
	if s.nGer != 0 {
		t.Fatalf("%d German planes on the map; hidden squadrons have none until revealed", s.nGer)
	}
	v := s.View(0).(*View)
	if len(v.Germans) != 0 || !v.Squadrons[0].Hidden || !v.Squadrons[1].Hidden {
		t.Fatalf("the view shows hidden planes")
	}
	seen := map[uint64]bool{}
	for k := range 30 {
		d := v.Sample(engine.NewRand(uint64(k))).(*State)
		if d.sq[0].cards|d.sq[1].cards != s.sq[0].cards|s.sq[1].cards {
			t.Fatalf("a sample must deal the same hidden cards")
		}
		seen[d.sq[0].cards] = true
	}
	if len(seen) < 2 {
		t.Fatalf("samples never deal the hidden cards differently")
	}
}

// TestReconnaissance: two cards with the Maneuver symbol reveal a hidden
// squadron in an adjacent area; the pilot cannot attack this turn. Entering
// the area reveals it too.
func TestReconnaissance(t *testing.T) {
	s := hiddenGame(t)
	for p := range s.nPl {
		s.deck |= s.raf[p].hand
		s.raf[p].hand = 0
	}
	q := 0
	a := s.sq[q].area
	var nb int8
	for m := s.t.areas[a].adj; m != 0; m &= m - 1 {
		nb = int8(trailing(uint64(m)))
	}
	place(t, s, 0, "zumbach", s.t.areas[nb].id)
	var mans []int
	for i, c := range s.t.cards {
		if c.sym == symManeuver && len(mans) < 2 {
			mans = append(mans, i+1)
		}
	}
	give(s, 0, mans...)
	s.phase, s.sub, s.cur = phasePlayers, 4, 0
	s.step = stContinue
	s.run()
	do(t, s, "recon s1")
	wantStep(t, s, stDiscard)
	if len(legalTexts(s)) != 2 {
		t.Fatalf("only the Maneuver cards may be played: %v", legalTexts(s))
	}
	doAll(t, s, legalTexts(s)[0], legalTexts(s)[1])
	if s.sq[q].hidden || s.raf[0].hand != 0 || !s.raf[0].noAttack {
		t.Fatalf("the Reconnaissance should reveal s1 with two cards and forbid the attack")
	}
	if s.nGer == 0 && s.sq[q].cards != 0 {
		for c := s.sq[q].cards; c != 0; c &= c - 1 {
			if s.t.deploy[trailing(c)].count > 0 {
				t.Fatalf("revealed, the squadron's planes should be on the map")
			}
		}
	}
	// Entering reveals the other.
	s.raf[1].pilot, s.raf[1].landed = 1, false
	s.raf[1].area = s.sq[1].area
	s.revealEntered(1)
	if s.sq[1].hidden || !s.raf[1].noAttack {
		t.Fatalf("entering the area should reveal the squadron")
	}
}
