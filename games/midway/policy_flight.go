package midway

import "scramble/engine"

// The policy's flights and activations (2.4.3): where a plane should be
// when its flight ends, and which plane to fly or send into combat.

// Designed weights of the policy (docs/rules/battle-of-midway.md, "The
// policy"): what a position is worth besides the planes themselves.
const (
	wOpportunity = 0.4  // the best attack the plane will have from there
	wThreat      = 0.8  // the worst attack an enemy will have on it
	wLaterThreat = 0.5  // an enemy without its marker attacks next round at the earliest
	wBomberStep  = 0.5  // a Bomber's manoeuvre nearer the enemy carrier
	wHuntStep    = 0.15 // a Fighter's manoeuvre nearer the enemy Bombers
	wMidway      = 1.0  // Domination: a plane on the Midway tile at round end
	wMidwayStep  = 0.3  // Domination: an area nearer the Midway tile
	wEdge        = 0.15 // the area ahead needs a small tile
	wDoomed      = 0.6  // the area ahead cannot be entered: the plane's worth lost
	wDenied      = 0.2  // attacking a plane that still has its marker takes its activation
)

// worth is what plane p counts for its side: a Fighter 1; a Bomber 3, 6 when
// it is its side's last (2.1), 4 more when it can bomb in its next flight;
// an Ace 3 (3.1.1).
func (s *State) worth(p int8) float64 {
	switch s.kindOf(p) {
	case kindAce:
		return 3
	case kindBomber:
		w := 3.0
		if s.lastBomber(p) {
			w = 6
		}
		sd := sideOf(p)
		if s.planes[p].status == flying && s.toGo(s.craftOf(p), s.carrier(sd.other())) <= 3 {
			w += 4
		}
		return w
	}
	return 1
}

// lastBomber reports whether Bomber p is its side's only one flying.
func (s *State) lastBomber(p int8) bool {
	base := int8(sideOf(p)) * planesPerSide
	for k := int8(numFighters); k < planesPerSide; k++ {
		if base+k != p && s.planes[base+k].status == flying {
			return false
		}
	}
	return true
}

// toGo is the number of manoeuvres c needs to reach h (MW-10), or its
// distance plus three when h is beyond five manoeuvres or behind it.
func (s *State) toGo(c craft, h Hex) int {
	if c.pos == h {
		return 0
	}
	off := h.Sub(c.pos)
	if m := manoeuvresTo(c.face, off); m > 0 {
		return m
	}
	return off.Dist() + 3
}

// foes are the enemy planes flying, as the policy scores a position
// against them: where each is, its worth, and how soon it can attack (now
// with its marker, next round at the earliest without).
type foes struct {
	n      int
	c      [planesPerSide]craft
	worth  [planesPerSide]float64
	weight [planesPerSide]float64
}

// foesOf lists the flying planes of side sd.
func (s *State) foesOf(sd side) *foes {
	f := &foes{}
	base := int8(sd) * planesPerSide
	for k := range int8(planesPerSide) {
		e := base + k
		if s.planes[e].status != flying {
			continue
		}
		f.c[f.n], f.worth[f.n], f.weight[f.n] = s.craftOf(e), s.worth(e), wLaterThreat
		if s.planes[e].marker {
			f.weight[f.n] = 1
		}
		f.n++
	}
	return f
}

// standing scores a plane of the policy's side, worth w, standing as c at
// the end of its activation against the enemy planes f: its goal (the
// enemy carrier for a Bomber, the enemy Bombers for a Hunt Fighter, the
// Midway tile in Domination), the attacks it will have and those it will
// face, and the board's edge ahead.
func (s *State) standing(c craft, w float64, f *foes) float64 {
	me := c.side
	v := 0.0
	if c.kind == kindBomber && c.pos == s.carrier(me.other()) {
		return winWorth
	}
	switch ahead := c.pos.step(c.face); {
	case !s.canEnter(ahead):
		v -= wDoomed * w
	case !s.onBoard(ahead):
		v -= wEdge
	}
	if s.mode == hunt {
		if c.kind == kindBomber {
			v -= wBomberStep * float64(s.toGo(c, s.carrier(me.other())))
		} else {
			near := -1
			for i := range f.n {
				if f.c[i].kind == kindBomber {
					if d := s.toGo(c, f.c[i].pos); near < 0 || d < near {
						near = d
					}
				}
			}
			if near >= 0 {
				v -= wHuntStep * float64(near)
			}
		}
	} else if d := c.pos.Dist(); d <= 1 {
		v += wMidway
	} else {
		v -= wMidwayStep * float64(d-1)
	}
	opp, threat := 0.0, 0.0
	for i := range f.n {
		ec := f.c[i]
		if d := ec.pos.Sub(c.pos).Dist(); d == 0 || d > reachMax {
			continue
		}
		if kill, die := s.typicalDuel(c, ec); kill+die > 0 {
			opp = max(opp, f.worth[i]*kill-w*die)
		}
		if kill, die := s.typicalDuel(ec, c); kill+die > 0 {
			threat = max(threat, f.weight[i]*(w*kill-f.worth[i]*die))
		}
	}
	return v + wOpportunity*opp - wThreat*threat
}

