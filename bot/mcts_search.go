package bot

import (
	"math"
	"slices"
	"time"

	"scramble/engine"
)

// maxRollout bounds the actions of one random playout. A playout cut there is
// scored by the game's engine.Evaluator when it has one, else as a draw.
const maxRollout = 100_000

// stopSteps is how many playout steps run between two checks of
// engine.Decision.Stopped and of the time budget: a playout to the end of a
// long game takes a thousand steps or more, so a search that looked only
// between iterations could run far past its stop; a check every few dozen
// steps costs nothing beside the steps.
const stopSteps = 32

// search is the working memory of one MCTS decision, kept in the bot's pool
// between decisions so that iterations allocate nothing of their own.
type search struct {
	c          float64
	relative   bool    // c is relative to the spread of returns
	lo, hi     float64 // the lowest and highest return backed up so far
	depth      int     // playout cut-off, maxRollout when the config sets none
	guided     bool    // playouts follow the game's policy where it has one
	seats      int     // seats of the game, for Simultaneous nodes
	iterations int

	nodes []node
	path  []int32 // nodes of this iteration, root first

	// The simultaneous node the iteration is in (see iterate): inBlock
	// says one is, pending holds the seats (bit i for seat i) still to
	// choose at it, own[i] is the node of seat i's own choices there (one
	// for each seat whenever inBlock is set).
	inBlock bool
	pending uint64
	own     []int32
	scratch []engine.Action

	// dec is the decision searched and deadline the end of its time
	// budget (zero for none), checked every stopSteps playout steps
	// (steps counts them); stopped says the search was called off in the
	// middle of an iteration, which then backs nothing up.
	dec      *engine.Decision
	deadline time.Time
	steps    int
	stopped  bool

	legal   []engine.Action  // legal actions of the seat to move
	outs    []engine.Outcome // outcomes of the chance node
	returns []float64        // returns of a cut playout
	stats   []ActionStats    // root statistics for Choose

	// The legal-action index of selectChild: tried[i] says s.legal[i] has
	// a child; for an action a below maxIndexed, pos[a] is its position in
	// s.legal when mark[a] == gen.
	tried []bool
	mark  []uint32
	pos   []int32
	gen   uint32
}

// run searches for d within cfg's budget (DefaultIterations when cfg sets
// none, as in a zero MCTS).
func (s *search) run(d *engine.Decision, cfg MCTSConfig) {
	if cfg.Iterations <= 0 && cfg.Time <= 0 {
		cfg.Iterations = DefaultIterations
	}
	s.c, s.relative = cfg.C, cfg.RelativeC
	s.depth = maxRollout
	if cfg.Depth > 0 {
		s.depth = cfg.Depth
	}
	s.seats = -1
	s.iterations = 0
	s.lo, s.hi = math.Inf(1), math.Inf(-1)
	s.resetTree(cfg.Iterations + 1)
	v := d.View()
	// A game whose views give no advice has its playouts random, without
	// building a view at every step to ask.
	_, advises := v.(Advisor)
	s.guided = advises && !cfg.RandomPlayouts
	// Where the game can, the choices other seats made in secret at this
	// simultaneous node are left open, and the tree chooses them (see
	// iterate) instead of a guess fixing them.
	sample := v.Sample
	if o, ok := v.(engine.OpenSampler); ok {
		sample = o.SampleOpen
	}
	s.dec, s.deadline, s.steps, s.stopped = d, time.Time{}, 0, false
	defer func() { s.dec = nil }()
	if cfg.Time > 0 {
		s.deadline = time.Now().Add(cfg.Time)
	}
	for {
		if cfg.Iterations > 0 && s.iterations >= cfg.Iterations {
			return
		}
		if s.stopped || d.Stopped() || s.iterations > 0 && s.pastDeadline() {
			return
		}
		s.iterate(sample(d.Rand), d.Seat, d.Rand)
		if s.stopped {
			return
		}
		s.iterations++
	}
}

// halt counts a playout step and, every stopSteps of them, looks whether
// the decision was called off or, once an iteration has finished, its time
// is up; it reports whether the search is to stop at once.
func (s *search) halt() bool {
	s.steps++
	if s.steps%stopSteps == 0 && !s.stopped {
		s.stopped = s.dec.Stopped() || s.iterations > 0 && s.pastDeadline()
	}
	return s.stopped
}

