package wings

import (
	"math"

	"scramble/engine"
)

// Determinization: a state consistent with one seat's view (View.Sample).

// Sample returns a state consistent with the view: the other seats' planned
// cards, token values, engine damage and rudder directions, and so what the
// damage piles hold, are drawn anew, the planned cards from a belief that
// follows the policy (believe).
func (v *View) Sample(r *engine.Rand) engine.State {
	s := v.state
	s.redrawTokens(v.Seat, r)
	for i := 0; i < int(s.n); i++ {
		if engine.Seat(s.planes[i].seat) != v.Seat {
			s.resample(i, r)
		}
	}
	// Only now, with every hidden part of the other seats redrawn, may the
	// policy be asked what they planned: it then reads nothing of the real
	// game the view's seat could not see.
	for i := 0; i < int(s.n); i++ {
		if engine.Seat(s.planes[i].seat) != v.Seat {
			s.believe(i, r)
		}
	}
	return &s
}

// SampleOpen is Sample with the other seats' cards planned at the current
// planning step taken back (engine.OpenSampler): their planes are to plan
// again, so a search chooses those cards as the seats would rather than
// drawing them from the belief. Cards planned at earlier steps stay drawn.
// A plane whose jammed rudder shows no plans left (Rudder jammed: it binds
// the next two plans) keeps its drawn card: whether the plan taken back
// spent the last one is unknown, so planning again could not restore it.
func (v *View) SampleOpen(r *engine.Rand) engine.State {
	s := v.Sample(r).(*State)
	if s.step != stPlan {
		return s
	}
	k := s.planSlot()
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if engine.Seat(p.seat) == v.Seat || p.status != flying || p.slot[k] < 0 {
			continue
		}
		if s.turn > 0 {
			if p.rudder == 0 && p.rudDir != 0 {
				continue
			}
			if p.rudder > 0 {
				p.rudder++ // the plan taken back had spent one
			}
		}
		p.slot[k] = -1
	}
	return s
}

// beliefPolicy is the chance, in beliefOutOf, that a sampled hidden card is
// the one the policy would plan rather than a uniformly random legal one
// (designed: docs/rules/wings-of-glory.md, "Bots and balance").
const (
	beliefPolicy = 3
	beliefOutOf  = 4
)

// believe redraws plane i's planned cards from the belief that its owner
// flies like the policy: each card is, with chance beliefPolicy in
// beliefOutOf, the policy's plan for it (policyCard), else a uniformly
// random legal card, so every legal card keeps a chance. Slot 0 goes first:
// the card in slot 1 was planned after it.
func (s *State) believe(i int, r *engine.Rand) {
	p := &s.planes[i]
	if p.status != flying {
		return
	}
	for k := range p.slot {
		if p.slot[k] < 0 {
			continue
		}
		executing := k == 0 && s.turn > 0
		if r.IntN(beliefOutOf) < beliefPolicy {
			p.slot[k] = s.policyCard(i, executing, p.slot[k])
		} else {
			p.slot[k] = s.randomCard(i, r, executing, p.slot[k])
		}
	}
}

// policyCard is the legal card the policy would plan for plane i (the best
// cardScore; planCheck as randomCard's), keeping old if none fits. The card
// to fly next in a turn (executing: slot 0, planned a turn ago) is scored
// from where the plane is now, as its owner saw it one move ahead.
func (s *State) policyCard(i int, executing bool, old int8) int8 {
	p := &s.planes[i]
	if executing {
		keep := p.slot[0]
		p.slot[0] = -1 // cardScore then starts from the plane's pose now
		defer func() { p.slot[0] = keep }()
	}
	best, bestV := old, math.Inf(-1)
	sc := s.newScene(i)
	for c := range s.deckOf(p).cards {
		if s.planCheck(i, int8(c), executing) != okPlan {
			continue
		}
		if v := s.cardScore(&sc, int8(c)); v > bestV {
			best, bestV = int8(c), v
		}
	}
	return best
}

// resample redraws the planned cards and the rudder's direction of plane
// i, which other seats cannot see (redrawTokens redraws its tokens).
func (s *State) resample(i int, r *engine.Rand) {
	p := &s.planes[i]
	if p.slot[0] >= 0 {
		p.slot[0] = s.randomCard(i, r, s.turn > 0, p.slot[0])
	}
	if p.slot[1] >= 0 {
		p.slot[1] = s.randomCard(i, r, false, p.slot[1])
	}
	if p.rudder > 0 {
		p.rudDir = 1 - 2*int8(r.IntN(2))
	}
}

// drawLike draws a token kind of dd among those ok accepts, by count.
func drawLike(dd *damageDeck, r *engine.Rand, ok func(token) bool) int {
	total := 0
	for _, tk := range dd.tokens {
		if ok(tk) {
			total += tk.count
		}
	}
	x := r.IntN(total)
	for j, tk := range dd.tokens {
		if ok(tk) {
			if x < tk.count {
				return j
			}
			x -= tk.count
		}
	}
	return 0
}

// randomCard draws a card plane i could have planned in the space (slot 0
// checked as flown, executing, or as planned), keeping old if none fits.
func (s *State) randomCard(i int, r *engine.Rand, executing bool, old int8) int8 {
	var legal [maxCards]int8
	n := 0
	for c := range s.deckOf(&s.planes[i]).cards {
		if s.planCheck(i, int8(c), executing) == okPlan {
			legal[n] = int8(c)
			n++
		}
	}
	if n == 0 {
		return old
	}
	return legal[r.IntN(n)]
}

