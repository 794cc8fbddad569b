package boba

import "testing"

// TestRaidEndsWhenBombersGone checks that the raid ends when no bomber is
// left on the board (Placement: fighters stay until then; BA-15).
func TestRaidEndsWhenBombersGone(t *testing.T) {
	s := raid(t, nil, 1, "H1 F18 N 2", "h1 F20 N", "H2 A30 S 1", "e1 K2 N 3")
	do(t, s, "select Hurricane 1", "move N", "attack He111 1", "roll 3", "roll 1")
	if s.Day != 2 || s.Phase != phTarget || s.Rec[0].Damage != 0 || s.Rec[0].Losses[gb][1] != 1 || s.Rec[0].Turns != 1 {
		t.Fatalf("day %d phase %d record %+v; want day 2 after a raid of 1 turn", s.Day, s.Phase, s.Rec[0])
	}
}

// TestRaidUnopposedWhenBritishGone checks that when the last British fighter
// falls the bombers still flying reach the target (BA-15).
func TestRaidUnopposedWhenBritishGone(t *testing.T) {
	s := raid(t, nil, 1, "H1 F21 S 4", "e1 F19 N 5", "h1 F5 N", "u1 E4 N")
	do(t, s, "select Hurricane 1", "move S", "attack Me109 1", "roll 1", "roll 4")
	if s.Phase != phBomb || s.BombLeft != 3 || s.Rec[0].Exited != 2 {
		t.Fatalf("phase %d, %d dice, %d through; want 3 dice for an He111 and a Ju87", s.Phase, s.BombLeft, s.Rec[0].Exited)
	}
	// The same with the bombers first on the board (slots 0 and 1): every
	// bomber gets through, whatever its place in the list.
	s = raid(t, nil, 1, "h1 F5 N", "u1 E4 N", "H1 F21 S 4", "e1 F19 N 5")
	do(t, s, "select Hurricane 1", "move S", "attack Me109 1", "roll 1", "roll 4")
	if s.Phase != phBomb || s.BombLeft != 3 || s.Rec[0].Exited != 2 || s.P[0].Status != exited {
		t.Fatalf("phase %d, %d dice, %d through, He111 1 status %d; want 3 dice for an He111 and a Ju87", s.Phase, s.BombLeft, s.Rec[0].Exited, s.P[0].Status)
	}
}

// TestRaidTurnLimit checks the designed turn limit (BA-15): after as many
// turns as the board has rows, the bombers still over the board turn back
// without bombing.
func TestRaidTurnLimit(t *testing.T) {
	s := raid(t, nil, 1, "H1 A30 S 1", "h1 F10 N")
	s.Turn = 42
	do(t, s, "select Hurricane 1", "move S")
	if s.Day != 2 || s.Rec[0].Turns != 42 || s.Rec[0].Exited != 0 || s.Rec[0].Damage != 0 {
		t.Fatalf("day %d, record %+v; want day 2 after 42 turns and no bombing", s.Day, s.Rec[0])
	}
}

// TestRaidGoesOnWithOneBritishFighter checks that a raid ends only when no
// British fighter is left (BA-15): with one still flying the bombers fly on
// over the board and nobody reaches the target.
func TestRaidGoesOnWithOneBritishFighter(t *testing.T) {
	s := raid(t, nil, 1, "H1 A30 S 1", "h1 F10 N")
	do(t, s, "select Hurricane 1", "move S")
	if where(s, 1) != "F13 N" || s.Rec[0].Exited != 0 || s.Phase == phBomb || s.Turn != 2 {
		t.Fatalf("He111 1 %s, %d through, phase %d, turn %d; want it at F13 and turn 2 under way", where(s, 1), s.Rec[0].Exited, s.Phase, s.Turn)
	}
}
