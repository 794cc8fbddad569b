package boba

import (
	"testing"

	"scramble/engine"
)

// TestTable2FighterBonuses checks Table 2's movement bonuses of the fighter
// types not met elsewhere: the Me110 adds nothing to its die, the Spitfire
// adds 2 (the Me109's +2 and the Hurricane's +1 are in TestMovementOrder).
func TestTable2FighterBonuses(t *testing.T) {
	s := newGame(t, nil)
	// Airfield; bombers GB3 alone; fighters GF1 (Me110s) alone; BF5
	// (Spitfires) alone.
	do(t, s, "roll 5", "roll 3 3", "roll 1 1", "roll 5 5")
	do(t, s, "roll 4", "roll 6") // the Me110s: 4 and 6 MPs
	for name, mp := range map[string]int8{"Me110 1": 4, "Me110 2": 6} {
		if got := s.P[find(t, s, name)].MP; got != mp {
			t.Errorf("%s has %d MPs, want %d (1d6 + 0)", name, got, mp)
		}
	}
	do(t, s, "roll 1", "roll 3", "roll 6")
	for name, mp := range map[string]int8{"Spitfire 1": 3, "Spitfire 2": 5, "Spitfire 3": 8} {
		if got := s.P[find(t, s, name)].MP; got != mp {
			t.Errorf("%s has %d MPs, want %d (1d6 + 2)", name, got, mp)
		}
	}
}

// TestGB2FliesDo17s checks Table 1's choice for GB2 (BA-21): with gb2=Do17
// the squadron is three Do17s with 3 MPs (Table 2) and two engines each
// (bombing dice); by default it is three He111s.
func TestGB2FliesDo17s(t *testing.T) {
	for _, c := range []struct {
		opt  string
		name string
	}{{"He111", "He111"}, {"Do17", "Do17"}} {
		s := newGame(t, engine.Options{"gb2": c.opt})
		do(t, s, "roll 5", "roll 2 2", "roll 3 3", "roll 1 1")
		for n := 1; n <= 3; n++ {
			i := find(t, s, c.name+" "+itoa(n))
			if p := &s.P[i]; p.Group != gb || p.Sq != 1 || p.spec().MP != 3 || p.spec().Engines != 2 {
				t.Fatalf("gb2=%s: %s is in group %d squadron %d with %d MPs and %d engines; want GB2, 3 MPs, 2 engines",
					c.opt, s.P[i].name(), p.Group, p.Sq, p.spec().MP, p.spec().Engines)
			}
		}
		leader := find(t, s, c.name+" 1")
		before := s.P[leader].Y
		do(t, s, "roll 1", "roll 1", "roll 1", "roll 1", "roll 1")
		// The British move (the first legal choice each time; misses
		// whenever they fire), then the bombers fly.
		for s.Turn == 1 {
			if s.Current() == engine.Chance {
				do(t, s, "roll 1")
				continue
			}
			do(t, s, legalTexts(s)[0])
		}
		if got := s.P[leader].Y - before; got != 3 {
			t.Errorf("gb2=%s: %s flew %d rows in a turn, want 3", c.opt, s.P[leader].name(), got)
		}
	}
	// Unopposed, the three Do17s roll two bombing dice each.
	s := newGame(t, engine.Options{"gb2": "Do17"})
	s.Str[bf][0], s.Str[bf][1] = 0, 0
	do(t, s, "roll 5", "roll 2 2", "roll 3 3", "roll 1 2")
	if s.Phase != phBomb || s.BombLeft != 6 {
		t.Fatalf("phase %d with %d bombing dice; want 6 for three Do17s", s.Phase, s.BombLeft)
	}
}
