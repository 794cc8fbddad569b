package squadron

import "scramble/engine"

// This file holds the policy's Movement (Phase II.3–5): where a plane
// flies, when it plays a card to fly further, when it lands.

// needsAirfield reports whether plane p should land to rearm or repair
// (designed): no ammunition, or three damage of the five that shoot it
// down.
func (s *State) needsAirfield(p int) bool {
	r := &s.raf[p]
	return r.ammo == 0 || r.ndmg >= 2
}

// nearestAirfield is the airfield nearest area a.
func (s *State) nearestAirfield(a int8) int8 {
	best := int8(-1)
	for i := range s.t.areas {
		if s.t.areas[i].kind == "airfield" && (best < 0 || s.t.dist[a][i] < s.t.dist[a][best]) {
			best = int8(i)
		}
	}
	return best
}

// reach is the Movement plane p still has this turn: what is left, and the
// largest card of its hand if it has not played one.
func (s *State) reach(p int) int {
	r := &s.raf[p]
	n := int(r.moveLeft)
	if !r.moveCard {
		best := 0
		for h := r.hand; h != 0; h &= h - 1 {
			best = max(best, s.t.cards[trailing(h)].move)
		}
		n += best
	}
	return n
}

// meeting is where plane p should fly to meet German bomber i: the
// bomber's area after the fewest German movements by which the plane can be
// there (this turn with what it has, then about one and a half areas a
// turn) and survive the Counterattack, before the bomber reaches its
// target (the last area before it, whatever the danger); its present area
// when the plane cannot catch it.
func (s *State) meeting(p, i int) int8 {
	g := &s.ger[i]
	target := s.sq[g.squad].target
	pos, tok := g.area, g.tokens
	base := s.reach(p) - int(s.disengageCost(s.raf[p].area))
	for k := 0; pos != target && k < 12; k++ {
		last := s.t.next[pos][target] == target && tok == 0
		if int(s.t.dist[s.raf[p].area][pos]) <= base+k+k/2 && (last || s.survivable(p, pos)) {
			return pos
		}
		if tok > 0 {
			tok--
		} else {
			pos = s.t.next[pos][target]
		}
	}
	return g.area
}

// quarry is the bomber the planes hunt: the one nearest to bombing the
// scenario's target that can still reach it, else the one nearest its own
// target; -1 when no bomber flies.
func (s *State) quarry() int {
	best, bestV := -1, 0
	for i := range int(s.nGer) {
		if !s.onMap(i) || !s.isBomber(i) || s.ger[i].flags&gBombed != 0 {
			continue
		}
		v := s.arrival(i)
		if !s.threat(i) {
			v += 100
		}
		if best < 0 || v < bestV {
			best, bestV = i, v
		}
	}
	return best
}

// goal is the area plane p flies to and whether it lands there: home in
// Coming Home or to rearm and repair; else the meeting with the quarry;
// with no bomber flying, the scenario's target.
func (s *State) goal(p int) (int8, bool) {
	r := &s.raf[p]
	scn := &s.t.scenarios[s.sc]
	if scn.goal == "return" || s.needsAirfield(p) {
		return s.nearestAirfield(r.area), true
	}
	if i := s.quarry(); i >= 0 {
		return s.meeting(p, i), false
	}
	if scn.target >= 0 {
		return int8(scn.target), false
	}
	return r.area, false
}

// adviseMove flies plane p one step toward its goal, playing the card that
// gets it there this turn when the free Movement does not, and lands at
// the goal's airfield. A landed plane that still needs the airfield stays.
func (s *State) adviseMove(legal []engine.Action) engine.Action {
	p := int(s.who)
	r := &s.raf[p]
	goal, land := s.goal(p)
	if r.landed && land {
		return actPass
	}
	if r.ndmg >= 4 && s.reserve > 0 && has(legal, actWithdraw) && s.t.dist[r.area][goal] > r.moveLeft {
		return actWithdraw
	}
	if a, ok := s.paidStart(legal, goal); ok {
		return a
	}
	if r.area == goal {
		if !land || r.landed {
			return actPass
		}
		if has(legal, actLand) {
			return actLand
		}
		return s.cheapestPlay(legal) // Movement to land
	}
	if step := actMove + engine.Action(s.t.next[r.area][goal]); has(legal, step) {
		return step
	}
	if r.moveCard {
		return actPass
	}
	// Movement needed: the first area costs the disengage too.
	need := int(s.t.dist[r.area][goal]) - 1 + int(s.moveCost(p)) - int(r.moveLeft)
	if land {
		need++
	}
	best, bestV := actPass, 0.0
	for _, a := range legal {
		if a < actPlay || a >= actPlay+numCards {
			continue
		}
		c := int(a - actPlay)
		if s.t.cards[c].move < need && !(land && s.handSize(p) > s.handLimit(p)-2) {
			continue
		}
		v := s.cardValue(c)
		if s.t.cards[c].move < need {
			v += 10 // a card that falls short only when cards are cheap
		}
		if best == actPass || v < bestV {
			best, bestV = a, v
		}
	}
	return best
}

// paidStart takes, on the first turn, the paid start nearest the goal
// when it is nearer than the plane and the hand keeps four cards
// (Choosing starting Area).
func (s *State) paidStart(legal []engine.Action, goal int8) (engine.Action, bool) {
	p := int(s.who)
	r := &s.raf[p]
	best, bestD := actPass, s.t.dist[r.area][goal]
	for k, ps := range paidStarts {
		a := actStart + engine.Action(k)
		if !has(legal, a) || s.handSize(p)-int(ps.cost) < 4 {
			continue
		}
		if d := s.t.dist[s.t.areaByName(ps.name)][goal]; d < bestD {
			best, bestD = a, d
		}
	}
	return best, best != actPass
}

// cheapestPlay plays the card valued least, or passes when no card can be
// played.
func (s *State) cheapestPlay(legal []engine.Action) engine.Action {
	best, bestV := actPass, 0.0
	for _, a := range legal {
		if a < actPlay || a >= actPlay+numCards {
			continue
		}
		if v := s.cardValue(int(a - actPlay)); best == actPass || v < bestV {
			best, bestV = a, v
		}
	}
	return best
}

// survivable reports whether plane p may fly into area a (designed): its
// damage and the mean Counterattack Hits there, less about one and a half
// for the fighters it will engage itself, stay under four.
func (s *State) survivable(p int, a int8) bool {
	return float64(s.raf[p].ndmg)+s.counterHitsIn(a)-1.5 < 3.5
}
