package midway

import "scramble/engine"

// Manoeuvres per Flight (2.4.3): Fighters and Aces 3-4, Bombers 2-3.
func (s *State) flightRange(p int8) (lo, hi int8) {
	if s.isBomber(p) {
		return 2, 3
	}
	return 3, 4
}

// appendManoeuvres lists the flyer's choices: a manoeuvre while it has some
// left (only "forward" when it is about to be destroyed at the board's
// edge, its turn being moot), and stop once it has flown its minimum.
func (s *State) appendManoeuvres(buf []engine.Action) []engine.Action {
	lo, hi := s.flightRange(s.mover)
	if s.moves < hi {
		p := &s.planes[s.mover]
		if s.canEnter(p.pos.step(p.face)) {
			buf = append(buf, tokForward, tokLeft, tokRight)
		} else {
			buf = append(buf, tokForward)
		}
	}
	if s.moves >= lo {
		buf = append(buf, actStop)
	}
	return buf
}

// applyManoeuvre flies one manoeuvre or stops; the Flight ends at its
// maximum, when the plane is destroyed, or when the game ends. A plane
// flying off the board waits for its owner's small tile (stTile).
func (s *State) applyManoeuvre(a int) {
	if a == actStop {
		s.endFlight()
		return
	}
	s.manoeuvre(s.mover, a)
	if s.step == stTile {
		s.ask.ctx = ctxFlight
		return
	}
	s.afterManoeuvre()
}

// afterManoeuvre counts a Flight's manoeuvre and ends the Flight at its
// maximum or when the plane is gone.
func (s *State) afterManoeuvre() {
	s.moves++
	if s.step == stOver {
		return
	}
	if _, hi := s.flightRange(s.mover); s.moves >= hi || s.planes[s.mover].status != flying {
		s.endFlight()
	}
}

// endFlight ends a Flight: the Initiative Card goes to the rival if it has
// planes with markers (2.4.3).
func (s *State) endFlight() {
	sd := sideOf(s.mover)
	if s.log != nil && s.planes[s.mover].status == flying {
		p := &s.planes[s.mover]
		s.logf("%s ends its flight at %s facing %s", s.fullName(s.mover), p.pos, p.face)
	}
	s.mover, s.moves = noPlane, 0
	s.nextActivation(sd, true)
}

// manoeuvre flies plane p one area forward, then turns it by the token
// (2.4.3). It reports whether the plane is still flying and the game goes
// on; off the board it waits at stTile for its owner's small tile, the turn
// to follow.
func (s *State) manoeuvre(p int8, tok int) bool {
	pl := &s.planes[p]
	if !s.moveTo(p, pl.pos.step(pl.face)) {
		if s.step == stTile {
			s.ask.tok = int8(tok)
		}
		return false
	}
	s.turnAfter(p, tok)
	return true
}

// turnAfter turns plane p by the token after its move.
func (s *State) turnAfter(p int8, tok int) {
	pl := &s.planes[p]
	pl.face = pl.face.turn(tokTurn[tok])
	if s.log != nil {
		s.logf("%s flies %s to %s, now facing %s", s.fullName(p), tokNames[tok], pl.pos, pl.face)
	}
}

// moveTo moves plane p into area h (2.4.3): a plane already there swaps
// places with it, both keeping their facings. Off the board its owner
// chooses a free small tile to lay there or none (stTile: the move waits);
// with no tile free the plane is destroyed. A Bomber coming onto the enemy
// carrier ends the game (2.1, MW-20), and after the end nothing moves. It
// reports whether p still flies and the game goes on.
func (s *State) moveTo(p int8, h Hex) bool {
	if s.step == stOver {
		return false
	}
	if !s.onBoard(h) {
		if s.freeTile(h) < 0 {
			if s.log != nil {
				s.logf("%s flies off the board at %s with no small tile to lay and is destroyed", s.fullName(p), h)
			}
			s.destroy(p)
			return false
		}
		s.ask = tileAsk{plane: p, at: h, tok: -1, back: s.step, actor: s.actor}
		s.step, s.actor = stTile, sideOf(p)
		return false
	}
	from := s.planes[p].pos
	if o := s.planeAt(h); o != noPlane && o != p {
		s.planes[o].pos = from
		if s.log != nil {
			s.logf("%s swaps places with %s", s.fullName(p), s.fullName(o))
		}
		s.planes[p].pos = h
		s.checkBombing(o)
	}
	s.planes[p].pos = h
	s.checkBombing(p)
	return s.planes[p].status == flying && s.step != stOver
}

// Actions at stTile: lay small tile 0 or 1, or none.
const (
	actNoTile = 2
)

// appendTiles lists the small tiles the owner may lay where its plane flies
// off the board (2.4.3): an unlaid tile (the first: unlaid tiles are alike)
// and every laid one with no aircraft on it, and declining.
func (s *State) appendTiles(buf []engine.Action) []engine.Action {
	unlaid := false
	for i, t := range s.tiles {
		switch {
		case !t.placed && !unlaid:
			unlaid = true
			buf = append(buf, engine.Action(i))
		case t.placed && s.planeAt(t.at) == noPlane:
			buf = append(buf, engine.Action(i))
		}
	}
	return append(buf, actNoTile)
}

