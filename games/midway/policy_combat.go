package midway

import "scramble/engine"

// The policy in a Combat (2.4.3): the secret plan, who resolves first, an
// Ace's omission, the order-card chain and a Sixth Sense re-plan. Each is
// scored by the duel's worth to the policy's side (policy_duel.go) on this
// board.

// cardCost is what playing a card costs the policy: a little per Command
// Point it cost (it is gone for later combats), more for a special card
// (two a game, never bought back).
func (s *State) cardCost(k int) float64 {
	if k == specialSlot {
		return 0.15
	}
	return 0.1 * float64(s.d.orders[k].Cost)
}

// combatants returns the two combatants where they are now, and their
// worth, by side.
func (s *State) combatants() (c [numSides]craft, worth [numSides]float64) {
	for sd := range numSides {
		p := s.cb.plane[sd]
		c[sd], worth[sd] = s.craftOf(p), s.worth(p)
	}
	return c, worth
}

// combatMods are the cards played into the coming Firing (MW-14).
func (s *State) combatMods() mods {
	var m mods
	for sd := range numSides {
		m.extra[sd], m.ignore[sd] = int(s.cb.extra[sd]), int(s.cb.ignore[sd])
	}
	return m
}

// advisePlan lays the plan that scores best against every plan the rival
// may have laid (its own is not looked at: it is secret until revealed).
func (s *State) advisePlan(me side, legal []engine.Action) engine.Action {
	c, worth := s.combatants()
	mine := make([]int8, len(legal))
	for i, a := range legal {
		mine[i] = int8(a)
	}
	// A rival Ace's three tokens less the one it omits fly like any two.
	best, _ := sky{s, s.d}.planChoice(me, c, mine, s.cb.attacker, worth, s.combatMods())
	return engine.Action(best)
}

// adviseFirst chooses who resolves first, both plans being revealed: the
// order in which the duel is worth more to the attacker.
func (s *State) adviseFirst(me side) engine.Action {
	c, worth := s.combatants()
	var q [numSides][]seq
	for sd := range numSides {
		q[sd] = flown(s.cb.plan[sd])
	}
	k := sky{s, s.d}
	mine := k.orderWorth(me, c, q[me], q[me.other()], me, worth, s.combatMods())
	theirs := k.orderWorth(me, c, q[me], q[me.other()], me.other(), worth, s.combatMods())
	if theirs > mine+1e-9 {
		return actDefenderFirst
	}
	return actAttackerFirst
}

// adviseOmit chooses the Ace's token to omit (3.3.4): the one whose
// omission leaves the duel worth most, the rival's tokens flown after mine
// if they are still to fly.
func (s *State) adviseOmit(me side) engine.Action {
	c, worth := s.combatants()
	theirs := []seq{{-1, -1}}
	if s.cb.resolved == 0 {
		theirs = flown(s.cb.plan[me.other()])
	}
	best, bestV := engine.Action(0), -4.0*winWorth
	for i, q := range flown(s.cb.plan[me]) {
		// flown lists the omissions of the first, second, third token.
		omit := engine.Action(i)
		v := sky{s, s.d}.orderWorth(me, c, []seq{q}, theirs, me, worth, s.combatMods())
		if v > bestV+1e-9 || (v > bestV-1e-9 && omit < best) {
			best, bestV = omit, v
		}
	}
	return best
}

// adviseChain plays the order card that makes the coming Firing worth most
// more than the card costs, or passes (List of Orders). Each card is scored
// as if the rival then passed.
func (s *State) adviseChain(me side, rivalCards int, legal []engine.Action) engine.Action {
	c, worth := s.combatants()
	m := s.combatMods()
	k := sky{s, s.d}
	now := k.duelWorth(me, c, worth, m)
	if s.cb.dodged {
		now = 0 // no Firing after a Dodge: only a Thach Weave still fires
	}
	best, bestV := engine.Action(chPass), now
	for _, a := range legal {
		if a == chPass {
			continue
		}
		n := int(a)
		v := now
		switch {
		case s.cb.dodged && n < chThach:
			v = 0
		case n < chSurprise:
			d := c
			k.fly(&d[me], &d[me.other()], int8(n-chAccel))
			v = k.duelWorth(me, d, worth, m)
		case n == chSurprise:
			// The Firing at once: the rival cannot answer.
			if rivalCards > 0 && now > 0 {
				v = now + 0.1*float64(rivalCards)
			}
		case n == chFeintLeft || n == chFeintRight:
			d := c
			s.jump(&d[me], &d[me.other()], d[me].pos.Add(feintOffset(d[me].face, n == chFeintLeft)))
			v = k.duelWorth(me, d, worth, m)
		case n == chAileron:
			mm := m
			mm.ignore[me.other()]++
			v = k.duelWorth(me, c, worth, mm)
		case n == chTurnabout:
			d := c
			d[me].face = d[me].face.turn(3)
			v = k.duelWorth(me, d, worth, m)
		case n == chDodge:
			v = 0
		case n == chLoop, n == chSixth:
			d := c
			s.jump(&d[me], &d[me.other()], s.cb.pre[me])
			d[me].face = s.cb.preFace[me]
			v = k.duelWorth(me, d, worth, m)
			if n == chSixth && s.cb.flown[me] > 0 {
				_, v = s.bestReplan(me, d, int(s.cb.flown[me]), worth, m)
			}
		case n == chVeterans:
			mm := m
			mm.extra[Japan]++
			v = k.duelWorth(me, c, worth, mm)
		default:
			kill := s.thachKill(int8(n - chThach))
			v = kill*worth[Japan] + (1-kill)*now
		}
		if v -= s.cardCost(chainKind(n)); v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	return best
}

// jump moves c onto h as an order card does (Feint, Loop): off the board it
// is lost unless a small tile can be laid; a plane there swaps with it.
func (s *State) jump(c, o *craft, h Hex) {
	if !s.canEnter(h) {
		c.alive = false
		return
	}
	if o.alive && o.pos == h {
		o.pos = c.pos
	}
	c.pos = h
}

// thachKill is the chance that US plane k's Thach Weave shoots down the
// Japanese combatant (MW-13): the US draws by its own diagram, Japan by its
// own, and only the US can destroy.
func (s *State) thachKill(k int8) float64 {
	u, j := s.craftOf(k), s.craftOf(s.cb.plane[Japan])
	cu := s.d.sees(u, j)
	if !cu.attack() {
		return 0
	}
	uw, _ := s.d.firingOdds(hand{n: cu.cards()}, hand{n: s.d.sees(j, u).cards(), bonus: j.bonus()})
	return uw
}

// bestReplan chooses the tokens of a Sixth Sense re-plan (MW-12): every
// sequence of left tokens from c, scored where it ends. It returns the
// first token and the score.
func (s *State) bestReplan(me side, c [numSides]craft, left int, worth [numSides]float64, m mods) (engine.Action, float64) {
	k := sky{s, s.d}
	if left == 0 {
		return tokForward, k.duelWorth(me, c, worth, m)
	}
	best, bestV := engine.Action(tokForward), -4.0*winWorth
	for tok := range int8(numTokens) {
		d := c
		k.fly(&d[me], &d[me.other()], tok)
		if _, v := s.bestReplan(me, d, left-1, worth, m); v > bestV+1e-9 {
			best, bestV = engine.Action(tok), v
		}
	}
	return best, bestV
}
