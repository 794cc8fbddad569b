package boba

import "sort"

// mover answers questions about the rest of one plane's move (Movement;
// Maneuver; BA-5): how many of its MPs it can still spend from a given
// square, facing and budget, ending on an empty square of the board.
type mover struct {
	s    *state
	p    int  // the moving plane: its own square does not count as occupied
	exit bool // the plane may leave by the far edge (a bomber)
	// visits counts the squares tried; past memoAfter the answers are
	// remembered, which bounds the search on crowded boards. With a
	// scratch, every answer is remembered there instead.
	visits int
	memo   map[int32]int8
	sc     *scratch
}

const memoAfter = 256

// best returns the most MPs the plane can still spend after stepping into
// (x, y) facing f with mp MPs left, ending its move on a square of the board
// that no other plane occupies; it returns -1 when the plane cannot end its
// move at all.
//
// A plane may pass through occupied squares but never stop on one
// (Maneuver). A plane must spend all its MPs (Movement); where the board's
// edge or the other planes make that impossible, it spends as many as it can
// (BA-5). A bomber may leave by the far edge, which spends all its MPs. A
// fighter that can fire from (x, y) counts as able to spend them all there:
// it may stop to fire before finishing its move (Combat), and the one-MP
// attack of Maneuver spends its last MP by flying on through the target.
func (m *mover) best(x, y int, f dir, mp int) int {
	s := m.s
	key := s.Cfg.nodeIndex(x, y, f, mp)
	switch {
	case m.sc != nil:
		if m.sc.bestGen[key] == m.sc.gen {
			return int(m.sc.bestVal[key])
		}
	case m.memo != nil:
		if v, ok := m.memo[int32(key)]; ok {
			return int(v)
		}
	default:
		m.visits++
		if m.visits > memoAfter {
			m.memo = make(map[int32]int8, 64)
		}
	}
	var res int
	if !m.exit && mp > 0 && s.attackFrom(m.p, x, y, f, mp) {
		res = mp
	} else {
		res = m.byStep(x, y, f, mp)
		if res < 0 && s.occupant(x, y, m.p) < 0 {
			res = 0
		}
	}
	switch {
	case m.sc != nil:
		m.sc.bestGen[key], m.sc.bestVal[key] = m.sc.gen, int8(res)
	case m.memo != nil:
		m.memo[int32(key)] = int8(res)
	}
	return res
}

// byStep returns the most MPs the plane can spend from (x, y) facing f with
// mp MPs left by taking a step and finishing its move after it, or -1 when
// no step can be taken (the move then ends here).
func (m *mover) byStep(x, y int, f dir, mp int) int {
	s := m.s
	res := -1
	for _, r := range stepOrder {
		if res == mp {
			break
		}
		d := f.turn(r)
		c := stepCost(f, d)
		if c > mp {
			continue
		}
		nx, ny := x+dx[d], y+dy[d]
		if !s.onBoard(nx, ny) {
			if m.exit && s.exitsFarEdge(nx, ny) {
				res = mp
			}
			continue
		}
		if v := m.best(nx, ny, d, mp-c); v >= 0 && v+c > res {
			res = v + c
		}
	}
	return res
}

// exitsFarEdge reports whether a step to (x, y) leaves the board by the end
// opposite the Germans' entry, the only way a bomber may leave (Placement;
// Bombing; BA-14).
func (s *state) exitsFarEdge(x, y int) bool {
	return y >= s.Cfg.Length && x >= 0 && x < s.Cfg.Width
}

// moveChoices returns the steps the moving plane may take now and the most
// MPs a step lets it spend (-1: no step can be taken, and the move may end).
// A step is allowed when, after it, the plane can still spend that most
// (BA-5).
func (s *state) moveChoices() (ok [8]bool, most int) {
	p := &s.P[s.Cur]
	m := mover{s: s, p: int(s.Cur)}
	x, y, f, mp := int(p.X), int(p.Y), p.Face, int(s.MPLeft)
	most = -1
	var val [8]int
	for _, r := range stepOrder {
		d := f.turn(r)
		val[d] = -1
		c := stepCost(f, d)
		if c > mp {
			continue
		}
		nx, ny := x+dx[d], y+dy[d]
		if !s.onBoard(nx, ny) {
			continue
		}
		if v := m.best(nx, ny, d, mp-c); v >= 0 {
			val[d] = v + c
			most = max(most, v+c)
		}
	}
	for d := range val {
		ok[d] = most > 0 && val[d] == most
	}
	return ok, most
}