// applyTile lays the chosen small tile under the waiting plane, or loses
// the plane, and goes on with the move that flew it off the board.
func (s *State) applyTile(a int) {
	ask := s.ask
	p := ask.plane
	s.ask = tileAsk{plane: noPlane}
	s.step, s.actor = ask.back, ask.actor
	if a == actNoTile {
		if s.log != nil {
			s.logf("%s lays no small tile: %s flies off the board and is destroyed", sideOf(p), s.fullName(p))
		}
		s.destroy(p)
	} else {
		if s.log != nil {
			if s.tiles[a].placed {
				s.logf("small tile %d moves from %s to %s", a+1, s.tiles[a].at, ask.at)
			} else {
				s.logf("small tile %d is laid at %s", a+1, ask.at)
			}
		}
		s.tiles[a] = smallTile{placed: true, at: ask.at}
		s.moveTo(p, ask.at)
	}
	if s.step == stOver {
		return
	}
	flying := s.planes[p].status == flying
	if flying && ask.tok >= 0 {
		s.turnAfter(p, int(ask.tok))
	}
	switch ask.ctx {
	case ctxFlight:
		s.afterManoeuvre()
	case ctxPlan:
		sd := sideOf(p)
		if flying {
			if !s.flyTokens(sd, ask.next) {
				return
			}
		} else if s.cb.resolved++; !s.combatGoesOn() {
			return
		}
		s.resolveNext()
	case ctxChain:
		if s.combatGoesOn() {
			s.actor = sideOf(p).other()
		}
	case ctxReplan:
		s.afterReplan()
	case ctxLoop, ctxSixth:
		s.afterLoop(p, ask.ctx == ctxSixth)
	}
}

// canEnter reports whether a plane can fly into h: it is on the board or a
// small tile can be laid there.
func (s *State) canEnter(h Hex) bool {
	return s.onBoard(h) || s.freeTile(h) >= 0
}

// freeTile returns a small tile that can be laid on h (2.4.3, MW-2): an
// unlaid one first, else a laid one holding no aircraft; -1 when none can,
// or h is beyond the table. The policy lays this one.
func (s *State) freeTile(h Hex) int {
	if h.Dist() > s.d.tableRad {
		return -1
	}
	for i, t := range s.tiles {
		if !t.placed {
			return i
		}
	}
	for i, t := range s.tiles {
		if s.planeAt(t.at) == noPlane {
			return i
		}
	}
	return -1
}

// reachMax is the reach of a combat target in manoeuvres (2.4.3).
const reachMax = 5

// reach holds, for each offset within 5 areas of a plane facing E, the
// fewest manoeuvres that bring the plane onto it (0: not within 5), on open
// sky (MW-10).
var reach = buildReach()

func buildReach() (t [2*reachMax + 1][2*reachMax + 1]int8) {
	type node struct {
		h Hex
		f Facing
	}
	cur := []node{{Hex{}, East}}
	seen := map[node]bool{cur[0]: true}
	for d := int8(1); d <= reachMax; d++ {
		var next []node
		for _, n := range cur {
			h := n.h.step(n.f)
			if e := &t[h.Q+reachMax][h.R+reachMax]; *e == 0 && h != (Hex{}) {
				*e = d
			}
			for _, turn := range tokTurn {
				m := node{h, n.f.turn(turn)}
				if !seen[m] {
					seen[m] = true
					next = append(next, m)
				}
			}
		}
		cur = next
	}
	return t
}

// reachByFacing is reach turned to each facing, so that a target check is
// one lookup in world offsets.
var reachByFacing = buildReachByFacing()

func buildReachByFacing() (t [numFacings][2*reachMax + 1][2*reachMax + 1]int8) {
	for f := range numFacings {
		for q := -reachMax; q <= reachMax; q++ {
			for r := -reachMax; r <= reachMax; r++ {
				h := Hex{int8(q), int8(r)}
				if h.Dist() > reachMax {
					continue
				}
				w := h.fromFrame(f)
				t[f][w.Q+reachMax][w.R+reachMax] = reach[q+reachMax][r+reachMax]
			}
		}
	}
	return t
}

// manoeuvresTo returns the fewest manoeuvres that bring a plane facing f
// onto the world offset off, or 0 when more than 5 are needed (MW-10).
func manoeuvresTo(f Facing, off Hex) int {
	q, r := int(off.Q)+reachMax, int(off.R)+reachMax
	if q < 0 || q > 2*reachMax || r < 0 || r > 2*reachMax {
		return 0
	}
	return int(reachByFacing[f][q][r])
}

// withinReach reports whether an enemy at offset off is a legal target
// (2.4.3 Combat).
func withinReach(f Facing, off Hex) bool { return manoeuvresTo(f, off) > 0 }
