package wings

// The bomb phase (rulebook "Level Bombing", "Dive Bombing", "Photo
// Reconnaissance"; torpedoes are in torpedo.go).

// bombable says whether object k can be bombed (rulebook "Level Bombing",
// "Ships").
func (s *State) bombable(k int) bool {
	sp, o := &s.scen().objects[k], &s.objects[k]
	return (sp.kind == objShip && !o.sunk) || (sp.kind == objTarget && o.halfVP < 2*sp.vp)
}

// willBomb returns the object plane i bombs this turn, or -1: a loaded
// plane that flew over an enemy target (its base over the target's centre
// at some point of the card) with a straight, or with a bomb-dive ending at
// altitude 1 or 2 (rulebook "Level Bombing", "Dive Bombing"; WG-14).
func (s *State) willBomb(i int) int {
	p := &s.planes[i]
	if !p.loaded || p.status != flying || p.flown < 0 || s.turn == 0 || s.air(p).torpedo {
		return -1
	}
	cd := s.cardOf(p, p.flown)
	if !cd.has(flagStraight) && !(cd.has(flagBombDive) && p.alt <= 2) {
		return -1
	}
	base := s.data.geo.baseRect(p.pose())
	if cd.left == 0 && cd.turn == 0 {
		base = s.data.geo.sweptStraight(p.pose(), cd.forward)
	}
	for k := 0; k < int(s.nobj); k++ {
		if s.bombable(k) && s.scen().objects[k].side != s.side(p) && contains(base[:], s.objCentre(k)) {
			return k
		}
	}
	return -1
}

// bombPhase queues the bombing die of every plane over a target, and the
// photograph's die of every camera plane that passed over one.
func (s *State) bombPhase() {
	for i := 0; i < int(s.n); i++ {
		if p := &s.planes[i]; p.snap >= 0 && p.status == flying {
			s.push(queued{kind: qPhoto, plane: int8(i), partner: p.snap})
			p.snap = -1
		}
		if k := s.willBomb(i); k >= 0 {
			s.planes[i].loaded = false
			if s.log != nil {
				s.logf("%s drops its bombs on %s", s.name(i), s.scen().objects[k].name)
			}
			s.push(queued{kind: qBomb, plane: int8(i), partner: int8(k)})
		}
	}
}

// bombardierWounded says whether the crewman who aims the bombs is wounded:
// the bombardier, or the pilot of a plane without one.
func (s *State) bombardierWounded(p *plane) bool {
	for k, c := range s.air(p).crew {
		if c == "bombardier" {
			return p.wounds[k] > 0
		}
	}
	return p.wounds[0] > 0
}

// bombResult applies the bombing die d of plane i on object k: 4 or more a
// direct hit, 2 or more a near miss, after −1 for a moving target and −2
// for a wounded bombardier.
func (s *State) bombResult(i, k, d int) {
	sp, o := &s.scen().objects[k], &s.objects[k]
	if sp.moves {
		d--
	}
	if s.bombardierWounded(&s.planes[i]) {
		d -= 2
	}
	var dmg int8
	switch {
	case d >= 4:
		dmg = 2
	case d >= 2:
		dmg = 1
	}
	if s.log != nil {
		s.logf("%s's bombs on %s: %s", s.name(i), sp.name, [3]string{"a miss", "a near miss", "a direct hit"}[dmg])
	}
	if sp.kind == objShip {
		o.bombDmg += dmg
		if o.bombDmg >= sp.bombToSink && !o.sunk {
			o.sunk, o.halfVP = true, 2*sp.vp
			if s.log != nil {
				s.logf("%s sinks", sp.name)
			}
		}
		return
	}
	o.halfVP = min(2*sp.vp, o.halfVP+dmg*sp.vp)
}

// photoResult applies the photograph's die d of plane i over object k: 3
// or more after −2 for a wounded bombardier is a good photograph (rulebook
// "Photo Reconnaissance").
func (s *State) photoResult(i, k, d int) {
	p := &s.planes[i]
	if s.bombardierWounded(p) {
		d -= 2
	}
	if d >= 3 {
		p.photo = int8(k)
	}
	if s.log != nil {
		s.logf("%s photographs %s: %s", s.name(i), s.scen().objects[k].name, map[bool]string{true: "a good photograph; now home with it", false: "a blurred one"}[d >= 3])
	}
}
