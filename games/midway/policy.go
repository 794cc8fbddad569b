package midway

import (
	"slices"

	"scramble/engine"
)

// The hand-written policy (bot.Advisor): rules of thumb written from the
// rules, no search. It reads only what its seat may see: the board, its own
// hand, the size of the rival's, and plans and bids once revealed. Its
// designed weights are listed in docs/rules/battle-of-midway.md, "The
// policy".

// Advise returns the policy's choice among legal for the view's seat; a
// spectator's view advises the first legal action.
func (v *View) Advise(legal []engine.Action, _ *engine.Rand) engine.Action {
	if v.Seat != 0 && v.Seat != 1 {
		if len(legal) == 0 {
			return 0
		}
		return legal[0]
	}
	me := side(v.Seat)
	return v.state.advise(me, v.hands[me.other()], legal)
}

// AdviseSeat is View.Advise for any seat, read from the state without
// building a view (bot.SeatAdvisor: the fast path of a search's playouts,
// at secret choices too, where no seat is to move). It reads nothing the
// seat's view hides, so it gives the view's advice.
func (s *State) AdviseSeat(seat engine.Seat, legal []engine.Action, _ *engine.Rand) engine.Action {
	if seat != 0 && seat != 1 {
		if len(legal) == 0 {
			return 0
		}
		return legal[0]
	}
	me := side(seat)
	return s.advise(me, total(s.hand[me.other()][:]), legal)
}

// advise is the policy of side me, whose rival holds rivalCards cards.
func (s *State) advise(me side, rivalCards int, legal []engine.Action) engine.Action {
	if len(legal) == 0 {
		return 0
	}
	if len(legal) == 1 {
		return legal[0]
	}
	switch s.step {
	case stPlace:
		return s.advisePlace(me, legal)
	case stReinforce:
		return s.adviseReinforce(me, legal)
	case stBid:
		return s.adviseBid(me, legal)
	case stActivate:
		if a := s.bestActivation(me, legal).a; a >= 0 {
			return a
		}
	case stFlight:
		a, _ := s.bestFlight(s.mover, s.craftOf(s.mover), s.moves)
		return a
	case stPlan:
		return s.advisePlan(me, legal)
	case stFirst:
		return s.adviseFirst(me)
	case stOmit:
		return s.adviseOmit(me)
	case stChain:
		return s.adviseChain(me, rivalCards, legal)
	case stReplan:
		c, worth := s.combatants()
		m := s.combatMods()
		a, v := s.bestReplan(me, c, int(s.cb.replanLeft), worth, m)
		if _, keep := s.bestReplan(me, c, 0, worth, m); keep > v && slices.Contains(legal, actKeep) {
			return actKeep
		}
		return a
	case stBuy:
		return s.adviseBuy(me, legal)
	case stTile:
		// The tile the rules used to lay by themselves (MW-2): flying on is
		// never worse than being destroyed.
		if i := s.freeTile(s.ask.at); i >= 0 {
			return engine.Action(i)
		}
	}
	return legal[0]
}

// Bid thresholds (designed): the gain of the best first activation, of
// either side, worth bidding 1, 2 or every point for (2.4.2).
const (
	bidOne = 0.6
	bidTwo = 1.5
	bidAll = winWorth / 2
)

// adviseBid bids for the Initiative (2.4.2) by what moving first is worth:
// every point when a Bomber of either side can reach its carrier this
// round, fewer as the best attack of either side is worth less, nothing
// when no attack is at stake: a flight gains nothing by coming first, and
// the points left buy orders (2.4.4).
func (s *State) adviseBid(me side, legal []engine.Action) engine.Action {
	top := max(s.urgency(me), s.urgency(me.other()))
	want := engine.Action(0)
	switch {
	case top >= bidAll:
		want = roundPoints
	case top >= bidTwo:
		want = 2
	case top >= bidOne:
		want = 1
	}
	return min(want, legal[len(legal)-1])
}

// urgency is what side sd would gain by acting first: its best attack, or
// a win when one of its Bombers can reach the enemy carrier in a Flight.
func (s *State) urgency(sd side) float64 {
	u := 0.0
	for _, a := range s.activations(sd) {
		if a >= actAttack {
			u = max(u, s.attackGain(sd, a))
			continue
		}
		p := int8(sd)*planesPerSide + int8(a)
		if _, hi := s.flightRange(p); s.isBomber(p) && s.toGo(s.craftOf(p), s.carrier(sd.other())) <= int(hi) {
			return winWorth
		}
	}
	return u
}

// cardWorth is the designed worth of holding one more card of each kind:
// the cards that change a Firing's odds or cancel it first.
var cardWorth = [numOrders]float64{
	kAcceleration: 0.6, kSurprise: 0.8, kFeint: 0.5, kAileron: 1.0,
	kTurnabout: 0.6, kDodge: 0.9, kLoop: 0.7, kSixth: 1.2,
}

// adviseBuy buys (2.4.4) the dearest-worth card of the set of pool cards
// the points left can pay for that is worth most (leftover points are
// lost, 2.4.5); each copy already in hand is worth a third less.
func (s *State) adviseBuy(me side, legal []engine.Action) engine.Action {
	var slots []int
	for _, a := range legal {
		if a != actDone {
			slots = append(slots, int(a))
		}
	}
	best, bestV := engine.Action(actDone), 0.0
	for set := 1; set < 1<<len(slots); set++ {
		cost, v, top, topV := int8(0), 0.0, -1, 0.0
		held := [numOrders]int8(s.hand[me][:numOrders])
		for i, slot := range slots {
			if set&(1<<i) == 0 {
				continue
			}
			k := s.pool[slot]
			cost += s.d.orders[k].Cost
			w := cardWorth[k]
			for range held[k] {
				w *= 2.0 / 3
			}
			held[k]++
			v += w
			if top < 0 || w > topV {
				top, topV = slot, w
			}
		}
		if cost <= s.points[me] && v > bestV+1e-9 {
			best, bestV = engine.Action(top), v
		}
	}
	return best
}

// advisePlace sets up a plane (2.3.4, 3.3.4): Special Aircraft first, each
// where and facing where it stands best.
func (s *State) advisePlace(me side, legal []engine.Action) engine.Action {
	kind := 0
	for _, a := range legal {
		if int(a)/placeKind == 1 {
			kind = 1
		}
	}
	p := s.unplacedOf(me, kind)
	w, f := s.worth(p), s.foesOf(me.other())
	best, bestV := legal[0], -4.0*winWorth
	for _, a := range legal {
		n := int(a)
		if n/placeKind != kind {
			continue
		}
		rest := n % placeKind
		c := craft{id: p, side: me, kind: s.kindOf(p), pos: s.area(me, rest/int(numFacings)), face: Facing(rest % int(numFacings)), alive: true}
		if v := s.standing(c, w, f); v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	return best
}

// adviseReinforce returns a Fighter (3.4.1) where and facing where it
// stands best.
func (s *State) adviseReinforce(me side, legal []engine.Action) engine.Action {
	p := s.downFighter(me)
	f := s.foesOf(me.other())
	best, bestV := legal[0], -4.0*winWorth
	for _, a := range legal {
		n := int(a)
		c := craft{id: p, side: me, kind: kindFighter, pos: s.bd().reinf[me][n/int(numFacings)], face: Facing(n % int(numFacings)), alive: true}
		if v := s.standing(c, 1, f); v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	return best
}
