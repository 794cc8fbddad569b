package wings

import "math"

// The policy's planning score (policy.go): where a card takes the plane,
// and what it finds there.

// priority says whether plane j is a fighter's first kind of target: a
// bomber (loaded or not), a torpedo plane or a camera plane.
func (s *State) priority(j int) bool {
	q := &s.planes[j]
	return !s.air(q).fighter || q.loaded || s.scen().planes[j].camera
}

// hasMission says whether plane j still has a mission: bombs, a torpedo or
// a camera (with or without its photograph).
func (s *State) hasMission(j int) bool {
	q := &s.planes[j]
	return q.status == flying && (q.loaded || s.scen().planes[j].camera)
}

// altAfter is the altitude after card cd from alt, counting a climb as a
// share of a level (rulebook "Climb", "Dive").
func (s *State) altAfter(p *plane, cd *card, alt float64) float64 {
	switch {
	case cd.has(flagDive):
		return alt - 1
	case cd.has(flagClimb), cd.has(flagImmelmann):
		return alt + 1/float64(s.climbRate(p))
	}
	return alt
}

// ahead is where enemy plane j is expected after n moves: straight on, as
// far as its straight card takes it (its plans are hidden).
func (s *State) ahead(j, n int) pose {
	q := &s.planes[j]
	x, y, h := q.x, q.y, q.hdg
	cd := s.cardOf(q, s.straightCard(q))
	fwd, fwdHdg := unit(radians(h)), h
	for range n {
		if h != fwdHdg { // a straight card does not turn, but a deck may say otherwise
			fwd, fwdHdg = unit(radians(h)), h
		}
		x, y, h = moveAlong(x, y, h, fwd, cd)
	}
	return q.poseAt(x, y, h)
}

// objAhead is object k's centre after n moves (ships sail, rulebook
// "Ships").
func (s *State) objAhead(k, n int) vec {
	c := s.objCentre(k)
	if s.scen().objects[k].moves && !s.objects[k].sunk {
		c = c.add(unit(radians(s.objects[k].hdg)).scale(shipSpeed * float64(n)))
	}
	return c
}

// scene is what the scores of one plane's planning cards share, worked out
// once for all its cards (newScene) rather than once a card: the plane
// before the scored card, and every other flying plane as many cards on.
type scene struct {
	i       int     // the plane whose cards are scored
	moves   int     // cards it has flown by the end of the scored one: 1, or 2 after the card it flies first
	x, y, h int32   // its position and heading before the scored card
	alt     float64 // its altitude then
	home    bool    // it flies home (goingHome)
	others  [maxPlanes]projection
	cables  [maxObjects]rect // the bases of balloons and launched parachutes and cables (crossesCable)
	ncables int
}

// projection is another flying plane as a scene sees it.
type projection struct {
	at     pose          // straight on for the scene's moves (ahead)
	near   pose          // where crowding looks for it: by its planned cards if it is the same seat's, else at
	base   rect          // an enemy's base there
	target float64       // an enemy's weight as a fighter's target (fighterScore)
	cones  [maxGuns]cone // an enemy's guns' cones there (exposure)
}

// newScene works out plane i's scene.
func (s *State) newScene(i int) scene {
	p := &s.planes[i]
	sc := scene{i: i, moves: 1, x: p.x, y: p.y, h: p.hdg, alt: float64(p.alt), home: s.goingHome(i)}
	if s.turn > 0 && p.slot[0] >= 0 {
		first := s.cardOf(p, p.slot[0])
		sc.x, sc.y, sc.h = moveBy(sc.x, sc.y, sc.h, first)
		sc.alt = s.altAfter(p, first, sc.alt)
		sc.moves = 2
	}
	for k := 0; k < int(s.nobj); k++ {
		if kind := s.scen().objects[k].kind; kind == objBalloon || (kind == objPAC && s.objects[k].active != 0) {
			sc.cables[sc.ncables] = s.objRect(k)
			sc.ncables++
		}
	}
	geo := &s.data.geo
	escort := s.escorting(i)
	for j := 0; j < int(s.n); j++ {
		q := &s.planes[j]
		if j == i || q.status != flying {
			continue
		}
		o := &sc.others[j]
		if q.seat == p.seat {
			o.near = s.planned(j, sc.moves)
			continue
		}
		o.at = s.ahead(j, sc.moves)
		o.near = o.at
		if s.side(q) == s.side(p) {
			continue
		}
		o.base = geo.baseRect(o.at)
		o.target = 1.0
		if s.priority(j) {
			o.target += wPriority
		}
		if escort {
			o.target += 1.5 / (1 + s.nearestMission(s.side(p), o.at.at)/geo.ruler)
		}
		for g := range s.air(q).guns {
			o.cones[g] = geo.gunConeAt(o.at, &s.air(q).guns[g])
		}
	}
	return sc
}

