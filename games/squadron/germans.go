package squadron

// advanceGermans plays Phase V: every squadron moves (squadrons with
// bombers first, then fighter squadrons), bombers bomb their target; then
// the Patrols that moved in to engage counterattack with one die fewer.
func (s *State) advanceGermans() {
	switch s.sub {
	case 0:
		if s.log != nil {
			s.logf("Phase V: the Germans move")
		}
		for q := range s.nSq {
			if s.sq[q].hidden {
				s.moveHidden(int(q))
				if s.step == stOver {
					return
				}
			}
		}
		for _, bombers := range [2]bool{true, false} {
			for q := range s.nSq {
				if s.squadHasBombers(int(q)) == bombers {
					for range s.squadMoves(int(q)) {
						s.moveSquad(int(q), ^uint32(0), true)
						if s.step == stOver {
							return
						}
					}
				}
			}
		}
		s.sub = 1
		s.ca.next = 0
	case 1:
		s.advanceCounter(true)
	}
}

// isBomber reports whether German plane i is a bomber.
func (s *State) isBomber(i int) bool { return s.ger[i].kind == he111 }

// squadHasBombers reports whether squadron q has a bomber on the map.
func (s *State) squadHasBombers(q int) bool {
	for i := range s.nGer {
		if s.ger[i].squad == int8(q) && s.onMap(int(i)) && s.isBomber(int(i)) {
			return true
		}
	}
	return false
}

// extraMove gives the squadrons in area a and the adjacent ones, less those
// stopped by a Medal, one move at once (Pilots shot down).
func (s *State) extraMove(a int8, stopped uint16) {
	areas := s.t.areas[a].adj | 1<<a
	m := s.extraSquads(a) &^ stopped
	if s.log != nil && m != 0 {
		s.logf("German morale rises: the squadrons around %s move at once", s.t.areas[a].id)
	}
	for q := range s.nSq {
		if m>>q&1 == 1 && s.sq[q].hidden {
			s.moveHidden(int(q))
			if s.step == stOver {
				return
			}
		}
	}
	for _, bombers := range [2]bool{true, false} {
		for q := range s.nSq {
			if m>>q&1 == 1 && s.squadHasBombers(int(q)) == bombers {
				s.moveSquad(int(q), areas, false)
				if s.step == stOver {
					return
				}
			}
		}
	}
}

// moveSquad moves the planes of squadron q that are in areas one step by
// their mode (German modes). A plane with a Maneuver token discards one
// instead of moving (Maneuver).
func (s *State) moveSquad(q int, areas uint32, phaseV bool) {
	sq := &s.sq[q]
	var from, to [maxGerman]int8
	nb := 0
	for i := range s.nGer {
		g := &s.ger[i]
		if g.squad != int8(q) || !s.onMap(int(i)) || areas>>g.area&1 == 0 || !s.isBomber(int(i)) {
			continue
		}
		if s.stopped(int(i)) {
			continue
		}
		dest := sq.target
		if g.flags&gBombed != 0 {
			dest = g.home // Escape: home after bombing
		}
		if g.area != dest {
			from[nb] = g.area
			g.area = s.t.next[g.area][dest]
			to[nb] = g.area
			nb++
			if s.log != nil {
				s.logf("%s flies to %s", s.gName(int(i)), s.t.areas[g.area].id)
			}
		}
		if g.flags&gBombed == 0 && g.area == sq.target {
			s.bomb(int(i))
			if s.step == stOver {
				return
			}
		} else if g.flags&gBombed != 0 && g.area == g.home {
			g.flags |= gGone
			if s.log != nil {
				s.logf("%s leaves the map for its base", s.gName(int(i)))
			}
		}
	}
	hasB := s.squadHasBombers(q)
	for i := range s.nGer {
		g := &s.ger[i]
		if g.squad != int8(q) || !s.onMap(int(i)) || areas>>g.area&1 == 0 || s.isBomber(int(i)) {
			continue
		}
		if s.stopped(int(i)) {
			continue
		}
		start := g.area
		switch {
		case sq.mode == modeHunting:
			s.huntMove(int(i))
		case hasB:
			// Close Escort: the fighters go with the first bomber that
			// left their area; they stay with stopped bombers.
			followed := false
			for k := 0; k < nb; k++ {
				if from[k] == g.area {
					g.area = to[k]
					followed = true
					break
				}
			}
			if !followed && !s.bomberOfSquadIn(q, g.area) {
				g.area = s.t.next[g.area][s.nearestBomber(q, g.area)]
			}
		default:
			s.escortlessMove(int(i), phaseV)
		}
		if g.area != start {
			if s.log != nil {
				s.logf("%s flies to %s", s.gName(int(i)), s.t.areas[g.area].id)
			}
			if phaseV && s.rafIn(g.area) && !hasB {
				g.flags |= gMovedIn
			}
		}
	}
}

