package wings

import "testing"

// WG-12: a side that leaves the sky does not end the game while the other
// side's planes can still score on its objects. In the balloon barrage the
// RAF's two fighters fly off the table; the game goes on while a Dornier
// is loaded and the docks can be bombed, then while the flak or the quay
// can be strafed for points, and ends when nothing is left to score.
func TestGameGoesOnWhileMissionLeft(t *testing.T) {
	s := scenarioState(t, "balloons")
	s.turn = 3
	s.planes[2].status, s.planes[3].status = leftArea, leftArea
	if why := s.over(); why != "" {
		t.Fatalf("the RAF has left but the Dorniers are loaded over undamaged docks: the game ended (%s)", why)
	}
	s.planes[0].loaded, s.planes[1].loaded = false, false
	if why := s.over(); why != "" {
		t.Fatalf("the Dorniers have dropped but the flak and the quay can be strafed for points: the game ended (%s)", why)
	}
	for k := 0; k < int(s.nobj); k++ {
		if s.scen().objects[k].silenceLimit > 0 {
			s.objects[k].silenced = true
		}
	}
	if why := s.over(); why != "one side holds the sky" {
		t.Fatalf("nothing left to score: over() = %q, want the sky held", why)
	}
	s.torps[0].live = true
	if why := s.over(); why != "" {
		t.Errorf("a torpedo still running: the game ended (%s)", why)
	}
	s.torps[0].live = false

	// Loaded again, but the docks have taken their full points: nothing to bomb.
	s.planes[0].loaded = true
	for k := 0; k < int(s.nobj); k++ {
		if sp := &s.scen().objects[k]; sp.kind == objTarget {
			s.objects[k].halfVP = 2 * sp.vp
		}
	}
	if why := s.over(); why != "one side holds the sky" {
		t.Errorf("a loaded Dornier with nothing left to bomb: over() = %q, want the sky held", why)
	}

	s.planes[0].loaded = false
	s.planes[2].status = flying
	s.turn = s.scen().turns
	if why := s.over(); why != "last turn played" {
		t.Errorf("both sides in the air at the last turn: over() = %q", why)
	}
}

// WG-12: a camera plane alone in the sky still has its photograph to take
// or bring home, so the game goes on; a fighter sweep with no enemy
// objects ends as soon as one side has left.
func TestGameEndsWhenNothingLeftToScore(t *testing.T) {
	s := scenarioState(t, "recon")
	s.turn = 2
	leaveAll(s, "RAF")
	if why := s.over(); why != "" {
		t.Errorf("the camera plane is still out: the game ended (%s)", why)
	}

	d := scenarioState(t, "aces")
	d.turn = 2
	leaveAll(d, "Luftwaffe")
	if why := d.over(); why != "one side holds the sky" {
		t.Errorf("aces with the Luftwaffe gone: over() = %q, want the sky held", why)
	}
	for i := 0; i < int(d.n); i++ {
		d.planes[i].status = shotDown
	}
	if why := d.over(); why != "one side holds the sky" {
		t.Errorf("no plane in the air: over() = %q", why)
	}
}

// leaveAll takes every plane of side off the table.
func leaveAll(s *State, side string) {
	for i := 0; i < int(s.n); i++ {
		if s.side(&s.planes[i]) == side {
			s.planes[i].status = leftArea
		}
	}
}
