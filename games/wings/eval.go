package wings

import (
	"math"

	"scramble/engine"
)

// PassAction is the pass of a firing declaration: hold fire. Planning has
// no pass (a card must be planned) and chance is not a seat.
func (s *State) PassAction(seat engine.Seat) (engine.Action, bool) {
	if (s.step == stFire || s.step == stDive) && seat == s.Current() {
		return 0, true // hold fire, keep the counters, keep the PAC
	}
	return 0, false
}

// Evaluate scores the position for seat from what every seat can see: the
// share of the enemy's strength lost minus the share of its own side's,
// mapped to 0..1, plus a little for position. A plane destroyed is lost
// whole; one still flying is lost by the expected value of its tokens over
// its damage points (token values are hidden, so the expectation uses each
// deck's mean, never the values). Position: a plane with an enemy in its
// front cone within long range gains, one in an enemy's cone loses, and a
// plane within a ruler of the table's edge loses (it may have to leave).
func (s *State) Evaluate(seat engine.Seat) float64 {
	if seat < 0 || int(seat) >= len(s.scen().seats) {
		return 0.5
	}
	if s.step == stOver {
		return s.Result().Returns[seat]
	}
	if s.plansPending() {
		return s.evaluateAhead(seat)
	}
	return s.evaluateNow(seat)
}

// evaluateNow is Evaluate of a position where no plan is half made.
func (s *State) evaluateNow(seat engine.Seat) float64 {
	if s.step == stOver {
		return s.Result().Returns[seat]
	}
	mine := s.scen().seats[seat].side
	var own, enemy, nOwn, nEnemy float64
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		loss := 1.0
		if p.status == flying {
			loss = min(1, s.expectedDamage(p)/float64(s.air(p).damage))
		} else if !p.destroyed() {
			loss = 0.5 // left the table: out of the fight, not lost
		}
		if s.side(p) == mine {
			own, nOwn = own+loss, nOwn+1
		} else {
			enemy, nEnemy = enemy+loss, nEnemy+1
		}
	}
	v := 0.5 + 0.3*(enemy/max(nEnemy, 1)-own/max(nOwn, 1)) + 0.1*s.positionScore(mine)/max(nOwn, 1) +
		0.1*s.missionScore(mine)
	return min(1, max(0, v))
}

// missionScore is side's lead in victory points over the best other side,
// over the points at stake, plus how close its planes with a mission are to
// it: a loaded bomber to an enemy target or ship, a camera plane to an enemy
// target, or with its photographs to its home edge. Within about ±2.
func (s *State) missionScore(side string) float64 {
	sides, score, _ := s.scores()
	best, stake := 0, 2
	for _, sd := range sides {
		if sd != side {
			best = max(best, score[sd])
		}
	}
	for i := range s.scen().planes {
		stake += 2 * int(s.scen().planes[i].vp)
	}
	for _, o := range s.scen().objects {
		stake += 2 * int(o.vp)
	}
	v := float64(score[side]-best) / float64(stake)
	diag := math.Hypot(float64(s.scen().width), float64(s.scen().height))
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if p.status != flying || s.side(p) != side {
			continue
		}
		d := s.missionDistance(i)
		if d >= 0 {
			v -= 0.5 * d / diag
		}
	}
	return v
}

// missionDistance is how far plane i is from its mission, or −1 if it has
// none (see missionScore).
func (s *State) missionDistance(i int) float64 {
	p := &s.planes[i]
	camera := s.scen().planes[i].camera
	if camera && p.photo >= 0 {
		sc := s.scen()
		switch sc.seats[p.seat].edge {
		case edgeWest:
			return float64(p.x)
		case edgeEast:
			return float64(sc.width - p.x)
		case edgeSouth:
			return float64(p.y)
		case edgeNorth:
			return float64(sc.height - p.y)
		}
		return -1
	}
	if !p.loaded && !camera {
		return -1
	}
	best := -1.0
	for k := 0; k < int(s.nobj); k++ {
		sp := &s.scen().objects[k]
		ok := (sp.kind == objTarget && camera) || (!camera && (s.bombable(k) || (sp.kind == objMTB && !s.objects[k].sunk)))
		if !ok || sp.side == s.side(p) {
			continue
		}
		if d := s.objCentre(k).sub(p.centre()).len(); best < 0 || d < best {
			best = d
		}
	}
	return best
}

