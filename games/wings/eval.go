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

// Evaluate scores the position for seat from what every seat can see: its
// side's expected lead in victory points (expectedLead), mapped into 0..1,
// plus a little for position. The lead counts the points scored, each plane
// still flying by its points times the share of its damage points its
// tokens are expected to hold (token values are hidden, so the expectation
// uses each deck's mean, never the values), and each mission still to fly
// by the points it would score, the nearer the likelier. Position: a plane
// with an enemy in its front cone within long range gains, one in an
// enemy's cone loses, and a plane within a ruler of the table's edge loses
// (it may have to leave).
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

// The weights of evaluateNow (designed: docs/rules/wings-of-glory.md, "The
// evaluation"): the lead moves the score by up to wLead either way, half
// of that at a lead of about leadScale half-points; each plane's position
// (within ±1.5) by wPosition over the side's planes.
const (
	wLead     = 0.4
	leadScale = 12.0
	wPosition = 0.1
)

// evaluateNow is Evaluate of a position where no plan is half made.
func (s *State) evaluateNow(seat engine.Seat) float64 {
	if s.step == stOver {
		return s.Result().Returns[seat]
	}
	mine := s.scen().seats[seat].side
	nOwn := 0
	for i := 0; i < int(s.n); i++ {
		if s.side(&s.planes[i]) == mine {
			nOwn++
		}
	}
	v := 0.5 + wLead*math.Tanh(s.expectedLead(mine)/leadScale) + wPosition*s.positionScore(mine)/float64(max(nOwn, 1))
	return min(1, max(0, v))
}

// expectedLead is side's expected lead in victory points, in halves, over
// the best other side (WG-12: the side with more points wins). To the
// points scored it adds, for every plane still flying, its points to the
// other sides times its expected loss (the expected value of its tokens
// over its damage points, at most 1), and to its own side the points of
// its mission still to fly (missionStake) times its expected survival and
// the chance of reaching it, taken as 1 less its distance over the table's
// diagonal. So a loaded bomber nearing its target raises its side's lead
// and lowers its enemies', and damage to it counts twice for them: the
// points for downing it and the points it will not score.
func (s *State) expectedLead(side string) float64 {
	sides, score, _ := s.scores()
	var exp [maxPlanes]float64 // by side, in sides' order: every side has a plane, so maxPlanes is room enough
	index := func(sd string) int {
		for k, x := range sides {
			if x == sd {
				return k
			}
		}
		return 0
	}
	for k, sd := range sides {
		exp[k] = float64(score[sd])
	}
	diag := math.Hypot(float64(s.scen().width), float64(s.scen().height))
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if p.status != flying {
			continue
		}
		loss := min(1, s.expectedDamage(p)/float64(s.air(p).damage))
		own := index(s.side(p))
		for k := range sides {
			if k != own {
				exp[k] += loss * 2 * float64(s.scen().planes[i].vp)
			}
		}
		if d, stake := s.missionStake(i); stake > 0 {
			exp[own] += (1 - loss) * max(0, 1-d/diag) * stake
		}
	}
	me, best := index(side), math.Inf(-1)
	for k := range sides {
		if k != me {
			best = max(best, exp[k])
		}
	}
	if math.IsInf(best, -1) {
		best = 0
	}
	return exp[me] - best
}

// dropHits is the mean bomb damage of a drop on a target (bombResult: a
// die of 4–6 a direct hit, 2 damage; 2–3 a near miss, 1), each damage
// scoring the target's points in halves: a drop is worth that much before
// it is made, so making it costs the evaluation nothing.
const dropHits = (3*2 + 2*1) / 6.0

// missionStake is how far plane i is from its mission and the half-points
// the mission would score, or (−1, 0) if it has none: a loaded bomber's
// nearest enemy target still to bomb (the mean points of one drop, at most
// what is left of it) or ship or boat still afloat, a camera plane's
// nearest enemy target, or with its photograph its home edge.
func (s *State) missionStake(i int) (dist, stake float64) {
	p := &s.planes[i]
	sc := s.scen()
	camera := sc.planes[i].camera
	if camera && p.photo >= 0 {
		stake = 2 * float64(sc.objects[p.photo].vp)
		switch sc.seats[p.seat].edge {
		case edgeWest:
			return float64(p.x), stake
		case edgeEast:
			return float64(sc.width - p.x), stake
		case edgeSouth:
			return float64(p.y), stake
		case edgeNorth:
			return float64(sc.height - p.y), stake
		}
		return -1, 0
	}
	if !p.loaded && !camera {
		return -1, 0
	}
	dist = -1
	for k := 0; k < int(s.nobj); k++ {
		sp := &sc.objects[k]
		ok := (sp.kind == objTarget && camera) || (!camera && (s.bombable(k) || (sp.kind == objMTB && !s.objects[k].sunk)))
		if !ok || sp.side == s.side(p) {
			continue
		}
		if d := s.objCentre(k).sub(p.centre()).len(); dist < 0 || d < dist {
			dist, stake = d, 2*float64(sp.vp)
			if !camera && sp.kind == objTarget {
				stake = min(stake-float64(s.objects[k].halfVP), dropHits*float64(sp.vp))
			}
		}
	}
	return dist, stake
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