// cardScore rates planning card c for the scene's plane (see policy.go).
func (s *State) cardScore(sc *scene, c int8) float64 {
	i := sc.i
	p := &s.planes[i]
	x, y, h, alt, moves := sc.x, sc.y, sc.h, sc.alt, sc.moves
	mid := p.poseAt(x, y, h)
	cd := s.cardOf(p, c)
	x, y, h = moveBy(x, y, h, cd)
	end := p.poseAt(x, y, h)
	alt = s.altAfter(p, cd, alt)
	if alt < 1 {
		return -wOffTable // dives below level 1 and crashes
	}
	base := s.data.geo.baseRect(end)
	if alt <= 2 && crossesCable(sc.cables[:sc.ncables], mid.at, end.at, base) {
		return -wCable // four C tokens (rulebook "Barrage Balloons")
	}
	home := sc.home
	v := s.edgeScore(i, x, y, home)
	camera := s.scen().planes[i].camera
	switch {
	case home:
		v += s.homeScore(i, end)
	case camera:
		v += s.reconScore(i, mid, end, cd, moves)
	case p.loaded && s.air(p).torpedo:
		v += s.torpedoScore(i, end, cd, alt, moves)
	case p.loaded:
		v += s.bombScore(i, end, base, cd, alt, moves)
	default:
		v += s.fighterScore(sc, end, alt)
	}
	v -= wCollide * s.crowding(sc, end, alt)
	exposure := s.exposure(sc, end, base, alt)
	if p.loaded || camera || !s.air(p).fighter {
		exposure *= wBomberRun
	}
	return v - wExposed*exposure
}

// crossesCable says whether a move from a to end, where the plane's base is
// base, crosses one of the cables: the bases of the barrage balloons and
// launched parachutes and cables (objects.go: balloons).
func crossesCable(cables []rect, a, end vec, base rect) bool {
	for _, r := range cables {
		if segmentHits(a, end, r) || overlap(base, r) {
			return true
		}
	}
	return false
}

// goingHome says whether plane i should fly home by its seat's edge: a
// camera plane with its photograph, or a plane whose fuel is about to run
// out (rulebook "Fuel", "Photo Reconnaissance").
func (s *State) goingHome(i int) bool {
	p := &s.planes[i]
	if s.scen().seats[p.seat].edge == edgeNone {
		return false
	}
	if s.scen().planes[i].camera && p.photo >= 0 {
		return true
	}
	if s.scen().planes[i].fuel == 0 {
		return false
	}
	step := s.cardOf(p, s.straightCard(p)).forward // tenths of mm a turn
	return float64(p.fuel) <= s.homeDistance(i, p.centre())/step+3
}

// homeDistance is how far c is from plane i's home edge.
func (s *State) homeDistance(i int, c vec) float64 {
	sc := s.scen()
	switch sc.seats[s.planes[i].seat].edge {
	case edgeWest:
		return c.x
	case edgeEast:
		return float64(sc.width) - c.x
	case edgeSouth:
		return c.y
	case edgeNorth:
		return float64(sc.height) - c.y
	}
	return 0
}

// edgeScore rates ending at (x, y) against the table's edges: off the
// table is a loss unless it is the way home, and within a ruler of an edge
// costs a little (rulebook "Leaving the Playing Area", "Fuel").
func (s *State) edgeScore(i int, x, y int32, home bool) float64 {
	sc := s.scen()
	if x < 0 || y < 0 || x > sc.width || y > sc.height {
		if home && s.exitEdge(x, y) == sc.seats[s.planes[i].seat].edge {
			return wDrop
		}
		return -wOffTable
	}
	if home {
		return 0
	}
	e := float64(min(x, y, sc.width-x, sc.height-y))
	if ruler := s.data.geo.ruler; e < ruler {
		return -3 * (1 - e/ruler)
	}
	return 0
}

// homeScore draws a plane going home to its edge.
func (s *State) homeScore(i int, end pose) float64 {
	return -2 * s.homeDistance(i, end.at) / s.data.geo.ruler
}

