package midway

import "scramble/engine"

// Evaluate scores the position for seat in 0..1 (engine.Evaluator): in the
// Hunt, Bombers and Fighters left and how near the Bombers are to the enemy
// carrier; in Domination, the points and the planes left.
func (s *State) Evaluate(seat engine.Seat) float64 {
	if seat != 0 && seat != 1 {
		return 0.5
	}
	me := side(seat)
	if s.step == stOver {
		switch {
		case s.draw:
			return 0.5
		case s.winner == me:
			return 1
		}
		return 0
	}
	var fighters, specials [numSides]int
	near := [numSides]int{10, 10}
	for i, p := range s.planes {
		if p.status != flying {
			continue
		}
		sd := sideOf(int8(i))
		if isSpecial(int8(i)) {
			specials[sd]++
			if d := p.pos.Sub(data.carrier[sd.other()]).Dist(); d < near[sd] {
				near[sd] = d
			}
		} else {
			fighters[sd]++
		}
	}
	o := me.other()
	v := 0.5 + 0.04*float64(fighters[me]-fighters[o])
	if s.mode == hunt {
		v += 0.12*float64(specials[me]-specials[o]) + 0.03*float64(near[o]-near[me])
	} else {
		v += 0.08*float64(specials[me]-specials[o]) + 0.3*float64(s.score[me]-s.score[o])/float64(s.threshold)
	}
	return min(0.99, max(0.01, v))
}