// pastDeadline reports whether the search's time budget, if any, is spent.
func (s *search) pastDeadline() bool {
	return !s.deadline.IsZero() && !time.Now().Before(s.deadline)
}

// iterate runs one iteration on the determinization st, where seat decides.
//
// The seats of a Simultaneous node choose in seat order (the deciding seat
// first at the root, where an open sample, engine.OpenSampler, may have
// left other seats to choose too) but each on what it may see: seat i's choice is a child
// of own[i], the node where the simultaneous node began followed by seat i's
// own choices there, so its statistics count every choice of the other seats
// (decoupled UCT). The tree's path follows the joint choices in another chain
// of nodes, found or made as they are taken and never selected among, from
// which the search goes on once the node is resolved. Walked as if sequential,
// a later seat would choose knowing the earlier seats' secrets, and value its
// future by play it cannot make.
func (s *search) iterate(st engine.State, seat engine.Seat, r *engine.Rand) {
	if s.seats < 0 {
		s.seats = len(st.Seats())
	}
	s.path = append(s.path[:0], 0)
	s.legal = st.Legal(seat, s.legal[:0])
	if len(s.legal) == 0 {
		panic("bot: a state sampled from the deciding seat's view gives that seat no legal action")
	}
	s.inBlock = false
	s.enter(st, 0)
	cur, ok := int32(0), true
	for ok {
		parent := cur
		if s.inBlock {
			parent = s.own[seat]
		}
		child, fresh := s.selectChild(parent, st, seat, r)
		if child < 0 {
			break
		}
		a := s.nodes[child].action
		mustApply(st, seat, a)
		if s.inBlock {
			s.own[seat] = child
		}
		if parent != cur {
			s.path = append(s.path, child)
			next, made := s.follow(cur, seat, a)
			if next < 0 {
				break
			}
			child, fresh = next, fresh || made
		}
		s.path = append(s.path, child)
		cur = child
		if st.Current() != engine.Simultaneous {
			s.inBlock = false
		}
		if fresh {
			break
		}
		seat, ok = s.toMove(st, r)
		if ok {
			s.enter(st, cur)
		}
	}
	finished := s.rollout(st, r)
	if s.stopped {
		return // cut short: a half-played playout says nothing
	}
	s.backup(st, finished)
}

// enter notes, when st is at a Simultaneous node, which seats are still to
// choose at it, and starts a new simultaneous node at the tree node at when
// it is not the one the iteration was in (a seat that had chosen is to
// choose again).
func (s *search) enter(st engine.State, at int32) {
	if st.Current() != engine.Simultaneous {
		s.inBlock = false
		return
	}
	var pending uint64
	for seat := range min(s.seats, 64) {
		if s.scratch = st.Legal(engine.Seat(seat), s.scratch[:0]); len(s.scratch) > 0 {
			pending |= 1 << seat
		}
	}
	if !s.inBlock || pending&^s.pending != 0 {
		s.inBlock = true
		s.own = s.own[:0]
		for range s.seats {
			s.own = append(s.own, at)
		}
	}
	s.pending = pending
}

// follow returns the child of parent for seat's action a, made if there is
// none (made is then true), or -1 when the tree is full: the joint chain of
// a simultaneous node, which the search follows without selecting in it.
func (s *search) follow(parent int32, seat engine.Seat, a engine.Action) (child int32, made bool) {
	for c := s.nodes[parent].first; c >= 0; c = s.nodes[c].next {
		if n := &s.nodes[c]; n.seat == seat && n.action == a {
			return c, false
		}
	}
	if len(s.nodes) >= maxNodes {
		return -1, false
	}
	return s.addChild(parent, seat, a, 0), true
}

// toMove plays chance nodes out and returns the seat to decide, with its
// legal actions in s.legal, or false when the game is over. At a
// Simultaneous node it is the first seat in seat order still to choose.
func (s *search) toMove(st engine.State, r *engine.Rand) (engine.Seat, bool) {
	for {
		cur := st.Current()
		switch {
		case cur == engine.Terminal:
			return cur, false
		case cur == engine.Chance:
			s.outs = applyChance(st, r, s.outs)
		case cur == engine.Simultaneous:
			for seat := range engine.Seat(s.seats) {
				if s.legal = st.Legal(seat, s.legal[:0]); len(s.legal) > 0 {
					return seat, true
				}
			}
			panic("bot: the game is at a simultaneous node with no seat to choose")
		default:
			if s.legal = st.Legal(cur, s.legal[:0]); len(s.legal) == 0 {
				panic("bot: the game names seat " + cur.String() + " to move but gives it no legal action")
			}
			return cur, true
		}
	}
}