// stopped reports whether German plane i is held by a Maneuver token this
// move, discarding the token (Maneuver).
func (s *State) stopped(i int) bool {
	g := &s.ger[i]
	if g.tokens == 0 {
		return false
	}
	g.tokens--
	if g.tokens == 0 && s.aceActive(i, aceBomberTokens) {
		// The Bomber Ace: one token more is needed to hold a bomber.
		if s.log != nil {
			s.logf("%s discards a Maneuver token and flies on (its ace)", s.gName(i))
		}
		return false
	}
	if s.log != nil {
		s.logf("%s discards a Maneuver token instead of moving", s.gName(i))
	}
	return true
}

// bomberOfSquadIn reports whether squadron q has a bomber in area a.
func (s *State) bomberOfSquadIn(q int, a int8) bool {
	for i := range s.nGer {
		if s.ger[i].squad == int8(q) && s.onMap(int(i)) && s.isBomber(int(i)) && s.ger[i].area == a {
			return true
		}
	}
	return false
}

// nearestBomber is the area of squadron q's bomber nearest to area a.
func (s *State) nearestBomber(q int, a int8) int8 {
	best, bd := a, int8(127)
	for i := range s.nGer {
		g := &s.ger[i]
		if g.squad == int8(q) && s.onMap(int(i)) && s.isBomber(int(i)) && s.t.dist[a][g.area] < bd {
			best, bd = g.area, s.t.dist[a][g.area]
		}
	}
	return best
}

// escortlessMove moves a fighter whose squadron has no bomber. A squadron
// that never had bombers patrols toward its target; Close Escort fighters
// that lost their bombers join another squadron with bombers within 2
// areas, moving 2 areas toward it, stopping to engage RAF planes met on the
// way, or else patrol back home (German modes: Close escort).
func (s *State) escortlessMove(i int, phaseV bool) {
	g := &s.ger[i]
	sq := &s.sq[g.squad]
	if sq.mode == modeEscort && sq.hadBombers {
		for q := range s.nSq {
			if int8(q) == g.squad || !s.squadHasBombers(int(q)) {
				continue
			}
			b := s.nearestBomber(int(q), g.area)
			if d := s.t.dist[g.area][b]; d <= 2 {
				for k := int8(0); k < d; k++ {
					g.area = s.t.next[g.area][b]
					if g.area != b && s.rafIn(g.area) {
						return // RAF planes on the way: it turns Patrol and engages
					}
				}
				g.squad = int8(q)
				if s.log != nil {
					s.logf("%s joins squadron s%d", s.gName(i), q+1)
				}
				return
			}
		}
		s.patrolMove(i, g.home)
		return
	}
	s.patrolMove(i, sq.target)
}

// patrolMove moves a Patrol fighter: it stays with RAF planes in its area,
// engages RAF planes in an adjacent area, or flies one area along its
// course (Patrol).
func (s *State) patrolMove(i int, target int8) {
	g := &s.ger[i]
	if s.rafIn(g.area) {
		return
	}
	for m := s.t.areas[g.area].adj; m != 0; m &= m - 1 {
		a := int8(trailing(uint64(m)))
		if s.rafIn(a) {
			g.area = a
			return
		}
	}
	if g.area != target {
		g.area = s.t.next[g.area][target]
	}
}

