package wings

import "math"

// The fire phase (rulebook "Firing", "Targeting", "Firing while Climbing
// and Diving", "Blind Spots for Rear Guns", "Range", "Overlapping when
// Firing", "Tailing", "Improved Aim", "Itchy Trigger Finger").

// Action numbers in the fire phase: hold, or fire at plane t.
const (
	actHold   = 0
	actFireAt = 1
	actLaunch = 1 // a parachute and cable launcher's other choice
)

// shot is what canFire finds: whether a gun may fire at a target, at what
// range, and if not, why.
type shot struct {
	short   bool // short range
	overlap bool // the bases overlap
	rule    string
	reason  string
}

func no(rule, reason string) (shot, bool) { return shot{rule: rule, reason: reason}, false }

// pose of plane p.
func (p *plane) pose() pose { return p.poseAt(p.x, p.y, p.hdg) }

// poseAt is p standing at stored position (x, y) and heading hdg, on its
// base.
func (p *plane) poseAt(x, y, hdg int32) pose {
	a := poseOf(x, y, hdg)
	a.large = p.large
	return a
}

func (p *plane) centre() vec { return vec{float64(p.x), float64(p.y)} }

// gunSub is the firing sub-phase of gun g of plane p (rulebook "Game
// Turn" 3a–c, WG-6).
func (s *State) gunSub(p *plane, g int) int8 {
	if s.air(p).guns[g].crew != 0 {
		return subNormal
	}
	switch {
	case p.noviceLike():
		return subNovice
	case p.skillReady(skItchy):
		return subItchy
	}
	return subNormal
}

// gunReady checks what stops gun g of plane i firing at any target at
// altitude alt: the plane out of the air or after an illegal manoeuvre, a
// wounded gunner, the bombing turn, fixed guns climbing or diving (rulebook
// "Illegal Manoeuvres", "Crew Hit", "Level Bombing", "Firing while Climbing
// and Diving").
func (s *State) gunReady(i, g int, alt int8) (shot, bool) {
	p := &s.planes[i]
	gn := &s.air(p).guns[g]
	switch {
	case p.status != flying:
		return no("Firing", "the plane is not in the air")
	case p.noFire:
		return no("Illegal Manoeuvres", "it flew an illegal manoeuvre this turn")
	case gn.crew > 0 && p.wounds[gn.crew] > 0:
		return no("Crew Hit", "its gunner is wounded")
	case gn.fixed && s.willBomb(i) >= 0:
		return no("Level Bombing", "a bomber does not fire its fixed guns in the turn it drops bombs")
	}
	if gn.fixed && p.flown >= 0 {
		cd := s.cardOf(p, p.flown)
		climbing := cd.has(flagClimb) || (cd.has(flagImmelmann) && !p.split)
		diving := cd.has(flagDive) || p.split
		if climbing && alt < p.alt {
			return no("Firing while Climbing and Diving", "fixed guns of a climbing plane cannot fire at a lower target")
		}
		if diving && alt > p.alt {
			return no("Firing while Climbing and Diving", "fixed guns of a diving plane cannot fire at a higher target")
		}
	}
	return shot{}, true
}

// gunCone is the firing cone of gun gn of plane p.
func (s *State) gunCone(p *plane, gn *gun) cone { return s.data.geo.gunConeAt(p.pose(), gn) }

// gunConeAt is the firing cone of gun gn of a plane at a.
func (g *geometry) gunConeAt(a pose, gn *gun) cone {
	axis := a.hdg
	if gn.arc == arcRear {
		axis += math.Pi
	}
	return newCone(a.at, axis, g.arcHalf[gn.arc]*math.Pi/180)
}

// blockers appends the bases that can block a ruler between planes i and j
// (and k, for tailing, or -1): planes at the altitude of both, other than
// them, and not overlapping either (rulebook "Targeting", "Overlapping when
// Firing").
func (s *State) blockers(i, j int, buf []rect) []rect {
	g := &s.data.geo
	p, q := &s.planes[i], &s.planes[j]
	if p.alt != q.alt {
		return buf
	}
	ri, rj := g.baseRect(p.pose()), g.baseRect(q.pose())
	diag := 2 * g.halfDiagonal() // bases whose centres are farther apart cannot touch
	reach := q.centre().sub(p.centre()).len() + diag
	for k := 0; k < int(s.n); k++ {
		o := &s.planes[k]
		if k == i || k == j || o.status != flying || o.alt != p.alt {
			continue
		}
		dp, dq := o.centre().sub(p.centre()).len(), o.centre().sub(q.centre()).len()
		if dp > reach { // beyond the target: no ruler to the target crosses it
			continue
		}
		rk := g.baseRect(o.pose())
		if (dp <= diag && overlap(rk, ri)) || (dq <= diag && overlap(rk, rj)) {
			continue
		}
		buf = append(buf, rk)
	}
	return buf
}