// redrawTokens redraws what seat cannot see of the damage tokens (WG-8):
// the values of the tokens on the other seats' consoles, keeping every
// special that was announced, a hand of tokens seat may not look at, and so
// what the piles hold. The hidden tokens of a letter were drawn from its
// pile as it was before them, so they are drawn again without replacement
// from that pool (the pile now plus the hidden tokens), the most bound
// first: those with an announced special, then the others taken with their
// specials, then those taken for points only, then the hand; the pile is
// what the pool keeps. Each flying plane's redrawn damage stays below its
// damage points and spares its engine when 8 tries allow, as the plane is
// still in the air. A pile filled again mixes two sets, so for its letter
// the hidden tokens are drawn from the full set and the pile's missing
// tokens at random from it.
func (s *State) redrawTokens(seat engine.Seat, r *engine.Rand) {
	hidden := func(i int) bool { return engine.Seat(s.planes[i].seat) != seat }
	hand := s.pendN > 0 && seat != s.pendSeer()
	var pool [numLetters][maxTokens]int
	for l := range numLetters {
		for k, tk := range s.data.damage[l].tokens {
			pool[l][k] = tk.count - int(s.out[l][k])
			for i := range int(s.n) {
				if hidden(i) {
					pool[l][k] += int(s.planes[i].drawn[l][k]) + int(s.planes[i].plain[l][k])
				}
			}
		}
	}
	hl := -1
	if hand {
		hl = int(s.head().letter)
		for j := range s.pendN {
			pool[hl][s.pend[j]]++
		}
	}
	every := func(token) bool { return true }
	var planes [maxPlanes]plane
	var left [numLetters][maxTokens]int
	var pend [2]int8
	for try := 0; try < 8; try++ {
		left, planes, pend = pool, s.planes, s.pend
		for i := range int(s.n) {
			if hidden(i) {
				planes[i].drawn, planes[i].plain = [numLetters][maxTokens]uint8{}, [numLetters][maxTokens]uint8{}
			}
		}
		for pass := range 3 {
			for i := range int(s.n) {
				if !hidden(i) {
					continue
				}
				was, p := &s.planes[i], &planes[i]
				for l := range numLetters {
					for k, tk := range s.data.damage[l].tokens {
						switch {
						case pass == 0 && announced(tk.special):
							for range was.drawn[l][k] {
								p.drawn[l][s.redraw(l, &left[l], r, func(o token) bool { return o.special == tk.special })]++
							}
						case pass == 1 && !announced(tk.special):
							for range was.drawn[l][k] {
								p.drawn[l][s.redraw(l, &left[l], r, func(o token) bool { return !announced(o.special) })]++
							}
						case pass == 2:
							for range was.plain[l][k] {
								p.plain[l][s.redraw(l, &left[l], r, every)]++
							}
						}
					}
				}
			}
		}
		if hand {
			for j := range s.pendN {
				pend[j] = int8(s.redraw(hl, &left[hl], r, every))
			}
		}
		if s.tally(&planes, hidden) {
			break
		}
	}
	s.planes, s.pend = planes, pend
	for l := range numLetters {
		if s.refills[l] == 0 {
			for k, tk := range s.data.damage[l].tokens {
				s.out[l][k] = uint8(tk.count - left[l][k])
			}
			continue
		}
		n := s.data.damage[l].total - s.pileCount(l)
		var full [maxTokens]int
		for k, tk := range s.data.damage[l].tokens {
			full[k] = tk.count
		}
		s.out[l] = [maxTokens]uint8{}
		for range n {
			s.out[l][drawFrom(&s.data.damage[l], &full, r, every)]++
		}
	}
}

// tally sets the damage and engine damage of the hidden planes from their
// redrawn tokens, and says whether every one of them still flying would
// still fly with them.
func (s *State) tally(planes *[maxPlanes]plane, hidden func(int) bool) bool {
	ok := true
	for i := range int(s.n) {
		if !hidden(i) {
			continue
		}
		p := &planes[i]
		dmg, eng := int16(0), int8(0)
		for l := range numLetters {
			for k, tk := range s.data.damage[l].tokens {
				dmg += int16(tk.value) * int16(int(p.drawn[l][k])+int(p.plain[l][k]))
				if tk.special == spEngine {
					eng += int8(p.drawn[l][k])
				}
			}
		}
		a := s.air(p)
		p.dmg, p.engine = dmg, eng
		p.engDoom = p.status == flying && engineEffect(a.engines, eng) == engDown
		if p.status == flying && (dmg >= a.damage || p.engDoom) {
			ok = false
		}
	}
	return ok
}

// redraw draws a hidden token of letter l among those ok accepts: from the
// pool left while the pile has never been filled again, else from the full
// set.
func (s *State) redraw(l int, left *[maxTokens]int, r *engine.Rand, ok func(token) bool) int {
	if s.refills[l] > 0 {
		return drawLike(&s.data.damage[l], r, ok)
	}
	return drawFrom(&s.data.damage[l], left, r, ok)
}

// drawFrom draws a token kind of dd among those ok accepts, by the counts
// in left, and takes it from left; with none there it draws from the full
// set.
func drawFrom(dd *damageDeck, left *[maxTokens]int, r *engine.Rand, ok func(token) bool) int {
	total := 0
	for k, tk := range dd.tokens {
		if ok(tk) {
			total += left[k]
		}
	}
	if total <= 0 {
		return drawLike(dd, r, ok)
	}
	x := r.IntN(total)
	for k, tk := range dd.tokens {
		if !ok(tk) {
			continue
		}
		if x < left[k] {
			left[k]--
			return k
		}
		x -= left[k]
	}
	return 0
}
