package squadron

import "math/bits"

// carry is what a campaign brings into the setup of its next scenario (The
// Campaign): the pilots' records, each plane's carried pilot, the Reserve,
// the Target Damage tiles and the penalties of the failed events.
type carry struct {
	recs    [numPilots]pilotRec // victories, Medals, Specialization of every pilot
	pilot   [maxPlanes]int8     // each plane's pilot carried over, -1 to draw one from the Reserve
	pool    uint8               // the pilot cards in the Reserve
	tiles   [maxAreas]int8      // Target Damage tiles on the map
	hand    int8                // Factory penalty: the starting hand, 0 for the scenario's
	apLoss  int8                // Port penalty: airfield action points lost when landing
	sectors string              // Radar penalty: the sectors whose squadrons start hidden
}

// applyCarry lays the campaign's carry-overs on a scenario just set up,
// before its first chance node: the Reserve is the carry's pool, less the
// pilots the empty seats will draw at setup.
func (s *State) applyCarry(c *carry) {
	s.pilots = c.recs
	s.pilotPool = c.pool
	need := 0
	for p := range s.nPl {
		if k := c.pilot[p]; k >= 0 {
			s.raf[p].pilot = k
			s.pilots[k].used = true
			s.pilotPool &^= 1 << k
		} else {
			need++
		}
	}
	s.reserve = int8(max(0, bits.OnesCount8(s.pilotPool)-need))
	s.tdmg = c.tiles
	s.hand0, s.apLoss = c.hand, c.apLoss
	for q := range s.nSq {
		sec := s.t.areas[s.sq[q].home].sector
		for i := range len(c.sectors) {
			if c.sectors[i] == sec {
				s.sq[q].hidden = true
			}
		}
	}
}

// startHand is the number of combat cards each pilot starts with (Game set
// up 11; the campaign's Factory penalty).
func (s *State) startHand() int8 {
	if s.hand0 > 0 {
		return s.hand0
	}
	return int8(s.t.scenarios[s.sc].hand)
}
