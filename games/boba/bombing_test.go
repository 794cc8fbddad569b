package boba

import "testing"

// throughToTarget returns a raid whose last bombers are about to leave by
// the far edge: He111 1 and 2 (two engines each) and Ju87 1 (one engine).
func throughToTarget(t *testing.T) *state {
	t.Helper()
	s := raid(t, nil, 1, "h1 F42 N", "h2 E41 N", "u1 G42 N", "H1 A20 S 1")
	do(t, s, "select Hurricane 1", "move S")
	if s.Phase != phBomb {
		t.Fatalf("phase %d, want the bombing dice", s.Phase)
	}
	return s
}

// TestBombingDicePerEngine checks the bombing arithmetic with scripted dice
// (Bombing): 1d6 per engine of each bomber through, totalled on the target.
func TestBombingDicePerEngine(t *testing.T) {
	s := throughToTarget(t)
	if s.BombLeft != 5 || s.Rec[0].Exited != 3 {
		t.Fatalf("%d dice for %d bombers, want 5 for 3", s.BombLeft, s.Rec[0].Exited)
	}
	do(t, s, "roll 6", "roll 5", "roll 4", "roll 3", "roll 2")
	if s.Dmg[airfield] != 20 || s.Rec[0].Damage != 20 || s.Day != 2 {
		t.Fatalf("airfield %d, record %d, day %d; want 20 and day 2", s.Dmg[airfield], s.Rec[0].Damage, s.Day)
	}
}

// TestBombingCapAt30 checks that a target is destroyed at 30 and the points
// beyond are lost (Bombing; BA-18): the remaining dice are not rolled.
func TestBombingCapAt30(t *testing.T) {
	s := throughToTarget(t)
	s.Dmg[factory] = 25
	s.Target = factory
	do(t, s, "roll 4", "roll 3")
	if s.Dmg[factory] != 30 || s.Rec[0].Damage != 5 || s.Day != 2 || s.Phase != phTarget {
		t.Fatalf("factory %d, record %d, day %d phase %d; want 30, 5 and day 2's target die", s.Dmg[factory], s.Rec[0].Damage, s.Day, s.Phase)
	}
}

// TestBombingGermanVictory checks the German victory (Victory): the airfield
// and one secondary target destroyed.
func TestBombingGermanVictory(t *testing.T) {
	s := throughToTarget(t)
	s.Dmg[radar], s.Dmg[airfield] = 30, 27
	do(t, s, "roll 2")
	if s.Phase != phBomb || s.Dmg[airfield] != 29 {
		t.Fatalf("phase %d at %d points, want the next die", s.Phase, s.Dmg[airfield])
	}
	do(t, s, "roll 1")
	r := s.Result()
	if s.Phase != phOver || r.Winner != "Germans" || r.Cause != "targets destroyed" || r.Returns[0] != 0 || r.Rounds != 1 || r.Score != 60 {
		t.Fatalf("result %+v, want the Germans on day 1 with 60 points", r)
	}
	if len(s.Legal(0, nil)) != 0 {
		t.Fatal("legal actions after the end")
	}
}