// rollout plays st to the end with uniformly random actions, or those of the
// game's policy when the search is guided. It reports false when it stopped
// at the depth cut-off instead.
func (s *search) rollout(st engine.State, r *engine.Rand) bool {
	for range s.depth {
		if s.halt() {
			return false
		}
		seat, ok := s.toMove(st, r)
		if !ok {
			return true
		}
		mustApply(st, seat, s.playout(st, seat, r))
	}
	return st.Current() == engine.Terminal
}

// playout chooses the action of seat, whose legal actions are s.legal, in a
// playout: the advice of the seat's view when the search is guided and the
// game gives legal advice, else one drawn uniformly.
func (s *search) playout(st engine.State, seat engine.Seat, r *engine.Rand) engine.Action {
	if len(s.legal) > 1 {
		if a, ok := s.advice(st, seat, r); ok {
			return a
		}
	}
	return s.legal[r.IntN(len(s.legal))]
}

// advice returns the game's advice to seat, whose legal actions are
// s.legal, when the search is guided and the advice is legal.
func (s *search) advice(st engine.State, seat engine.Seat, r *engine.Rand) (engine.Action, bool) {
	if !s.guided {
		return 0, false
	}
	// A determinization is a whole state, so a state that advises (a
	// game's fast path, SeatAdvisor) is asked directly; otherwise the
	// seat's view.
	if sa, ok := st.(SeatAdvisor); ok {
		a := sa.AdviseSeat(seat, s.legal, r)
		return a, slices.Contains(s.legal, a)
	}
	adv, ok := st.View(seat).(Advisor)
	if !ok {
		return 0, false
	}
	a := adv.Advise(s.legal, r)
	return a, slices.Contains(s.legal, a)
}

// backup adds the iteration's outcome to every node on its path, each node
// counting the return of its own seat.
func (s *search) backup(st engine.State, finished bool) {
	var returns []float64
	if finished {
		returns = st.Result().Returns
	} else {
		returns = s.estimate(st)
	}
	s.nodes[0].visits++
	for _, i := range s.path[1:] {
		n := &s.nodes[i]
		n.visits++
		v := returnOf(returns, n.seat)
		n.value += v
		n.square += v * v
		s.lo, s.hi = min(s.lo, v), max(s.hi, v)
	}
}

// spread is the scale of the returns the search has seen: the difference
// between the highest and the lowest, or 1 (the scale of a win against a
// loss) until two different returns have been seen. With RelativeC, UCB1's
// exploration and the progressive bias are multiplied by it; Choose's
// advice test bounds a variance by it.
func (s *search) spread() float64 {
	if d := s.hi - s.lo; d > 1e-12 {
		return d
	}
	return 1
}

// estimate scores an unfinished game for every seat: the game's evaluation
// when it has one, else a draw.
func (s *search) estimate(st engine.State) []float64 {
	s.returns = s.returns[:0]
	e, ok := st.(engine.Evaluator)
	for seat := range engine.Seat(max(s.seats, 0)) {
		v := 0.5
		if ok {
			v = e.Evaluate(seat)
		}
		s.returns = append(s.returns, v)
	}
	return s.returns
}

// rootStats appends the root statistics of each of d.Legal() to buf.
func (s *search) rootStats(d *engine.Decision, buf []ActionStats) []ActionStats {
	for _, a := range d.Legal() {
		st := ActionStats{Action: a}
		for c := s.nodes[0].first; c >= 0; c = s.nodes[c].next {
			if n := &s.nodes[c]; n.seat == d.Seat && n.action == a {
				st.Visits = n.visits
				if n.visits > 0 {
					st.Value = n.value / float64(n.visits)
					st.variance = n.square/float64(n.visits) - st.Value*st.Value
				}
				break
			}
		}
		buf = append(buf, st)
	}
	return buf
}
