package squadron

import "scramble/engine"

// Evaluate scores the position for the pilots (engine.Evaluator): 1 for a
// won game, 0 for a lost one, otherwise a rough estimate from the German
// planes shot down, the target's damage and the damage the pilots carry,
// and, where the goal is to land (Coming Home), how far each flying pilot
// still is from an airfield.
func (s *State) Evaluate(seat engine.Seat) float64 {
	if s.step == stOver {
		if s.won {
			return 1
		}
		return 0
	}
	v := 0.5
	for i := range s.nGer {
		if s.ger[i].flags&gDown != 0 {
			v += 0.04
		}
	}
	if t := s.t.scenarios[s.sc].target; t >= 0 {
		v -= 0.3 * float64(s.tdmg[t]) / float64(s.t.areas[t].toughness)
	}
	home := s.t.scenarios[s.sc].goal != "defend"
	for p := range s.nPl {
		v -= 0.02 * float64(s.raf[p].ndmg)
		if !s.active(int(p)) {
			v -= 0.1
		} else if home && !s.raf[p].landed {
			// A goal of landing (Coming Home): each area still to fly
			// home, and the landing itself, count against the pilots.
			a := s.raf[p].area
			v -= 0.05 * float64(s.t.dist[a][s.nearestAirfield(a)]+1)
		}
	}
	return min(1, max(0, v))
}