// lineUp rates how near straight flight from end passes to the point t:
// the least distance at the end of the next few straights (a drop needs a
// straight ending over the target), in rulers, the later the worse, as a
// negative score; and a bonus when one of those straights ends with the
// base over t, the larger the sooner.
func (s *State) lineUp(i int, end pose, t vec) float64 {
	p := &s.planes[i]
	geo := &s.data.geo
	st := s.cardOf(p, s.straightCard(p))
	x, y, h := int32(math.Round(end.at.x)), int32(math.Round(end.at.y)), int32(math.Round(end.hdg*18000/math.Pi))
	best, onTarget := math.Inf(1), 0.0
	// The unit vectors of the heading, ahead and to the left, once for the
	// run of straights (again if a straight turned).
	dir := func(h int32) (vec, vec) { return unit(radians(h)), unit(radians(h) + math.Pi/2) }
	fwd, left := dir(h)
	for k := range 6 {
		h0 := h
		x, y, h = moveAlong(x, y, h, fwd, st)
		if h != h0 {
			fwd, left = dir(h)
		}
		at := poseOf(x, y, h)
		best = min(best, at.at.sub(t).len()/geo.ruler+0.3*float64(k))
		if base := geo.baseRectAt(at.at, fwd, left, s.planes[i].large); onTarget == 0 && contains(base[:], t) {
			onTarget = wLinedUp / float64(k+1) // a straight run ends over it
		}
	}
	return onTarget - best
}

// bombScore draws a loaded bomber to a straight (or a bomb-dive ending at
// altitude 1 or 2) over the nearest enemy target or ship (WG-14).
func (s *State) bombScore(i int, end pose, base rect, cd *card, alt float64, moves int) float64 {
	k, t := s.missionObject(i, func(k int) bool { return s.bombable(k) }, moves)
	if k < 0 {
		return 0
	}
	if (cd.has(flagStraight) || (cd.has(flagBombDive) && alt <= 2)) && contains(base[:], t) {
		return wDrop
	}
	v := 3 * s.lineUp(i, end, t)
	if s.canBombDive(i) { // a dive bomber comes down towards altitude 2 near the target
		v -= 0.5 * max(0, alt-2) / (1 + end.at.sub(t).len()/s.data.geo.ruler)
	}
	return v
}

// canBombDive says whether plane i's deck has bomb-dive cards.
func (s *State) canBombDive(i int) bool {
	for _, c := range s.deckOf(&s.planes[i]).cards {
		if c.has(flagBombDive) {
			return true
		}
	}
	return false
}

// torpedoScore draws a torpedo bomber down to altitude 1 and onto a
// straight at a ship within three rulers and 30° of its heading (WG-16).
func (s *State) torpedoScore(i int, end pose, cd *card, alt float64, moves int) float64 {
	k, t := s.missionObject(i, s.afloat, moves)
	if k < 0 {
		return 0
	}
	ruler := s.data.geo.ruler
	d := t.sub(end.at).len()
	off := angleDiff(bearing(end.at, t), end.hdg)
	if cd.has(flagStraight) && alt <= 1 && d <= torpedoAhead*ruler && off <= math.Pi/6 {
		return wDrop
	}
	return -2*(alt-1) - 3*off/math.Pi - max(0, d-2*ruler)/ruler
}

// reconScore draws a camera plane to a straight over the enemy target
// (rulebook "Photo Reconnaissance": the base over its centre somewhere
// along the card).
func (s *State) reconScore(i int, mid, end pose, cd *card, moves int) float64 {
	k, t := s.missionObject(i, func(k int) bool { return s.scen().objects[k].kind == objTarget }, moves)
	if k < 0 {
		return 0
	}
	if cd.has(flagStraight) {
		for f := 0; f <= 5; f++ {
			r := s.data.geo.baseRect(pose{lerp(mid.at, end.at, float64(f)/5), end.hdg, end.large})
			if contains(r[:], t) {
				return wDrop
			}
		}
	}
	return 3 * s.lineUp(i, end, t)
}

// missionObject is the nearest enemy object to plane i that ok accepts,
// with its centre after the moves, or −1.
func (s *State) missionObject(i int, ok func(int) bool, moves int) (int, vec) {
	p := &s.planes[i]
	best, bestD, at := -1, math.Inf(1), vec{}
	for k := 0; k < int(s.nobj); k++ {
		if s.scen().objects[k].side == s.side(p) || !ok(k) {
			continue
		}
		c := s.objAhead(k, moves)
		if d := c.sub(p.centre()).len(); d < bestD {
			best, bestD, at = k, d, c
		}
	}
	return best, at
}

