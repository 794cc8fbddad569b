package wings

import "scramble/engine"

// PassAction is the pass of a firing declaration: hold fire. Planning has
// no pass (a card must be planned) and chance is not a seat.
func (s *State) PassAction(seat engine.Seat) (engine.Action, bool) {
	if s.step == stFire && seat == s.Current() {
		return actHold, true
	}
	return 0, false
}

// Evaluate scores the position for seat from what every seat can see: the
// share of the enemy's strength lost minus the share of its own side's,
// mapped to 0..1. A plane destroyed is lost whole; one still flying is lost
// by the expected value of its tokens over its damage points. Token values
// are hidden, so the expectation uses each deck's mean, never the values.
func (s *State) Evaluate(seat engine.Seat) float64 {
	seats := s.scen().seats
	if seat < 0 || int(seat) >= len(seats) {
		return 0.5
	}
	if s.step == stOver {
		return s.Result().Returns[seat]
	}
	mine := seats[seat].side
	var own, enemy, nOwn, nEnemy float64
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		loss := 1.0
		if p.status == flying {
			loss = min(1, s.expectedDamage(p)/float64(s.air(p).damage))
		} else if !p.destroyed() {
			loss = 0.5 // left the table: out of the fight, not lost
		}
		if s.side(p) == mine {
			own, nOwn = own+loss, nOwn+1
		} else {
			enemy, nEnemy = enemy+loss, nEnemy+1
		}
	}
	return 0.5 + 0.5*(enemy/max(nEnemy, 1)-own/max(nOwn, 1))
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
