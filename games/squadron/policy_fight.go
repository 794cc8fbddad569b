package squadron

import "scramble/engine"

// This file holds the policy's Fight (Phase III): which German plane to
// attack, and the die, card and Support of a Combat round, chosen by
// resolving the round on a copy of the state: the German dice are rolled
// before the RAF chooses, so the round's outcome is known but for the
// Support.

// targetScore is how much the policy wants to attack German plane i
// (designed weights, in the units of damageCost): a bomber that can still
// bomb the scenario's target, the nearer to bombing the more; another
// bomber; a fighter, more by the Counterattack its engagement spares the
// planes in its area (Phase IV: an engaged fighter does not counterattack).
// A plane already damaged is nearer to falling, and one with a Maneuver
// token rolls no dice.
func (s *State) targetScore(i int) float64 {
	g := &s.ger[i]
	v := 1.0
	switch {
	case s.threat(i):
		v = 3 + 2/float64(max(1, s.arrival(i)))
	case s.isBomber(i):
		v = 1.5
	}
	v += s.counterHits(i) * s.exposure(g.area)
	v += 0.5 * float64(g.dmg)
	if s.germanDice(i) == 0 {
		v++
	}
	return v
}

// counterHits is the mean number of Hits German plane i's Counterattack
// would put on each RAF plane in its area this turn (Phase IV), 0 if it
// will not counterattack.
func (s *State) counterHits(i int) float64 {
	if s.counterattackers(s.ger[i].area, ckPhase)>>i&1 == 0 {
		return 0
	}
	return s.meanCounterHits(i)
}

// counterHitsIn is the mean number of Hits the Counterattack in area a
// would put on each RAF plane there (Phase IV).
func (s *State) counterHitsIn(a int8) float64 {
	v := 0.0
	for m := s.counterattackers(a, ckPhase); m != 0; m &= m - 1 {
		v += s.meanCounterHits(trailing(uint64(m)))
	}
	return v
}

// meanCounterHits is the mean number of Hits of German plane i's
// Counterattack dice.
func (s *State) meanCounterHits(i int) float64 {
	p := 0.0
	for _, fp := range s.t.dice[s.t.aircraft[s.ger[i].kind].die] {
		if fp.f.sym() == symHit {
			p += fp.prob
		}
	}
	return p * float64(s.counterDice(i, ckPhase))
}

// exposure is what one more damage on every airborne RAF plane in area a
// costs the pilots (damageCost).
func (s *State) exposure(a int8) float64 {
	v := 0.0
	for q := range int(s.nPl) {
		if s.airborne(q) && s.raf[q].area == a {
			v += s.damageCost(q, 1)
		}
	}
	return v
}

// targetWeight is what a Hit or a Maneuver token on German plane i is worth
// to the pilots against one damage they take (designed): three for a
// bomber that can still bomb the scenario's target, one and a half for
// another bomber, one for a fighter.
func (s *State) targetWeight(i int) float64 {
	switch {
	case s.threat(i):
		return 3
	case s.isBomber(i):
		return 1.5
	}
	return 1
}

// arrival is the number of German movements bomber i needs to reach its
// squadron's target: the distance, plus one for each Maneuver token.
func (s *State) arrival(i int) int {
	g := &s.ger[i]
	return int(s.t.dist[g.area][s.sq[g.squad].target]) + int(g.tokens)
}

// adviseTarget attacks the German plane with the best targetScore; a plane
// one damage from being shot down holds when the Reserve is empty and every
// opponent would shoot back.
func (s *State) adviseTarget(legal []engine.Action) engine.Action {
	best, bestV := actPass, 0.0
	safe := false
	for _, a := range legal {
		if a == actPass || a == actLater {
			continue
		}
		i := int(a - actAttack)
		safe = safe || s.germanDice(i) == 0
		if v := s.targetScore(i); best == actPass || v > bestV {
			best, bestV = a, v
		}
	}
	if s.raf[s.who].ndmg >= 4 && s.reserve == 0 && !safe {
		return actPass
	}
	return best
}