// bestFlight plans plane p's flight from c with moves already made: every
// sequence of manoeuvres it may still fly (2.4.3 Flight), scored where it
// ends. It returns the first action (a manoeuvre or stop) and the score.
func (s *State) bestFlight(p int8, c craft, moves int8) (engine.Action, float64) {
	_, hi := s.flightRange(p)
	return s.flightFrom(p, c, moves, hi, s.worth(p), s.foesOf(c.side.other()))
}

// flightFrom is bestFlight with the plane's worth w and its foes f, flying
// at most hi manoeuvres.
func (s *State) flightFrom(p int8, c craft, moves, hi int8, w float64, f *foes) (engine.Action, float64) {
	pl := planner{s: s, p: p, root: c.pos, moves: moves, hi: hi, w: w, f: f}
	pl.lo, _ = s.flightRange(p)
	return pl.from(c, moves)
}

// flightSpan bounds how far a flight goes from where it starts.
const flightSpan = 4

// planner searches one plane's flight, remembering the score of each
// area, facing and number of manoeuvres already seen (many sequences of
// manoeuvres meet there).
type planner struct {
	s            *State
	p            int8
	root         Hex
	moves        int8
	lo, hi       int8
	w            float64
	f            *foes
	seen         [2*flightSpan + 1][2*flightSpan + 1][numFacings][flightSpan + 1]bool
	memo         [2*flightSpan + 1][2*flightSpan + 1][numFacings][flightSpan + 1]float64
	standingSeen [2*flightSpan + 1][2*flightSpan + 1][numFacings]bool
	standing     [2*flightSpan + 1][2*flightSpan + 1][numFacings]float64
}

// from returns the best first action and score from c after moves.
func (pl *planner) from(c craft, moves int8) (engine.Action, float64) {
	s := pl.s
	best, bestV := engine.Action(actStop), -4.0*winWorth
	if moves >= pl.lo {
		bestV = pl.stand(c)
	}
	if moves >= pl.hi {
		return best, bestV
	}
	to := c.pos.step(c.face)
	if !s.canEnter(to) {
		// Only forward, off the board: the plane is lost.
		if v := -2 * pl.w; v > bestV {
			best, bestV = tokForward, v
		}
		return best, bestV
	}
	if v, done := s.swapOutcome(pl.p, c, to); done {
		if v > bestV {
			best, bestV = tokForward, v
		}
		return best, bestV
	}
	for tok := range int8(numTokens) {
		n := c
		n.pos, n.face = to, c.face.turn(tokTurn[tok])
		if v := pl.value(n, moves+1); v > bestV+1e-9 {
			best, bestV = engine.Action(tok), v
		}
	}
	return best, bestV
}

// value is the best score from c after moves, remembered.
func (pl *planner) value(c craft, moves int8) float64 {
	d := c.pos.Sub(pl.root)
	q, r, m := int(d.Q)+flightSpan, int(d.R)+flightSpan, int(moves-pl.moves)
	if q < 0 || q > 2*flightSpan || r < 0 || r > 2*flightSpan || m > flightSpan {
		_, v := pl.from(c, moves)
		return v
	}
	if !pl.seen[q][r][c.face][m] {
		_, pl.memo[q][r][c.face][m] = pl.from(c, moves)
		pl.seen[q][r][c.face][m] = true
	}
	return pl.memo[q][r][c.face][m]
}

