package boba

import (
	"reflect"
	"testing"

	"scramble/engine"
)

// TestMovementEveryMPSpent checks that a plane in open air may take any of
// its five steps and must spend all its MPs (Movement; Maneuver; BA-5): a
// lateral step of 3 MPs ends a 3-MP move; "end" is not offered while MPs
// can be spent.
func TestMovementEveryMPSpent(t *testing.T) {
	s := raid(t, nil, 1, "H1 F20 S 3", "h1 F5 N")
	do(t, s, "select Hurricane 1")
	if got, want := legalTexts(s), []string{"move E", "move SE", "move S", "move SW", "move W"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	err := s.Apply(0, actEnd)
	refusedWith(t, err, "Movement")
	do(t, s, "move S")
	if got, want := legalTexts(s), []string{"move SE", "move S", "move SW"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("with 2 MPs left: legal %v, want %v", got, want)
	}
	do(t, s, "move SW")
	if where(s, 0) != "E18 SW" || s.Cur != -1 {
		t.Fatalf("Hurricane 1 at %s (cur %d), want its move over at E18 facing SW", where(s, 0), s.Cur)
	}
}

// TestMovementPassThroughNeverStop checks that a plane may fly through an
// occupied square but not end its move on one (Maneuver; BA-5).
func TestMovementPassThroughNeverStop(t *testing.T) {
	// Two MPs, a friendly plane just ahead: straight on through it is the
	// only way to spend both MPs.
	s := raid(t, nil, 1, "H1 F20 S 2", "H2 F19 S 4", "h1 F5 N")
	do(t, s, "select Hurricane 1")
	if got := legalTexts(s); !reflect.DeepEqual(got, []string{"move SE", "move S", "move SW"}) {
		t.Fatalf("legal %v", got)
	}
	do(t, s, "move S")
	if where(s, 0) != "F19 S" || s.MPLeft != 1 {
		t.Fatalf("Hurricane 1 at %s with %d MPs, want F19 S with 1 (sharing the square in passing)", where(s, 0), s.MPLeft)
	}
	if got := legalTexts(s); !reflect.DeepEqual(got, []string{"move S"}) {
		t.Fatalf("in the occupied square legal %v, want only move S", got)
	}
	do(t, s, "move S")
	if where(s, 0) != "F18 S" {
		t.Fatalf("Hurricane 1 at %s", where(s, 0))
	}

	// One MP, a friendly plane ahead: the step would end on it, so no MP
	// can be spent and the move ends where it is.
	s = raid(t, nil, 1, "H1 F20 S 1", "H2 F19 S 4", "h1 F5 N")
	err := s.Apply(0, actSelect+0)
	if err != nil {
		t.Fatal(err)
	}
	if s.Cur != -1 || where(s, 0) != "F20 S" || !s.P[0].Moved {
		t.Fatalf("Hurricane 1 at %s, cur %d; want its move over in place", where(s, 0), s.Cur)
	}
}

// TestMovementBoardEdge checks the edge (Placement: fighters stay on the
// board; BA-5): facing the west edge with 2 MPs no step is possible and the
// move ends; with 3 MPs the plane must turn along the edge.
func TestMovementBoardEdge(t *testing.T) {
	s := raid(t, nil, 1, "H1 A30 W 2", "h1 F5 N")
	do(t, s, "select Hurricane 1")
	if s.Cur != -1 || where(s, 0) != "A30 W" {
		t.Fatalf("Hurricane 1 at %s, cur %d; want it stuck against the edge, its move over", where(s, 0), s.Cur)
	}
	s = raid(t, nil, 1, "H1 A30 W 3", "h1 F5 N")
	do(t, s, "select Hurricane 1")
	if got := legalTexts(s); !reflect.DeepEqual(got, []string{"move N", "move S"}) {
		t.Fatalf("legal %v, want the two turns along the edge", got)
	}
	before := s.String()
	refusedWith(t, s.Apply(0, actMove+engine.Action(west)), "Placement")
	refusedWith(t, s.Apply(0, actMove+engine.Action(east)), "Maneuver")
	refusedWith(t, s.Apply(0, actMove+engine.Action(northWest)), "Placement")
	if s.String() != before {
		t.Fatal("a refused step changed the state")
	}
}

// TestMovementRefusals checks the reasons given for illegal steps, and that
// they leave the state unchanged (Maneuver; Movement).
func TestMovementRefusals(t *testing.T) {
	s := raid(t, nil, 1, "H1 F20 S 1", "H2 F10 S 4", "h1 F5 N")
	do(t, s, "select Hurricane 1")
	before := s.String()
	refusedWith(t, s.Apply(0, actMove+engine.Action(north)), "Maneuver")     // backwards
	refusedWith(t, s.Apply(0, actMove+engine.Action(southEast)), "Maneuver") // 2 MPs, 1 left
	refusedWith(t, s.Apply(0, actSelect+1), "Movement")                      // another plane mid-move
	refusedWith(t, s.Apply(1, actMove+engine.Action(south)), "Movement")     // the wrong seat
	refusedWith(t, s.Apply(engine.Chance, 3), "Movement")
	if s.String() != before {
		t.Fatal("a refused action changed the state")
	}
}

// TestMovementOrder checks the order of movement (Movement): the German
// fighters move first, then the British fighters, then the bombers; each
// side rolls all its movement dice first (BA-22).
func TestMovementOrder(t *testing.T) {
	s := newGame(t, nil)
	do(t, s, "roll 5", "roll 3 3", "roll 3 3", "roll 1 1")
	if s.Side != 0 || s.Phase != phMP {
		t.Fatalf("side %d phase %d; want the German fighters' dice first", s.Side, s.Phase)
	}
	do(t, s, "roll 1", "roll 2") // Me109 1: 3 MPs, Me109 2: 4 MPs
	if s.Side != 1 || s.Phase != phMP {
		t.Fatalf("side %d phase %d; want the British dice after the German fighters moved", s.Side, s.Phase)
	}
	if where(s, find(t, s, "Me109 1")) != "B5 N" || where(s, find(t, s, "Me109 2")) != "A5 N" {
		t.Fatalf("German fighters at %s and %s, want B5 and A5", where(s, find(t, s, "Me109 1")), where(s, find(t, s, "Me109 2")))
	}
	if where(s, find(t, s, "He111 1")) != "F2 N" {
		t.Fatalf("the bombers moved before the British")
	}
	do(t, s, "roll 1", "roll 1", "roll 1") // 2 MPs each
	if s.Current() != 0 || s.Phase != phPick {
		t.Fatalf("want the British to choose a plane, got phase %d", s.Phase)
	}
	do(t, s, "select Hurricane 3", "move S", "move S", "select Hurricane 1", "move S", "move S", "select Hurricane 2", "move S", "move S")
	if where(s, find(t, s, "He111 1")) != "F5 N" || s.Turn != 2 || s.Side != 0 {
		t.Fatalf("after the British: He111 1 at %s, turn %d side %d; want F5, turn 2, the Germans", where(s, find(t, s, "He111 1")), s.Turn, s.Side)
	}
}

// TestBomberKeepsVic checks that bombers fly their fixed MPs straight on and
// keep their vic (Movement; Table 2; BA-13).
func TestBomberKeepsVic(t *testing.T) {
	s := raid(t, nil, 1, "u1 F12 N", "u2 E11 N", "u3 G11 N", "j1 F16 N", "j2 E15 N", "j3 G15 N", "H1 A40 S 2")
	do(t, s, "select Hurricane 1", "move S", "move S")
	want := []string{"F14 N", "E13 N", "G13 N", "F20 N", "E19 N", "G19 N"}
	for i, w := range want {
		if got := where(s, i); got != w {
			t.Errorf("%s at %s, want %s", s.P[i].name(), got, w)
		}
	}
}

// TestBomberBreaksFormation checks that a bomber whose end square is taken
// breaks the vic (Maneuver: a bomber leaves its formation rather than land
// on an occupied square) as BA-13 orders, and returns to flying north.
func TestBomberBreaksFormation(t *testing.T) {
	s := raid(t, nil, 1, "h1 F10 N", "H1 F13 S 0", "H2 K40 S 1")
	s.P[1].Moved = true
	do(t, s, "select Hurricane 2", "move S")
	// The straight end F13 is taken: of the ends spending 3 MPs none faces
	// north; the most northern are E12 and G12 (one column off), D12 and H12;
	// the west one of the nearest wins.
	if got := where(s, 0); got != "E12 NW" {
		t.Fatalf("He111 1 at %s, want E12 NW", got)
	}
	if s.Turn != 2 || s.Phase != phMP || s.Side != 1 {
		t.Fatalf("turn %d side %d phase %d, want the British dice of turn 2", s.Turn, s.Side, s.Phase)
	}
	// Hurricane 1 ends at F11, under the tail gun of He111 1 (E12 facing NW):
	// a die that misses.
	do(t, s, "roll 1", "roll 1", "select Hurricane 1", "move S", "move S", "roll 5", "select Hurricane 2", "move S", "move S")
	// From E12 facing NW: back to facing north, nearest its column F: E14.
	if got := where(s, 0); got != "E14 N" {
		t.Fatalf("next turn He111 1 at %s, want E14 N", got)
	}
}

// TestBomberExitsFarEdge checks that bombers leave only by the far edge and
// then bomb (Placement; Bombing; BA-14).
func TestBomberExitsFarEdge(t *testing.T) {
	s := raid(t, nil, 1, "h1 F41 N", "u1 A41 N", "H1 K20 S 1")
	do(t, s, "select Hurricane 1", "move S")
	if s.P[0].Status != exited || s.P[1].Status != exited {
		t.Fatalf("statuses %d %d, want both through", s.P[0].Status, s.P[1].Status)
	}
	if s.Phase != phBomb || s.BombLeft != 3 || s.Rec[0].Exited != 2 {
		t.Fatalf("phase %d, %d bombing dice, %d through; want 3 dice (He111 2, Ju87 1)", s.Phase, s.BombLeft, s.Rec[0].Exited)
	}
}
