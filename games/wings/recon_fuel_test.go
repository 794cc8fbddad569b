package wings

import (
	"math"
	"testing"
)

// shortestTrip is the fuel plane p of scenario sc burns on the shortest way
// to the target at x tx and home by its seat's edge (rulebook "Fuel"):
// straights in, an Immelmann to turn back (two points), straights home.
// Only the east-west distance counts; the target and the recon's starts
// lie on the table's middle band.
func shortestTrip(d *gameData, sc *scenario, p *planeSpec, tx int32) int {
	var straight float64
	for _, c := range d.decks[d.aircraft[p.aircraft].deck].cards {
		if c.has(flagStraight) {
			straight = c.forward // tenths of mm once loaded, as positions
		}
	}
	home := float64(tx) // to the west edge
	if sc.seats[p.seat].edge == edgeEast {
		home = float64(sc.width - tx)
	}
	in := math.Abs(float64(p.x - tx))
	return int(math.Ceil(in/straight)) + 2 + int(math.Ceil(home/straight))
}

// TestReconFuelLeavesRoomToFight pins the recon retune (designed, see
// docs/rules/wings-of-glory.md, "Scenarios retuned for balance"): every
// plane of the photo run has at least five fuel points beyond its shortest
// trip to Manston and home (rulebook "Fuel", "Photo Reconnaissance"), as the
// Hurricanes always had. With the camera plane's first 16 points and the
// escort's 14 they had 4 and 3 and ran dry on the way home in most games
// with the policy on both sides.
func TestReconFuelLeavesRoomToFight(t *testing.T) {
	d, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	var sc *scenario
	for i := range d.scenarios {
		if d.scenarios[i].id == "recon" {
			sc = &d.scenarios[i]
		}
	}
	if sc == nil {
		t.Fatal("no recon scenario")
	}
	var tx int32 = -1
	for _, o := range sc.objects {
		if o.kind == objTarget {
			tx = o.x
		}
	}
	if tx < 0 {
		t.Fatal("recon has no target")
	}
	for i := range sc.planes {
		p := &sc.planes[i]
		trip := shortestTrip(d, sc, p, tx)
		if slack := int(p.fuel) - trip; slack < 5 {
			t.Errorf("%s: %d fuel points for a shortest trip of %d, slack %d, want at least 5", p.name, p.fuel, trip, slack)
		}
	}
}