// step moves the moving plane one square in direction d, which becomes its
// facing (Maneuver: a plane faces the way it entered its square).
func (s *state) step(d dir) {
	p := &s.P[s.Cur]
	c := stepCost(p.Face, d)
	p.X += int8(dx[d])
	p.Y += int8(dy[d])
	p.Face = d
	s.MPLeft -= int8(c)
	s.Steps++
	if s.log != nil {
		s.logf("%s moves %s to %s (%d MP, %d left).", p.name(), d, squareName(int(p.X), int(p.Y)), c, s.MPLeft)
	}
}

// startMove makes plane i the moving plane with its MPs for the turn.
func (s *state) startMove(i int) {
	s.Cur = int8(i)
	s.MPLeft = s.P[i].MP
	s.Steps = 0
	s.Phase = phMove
	if s.log != nil {
		p := &s.P[i]
		if s.log != nil {
			s.logf("%s moves from %s facing %s with %d MPs.", p.name(), squareName(int(p.X), int(p.Y)), p.Face, p.MP)
		}
	}
}

// bomberPhase moves every bomber on the board, the most advanced first and
// then from west to east (BA-12).
func (s *state) bomberPhase() {
	var order [maxPlanes]int
	n := 0
	for i := 0; i < int(s.NP); i++ {
		if s.P[i].Status == onBoard && s.P[i].spec().Bomber {
			order[n] = i
			n++
		}
	}
	sort.SliceStable(order[:n], func(a, b int) bool {
		pa, pb := &s.P[order[a]], &s.P[order[b]]
		if pa.Y != pb.Y {
			return pa.Y > pb.Y
		}
		return pa.X < pb.X
	})
	for _, i := range order[:n] {
		s.moveBomber(i)
	}
}

// bomberEnd is where a bomber's move could end.
type bomberEnd struct {
	exit bool
	x, y int
	f    dir
}

// better reports whether a bomber prefers ending at e to ending at o (BA-13):
// leaving by the far edge; then facing north, the way home to the target;
// then the end farthest north; then the end nearest its own column of the
// vic; then the westernmost.
func (e bomberEnd) better(o bomberEnd, home int) bool {
	if e.exit != o.exit {
		return e.exit
	}
	if e.exit {
		return false
	}
	if (e.f == north) != (o.f == north) {
		return e.f == north
	}
	if e.y != o.y {
		return e.y > o.y
	}
	if da, db := abs(e.x-home), abs(o.x-home); da != db {
		return da < db
	}
	return e.x < o.x
}

// moveBomber flies bomber i its fixed MPs (Table 2). Bombers hold their vic
// by flying straight on together and break it only when the square they
// would end on is taken (Movement; Maneuver): among the ends that spend the
// most MPs (BA-5) the bomber takes the best by BA-13.
func (s *state) moveBomber(i int) {
	p := &s.P[i]
	m := mover{s: s, p: i, exit: true}
	x, y, f, mp := int(p.X), int(p.Y), p.Face, p.spec().MP
	most := m.best(x, y, f, mp)
	var best bomberEnd
	found := false
	var walk func(x, y int, f dir, mp, b int)
	walk = func(x, y int, f dir, mp, b int) {
		if b == 0 {
			e := bomberEnd{x: x, y: y, f: f}
			if !found || e.better(best, int(p.HomeX)) {
				best, found = e, true
			}
			return
		}
		for _, r := range stepOrder {
			d := f.turn(r)
			c := stepCost(f, d)
			if c > mp {
				continue
			}
			nx, ny := x+dx[d], y+dy[d]
			if !s.onBoard(nx, ny) {
				if s.exitsFarEdge(nx, ny) && b == mp {
					e := bomberEnd{exit: true}
					if !found || e.better(best, int(p.HomeX)) {
						best, found = e, true
					}
				}
				continue
			}
			if v := m.best(nx, ny, d, mp-c); v >= 0 && v+c == b {
				walk(nx, ny, d, mp-c, v)
			}
		}
	}
	if most >= 0 {
		walk(x, y, f, mp, most)
	}
	if !found {
		return
	}
	if best.exit {
		p.Status = exited
		s.Rec[s.Day-1].Exited++
		if s.log != nil {
			s.logf("%s leaves the board by the far edge for the %s.", p.name(), targetNames[s.Target])
		}
		return
	}
	p.X, p.Y, p.Face = int8(best.x), int8(best.y), best.f
	if s.log != nil {
		s.logf("%s flies to %s facing %s.", p.name(), squareName(best.x, best.y), best.f)
	}
}
