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
// enemy's cone loses, a plane within a ruler of the table's edge loses (it
// may have to leave), and one that has left, other than home, loses as one
// beyond the edge.
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
// points for downing it and the points it will not score. A ship or boat
// still afloat counts for its attackers its share already sunk (its
// damage over the damage that sinks it), and a torpedo in the water the
// mean of its run (torpedoAhead), so that neither a drop on a ship nor a
// launch costs the score anything in expectation.
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
	for k := 0; k < int(s.nobj); k++ {
		if v := s.shipShare(k); v > 0 {
			for j := range sides {
				if sides[j] != s.scen().objects[k].side {
					exp[j] += v
				}
			}
		}
	}
	for k := range s.torps {
		if j, v := s.torpedoAhead(k); j >= 0 {
			for m := range sides {
				if sides[m] != s.scen().objects[j].side {
					exp[m] += v
				}
			}
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
// what is left of it) or ship still afloat (shipDropStake), a torpedo
// bomber's nearest enemy ship or boat afloat (torpedoStake), a camera
// plane's nearest enemy target, or with its photograph its home edge.
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
	torpedo := s.air(p).torpedo
	dist = -1
	for k := 0; k < int(s.nobj); k++ {
		sp := &sc.objects[k]
		var ok bool
		switch {
		case camera:
			ok = sp.kind == objTarget
		case torpedo:
			ok = s.torpedoTarget(k)
		default:
			ok = s.bombable(k)
		}
		if !ok || sp.side == s.side(p) {
			continue
		}
		if d := s.objCentre(k).sub(p.centre()).len(); dist < 0 || d < dist {
			dist = d
			switch {
			case camera:
				stake = 2 * float64(sp.vp)
			case torpedo:
				stake = s.torpedoStake(i, k)
			case sp.kind == objTarget:
				stake = min(2*float64(sp.vp)-float64(s.objects[k].halfVP), dropHits*float64(sp.vp))
			default:
				stake = s.shipDropStake(i, k)
			}
		}
	}
	return dist, stake
}

// sinkLimit is the damage that sinks ship or boat k (a boat sinks at the
// first: torpedoDamage).
func (s *State) sinkLimit(k int) int {
	if s.scen().objects[k].kind == objMTB {
		return 1
	}
	return int(s.scen().objects[k].bombToSink)
}

// perDamage is what one damage on ship or boat k is worth in half-points:
// its points over the damage that sinks it.
func (s *State) perDamage(k int) float64 {
	return 2 * float64(s.scen().objects[k].vp) / float64(max(s.sinkLimit(k), 1))
}

// shipShare is the half-points of ship or boat k already won by its damage
// while it is afloat (0 for other objects, and once sunk: then the score
// counts it whole).
func (s *State) shipShare(k int) float64 {
	dmg := s.objects[k].bombDmg
	if !s.afloat(k) || dmg <= 0 {
		return 0
	}
	return float64(min(int(dmg), s.sinkLimit(k))) * s.perDamage(k)
}

// shipDropStake is the mean half-points plane i's drop on ship k would
// win: the mean damage of bombResult (−1 on a moving ship, −2 with the
// bombardier wounded), each at most what still sinks it.
func (s *State) shipDropStake(i, k int) float64 {
	mod := 0
	if s.scen().objects[k].moves {
		mod++
	}
	if s.bombardierWounded(&s.planes[i]) {
		mod += 2
	}
	left := s.sinkLimit(k) - int(s.objects[k].bombDmg)
	sum := 0
	for d := 1; d <= 6; d++ {
		dmg := 0
		switch {
		case d-mod >= 4:
			dmg = 2
		case d-mod >= 2:
			dmg = 1
		}
		sum += min(dmg, left)
	}
	return float64(sum) / 6 * s.perDamage(k)
}

// torpedoStake is the mean half-points plane i's torpedo would win on ship
// or boat k, taken as launched from where the plane is, straight at it.
func (s *State) torpedoStake(i, k int) float64 {
	p := &s.planes[i]
	return s.torpedoValue(k, bearing(p.centre(), s.objCentre(k)), s.bombardierWounded(p))
}

// torpedoValue is the mean half-points a torpedo running on heading hdg
// (radians) wins when it reaches ship or boat k: the chance of a hit
// (torpedoHits: on the side, or on the front or rear, after −2 for a
// wounded bombardier) times the mean damage of the hit (torpedoDamage),
// each at most what still sinks it.
func (s *State) torpedoValue(k int, hdg float64, wounded bool) float64 {
	mod := 0
	if wounded {
		mod = 2
	}
	off := angleDiff(hdg, radians(s.objects[k].hdg))
	need := 5
	if off > math.Pi/4 && off < 3*math.Pi/4 {
		need = 2
	}
	left := s.sinkLimit(k) - int(s.objects[k].bombDmg)
	hits, sum := 0, 0
	for d := 1; d <= 6; d++ {
		if d-mod >= need {
			hits++
		}
		sum += min(int(torpedoDie(d)), left)
	}
	return float64(hits) / 6 * float64(sum) / 6 * s.perDamage(k)
}

// torpedoAhead is the ship or boat torpedo k will reach, taken as standing
// still: the nearest afloat within 30° of its heading and within its run
// still to come; and the mean half-points it wins there (torpedoValue).
// It is (−1, 0) for a torpedo not in the water or running at nothing.
func (s *State) torpedoAhead(k int) (int, float64) {
	tp := &s.torps[k]
	if !tp.live {
		return -1, 0
	}
	from := vec{float64(tp.x), float64(tp.y)}
	hdg := radians(tp.hdg)
	run := float64(torpedoRun) * float64(torpedoLife-int(tp.age))
	best, dist := -1, 0.0
	for j := 0; j < int(s.nobj); j++ {
		if !s.afloat(j) {
			continue
		}
		sp := &s.scen().objects[j]
		c := s.objCentre(j)
		d := c.sub(from).len()
		if d > run+sp.length/2 || angleDiff(bearing(from, c), hdg) > math.Pi/6 {
			continue
		}
		if best < 0 || d < dist {
			best, dist = j, d
		}
	}
	if best < 0 {
		return -1, 0
	}
	return best, s.torpedoValue(best, hdg, tp.wounded)
}

// positionScore sums, over side's planes in the air, +0.5 for each that has
// an enemy in its front cone within long range, −0.5 for each in an enemy's,
// and up to −0.5 for being near an edge (−1 beyond it); a plane that has
// left the table other than home scores −1 for good, as it did when its
// cards were taking it beyond the edge, so that finishing an exit does not
// lift the score (without it the search flew a fighter off the table to be
// rid of its edge penalty: docs/bots.md, "Wings of Glory"). The result is
// within ±1.5 per plane. The planes are scored where the cards on their
// consoles will take them (a sampled state holds cards for the other seats
// too), so that planning a card changes the score.
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
		if s.side(p) != side {
			continue
		}
		if p.status == leftArea && !p.home {
			score--
		}
		if p.status != flying {
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
		return p.poseAt(x, y, h)
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
	return p.poseAt(x, y, h)
}

// inFront says whether the base at b is in the front cone of the plane at a
// within long range, ignoring altitude and blocking (a rough measure for
// Evaluate).
func (s *State) inFront(a, b pose) bool {
	geo := &s.data.geo
	c := newCone(a.at, a.hdg, geo.arcHalf[arcFront]*math.Pi/180)
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
