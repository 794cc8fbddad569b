package wings

import "math"

// Fire from the ground and the sea (rulebook "Ground Troops", "Anti-Aircraft
// Guns", "Ships", "Motor Torpedo Boats") and strafing, fire at ground
// targets (rulebook "Strafing").

// strafable says whether planes may fire at object k (rulebook "Strafing").
func (s *State) strafable(k int) bool {
	sp := &s.scen().objects[k]
	o := &s.objects[k]
	return !o.sunk && !o.silenced && (sp.kind == objAA || sp.kind == objTroops || sp.kind == objMTB ||
		(sp.kind == objShip && len(sp.guns) > 0))
}

// canStrafe says whether gun g of plane i may fire at object k (rulebook
// "Strafing": a ground target is at altitude 1 when targeted).
func (s *State) canStrafe(i, g, k int) (shot, bool) {
	p := &s.planes[i]
	switch {
	case k < 0 || k >= int(s.nobj) || !s.strafable(k):
		return no("Strafing", "not a target that can be strafed")
	case s.scen().objects[k].side == s.side(p):
		return no("Strafing", "it is on the same side")
	}
	if sh, ok := s.gunReady(i, g, 1); !ok {
		return sh, ok
	}
	geo := &s.data.geo
	c := s.gunCone(p, &s.air(p).guns[g])
	alt := float64(absInt8(p.alt-1)) * geo.quarter()
	maxDist := 4*geo.quarter() - alt
	if maxDist < 0 {
		return no("Range", "too high above the target")
	}
	var bb [maxPlanes + maxClouds]rect
	d, ok := geo.aim(c, s.objRect(k), s.cloudBlockers(p.alt, 1, s.lowBlockers(i, bb[:0])), maxDist)
	if !ok {
		return no("Firing", "the ruler cannot reach the target inside the cone, within long range")
	}
	return shot{short: d+alt <= 2*geo.quarter()}, true
}

// lowBlockers appends the bases of the planes at altitude 1 that block the
// aim of plane i at a ground target, when plane i is at altitude 1 too
// (rulebook "Strafing": the target is at altitude 1; "Targeting": planes at
// the firer's and the target's altitude block). A plane overlapping the
// strafer does not block, as in blockers.
func (s *State) lowBlockers(i int, buf []rect) []rect {
	p := &s.planes[i]
	if p.alt != 1 {
		return buf
	}
	g := &s.data.geo
	ri := g.baseRect(p.pose())
	for k := 0; k < int(s.n); k++ {
		o := &s.planes[k]
		if k == i || o.status != flying || o.alt != 1 {
			continue
		}
		if rk := g.baseRect(o.pose()); !overlap(rk, ri) {
			buf = append(buf, rk)
		}
	}
	return buf
}

// resolveObjects silences and sinks strafed objects (rulebook "Strafing",
// "Motor Torpedo Boats").
func (s *State) resolveObjects() {
	for k := 0; k < int(s.nobj); k++ {
		o, sp := &s.objects[k], &s.scen().objects[k]
		if o.silenced || sp.silenceLimit == 0 || o.dmg < sp.silenceLimit {
			continue
		}
		o.silenced = true
		if sp.kind != objShip {
			o.halfVP = 2 * sp.vp
		}
		if sp.kind == objMTB {
			o.sunk = true
		}
		if s.log != nil {
			s.logf("%s is silenced", sp.name)
		}
	}
}

// inObjArc says whether a point is in an object gun's arc.
func (s *State) inObjArc(k int, arc uint8, q vec) bool {
	rel := bearing(s.objCentre(k), q) - radians(s.objects[k].hdg)
	sin, cos := math.Sin(rel), math.Cos(rel)
	switch arc {
	case oarcFront:
		return cos >= 0
	case oarcRear:
		return cos <= 0
	case oarcLeft:
		return sin >= 0
	case oarcRight:
		return sin <= 0
	}
	return true
}

// objReach is the effective distance (tenths of mm, with a quarter per
// level above 1) from object k to plane j's base.
func (s *State) objReach(k, j int) float64 {
	geo := &s.data.geo
	q := &s.planes[j]
	r := geo.baseRect(q.pose())
	_, d := nearest(r[:], s.objCentre(k))
	return d + float64(absInt8(q.alt-1))*geo.quarter()
}

