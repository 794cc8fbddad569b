package wings

// The move phase (rulebook "Movement", "Illegal Manoeuvres", "Dive",
// "Climb", "Immelmann turn", "Split-S", "Leaving the Playing Area",
// "Overlapping During Movement", "Collisions").

// straightCard returns the first straight card of plane p's deck (data.go
// guarantees one).
func (s *State) straightCard(p *plane) int8 {
	for i, c := range s.deckOf(p).cards {
		if c.has(flagStraight) {
			return int8(i)
		}
	}
	return 0
}

// moveAll reveals and flies the first card of every plane, then checks
// collisions and queues the tokens they and illegal manoeuvres cost.
func (s *State) moveAll() {
	s.sailAll()
	s.runTorpedoes()
	for k := 0; k < int(s.nobj); k++ {
		s.objects[k].strafedBy = 0
	}
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		p.noFire, p.fired, p.target, p.overHit, p.split = false, 0, -1, false, false
		if p.status == flying {
			s.fly(i)
		}
	}
	for k := 0; k < int(s.nobj); k++ {
		if s.objects[k].active > 0 {
			s.objects[k].active-- // a PAC stays up six movement phases
		}
	}
	s.cursor = 0
	s.nextDiver()
}

// nextDiver asks, from the cursor on, the owner of each plane that dived
// with climb counters whether to keep them all or drop them all (rulebook
// "Dive"); then collisions are checked, which depend on the counters.
func (s *State) nextDiver() {
	for ; int(s.cursor) < int(s.n); s.cursor++ {
		p := &s.planes[s.cursor]
		if p.status == flying && p.climb > 0 && p.flown >= 0 && s.cardOf(p, p.flown).has(flagDive) {
			s.step = stDive
			return
		}
	}
	s.collisions()
	s.after = afterMove
	s.runQueue()
}

// diveChoice applies the choice of the plane asked by nextDiver.
func (s *State) diveChoice(drop bool) {
	p := &s.planes[s.cursor]
	if drop {
		p.climb = 0
	}
	if s.log != nil {
		s.logf("%s %s its climb counters", s.name(int(s.cursor)), map[bool]string{true: "drops", false: "keeps"}[drop])
	}
	s.cursor++
	s.nextDiver()
}

// fly reveals and flies plane i's first card.
func (s *State) fly(i int) {
	p := &s.planes[i]
	c := p.slot[0]
	if p.recov > 0 { // Recovery: a counter goes with each manoeuvre flown
		p.recov--
		p.recEnd = p.recov == 0
	}
	if s.planCheck(i, c, true) != okPlan {
		// Illegal Manoeuvres: a straight instead, an A token, no firing.
		if s.log != nil {
			s.logf("%s's %s is illegal (%v): it flies a straight, takes an A token and may not fire", s.name(i), s.cardOf(p, c).id, s.planRule(i, c, true))
		}
		c = s.straightCard(p)
		p.noFire = true
		s.push(queued{kind: qToken, plane: int8(i), letter: 0})
	}
	cd := s.cardOf(p, c)
	var before *card
	if p.prev >= 0 {
		before = s.cardOf(p, p.prev)
	}
	if before != nil && before.has(flagImmelmann) && !cd.has(flagStraight) {
		p.useSkill() // Acrobatic Pilot: planCheck allowed it, so the ace has the skill
	}
	from, fromPose := p.centre(), p.pose()
	p.x, p.y, p.hdg = moveBy(p.x, p.y, p.hdg, cd)
	if s.scen().planes[i].fuel > 0 {
		p.fuel -= fuelCost(cd)
	}
	s.photoPass(i, from, cd)
	fromAlt := p.alt
	switch {
	case cd.has(flagImmelmann) && before != nil && before.has(flagStall):
		// Split-S: lose a climb counter, or a level and gain rate-1 counters.
		p.split = true
		if p.climb > 0 {
			p.climb--
		} else {
			p.alt--
			p.climb = s.climbRate(p) - 1
		}
	case cd.has(flagImmelmann), cd.has(flagClimb):
		p.climb++
		if p.climb >= s.climbRate(p) {
			p.climb = 0
			if p.alt < s.air(p).ceiling {
				p.alt++
			}
		}
	case cd.has(flagDive):
		p.alt--
	}
	p.prev2, p.prev, p.flown = p.prev, c, c
	p.slot[0], p.slot[1] = p.slot[1], -1
	if s.log != nil {
		s.logf("%s flies %s to (%.0f, %.0f) mm heading %.0f°, altitude %d%s", s.name(i), cd.id,
			float64(p.x)/10, float64(p.y)/10, float64(p.hdg)/100, p.alt, altChange(fromAlt, p.alt))
	}
	sc := s.scen()
	switch {
	case p.alt < 1:
		p.status = crashed
		if s.log != nil {
			s.logf("%s dives below level 1 and crashes", s.name(i))
		}
	case p.x < 0 || p.y < 0 || p.x > sc.width || p.y > sc.height:
		s.leave(i)
	case sc.planes[i].fuel > 0 && p.fuel <= 0:
		p.status = shotDown
		if s.log != nil {
			s.logf("%s runs out of fuel over the table and is lost", s.name(i))
		}
	default:
		s.balloons(i, fromPose, cd)
	}
}

