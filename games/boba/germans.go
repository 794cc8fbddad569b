package boba

// The German automation (BA-16). The rulebook says only that the German
// fighters attack the British fighters (Game Notes). Each German fighter, in
// turn by plane order, plans its move with no dice and no hidden choice:
//
//  1. It looks at every square, facing and MP count its move can reach by
//     legal steps (a breadth-first search trying ahead, half left, half
//     right, left, right) and every attack on a British fighter it could
//     make there. It scores an attack by its chance to hit in sixths (Figure
//     3: rear 4, diagonals 2, side 1, head-on 3) less the chance of the
//     head-on return fire (3 sixths). It makes the best attack scoring at
//     least 0, the first found on ties (so the nearest).
//  2. With no attack in reach it ends its move as close as it can (in king's
//     moves) to the British fighter nearest to it when it started, ties going
//     to the end facing most nearly towards that fighter, then to the first
//     found.
//
// After an attack the fighter plans again with the MPs it has left.

// pnode is a square, facing and MP count a German fighter's move can reach.
type pnode struct {
	x, y   int8
	f      dir
	mp     int8
	steps  int8
	parent int32
	via    dir // the step that reached it
}

// germanMove moves the automated German fighter s.Cur by its plan.
func (s *state) germanMove() {
	path, target := s.planGerman(int(s.Cur))
	for _, d := range path {
		s.step(d)
	}
	if target >= 0 {
		s.startAttack(target)
		return
	}
	s.endMove()
}

// planGerman returns the steps German fighter p takes and the British
// fighter it then attacks (-1: none, the move ends there).
func (s *state) planGerman(p int) ([]dir, int) {
	pl := &s.P[p]
	sc := getScratch(s.Cfg)
	defer putScratch(sc)
	m := mover{s: s, p: p, sc: sc}
	nodes := []pnode{m.startNode()}
	qx, qy := int(pl.X), int(pl.Y)
	if q := s.nearestBritish(p); q >= 0 {
		qx, qy = int(s.P[q].X), int(s.P[q].Y)
	}

	atkNode, atkTarget, atkValue := -1, -1, 0
	endNode, endDist, endTurn := -1, 0, 0
	for i := 0; i < len(nodes); i++ {
		n := nodes[i]
		x, y := int(n.x), int(n.y)
		if t, _, _ := s.attackAt(p, x, y, n.f, int(n.mp), int(n.steps)); t >= 0 {
			if v := attackValue(s, t, x, y); v >= 0 && (atkNode < 0 || v > atkValue) {
				atkNode, atkTarget, atkValue = i, t, v
			}
		}
		// The steps from here that spend the most (BA-5).
		val, most := m.stepValues(n)
		if most < 0 {
			dist := chebyshev(x, y, qx, qy)
			turn := abs(relative(n.f, dirToward(x, y, qx, qy, n.f)))
			if endNode < 0 || dist < endDist || (dist == endDist && turn < endTurn) {
				endNode, endDist, endTurn = i, dist, turn
			}
			continue
		}
		nodes = m.expand(nodes, i, val, most)
	}
	goal := endNode
	if atkNode >= 0 {
		goal = atkNode
	} else {
		atkTarget = -1
	}
	var path []dir
	for i := goal; i > 0; i = int(nodes[i].parent) {
		path = append(path, nodes[i].via)
	}
	for a, b := 0, len(path)-1; a < b; a, b = a+1, b-1 {
		path[a], path[b] = path[b], path[a]
	}
	return path, atkTarget
}

// attackValue scores an attack from (x, y) on plane t in sixths: the chance
// to hit less the chance of return fire head-on (BA-16).
func attackValue(s *state, t, x, y int) int {
	tp := &s.P[t]
	ang := attackAngle(int(tp.X), int(tp.Y), tp.Face, x, y)
	v := 7 - hitChart[ang]
	if ang == front {
		v -= 7 - tp.spec().Forward
	}
	return v
}

// nearestBritish is the British fighter nearest (in king's moves) to plane
// p, the lowest-numbered slot on ties.
func (s *state) nearestBritish(p int) int {
	best, bestD := -1, 0
	for i := 0; i < int(s.NP); i++ {
		q := &s.P[i]
		if q.Status != onBoard || q.german() {
			continue
		}
		if d := chebyshev(int(s.P[p].X), int(s.P[p].Y), int(q.X), int(q.Y)); best < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return best
}