// objectsFire makes every gun of every object fire, with the normal crews
// (rulebook "Ground Troops", "Anti-Aircraft Guns", "Ships"): troops give
// the nearest plane strafing them, else the nearest plane, one A token
// within long range; an AA gun whose counter lies on a plane gives it a C
// token, and one that is ready puts its counter on a plane within two
// rulers not within half a ruler of a plane of its own side: strafers
// first, then bombers, else drawn at random.
func (s *State) objectsFire() {
	geo := &s.data.geo
	for k := 0; k < int(s.nobj); k++ {
		o, sp := &s.objects[k], &s.scen().objects[k]
		if o.silenced || o.sunk {
			continue
		}
		for g, gn := range sp.guns {
			if gn.style == gunAA && o.counter[g] >= 0 {
				t := int(o.counter[g])
				o.counter[g] = -1
				if s.planes[t].status == flying {
					if s.log != nil {
						s.logf("%s's artillery fire reaches %s: a C token", sp.name, s.name(t))
					}
					s.push(queued{kind: qToken, plane: int8(t), letter: 2, partner: -1})
				}
				continue
			}
			reach := 4 * geo.quarter()
			if gn.style == gunAA {
				reach = 2 * geo.ruler
			}
			best, bestD, tier := -1, math.Inf(1), -1
			var cands uint8
			for j := 0; j < int(s.n); j++ {
				q := &s.planes[j]
				if q.status != flying || s.side(q) == sp.side || !s.inObjArc(k, gn.arc, q.centre()) {
					continue
				}
				d := s.objReach(k, j)
				if d > reach || (gn.style == gunAA && s.nearFriend(sp.side, j)) || s.cloudHides(k, j) {
					continue
				}
				tr := 0
				if o.strafedBy&(1<<j) != 0 {
					tr = 2
				} else if gn.style == gunAA && !s.air(q).fighter {
					tr = 1
				}
				if gn.style == gunTroops {
					if tr > tier || (tr == tier && d < bestD) {
						best, bestD, tier = j, d, tr
					}
					continue
				}
				if tr > tier {
					cands, tier = 0, tr
				}
				if tr == tier {
					cands |= 1 << j
				}
			}
			switch {
			case gn.style == gunTroops && best >= 0:
				if s.log != nil {
					s.logf("%s fires at %s: an A token", sp.name, s.name(best))
				}
				s.push(queued{kind: qToken, plane: int8(best), letter: 0, partner: -1})
			case gn.style == gunAA && cands != 0:
				if cands&(cands-1) == 0 {
					s.placeCounter(k, g, bitIndex(cands))
				} else {
					s.push(queued{kind: qAim, plane: int8(k), letter: int8(g), partner: int8(cands)})
				}
			}
		}
	}
}

func bitIndex(m uint8) int {
	for i := 0; i < 8; i++ {
		if m&(1<<i) != 0 {
			return i
		}
	}
	return -1
}

// placeCounter puts the artillery counter of gun g of object k on plane j.
func (s *State) placeCounter(k, g, j int) {
	s.objects[k].counter[g] = int8(j)
	if s.log != nil {
		s.logf("%s puts its artillery counter on %s", s.scen().objects[k].name, s.name(j))
	}
}

// cloudHides says whether a cloud blocks every line from object k's centre
// to plane j's base (rulebook "Clouds": all firing needs a line of sight, so
// ground and ship guns do not fire into, out of or through a cloud). The
// object fires from altitude 1.
func (s *State) cloudHides(k, j int) bool {
	q := &s.planes[j]
	var bb [maxClouds]rect
	cl := s.cloudBlockers(1, q.alt, bb[:0])
	if len(cl) == 0 {
		return false
	}
	all := newCone(s.objCentre(k), 0, math.Pi)
	_, ok := s.data.geo.aim(all, s.data.geo.baseRect(q.pose()), cl, math.Inf(1))
	return !ok
}

// nearFriend says whether plane j is within half a ruler of a plane of side.
func (s *State) nearFriend(side string, j int) bool {
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if p.status == flying && s.side(p) == side && p.centre().sub(s.planes[j].centre()).len() <= s.data.geo.ruler/2 {
			return true
		}
	}
	return false
}
