package boba

// The search over the moving plane's paths, shared by the German automation
// (planGerman) and the browser's preview (preview): breadth-first over
// (square, facing, MPs left), taking only the steps that spend the most MPs
// (Movement; BA-5). It needs a mover with a scratch.

// startNode returns the node where the moving plane stands, marked as seen.
func (m *mover) startNode() pnode {
	pl := &m.s.P[m.p]
	n := pnode{x: pl.X, y: pl.Y, f: pl.Face, mp: m.s.MPLeft, steps: m.s.Steps, parent: -1}
	m.sc.seenGen[m.s.Cfg.nodeIndex(int(n.x), int(n.y), n.f, int(n.mp))] = m.sc.gen
	return n
}

// stepValues scores the steps from node n: val[d] is the most MPs a move
// starting with a step in direction d can spend, -1 where that step cannot
// be taken; most is the best of them, -1 when no step can be taken (the move
// ends at n).
func (m *mover) stepValues(n pnode) (val [8]int, most int) {
	most = -1
	x, y := int(n.x), int(n.y)
	for _, r := range stepOrder {
		d := n.f.turn(r)
		val[d] = -1
		c := stepCost(n.f, d)
		if c > int(n.mp) || !m.s.onBoard(x+dx[d], y+dy[d]) {
			continue
		}
		if v := m.best(x+dx[d], y+dy[d], d, int(n.mp)-c); v >= 0 {
			val[d] = v + c
			most = max(most, v+c)
		}
	}
	return val, most
}

// expand appends to nodes the not yet seen successors of nodes[i] reached
// by the steps that spend the most (val[d] == most), in stepOrder.
func (m *mover) expand(nodes []pnode, i int, val [8]int, most int) []pnode {
	n := nodes[i]
	for _, r := range stepOrder {
		d := n.f.turn(r)
		if val[d] != most {
			continue
		}
		c := stepCost(n.f, d)
		next := pnode{x: n.x + int8(dx[d]), y: n.y + int8(dy[d]), f: d, mp: n.mp - int8(c), steps: n.steps + 1, parent: int32(i), via: d}
		k := m.s.Cfg.nodeIndex(int(next.x), int(next.y), next.f, int(next.mp))
		if m.sc.seenGen[k] == m.sc.gen {
			continue
		}
		m.sc.seenGen[k] = m.sc.gen
		nodes = append(nodes, next)
	}
	return nodes
}
