package boba

import (
	"testing"

	"scramble/engine"
)

// TestSelectionTargetRoll checks the daily target die (Selection): 1-2
// radar, 3-4 factory, 5-6 airfield.
func TestSelectionTargetRoll(t *testing.T) {
	want := []int{0, radar, radar, factory, factory, airfield, airfield}
	for face := 1; face <= 6; face++ {
		s := newGame(t, nil)
		if s.Current() != engine.Chance || s.Phase != phTarget {
			t.Fatalf("a campaign does not begin with the target die")
		}
		do(t, s, "roll "+itoa(face))
		if int(s.Target) != want[face] || s.Rec[0].TargetRoll != int8(face) || s.Phase != phSelect || s.Group != gb {
			t.Errorf("face %d: target %d (record %d), phase %d; want target %d then the bomber dice", face, s.Target, s.Rec[0].TargetRoll, s.Phase, want[face])
		}
	}
}

// TestSelectionTargetAfterOneDestroyed checks the re-selection once a
// target is destroyed (Bombing; BA-7): 1-3 the first remaining in the order
// radar, factory, airfield; 4-6 the second; the last one without a roll.
func TestSelectionTargetAfterOneDestroyed(t *testing.T) {
	cases := []struct {
		destroyed []int
		want      [7]int // by face; -1 none
	}{
		{[]int{radar}, [7]int{-1, factory, factory, factory, airfield, airfield, airfield}},
		{[]int{factory}, [7]int{-1, radar, radar, radar, airfield, airfield, airfield}},
		{[]int{airfield}, [7]int{-1, radar, radar, radar, factory, factory, factory}},
	}
	for _, c := range cases {
		for face := 1; face <= 6; face++ {
			s := newGame(t, nil)
			for _, d := range c.destroyed {
				s.Dmg[d] = targetPoints
			}
			do(t, s, "roll "+itoa(face))
			if int(s.Target) != c.want[face] {
				t.Errorf("%s destroyed, face %d: target %s, want %s", targetNames[c.destroyed[0]], face, targetNames[s.Target], targetNames[c.want[face]])
			}
		}
	}
	s := newGame(t, nil)
	s.Dmg[radar], s.Dmg[factory] = targetPoints, targetPoints
	s.Phase = phTarget
	s.advance()
	if s.Phase != phSelect || s.Target != airfield || s.Rec[0].TargetRoll != 0 {
		t.Errorf("with only the airfield left: phase %d, target %d, roll %d; want the airfield chosen without a die", s.Phase, s.Target, s.Rec[0].TargetRoll)
	}
}

// TestSelectionTwoSquadrons checks the ordinary roll (Selection): each die
// names a squadron; bombers are placed slowest first (Placement; BA-2).
func TestSelectionTwoSquadrons(t *testing.T) {
	s := newGame(t, nil)
	do(t, s, "roll 5", "roll 6 1", "roll 4 3", "roll 2 6")
	r := s.Rec[0]
	if s.Flying != [3][2]int8{{0, 5}, {2, 3}, {1, 5}} || r.Flying != s.Flying {
		t.Fatalf("flying %v (record %v), want GB1 before GB6, GF3 GF4, BF2 BF6", s.Flying, r.Flying)
	}
	if r.Rolls != [3][2]int8{{1, 6}, {3, 4}, {2, 6}} { // the pair is read low die first
		t.Errorf("record rolls %v", r.Rolls)
	}
	if s.NP != 3+3+2+2+3+3 || r.Outcome != dayRaid {
		t.Errorf("%d planes placed, outcome %d; want 16 and a raid", s.NP, r.Outcome)
	}
}

// TestSelectionDoubles checks that doubles send one squadron alone
// (Selection), for bombers, fighters and the British.
func TestSelectionDoubles(t *testing.T) {
	s := newGame(t, nil)
	do(t, s, "roll 1", "roll 2 2", "roll 4 4", "roll 5 5")
	if s.Flying != [3][2]int8{{1, -1}, {3, -1}, {4, -1}} {
		t.Fatalf("flying %v, want GB2, GF4 and BF5 alone", s.Flying)
	}
	if s.NP != 3+2+3 {
		t.Errorf("%d planes placed, want 8", s.NP)
	}
}