// positionScore sums, over side's planes in the air, +0.5 for each that has
// an enemy in its front cone within long range, −0.5 for each in an enemy's,
// and up to −0.5 for being near an edge (−1 beyond it); the result is within
// ±1.5 per plane. The planes are scored where the cards on their consoles
// will take them (a sampled state holds cards for the other seats too), so
// that planning a card changes the score.
func (s *State) positionScore(side string) float64 {
	geo := &s.data.geo
	sc := s.scen()
	var at [maxPlanes]pose
	for i := 0; i < int(s.n); i++ {
		at[i] = s.projected(i, s.side(&s.planes[i]) == side)
	}
	score := 0.0
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if p.status != flying || s.side(p) != side {
			continue
		}
		c := at[i].at
		edge := math.Min(math.Min(c.x, c.y), math.Min(float64(sc.width)-c.x, float64(sc.height)-c.y))
		switch {
		case edge < 0:
			score--
		case edge < geo.ruler:
			score -= 0.5 * (1 - edge/geo.ruler)
		}
		aims, aimed := false, false
		for j := 0; j < int(s.n); j++ {
			q := &s.planes[j]
			if q.status != flying || s.side(q) == side {
				continue
			}
			aims = aims || s.inFront(at[i], at[j])
			aimed = aimed || s.inFront(at[j], at[i])
		}
		if aims {
			score += 0.5
		}
		if aimed {
			score -= 0.5
		}
	}
	return score
}

// projected is where plane i will be after the cards on its console.
// While planning, the card being planned is taken as a straight for an
// enemy plane (own is false) and for a plane that has not planned yet, so
// that every plane is projected the same number of moves, whoever plans
// first and whatever a sampled state guessed of the enemy's plan.
func (s *State) projected(i int, own bool) pose {
	p := &s.planes[i]
	x, y, h := p.x, p.y, p.hdg
	if p.status != flying {
		return poseOf(x, y, h)
	}
	last := 1
	if s.step == stPlan {
		last = s.planSlot()
	}
	for k := 0; k <= last; k++ {
		c := p.slot[k]
		if s.step == stPlan && k == last && (c < 0 || !own) {
			c = s.straightCard(p)
		}
		if c >= 0 {
			x, y, h = moveBy(x, y, h, s.cardOf(p, c))
		}
	}
	return poseOf(x, y, h)
}

// inFront says whether the base at b is in the front cone of the plane at a
// within long range, ignoring altitude and blocking (a rough measure for
// Evaluate).
func (s *State) inFront(a, b pose) bool {
	geo := &s.data.geo
	c := cone{apex: a.at, axis: a.hdg, half: geo.arcHalf[arcFront] * math.Pi / 180}
	_, ok := geo.aim(c, geo.baseRect(b), nil, 4*geo.quarter())
	return ok
}

// expectedDamage is the mean damage of p's tokens given their letters.
func (s *State) expectedDamage(p *plane) float64 {
	e := 0.0
	for l := 0; l < numLetters; l++ {
		n := 0
		for k := range p.drawn[l] {
			n += int(p.drawn[l][k]) + int(p.plain[l][k])
		}
		e += float64(n) * s.data.damage[l].mean()
	}
	return e
}

// mean is the mean value of a token of the deck.
func (d *damageDeck) mean() float64 {
	sum := 0
	for _, tk := range d.tokens {
		sum += int(tk.value) * tk.count
	}
	return float64(sum) / float64(d.total)
}

// Roll resolves the chance node being drawn from r, as Apply of a sampled
// outcome would (engine.Roller): the fast path of simulation.
func (s *State) Roll(r *engine.Rand) {
	var buf [32]engine.Outcome
	_ = s.Apply(engine.Chance, r.Sample(s.ChanceOutcomes(buf[:0]))) // a sampled outcome is always legal
}
