package midway

import "scramble/engine"

// Evaluate scores the position for seat in 0..1 (engine.Evaluator): the
// planes left on each side, planes about to fly off the board (their next
// area ahead is neither board nor a free small tile), and, in the Hunt, how
// near the Bombers are to the enemy carrier; in Domination, the points and
// the planes on the Midway tile. A little weight goes to how far the area
// ahead of each plane is from its goal (the enemy carrier, or Midway), so
// that planes face the fight.
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
	var fighters, specials, edge, midway, far [numSides]int
	near := [numSides]int{10, 10}
	for i, p := range s.planes {
		if p.status != flying {
			continue
		}
		sd := sideOf(int8(i))
		ahead := p.pos.step(p.face)
		if !s.onBoard(ahead) {
			edge[sd]++
		}
		goal := Hex{} // Midway, or in the Hunt the enemy carrier
		if s.mode == hunt {
			goal = s.carrier(sd.other())
		}
		far[sd] += ahead.Sub(goal).Dist()
		if s.bd().tileOf(p.pos) == 0 {
			midway[sd]++
		}
		if isSpecial(int8(i)) {
			specials[sd]++
			if d := p.pos.Sub(s.carrier(sd.other())).Dist(); d < near[sd] {
				near[sd] = d
			}
		} else {
			fighters[sd]++
		}
	}
	o := me.other()
	v := 0.5 + 0.04*float64(fighters[me]-fighters[o]) - 0.015*float64(edge[me]-edge[o]) - 0.003*float64(far[me]-far[o])
	if s.mode == hunt {
		v += 0.12*float64(specials[me]-specials[o]) + 0.03*float64(near[o]-near[me])
	} else {
		v += 0.08*float64(specials[me]-specials[o]) + 0.3*float64(s.score[me]-s.score[o])/float64(s.threshold) +
			0.02*float64(midway[me]-midway[o])
	}
	return min(0.99, max(0.01, v))
}