// stand is standing, remembered.
func (pl *planner) stand(c craft) float64 {
	d := c.pos.Sub(pl.root)
	q, r := int(d.Q)+flightSpan, int(d.R)+flightSpan
	if q < 0 || q > 2*flightSpan || r < 0 || r > 2*flightSpan {
		return pl.s.standing(c, pl.w, pl.f)
	}
	if !pl.standingSeen[q][r][c.face] {
		pl.standing[q][r][c.face] = pl.s.standing(c, pl.w, pl.f)
		pl.standingSeen[q][r][c.face] = true
	}
	return pl.standing[q][r][c.face]
}

// swapOutcome settles a move of p from c into to that ends the game: a
// Bomber onto the enemy carrier, or a swap that puts an enemy Bomber onto
// p's carrier (MW-20).
func (s *State) swapOutcome(p int8, c craft, to Hex) (float64, bool) {
	me := c.side
	if c.kind == kindBomber && to == s.carrier(me.other()) {
		return winWorth, true
	}
	if o := s.planeAt(to); o != noPlane && o != p && sideOf(o) != me && s.isBomber(o) && c.pos == s.carrier(me) {
		return -winWorth, true
	}
	return 0, false
}

// activation is one choice of the Initiative holder with its gain.
type activation struct {
	a    engine.Action
	gain float64
}

// bestActivation scores every activation of side sd in legal (2.4.3): a
// flight by how much better the plane stands after it, an attack by the
// typical duel's worth, with the chance that a Thach Weave downs the
// Japanese plane first (MW-13), and the rival's activation it takes away.
func (s *State) bestActivation(sd side, legal []engine.Action) activation {
	own := int8(sd) * planesPerSide
	best := activation{a: -1, gain: -4 * winWorth}
	f := s.foesOf(sd.other())
	for _, a := range legal {
		var g float64
		if a < actAttack {
			p := own + int8(a)
			g = s.flightGain(p, f)
		} else {
			g = s.attackGain(sd, a)
		}
		if best.a < 0 || g > best.gain+1e-9 {
			best = activation{a, g}
		}
	}
	return best
}

// flightGain is what flying plane p is worth against its foes f: how much
// better it stands after the fewest manoeuvres it must fly (a cheaper
// look than the flight itself, which may fly one more), or a win when a
// Bomber can reach the enemy carrier.
func (s *State) flightGain(p int8, f *foes) float64 {
	c, w := s.craftOf(p), s.worth(p)
	lo, hi := s.flightRange(p)
	if c.kind == kindBomber && s.toGo(c, s.carrier(c.side.other())) <= int(hi) {
		return winWorth
	}
	_, v := s.flightFrom(p, c, 0, lo, w, f)
	return v - s.standing(c, w, f)
}

// attackGain is what attack a of side sd is worth to it: the typical duel,
// a Thach Weave's chance on the Japanese plane where the duel is fought
// (about where the defender stands), and the defender's activation taken.
func (s *State) attackGain(sd side, a engine.Action) float64 {
	p, e := s.attackPair(sd, a)
	pc, ec := s.craftOf(p), s.craftOf(e)
	kill, die := s.typicalDuel(pc, ec)
	if s.hand[US][specialSlot] > 0 {
		if sd == Japan {
			at := pc
			at.pos = ec.pos
			die = 1 - (1-die)*(1-s.thachAt(at, e))
		} else {
			kill = 1 - (1-kill)*(1-s.thachAt(ec, p))
		}
	}
	g := s.worth(e)*kill - s.worth(p)*die
	if s.planes[e].marker {
		g += wDenied
	}
	return g
}

// attackPair decodes an attack of side sd: its plane and the target.
func (s *State) attackPair(sd side, a engine.Action) (p, e int8) {
	k, t := (int(a)-actAttack)/planesPerSide, (int(a)-actAttack)%planesPerSide
	return int8(sd)*planesPerSide + int8(k), int8(sd.other())*planesPerSide + int8(t)
}

// activations lists what side sd could do with the Initiative now: every
// plane with a marker flies or attacks (appendActivations as if sd held
// the card).
func (s *State) activations(sd side) []engine.Action {
	c := *s
	c.log = nil
	c.actor = sd
	var buf [64]engine.Action
	return c.appendActivations(buf[:0])
}