// canFire says whether gun g of plane i may fire at plane t now.
func (s *State) canFire(i, g, t int) (shot, bool) {
	if t >= maxPlanes && i >= 0 && i < int(s.n) {
		return s.canStrafe(i, g, t-maxPlanes)
	}
	if i == t || i < 0 || t < 0 || i >= int(s.n) || t >= int(s.n) {
		return no("Firing", "not a target")
	}
	p, q := &s.planes[i], &s.planes[t]
	gn := &s.air(p).guns[g]
	switch {
	case q.status != flying:
		return no("Firing", "the target is not in the air")
	case s.side(p) == s.side(q):
		return no("Firing", "it is on the same side")
	}
	if sh, ok := s.gunReady(i, g, q.alt); !ok {
		return sh, ok
	}
	geo := &s.data.geo
	if q.centre().sub(p.centre()).len() > 4*geo.quarter()+geo.halfDiagonal() {
		return no("Range", "too far: beyond long range")
	}
	c := s.gunCone(p, gn)
	tr := geo.baseRect(q.pose())
	if overlap(geo.baseRect(p.pose()), tr) {
		switch {
		case p.overHit:
			return no("Overlapping when Firing", "it has already fired one gun at an overlapping plane")
		case q.alt > p.alt && !gn.up:
			return no("Overlapping when Firing", "this gun cannot fire up at an overlapping plane")
		case q.alt < p.alt && !gn.down:
			return no("Overlapping when Firing", "this gun cannot fire down at an overlapping plane")
		}
		if _, ok := geo.aim(c, tr, nil, math.Inf(1)); !ok {
			return no("Firing", "no part of its base is inside the firing cone")
		}
		return shot{overlap: true}, true
	}
	alt := float64(absInt8(q.alt-p.alt)) * geo.quarter()
	maxDist := 4*geo.quarter() - alt
	if maxDist < 0 {
		return no("Range", "too far: the altitude difference alone exceeds long range")
	}
	var bb [maxPlanes + maxClouds]rect
	d, ok := geo.aim(c, tr, s.cloudBlockers(p.alt, q.alt, s.blockers(i, t, bb[:0])), maxDist)
	if !ok {
		return no("Firing", "the ruler cannot reach its base inside the cone, within long range, without crossing another base")
	}
	if gn.arc == arcRear && q.alt <= p.alt && geo.throughRear(p.pose(), q.centre()) {
		dir := q.centre().sub(p.centre())
		end := p.centre().add(dir.scale(geo.ruler / 2 / dir.len()))
		if segmentHits(p.centre(), end, tr) {
			return no("Blind Spots for Rear Guns", "it is in the rear gun's blind spot")
		}
	}
	return shot{short: d+alt <= 2*geo.quarter()}, true
}

func absInt8(v int8) int8 {
	if v < 0 {
		return -v
	}
	return v
}

// tailGeometry checks the five conditions of tailing for plane i behind
// plane t, and the pilot's quality (rulebook "Tailing", "Novice or Wounded
// Pilot"); Good at Escaping is left to tailing.
func (s *State) tailGeometry(i, t int) bool {
	p, q := &s.planes[i], &s.planes[t]
	geo := &s.data.geo
	switch {
	case p.loaded || p.noviceLike(): // condition 5, and novices
		return false
	case p.alt != q.alt && p.alt != q.alt+1: // condition 4
		return false
	case q.centre().sub(p.centre()).len() > geo.ruler: // condition 1
		return false
	case !geo.throughFront(p.pose(), q.centre()) || !geo.throughRear(q.pose(), p.centre()): // condition 2
		return false
	}
	if p.alt == q.alt { // condition 3: all three at the same altitude
		var bb [maxPlanes]rect
		for _, b := range s.blockers(i, t, bb[:0]) {
			if segmentHits(p.centre(), q.centre(), b) {
				return false
			}
		}
	}
	return true
}

// escapes says whether plane t's ace shakes off plane i (Good at Escaping).
func (s *State) escapes(i, t int) bool {
	return s.planes[t].skillReady(skEscaping) && s.planes[i].skills&skEscaping == 0
}