func altChange(from, to int8) string {
	switch {
	case to > from:
		return " (climbed)"
	case to < from:
		return " (down a level)"
	}
	return ""
}

// collides says whether planes i and j collide (rulebook "Collisions", WG-9).
func (s *State) collides(i, j int) bool {
	p, q := &s.planes[i], &s.planes[j]
	if p.alt != q.alt || (p.climb > 0) != (q.climb > 0) {
		return false
	}
	g := &s.data.geo
	a, b := g.baseRect(p.pose()), g.baseRect(q.pose())
	if !overlap(a, b) {
		return false
	}
	return contains(a[:], vec{float64(q.x), float64(q.y)}) || contains(b[:], vec{float64(p.x), float64(p.y)})
}

// collisions queues a B token for each plane of each colliding pair.
func (s *State) collisions() {
	for i := 0; i < int(s.n); i++ {
		for j := i + 1; j < int(s.n); j++ {
			if s.planes[i].status == flying && s.planes[j].status == flying && s.collides(i, j) {
				if s.log != nil {
					s.logf("%s and %s collide: a B token each", s.name(i), s.name(j))
				}
				s.push(queued{kind: qCollide, plane: int8(i), letter: 1, partner: int8(j)})
				s.push(queued{kind: qCollide, plane: int8(j), letter: 1, partner: int8(i)})
			}
		}
	}
}

// fuelCost is the fuel a card burns (rulebook "Fuel"): none for a dive,
// two for a climb or an Immelmann, else one.
func fuelCost(c *card) int8 {
	switch {
	case c.has(flagDive):
		return 0
	case c.has(flagClimb), c.has(flagImmelmann):
		return 2
	}
	return 1
}

// exitEdge is the edge a position off the table is beyond (the farthest
// beyond, at a corner).
func (s *State) exitEdge(x, y int32) int8 {
	sc := s.scen()
	best, edge := int32(0), edgeNone
	for _, c := range []struct {
		over int32
		e    int8
	}{{-x, edgeWest}, {x - sc.width, edgeEast}, {-y, edgeSouth}, {y - sc.height, edgeNorth}} {
		if c.over > best {
			best, edge = c.over, c.e
		}
	}
	return edge
}

// leave takes plane i off the table (rulebook "Leaving the Playing Area"):
// out of the game; where its seat has a home edge, leaving by another one
// is a loss ("Fuel"), by its own it is home, with its photographs. In a
// scenario where leaving loses (a duel, WG-12), any edge is a loss.
func (s *State) leave(i int) {
	p := &s.planes[i]
	own := s.scen().seats[p.seat].edge
	switch {
	case own == edgeNone && s.scen().leavingLoses:
		p.status = shotDown
	case own == edgeNone:
		p.status = leftArea
	case s.exitEdge(p.x, p.y) == own:
		p.status, p.home = leftArea, true
	default:
		p.status = shotDown
	}
	if s.log != nil {
		switch {
		case p.status == shotDown && own == edgeNone:
			s.logf("%s breaks off the fight by leaving the table and is counted lost", s.name(i))
		case p.status == shotDown:
			s.logf("%s leaves the table far from home and is lost", s.name(i))
		case p.home:
			s.logf("%s flies home", s.name(i))
		default:
			s.logf("%s leaves the playing area and is out of the game", s.name(i))
		}
	}
}

// photoPass notes, for a photograph's die after firing, when a camera plane flies a straight
// over an enemy target: its base, somewhere along the card, over the
// target's centre (rulebook "Photo Reconnaissance"). The base is tried at
// every fifth of the way.
func (s *State) photoPass(i int, from vec, cd *card) {
	p := &s.planes[i]
	p.snap = -1
	if !s.scen().planes[i].camera || !cd.has(flagStraight) || p.photo >= 0 {
		return
	}
	for k := 0; k < int(s.nobj); k++ {
		sp := &s.scen().objects[k]
		if sp.kind != objTarget || sp.side == s.side(p) {
			continue
		}
		for f := 0; f <= 5; f++ {
			at := lerp(from, p.centre(), float64(f)/5)
			r := s.data.geo.baseRect(pose{at, p.pose().hdg, p.large})
			if contains(r[:], s.objCentre(k)) {
				p.snap = int8(k)
				return
			}
		}
	}
}
