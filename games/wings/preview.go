package wings

import (
	"fmt"
	"math"
	"strings"
)

// Planning previews (issue 31 §3, §4): where a card being planned ends,
// flown after the card already on the console, and how each enemy plane
// would lie from there. They help a person plan; no rule depends on them.

// EnemyFix is how an enemy plane lies from a pose: its bearing off the nose
// (degrees, positive to the left), the ruler's length to its base (mm), the
// range in quarters with a quarter per level of altitude between them, and
// the gun cones that would reach it ("front short", "rear long"), measured
// to where it stands now, with no blocking.
type EnemyFix struct {
	Name     string   `json:"name"`
	Bearing  float64  `json:"bearing_deg"`
	Range    float64  `json:"range_mm"`
	Quarters int      `json:"quarters"`
	Cones    []string `json:"cones,omitempty"`
}

// planStart returns where plane i stands when the card being planned is
// flown: after the card already on its console (the second space is being
// planned), or where it stands (setup plans the first space). The altitude
// counts a dive on the console.
func (s *State) planStart(i int) (x, y, hdg int32, alt int8) {
	p := &s.planes[i]
	x, y, hdg, alt = p.x, p.y, p.hdg, p.alt
	if s.planSlot() == 1 && p.slot[0] >= 0 {
		cd := s.cardOf(p, p.slot[0])
		x, y, hdg = moveBy(x, y, hdg, cd)
		alt = cardAlt(s, p, cd, alt, p.climb)
	}
	return x, y, hdg, alt
}

// cardAlt is the altitude after flying cd from alt with climb counters: a
// dive a level down, a climb a level up when its counter reaches the climb
// rate (below the ceiling). A preview: the counters of a climb on the
// console are not carried into the next card.
func cardAlt(s *State, p *plane, cd *card, alt, climb int8) int8 {
	switch {
	case cd.has(flagDive):
		return alt - 1
	case cd.has(flagClimb) && climb+1 >= s.climbRate(p) && alt < s.air(p).ceiling:
		return alt + 1
	}
	return alt
}

// fixes lists how each enemy plane in the air lies from plane i placed at
// (x, y, hdg) at altitude alt.
func (s *State) fixes(i int, x, y, hdg int32, alt int8) []EnemyFix {
	p := &s.planes[i]
	geo := &s.data.geo
	at := p.poseAt(x, y, hdg)
	var out []EnemyFix
	for j := 0; j < int(s.n); j++ {
		q := &s.planes[j]
		if q.status != flying || s.side(q) == s.side(p) {
			continue
		}
		tr := geo.baseRect(q.pose())
		_, d := nearest(tr[:], at.at)
		up := float64(absInt8(q.alt-alt)) * geo.quarter()
		rel := math.Remainder(bearing(at.at, q.centre())-at.hdg, 2*math.Pi) * 180 / math.Pi
		f := EnemyFix{Name: s.name(j), Bearing: math.Round(rel), Range: math.Round(d / 10),
			Quarters: int(math.Ceil((d+up)/geo.quarter() - 1e-9))}
		for g := range s.air(p).guns {
			gn := &s.air(p).guns[g]
			maxDist := 4*geo.quarter() - up
			if maxDist < 0 {
				continue
			}
			if dd, ok := geo.aim(geo.gunConeAt(at, gn), tr, nil, maxDist); ok {
				rng := "long"
				if dd+up <= 2*geo.quarter() {
					rng = "short"
				}
				f.Cones = append(f.Cones, arcNames[gn.arc]+" "+rng)
			}
		}
		out = append(out, f)
	}
	return out
}

// fixText is a fix in a few words: "Emil 30° left 120 mm (4 q) front long".
func fixText(f EnemyFix) string {
	side := "ahead"
	switch {
	case f.Bearing > 0.5 && f.Bearing < 179.5:
		side = fmt.Sprintf("%.0f° left", f.Bearing)
	case f.Bearing < -0.5 && f.Bearing > -179.5:
		side = fmt.Sprintf("%.0f° right", -f.Bearing)
	case math.Abs(f.Bearing) >= 179.5:
		side = "behind"
	}
	cones := "out of every cone"
	if len(f.Cones) > 0 {
		cones = "in " + strings.Join(f.Cones, ", ")
	}
	return fmt.Sprintf("%s %s %.0f mm (%d q) %s", f.Name, side, f.Range, f.Quarters, cones)
}