// adviseNextRound picks the next round's opponent: the same one keeps its
// symbols (Second Combat round), worth one point of targetScore.
func (s *State) adviseNextRound(legal []engine.Action) engine.Action {
	best, bestV := legal[0], 0.0
	for k, a := range legal {
		var v float64
		if a == actSame {
			v = s.targetScore(int(s.f.target)) + 1
		} else {
			v = s.targetScore(int(a - actAttack))
		}
		if k == 0 || v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// adviseManeuver puts a Maneuver on the opponent (it cannot act, and a
// bomber loses a move), or keeps it for a disengage.
func (s *State) adviseManeuver(legal []engine.Action) engine.Action {
	if has(legal, actAssign) {
		return actAssign
	}
	if has(legal, actKeep) {
		return actKeep
	}
	return actPass
}

// adviseDie chooses the die (and the special die's Success) whose round,
// with the best card to go with it, is worth most.
func (s *State) adviseDie(legal []engine.Action) engine.Action {
	best, bestV := legal[0], 0.0
	for k, a := range legal {
		c := s.scratch()
		c.applyDie(a)
		_, v := c.bestCard()
		if k == 0 || v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// adviseCard plays the card (or none) whose round is worth most.
func (s *State) adviseCard([]engine.Action) engine.Action {
	a, _ := s.bestCard()
	return a
}

// bestCard is the card of the fighting plane's hand (or none) whose round
// is worth most, with that worth less what the card was worth in hand.
func (s *State) bestCard() (engine.Action, float64) {
	f := &s.f
	best, bestV := actPass, s.roundWith(-1, symBlank)
	support := s.supporterNear()
	for h := s.raf[f.pl].hand; h != 0; h &= h - 1 {
		c := trailing(h)
		v := s.roundWith(c, symBlank) - 0.35*s.cardValue(c)
		if support {
			v += 0.2 // a card played lets a wingman Support
		}
		if v > bestV {
			best, bestV = actPlay+engine.Action(c), v
		}
	}
	return best, bestV
}

// supporterNear reports whether another airborne plane with cards is in
// the fighting plane's area and the Fight may still take a Support.
func (s *State) supporterNear() bool {
	f := &s.f
	if f.supports >= s.supportsAllowed(int(f.pl)) {
		return false
	}
	for q := range s.nPl {
		if q != f.pl && s.airborne(int(q)) && s.raf[q].area == s.raf[f.pl].area && s.raf[q].hand != 0 {
			return true
		}
	}
	return false
}

// adviseSupport gives the Support whose round gains most over the round
// without it, less the card's worth in hand; none if nothing gains.
func (s *State) adviseSupport(legal []engine.Action) engine.Action {
	best, bestV := actPass, s.roundWith(int(s.f.card), symBlank)
	for _, a := range legal {
		if a == actPass {
			continue
		}
		k := int(a - actSupport)
		sym := [2]symbol{symHit, symEvade}[k%2]
		if v := s.roundWith(int(s.f.card), sym) - 0.35*s.cardValue(k/2); v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// scratch returns a copy of the state that writes no events, for the
// policy to play a round out on.
func (s *State) scratch() *State {
	c := *s
	c.log = nil
	return &c
}

// roundWith resolves this Combat round on a copy with card c (-1 for none)
// and Support symbol sup and returns what the round is worth.
func (s *State) roundWith(c int, sup symbol) float64 {
	x := s.scratch()
	x.f.card = int8(c)
	x.f.supSym = sup
	x.resolveRound()
	return s.roundValue(x)
}

// roundValue scores a resolved round x against the state s before it
// (designed weights): damage and a shot-down opponent by targetWeight,
// Maneuver tokens on it, a third round; less the damage the pilot takes,
// dearer as its board fills and dearest when it would be shot down.
func (s *State) roundValue(x *State) float64 {
	f := &x.f
	i := int(f.target)
	w := s.targetWeight(i)
	v := 0.6 * w * float64(x.ger[i].dmg-s.ger[i].dmg)
	if x.ger[i].flags&gDown != 0 && s.ger[i].flags&gDown == 0 {
		v += 2 * w
	}
	switch {
	case x.onMap(i) && s.threat(i):
		// A token holds the bomber one movement; past the game's end it
		// holds nothing.
		v += 0.6 * w * float64(min(int(f.mans), s.movesLeft()-s.arrival(i)+1))
	case x.onMap(i):
		v += 0.6 * w * float64(f.mans)
	default:
		v += 0.2 * float64(f.mans)
	}
	if f.rounds > s.f.rounds {
		v += 0.5
	}
	hits := int(f.gHits)
	if f.fail {
		hits += 2
	}
	return v - s.damageCost(int(f.pl), hits)
}

// damageCost is what n more damage on plane p costs the pilots (designed):
// each point dearer than the last, and a shot-down plane dearest, most when
// the Reserve is empty and losing the pilot ends the game.
func (s *State) damageCost(p, n int) float64 {
	cost := 0.0
	for k := 1; k <= n; k++ {
		d := int(s.raf[p].ndmg) + k
		if d >= 5 {
			cost += 4
			if s.reserve == 0 {
				cost += 6
			}
			break
		}
		cost += 0.4 + 0.15*float64(d)
	}
	return cost
}

// adviseToken spends a kept Maneuver token as this round's symbol (SQ-8)
// when the round played out on a copy is worth clearly more with it than
// without: a token kept can serve a later round, so a small gain (designed:
// 0.3, about one damage token's cost) is not enough.
func (s *State) adviseToken() engine.Action {
	x := s.scratch()
	x.f.tok = 1
	x.raf[x.f.pl].mans--
	x.resolveRound()
	with := s.roundValue(x)
	without := s.roundWith(int(s.f.card), s.f.supSym)
	if with > without+0.3 {
		return actToken
	}
	return actPass
}

// adviseBreak breaks away after a breakaway card's set (FAQ 2, SQ-8) only
// when the plane should land (needsAirfield): it flies to the area in reach
// nearest its airfield. A plane fit to fight fights on.
func (s *State) adviseBreak(legal []engine.Action) engine.Action {
	p := int(s.f.pl)
	if !s.needsAirfield(p) {
		return actPass
	}
	home := s.nearestAirfield(s.raf[p].area)
	best, bestD := engine.Action(actPass), int(s.t.dist[s.raf[p].area][home])
	for _, a := range legal {
		if a < actMove || a >= actMove+engine.Action(len(s.t.areas)) {
			continue
		}
		if d := int(s.t.dist[a-actMove][home]); d < bestD {
			best, bestD = a, d
		}
	}
	return best
}