// huntMove moves a Hunting fighter toward the pilot it hunts: the pilot in
// the air with the most victories (lowest plane first on a tie); with none
// in the air it patrols (Hunting, SQ-7).
func (s *State) huntMove(i int) {
	g := &s.ger[i]
	sq := &s.sq[g.squad]
	h := s.hunted(int(g.squad))
	sq.hunted = h
	if h < 0 {
		s.patrolMove(i, sq.target)
		return
	}
	if a := s.raf[h].area; g.area != a {
		g.area = s.t.next[g.area][a]
	}
}

// hunted is the plane squadron q hunts: the one it hunted while that one is
// in the air, else the pilot in the air with the most victories (lowest
// plane first on a tie), or -1 with none in the air (SQ-7).
func (s *State) hunted(q int) int8 {
	h := s.sq[q].hunted
	if h >= 0 && s.airborne(int(h)) {
		return h
	}
	h = -1
	best := int8(-1)
	for p := range s.nPl {
		if !s.airborne(int(p)) {
			continue
		}
		k := s.pilots[s.raf[p].pilot].kills
		if n := k[0] + k[1] + k[2]; n > best {
			h, best = p, n
		}
	}
	return h
}

// course is the area squadron q's lead plane is in and the area its mode
// flies it toward in Phase V (German modes): a bomber its target, or home
// once it has bombed (Escape); fighters without bombers the hunted pilot
// (Hunting), home when Close Escort lost its bombers (SQ-14), or the
// squadron's target (Patrol). The lead is a bomber that has not bombed,
// else a bomber, else a fighter. ok is false when no plane is on the map.
func (s *State) course(q int) (from, to int8, ok bool) {
	sq := &s.sq[q]
	lead, rank := -1, 0
	for i := range s.nGer {
		g := &s.ger[i]
		if g.squad != int8(q) || !s.onMap(int(i)) {
			continue
		}
		r := 1
		if s.isBomber(int(i)) {
			r = 2
			if g.flags&gBombed == 0 {
				r = 3
			}
		}
		if r > rank {
			lead, rank = int(i), r
		}
	}
	if lead < 0 {
		return 0, 0, false
	}
	g := &s.ger[lead]
	switch {
	case rank == 3:
		to = sq.target
	case rank == 2:
		to = g.home
	case sq.mode == modeHunting && s.hunted(q) >= 0:
		to = s.raf[s.hunted(q)].area
	case sq.mode == modeEscort && sq.hadBombers:
		to = g.home
	default:
		to = sq.target
	}
	return g.area, to, true
}

// bomb drops bomber i's bombs on its squadron's target (Bombing attacks):
// the target's toughness points are lost; extra damage is wasted.
func (s *State) bomb(i int) {
	g := &s.ger[i]
	g.flags |= gBombed
	sq := &s.sq[g.squad]
	t := sq.target
	a := &s.t.areas[t]
	if a.toughness == 0 {
		return
	}
	if int(s.tdmg[t]) < a.toughness {
		s.tdmg[t] = int8(min(a.toughness, int(s.tdmg[t])+s.t.aircraft[g.kind].bombs))
	}
	if s.log != nil {
		s.logf("%s bombs %s: %d of %d toughness lost", s.gName(i), a.name, s.tdmg[t], a.toughness)
	}
	if sq.event >= 0 && s.events[sq.event].status == evOpen {
		s.events[sq.event].status = evLost
		if s.log != nil {
			s.logf("Event %s is lost", s.t.events[s.events[sq.event].card].name)
		}
	}
	scn := &s.t.scenarios[s.sc]
	if int(s.tdmg[t]) >= a.toughness && int(t) == scn.target && scn.goal != "return" {
		s.finish(false, causeTarget)
	}
}