// fighterScore rates a fighter's end pose by its best target: in the
// front cone, at short range, from behind, or else how near and how nearly
// ahead it is. Bombers and camera planes count more; for an escort, so do
// the enemies nearest its side's mission planes.
func (s *State) fighterScore(sc *scene, end pose, alt float64) float64 {
	p := &s.planes[sc.i]
	geo := &s.data.geo
	q4 := geo.quarter()
	front := newCone(end.at, end.hdg, geo.arcHalf[arcFront]*math.Pi/180)
	aggression := 1.0
	if !s.air(p).fighter {
		aggression = 0.3
	}
	best, found := 0.0, false
	for j := 0; j < int(s.n); j++ {
		q := &s.planes[j]
		if q.status != flying || s.side(q) == s.side(p) {
			continue
		}
		ep, w := sc.others[j].at, sc.others[j].target
		dAlt := math.Abs(alt - float64(q.alt))
		var v float64
		if d, ok := geo.aim(front, sc.others[j].base, nil, 4*q4-dAlt*q4); ok {
			v = wLong
			if d+dAlt*q4 <= 2*q4 {
				v = wShort
			}
			if angleDiff(bearing(ep.at, end.at), ep.hdg+math.Pi) <= math.Pi/4 {
				v += wTail
			}
		} else {
			// Out of the cone: the nearer and the more nearly ahead, the
			// better, always below a shot.
			v = 3 / (1 + 0.5*ep.at.sub(end.at).len()/geo.ruler + 1.5*angleDiff(bearing(end.at, ep.at), end.hdg)/math.Pi)
		}
		v = w*v - 0.4*dAlt
		if !found || v > best {
			best, found = v, true
		}
	}
	return aggression * best
}

// crowding rates the risk of a collision (rulebook "Collisions", WG-9) for
// plane i at end: for each other plane, friend or foe, within a level of
// it, up to 1 as their centres come closer than a base's length. A plane
// of the same seat that has planned is where its cards take it (its owner
// sees them); any other is projected straight on.
func (s *State) crowding(sc *scene, end pose, alt float64) float64 {
	geo := &s.data.geo
	n := 0.0
	for j := 0; j < int(s.n); j++ {
		q := &s.planes[j]
		if j == sc.i || q.status != flying || math.Abs(alt-float64(q.alt)) >= 1 {
			continue
		}
		if d := sc.others[j].near.at.sub(end.at).len(); d < geo.baseLength {
			n += 1 - d/geo.baseLength
		}
	}
	return n
}

// planned is where own plane j ends after its planned cards, straight on
// for a card not yet planned.
func (s *State) planned(j, moves int) pose {
	q := &s.planes[j]
	x, y, h := q.x, q.y, q.hdg
	for k := range moves {
		c := q.slot[k+s.planSlot()+1-moves]
		if c < 0 {
			c = s.straightCard(q)
		}
		x, y, h = moveBy(x, y, h, s.cardOf(q, c))
	}
	return q.poseAt(x, y, h)
}

// escorting says whether plane i's side has a plane with a mission still
// flying (then i is an escort).
func (s *State) escorting(i int) bool {
	side := s.side(&s.planes[i])
	for j := 0; j < int(s.n); j++ {
		if j != i && s.side(&s.planes[j]) == side && s.hasMission(j) {
			return true
		}
	}
	return false
}

// nearestMission is the distance from c to side's nearest plane with a
// mission.
func (s *State) nearestMission(side string, c vec) float64 {
	best := math.Inf(1)
	for j := 0; j < int(s.n); j++ {
		if s.side(&s.planes[j]) == side && s.hasMission(j) {
			best = min(best, s.planes[j].centre().sub(c).len())
		}
	}
	return best
}

// exposure counts the enemy guns whose cones hold plane i's base at end
// within their reach, fixed guns 1.5 each, flexible ones 1 (rulebook
// "Firing", "Range").
func (s *State) exposure(sc *scene, end pose, mine rect, alt float64) float64 {
	p := &s.planes[sc.i]
	geo := &s.data.geo
	q4 := geo.quarter()
	e := 0.0
	for j := 0; j < int(s.n); j++ {
		q := &s.planes[j]
		if q.status != flying || s.side(q) == s.side(p) {
			continue
		}
		ep := sc.others[j].at
		reach := 4*q4 - math.Abs(alt-float64(q.alt))*q4
		if reach <= 0 || ep.at.sub(end.at).len() > reach+geo.halfDiagonal() {
			continue
		}
		for g, gn := range s.air(q).guns {
			covered := gn.arc == arcTurret
			if !covered {
				_, covered = geo.aim(sc.others[j].cones[g], mine, nil, reach)
			}
			if covered && gn.fixed {
				e += 1.5
			} else if covered {
				e++
			}
		}
	}
	return e
}