// improvedAim says whether gun g of plane i earns the extra A token against
// t, and whether it takes the Perfect Aim skill to earn it (rulebook
// "Improved Aim").
func (s *State) improvedAim(i, g, t int) (bonus, perfect, escaped bool) {
	p := &s.planes[i]
	if !s.air(p).guns[g].fixed || !s.air(p).fighter || p.noviceLike() || p.smoke > 0 || p.fire > 0 {
		return false, false, false
	}
	if t >= maxPlanes { // a ground target is at altitude 1
		return p.lastTgt == int8(t) || p.alt > 1, false, false
	}
	q := &s.planes[t]
	if p.lastTgt == int8(t) || q.alt < p.alt {
		return true, false, false
	}
	if q.alt == p.alt && p.flown >= 0 && s.cardOf(p, p.flown).has(flagDive) {
		return true, false, false
	}
	if s.tailGeometry(i, t) {
		if !s.escapes(i, t) {
			return true, false, false
		}
		escaped = true
	}
	if p.skillReady(skPerfectAim) {
		return true, true, escaped
	}
	return false, false, escaped
}

// declare records gun g of plane i's choice (hold, or fire at a target),
// queueing the target's tokens, and moves on to the next gun.
func (s *State) declare(i, g int, a int) {
	p := &s.planes[i]
	gn := &s.air(p).guns[g]
	p.fired |= 1 << gn.arc
	if a != actHold {
		t := a - actFireAt
		sh, _ := s.canFire(i, g, t)
		letters := gn.long
		if sh.short {
			letters = gn.short
		}
		if sh.overlap {
			p.overHit = true
		}
		bonus, perfect, escaped := s.improvedAim(i, g, t)
		if escaped {
			s.planes[t].useSkill()
		}
		if perfect {
			p.useSkill()
		}
		if s.sub == subItchy && gn.crew == 0 {
			p.useSkill()
		}
		if gn.fixed {
			p.target = int8(t)
		}
		n := 0
		sniper := gn.crew == 0 && p.skillReady(skSniper)
		for l, k := range letters {
			for ; k > 0; k-- {
				q := queued{kind: qToken, plane: int8(t), letter: int8(l), partner: int8(i)}
				if t >= maxPlanes {
					q.kind, q.plane = qGround, int8(t-maxPlanes)
				} else if sniper {
					q.kind, sniper = qSniper, false // the first token only
				}
				s.push(q)
				n++
			}
		}
		if t >= maxPlanes {
			s.objects[t-maxPlanes].strafedBy |= 1 << i
		}
		if bonus {
			if t >= maxPlanes {
				s.push(queued{kind: qGround, plane: int8(t - maxPlanes), letter: 0})
			} else {
				s.push(queued{kind: qToken, plane: int8(t), letter: 0})
			}
		}
		if s.log != nil {
			s.logf("%s fires its %s gun at %s at %s range: %s%s", s.name(i), arcNames[gn.arc], s.targetName(t),
				rangeName(sh), tokenCount(n), map[bool]string{true: " and an A for improved aim", false: ""}[bonus])
		}
	} else if s.log != nil {
		s.logf("%s holds its %s gun", s.name(i), arcNames[gn.arc])
	}
	s.cursor++
	s.nextGun()
}

func rangeName(sh shot) string {
	switch {
	case sh.overlap:
		return "overlapping (long)"
	case sh.short:
		return "short"
	}
	return "long"
}

// startFire begins firing sub-phase sub.
func (s *State) startFire(sub int8) {
	s.sub, s.cursor = sub, 0
	s.nextGun()
}

// nextGun finds the next gun, from the cursor on, that fires in this
// sub-phase and has a target; in the normal sub-phase, then each parachute
// and cable launcher that can still be launched. When none is left the
// sub-phase's tokens are drawn.
func (s *State) nextGun() {
	guns := int(s.n) * maxGuns
	for ; int(s.cursor) < guns+int(s.nobj); s.cursor++ {
		if int(s.cursor) >= guns {
			if s.sub == subNormal && s.pacReady(int(s.cursor)-guns) {
				s.step = stFire
				return
			}
			continue
		}
		i, g := int(s.cursor/maxGuns), int(s.cursor%maxGuns)
		p := &s.planes[i]
		gs := s.air(p).guns
		if p.status != flying || g >= len(gs) || p.fired&(1<<gs[g].arc) != 0 || s.gunSub(p, g) != s.sub {
			continue
		}
		for t := 0; t < maxPlanes+int(s.nobj); t++ {
			if _, ok := s.canFire(i, g, t); ok && (t < int(s.n) || t >= maxPlanes) {
				s.step = stFire
				return
			}
		}
	}
	if s.sub == subNormal {
		s.objectsFire() // ground fire is simultaneous with the normal crews
	}
	s.after = afterSub
	s.runQueue()
}

// pacAt is the launcher asked now in the fire phase, or -1 when a gun is.
func (s *State) pacAt() int {
	if k := int(s.cursor) - int(s.n)*maxGuns; k >= 0 {
		return k
	}
	return -1
}
