package wings

import (
	"math"

	"scramble/engine"
)

// Determinization: a state consistent with one seat's view (View.Sample).

// Sample returns a state consistent with the view: the other seats' planned
// cards, token values, engine damage and rudder directions are drawn anew,
// the planned cards from a belief that follows the policy (believe).
func (v *View) Sample(r *engine.Rand) engine.State {
	s := v.state
	if s.pendN > 0 && v.Seat != s.pendSeer() {
		dd := &s.data.damage[s.head().letter]
		for k := range s.pendN {
			s.pend[k] = int8(drawLike(dd, r, func(token) bool { return true }))
		}
	}
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

// resample redraws what other seats cannot see of plane i.
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
	a := s.air(p)
	var drawn, plain [numLetters][maxTokens]uint8
	for try := 0; try < 8; try++ {
		drawn, plain = [numLetters][maxTokens]uint8{}, [numLetters][maxTokens]uint8{}
		dmg, eng := int16(0), int8(0)
		for l := 0; l < numLetters; l++ {
			dd := &s.data.damage[l]
			for k, tk := range dd.tokens {
				for range p.drawn[l][k] {
					j := drawLike(dd, r, func(o token) bool {
						return announced(o.special) == announced(tk.special) && (!announced(tk.special) || o.special == tk.special)
					})
					drawn[l][j]++
					dmg += int16(dd.tokens[j].value)
					if dd.tokens[j].special == spEngine {
						eng++
					}
				}
				for range p.plain[l][k] {
					j := drawLike(dd, r, func(token) bool { return true })
					plain[l][j]++
					dmg += int16(dd.tokens[j].value)
				}
			}
		}
		p.dmg, p.engine = dmg, eng
		p.engDoom = p.status == flying && engineEffect(a.engines, eng) == engDown
		if p.status != flying || (dmg < a.damage && !p.engDoom) {
			break
		}
	}
	p.drawn, p.plain = drawn, plain
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
