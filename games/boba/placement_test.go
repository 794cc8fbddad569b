package boba

import (
	"testing"
)

// TestPlacementFigure1 checks the designed placement of Figure 1 (BA-2) and
// the numbering of planes (Identification; BA-3) on the default board.
func TestPlacementFigure1(t *testing.T) {
	s := newGame(t, nil)
	do(t, s, "roll 5", "roll 6 1", "roll 3 4", "roll 1 5")
	want := map[string]string{
		// GB1, the slowest (Ju87, 2 MPs), in the centre at the German end.
		"Ju87 1": "F2 N", "Ju87 2": "E1 N", "Ju87 3": "G1 N",
		// GB6, its leader four squares ahead.
		"Ju88 1": "F6 N", "Ju88 2": "E5 N", "Ju88 3": "G5 N",
		// GF3 in the west corner, GF4 in the east: leader inside and forward.
		"Me109 1": "B2 N", "Me109 2": "A1 N", "Me109 3": "J2 N", "Me109 4": "K1 N",
		// BF1 in the west corner of the far end, BF5 in the east.
		"Hurricane 1": "B41 S", "Hurricane 2": "A42 S", "Hurricane 3": "C42 S",
		"Spitfire 1": "J41 S", "Spitfire 2": "I42 S", "Spitfire 3": "K42 S",
	}
	if int(s.NP) != len(want) {
		t.Fatalf("%d planes placed, want %d", s.NP, len(want))
	}
	for name, w := range want {
		if got := where(s, find(t, s, name)); got != w {
			t.Errorf("%s at %s, want %s", name, got, w)
		}
	}
}

// TestPlacementWeakenedAndSameType checks that two squadrons of one type are
// numbered 1-3 and 4-6 (BA-3) and that a weakened squadron fills the
// leader's place, then the west wingman's (BA-2), on a narrow board.
func TestPlacementWeakenedAndSameType(t *testing.T) {
	s := newGame(t, map[string]string{"width": "7", "length": "12"})
	s.Str[gb][3] = 2 // GB4: two He111s left
	s.Str[bf][1] = 1 // BF2: one Hurricane left
	do(t, s, "roll 5", "roll 3 4", "roll 1 1", "roll 2 3")
	want := map[string]string{
		"He111 1": "D2 N", "He111 2": "C1 N", "He111 3": "E1 N", // GB3
		"He111 4": "D6 N", "He111 5": "C5 N", // GB4, weakened
		"Me110 1": "B2 N", "Me110 2": "A1 N", // GF1 alone (doubles)
		"Hurricane 1": "B11 S",                                                 // BF2, its leader only
		"Hurricane 4": "F11 S", "Hurricane 5": "E12 S", "Hurricane 6": "G12 S", // BF3
	}
	if int(s.NP) != len(want) {
		t.Fatalf("%d planes placed, want %d", s.NP, len(want))
	}
	for name, w := range want {
		if got := where(s, find(t, s, name)); got != w {
			t.Errorf("%s at %s, want %s", name, got, w)
		}
	}
}
