package bot

import (
	"math"

	"scramble/engine"
)

// maxNodes caps the tree of one search (about 100 MB); past it the search
// stops adding nodes and keeps refining the tree it has.
const maxNodes = 1 << 21

// maxIndexed bounds the actions that selection finds through an index;
// larger or negative actions are found by a linear scan.
const maxIndexed = 1 << 16

// node is one tree node: a seat's action after the sequence of decisions of
// its ancestors (chance is not in the tree). Nodes live in search.nodes and
// point to each other by index; the root is node 0.
type node struct {
	seat   engine.Seat   // the seat that took action; the root has none
	action engine.Action // the action this node stands for
	first  int32         // first child, or -1
	next   int32         // next sibling, or -1
	visits int           // iterations through this node
	avail  int           // visits of the parent in which this action was legal
	value  float64       // sum of seat's returns over the visits
	square float64       // sum of their squares
	bias   float64       // progressive bias: progressiveBias for the advised action, else 0
}

// progressiveBias is the bonus of the advised action in UCB1, divided by
// its visits + 1 (progressive bias, Chaslot et al. 2008), for returns in
// [0,1] (in units of the spread of the returns seen with RelativeC): the
// advice is followed until the search sees another action beat it by that
// margin, a margin that shrinks as the advice is visited.
const progressiveBias = 1.0

// resetTree empties the tree down to a fresh root, reserving room for about
// size nodes.
func (s *search) resetTree(size int) {
	size = min(size, maxNodes)
	if cap(s.nodes) < size {
		s.nodes = make([]node, 0, size)
	}
	s.nodes = append(s.nodes[:0], node{seat: engine.Spectator, first: -1, next: -1})
}

// selectChild picks the child of parent for seat, whose legal actions in
// this iteration's state st are s.legal: an action not yet tried while the
// node may still widen (it becomes a new node and fresh is true), else the
// child with the best UCB1 score. It returns -1 when a new node is due but
// the tree is full and no child is legal.
//
// With guided playouts the node widens progressively: it holds at most
// 1 + √visits children that are legal now, and the first action it tries
// is the game's advice (Advisor), the others at random. So a decision with
// many actions (a square-by-square path, a dozen moves of planes) spends
// its iterations on the advised action and a few others instead of one
// visit each on all; without guidance every legal action is tried first,
// in random order, as in plain UCT.
func (s *search) selectChild(parent int32, st engine.State, seat engine.Seat, r *engine.Rand) (child int32, fresh bool) {
	s.indexLegal()
	best, bestScore := int32(-1), math.Inf(-1)
	children := 0
	scale := 1.0
	if s.relative {
		scale = s.spread()
	}
	for c := s.nodes[parent].first; c >= 0; c = s.nodes[c].next {
		n := &s.nodes[c]
		if n.seat != seat {
			continue
		}
		i := s.legalIndex(n.action)
		if i < 0 {
			continue
		}
		s.tried[i] = true
		children++
		n.avail++
		visits := float64(n.visits)
		score := n.value/visits + scale*(s.c*math.Sqrt(math.Log(float64(n.avail))/visits)+n.bias/(visits+1))
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	untried := 0
	for _, t := range s.tried {
		if !t {
			untried++
		}
	}
	if untried == 0 || len(s.nodes) >= maxNodes {
		return best, false
	}
	if s.guided && children > 0 && float64(children) >= 1+math.Sqrt(float64(s.nodes[parent].visits)) {
		return best, false
	}
	a, advised := s.advice(st, seat, r)
	bias := 0.0
	if advised && !s.tried[s.legalIndex(a)] {
		bias = progressiveBias
	} else {
		k := r.IntN(untried)
		for i, t := range s.tried {
			if t {
				continue
			}
			if k == 0 {
				a = s.legal[i]
				break
			}
			k--
		}
	}
	return s.addChild(parent, seat, a, bias), true
}

// addChild adds a node for seat's action a as the first child of parent,
// with the given progressive bias, and returns it.
func (s *search) addChild(parent int32, seat engine.Seat, a engine.Action, bias float64) int32 {
	child := int32(len(s.nodes))
	s.nodes = append(s.nodes, node{seat: seat, action: a, first: -1, next: s.nodes[parent].first, avail: 1, bias: bias})
	s.nodes[parent].first = child
	return child
}

// indexLegal prepares legalIndex for s.legal and clears s.tried. A repeated
// legal action counts as tried, so it never becomes a second node.
func (s *search) indexLegal() {
	s.tried = s.tried[:0]
	s.gen++
	if s.gen == 0 {
		clear(s.mark)
		s.gen = 1
	}
	for i, a := range s.legal {
		dup := false
		if a >= 0 && a < maxIndexed {
			if int(a) >= len(s.mark) {
				s.growIndex(int(a) + 1)
			}
			dup = s.mark[a] == s.gen
			s.mark[a], s.pos[a] = s.gen, int32(i)
		}
		s.tried = append(s.tried, dup)
	}
}

func (s *search) growIndex(n int) {
	n = max(n, 2*len(s.mark), 64)
	s.mark = append(s.mark, make([]uint32, n-len(s.mark))...)
	s.pos = append(s.pos, make([]int32, n-len(s.pos))...)
}

// legalIndex returns a's position in s.legal, or -1 when it is not legal.
func (s *search) legalIndex(a engine.Action) int {
	if a >= 0 && a < maxIndexed {
		if int(a) < len(s.mark) && s.mark[a] == s.gen {
			return int(s.pos[a])
		}
		return -1
	}
	for i, b := range s.legal {
		if b == a {
			return i
		}
	}
	return -1
}