// TestSelectionDestroyedSquadrons checks that a rolled squadron with no
// planes left does not fly and is not replaced, and that a weakened one
// flies with what it has (Selection; BA-6).
func TestSelectionDestroyedSquadrons(t *testing.T) {
	s := newGame(t, nil)
	s.Str[gb][3] = 0 // GB4
	s.Str[gf][2] = 0 // GF3
	s.Str[bf][0] = 1 // BF1 has one Hurricane left
	do(t, s, "roll 6", "roll 4 5", "roll 3 5", "roll 1 2")
	if s.Flying != [3][2]int8{{4, -1}, {4, -1}, {0, 1}} {
		t.Fatalf("flying %v, want GB5, GF5 and BF1 BF2", s.Flying)
	}
	if got := s.count(bf, onBoard); got != 1+3 {
		t.Errorf("%d British fighters placed, want 4 (BF1 with one left)", got)
	}
	if n := s.count(gb, onBoard); n != 3 {
		t.Errorf("%d bombers placed, want 3", n)
	}
}

// TestSelectionNoFighterCover checks that two destroyed German fighter
// squadrons leave the bombers without escort (Selection).
func TestSelectionNoFighterCover(t *testing.T) {
	s := newGame(t, nil)
	s.Str[gf][0], s.Str[gf][5] = 0, 0
	do(t, s, "roll 6", "roll 3 4", "roll 1 6", "roll 1 2")
	if s.Flying[gf] != [2]int8{-1, -1} || s.count(gf, onBoard) != 0 || s.Rec[0].Outcome != dayRaid {
		t.Fatalf("fighters flying %v, %d placed; want none and the raid flown", s.Flying[gf], s.count(gf, onBoard))
	}
	// With no escort the British move first: their movement dice are next.
	if s.Side != 1 || s.Phase != phMP {
		t.Errorf("side %d phase %d, want the British movement dice", s.Side, s.Phase)
	}
}

// TestSelectionScrubbed checks the scrubbed day (Selection; BA-6): two
// destroyed bomber squadrons, or doubles of a destroyed one, and the day is
// marked off without rolling for the fighters.
func TestSelectionScrubbed(t *testing.T) {
	for _, roll := range []string{"roll 2 3", "roll 3 3"} {
		s := newGame(t, nil)
		s.Str[gb][1], s.Str[gb][2] = 0, 0
		do(t, s, "roll 4", roll)
		r := s.Rec[0]
		if r.Outcome != dayScrubbed || r.Rolls[gf] != [2]int8{} || r.Rolls[bf] != [2]int8{} || r.Damage != 0 {
			t.Errorf("%s: record %+v, want a scrubbed day with no other dice", roll, r)
		}
		if s.Day != 2 || s.Phase != phTarget {
			t.Errorf("%s: day %d phase %d, want day 2's target die", roll, s.Day, s.Phase)
		}
	}
}

// TestSelectionUnopposed checks that when both British squadrons rolled are
// destroyed the day's bombers all roll for damage at once (Selection): GB1's
// three Ju87s (one engine) and GB3's three He111s (two) roll 9 dice.
func TestSelectionUnopposed(t *testing.T) {
	s := newGame(t, nil)
	s.Str[bf][2], s.Str[bf][3] = 0, 0
	do(t, s, "roll 5", "roll 1 3", "roll 5 6", "roll 3 4")
	if s.Phase != phBomb || s.BombLeft != 9 || s.NP != 0 || s.Rec[0].Outcome != dayUnopposed || s.Rec[0].Exited != 6 {
		t.Fatalf("phase %d, %d bombing dice, %d planes placed, record %+v; want 9 dice at once", s.Phase, s.BombLeft, s.NP, s.Rec[0])
	}
	do(t, s, "roll 1", "roll 2", "roll 3", "roll 4", "roll 5", "roll 6", "roll 1", "roll 2")
	if s.Dmg[airfield] != 24 || s.Phase != phBomb {
		t.Fatalf("after 8 dice the airfield has %d, phase %d; want 24 and one die left", s.Dmg[airfield], s.Phase)
	}
	do(t, s, "roll 3")
	if s.Dmg[airfield] != 27 || s.Rec[0].Damage != 27 || s.Day != 2 {
		t.Errorf("airfield %d, record %d, day %d; want 27 and day 2", s.Dmg[airfield], s.Rec[0].Damage, s.Day)
	}
}

func itoa(n int) string { return string(rune('0' + n)) }
