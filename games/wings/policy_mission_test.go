package wings

import (
	"testing"

	"scramble/engine"
)

// unopposed plays scenario id with the policy for every seat of side and
// the other side's planes parked out of the fight (high in a corner, put
// back each turn), the objects' guns still firing, until the game ends or
// the last turn; it returns the loads dropped and the target points.
func unopposed(t *testing.T, id, side string, seed uint64) (dropped int, points float64) {
	t.Helper()
	s := scenarioState(t, id)
	r := engine.NewRand(seed)
	park := func() {
		for i := 0; i < int(s.n); i++ {
			if p := &s.planes[i]; s.side(p) != side && p.status == flying {
				at(s, i, 20+float64(i)*70, 20, 90, s.air(p).ceiling)
				p.hdg = normHeading(0)
			}
		}
	}
	for k := 0; k < 20000 && s.Current() != engine.Terminal; k++ {
		seat := s.Current()
		switch {
		case seat == engine.Chance:
			s.Roll(r)
			continue
		case seat == engine.Simultaneous:
			seat = firstPlanner(s)
			if s.scen().seats[seat].side != side {
				park()
				legal := s.Legal(seat, nil)
				if err := s.Apply(seat, legal[0]); err != nil {
					t.Fatal(err)
				}
				continue
			}
		}
		a := s.View(seat).(*View).Advise(s.Legal(seat, nil), r)
		if s.scen().seats[seat].side != side && s.step == stFire {
			a = actHold
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return s.missionStats()
}

// TestPolicyMissionsUnopposed: with the RAF out of the fight (only the
// objects' guns fire), the policy flies the Luftwaffe's missions as a
// player would: the bombers reach the radar, the docks and the convoy and
// drop (WG-14, "Dive Bombing", WG-16), and the camera plane brings
// photographs home (rulebook "Photo Reconnaissance"). Over ten seeded games
// each: at least 6 of the raid's 20 loads, 10 of the convoy's 30, 6 of the
// balloon raid's 20, and 3 photographs home in the recon (12 points); a
// policy that did not fly its runs drops none.
func TestPolicyMissionsUnopposed(t *testing.T) {
	for _, c := range []struct {
		id     string
		loads  int
		points float64
	}{{"raid", 6, 0}, {"convoy", 10, 0}, {"balloons", 6, 0}, {"recon", 0, 12}} {
		loads, points := 0, 0.0
		for seed := range uint64(10) {
			d, p := unopposed(t, c.id, "Luftwaffe", seed)
			loads += d
			points += p
		}
		if loads < c.loads || points < c.points {
			t.Errorf("%s: %d loads dropped and %.1f target points in 10 games, want at least %d and %.0f", c.id, loads, points, c.loads, c.points)
		}
	}
}
