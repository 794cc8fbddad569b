package squadron

import "scramble/engine"

// Advise is the game's hand-written policy for the pilot to act (the
// "policy" bot: bot.Advisor). It is designed, not a rule, and searches
// nothing beyond the Combat round being fought. It reads only what the
// seat sees: the map, the boards, the dice on the table and its own hand
// (both hands in the solo variant), never the deck or another pilot's hand,
// so a sampled state (View.Sample) gets the same advice.
//
//   - Declaration: the pilot's ability (every ability helps); never the
//     special die, never a Medal for another's ability.
//   - Movement: a plane low on ammunition or badly damaged flies to the
//     nearest airfield and lands; otherwise every plane flies to meet the
//     bomber nearest to bombing the scenario's target, where it will be when
//     the plane can reach it, so the pilots meet it together and can Support
//     each other; a card extends the move only when it reaches the meeting
//     this turn. In Coming Home every plane flies home and lands.
//   - Fight: the bomber nearest its target first, a plane that rolls no dice
//     before one that does; the die, the card, the Support are chosen by
//     playing the round out on a copy (policy_fight.go); Maneuvers go on the
//     opponent.
//   - Airfield: repair a badly damaged plane, rearm, repair, then cards.
func (v *View) Advise(legal []engine.Action, r *engine.Rand) engine.Action {
	return v.state.advise(legal, r)
}

// AdviseSeat is View.Advise for seat, the seat to move (the only one with
// legal actions), without building a view (bot.SeatAdvisor, for searches).
func (s *State) AdviseSeat(_ engine.Seat, legal []engine.Action, r *engine.Rand) engine.Action {
	return s.advise(legal, r)
}

// advise picks the policy's action among legal.
func (s *State) advise(legal []engine.Action, r *engine.Rand) engine.Action {
	if len(legal) == 0 {
		return 0
	}
	if len(legal) == 1 {
		return legal[0]
	}
	var a engine.Action
	switch s.step {
	case stDeclare:
		a = actPass
		if has(legal, actAbility) {
			a = actAbility
		}
	case stDiscard:
		a = s.adviseDiscard(legal)
	case stMove:
		a = s.adviseMove(legal)
	case stFightChoose:
		a = s.adviseTarget(legal)
	case stFrantisek:
		a = s.adviseFrantisek()
	case stDieChoice:
		a = s.adviseDie(legal)
	case stCard:
		a = s.adviseCard(legal)
	case stSupport:
		a = s.adviseSupport(legal)
	case stManeuver:
		a = s.adviseManeuver(legal)
	case stNextRound:
		a = s.adviseNextRound(legal)
	case stDefend:
		a = s.adviseDefend(legal)
	case stMedal:
		a = s.adviseMedal(legal)
	case stAirfield:
		a = s.adviseAirfield(legal)
	case stMulligan:
		a = actPass
		if k := s.raf[s.who].mullTok; k == tokNoFree || k == tokHand {
			a = actMulligan
		}
	case stSpecial:
		a = s.adviseSpecial(legal)
	case stToken:
		a = s.adviseToken()
	case stBreak:
		a = s.adviseBreak(legal)
	default:
		return legal[r.IntN(len(legal))]
	}
	if !has(legal, a) {
		return legal[0]
	}
	return a
}

// has reports whether a is among legal.
func has(legal []engine.Action, a engine.Action) bool {
	for _, l := range legal {
		if l == a {
			return true
		}
	}
	return false
}

// cardValue is how much the policy values keeping combat card c: its
// symbol, its set's effect, its defence propellers and its Movement
// (designed weights).
func (s *State) cardValue(c int) float64 {
	k := &s.t.cards[c]
	v := 0.2*float64(len(k.defence)) + 0.15*float64(k.move)
	switch k.sym {
	case symHit, symManeuver:
		v++
	case symEvade:
		v += 0.6
	}
	switch k.effect {
	case "hit", "maneuver":
		v += 0.4
	case "evade":
		v += 0.25
	case "firststrike", "thirdround":
		v += 0.3
	}
	for _, x := range k.support {
		if x == symHit || x == symJoker {
			v += 0.05
		}
	}
	return v
}

// adviseDiscard discards the card the policy values least.
func (s *State) adviseDiscard(legal []engine.Action) engine.Action {
	best, bestV := legal[0], 0.0
	for i, a := range legal {
		if a >= actGive {
			continue // the policy keeps the solo Łokuciewski's cards in his hand
		}
		if v := s.cardValue(int(a - actDiscard)); i == 0 || v < bestV {
			best, bestV = a, v
		}
	}
	return best
}

// adviseDefend plays, against a Counterattack's Hits, the defence that
// cancels most for the card valued least (Phase IV).
func (s *State) adviseDefend(legal []engine.Action) engine.Action {
	best, bestV := actPass, 0.0
	for _, a := range legal {
		if a < actDefend {
			continue // the pass, or a Medal for another's ability (never)
		}
		k := int(a-actDefend) / 4
		cancels := 1.0
		if int(a-actDefend)%4 == 3 {
			cancels = 2
		}
		if v := cancels - 0.3*s.cardValue(k); best == actPass || v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// adviseMedal spends a Medal to stop the extra move of a squadron whose
// bombers fly to the scenario's target (Pilots shot down).
func (s *State) adviseMedal(legal []engine.Action) engine.Action {
	for _, a := range legal {
		if a != actPass && s.threatening(int(a-actMedal)) {
			return a
		}
	}
	return actPass
}

// threatening reports whether squadron q has a bomber on the map flying to
// the scenario's target that can still reach it before the game ends.
func (s *State) threatening(q int) bool {
	t := s.t.scenarios[s.sc].target
	if t < 0 || int(s.sq[q].target) != t {
		return false
	}
	for i := range int(s.nGer) {
		if int(s.ger[i].squad) == q && s.threat(i) {
			return true
		}
	}
	return false
}

// threat reports whether German plane i is a bomber that has not bombed and
// can reach the scenario's target in the German movements left.
func (s *State) threat(i int) bool {
	g := &s.ger[i]
	t := s.t.scenarios[s.sc].target
	return t >= 0 && s.onMap(i) && s.isBomber(i) && g.flags&gBombed == 0 &&
		int(s.sq[g.squad].target) == t && s.arrival(i) <= s.movesLeft()
}

// movesLeft is the number of German movements (Phase V) left in the game,
// this turn's included.
func (s *State) movesLeft() int {
	n := s.t.scenarios[s.sc].turns - int(s.turn)
	if s.phase <= phaseGermans {
		n++
	}
	return n
}

// adviseAirfield spends the airfield's action points (Phase VI): a plane
// with three damage or more repairs first, then rearms, repairs, and
// draws while its hand is below its limit.
func (s *State) adviseAirfield(legal []engine.Action) engine.Action {
	p := int(s.who)
	r := &s.raf[p]
	switch {
	case r.ndmg >= 3 && has(legal, actRepair):
		return actRepair
	case has(legal, actAmmo):
		return actAmmo
	case has(legal, actRepair):
		return actRepair
	case s.handSize(p) < s.handLimit(p) && has(legal, actDrawAP):
		return actDrawAP
	}
	return actPass
}

// adviseSpecial uses the Specialization for the strongest effect it
// offers: a Maneuver set on a bomber, a Hit, the blue die set to a Hit, or
// a blank blue die rolled again.
func (s *State) adviseSpecial(legal []engine.Action) engine.Action {
	f := &s.f
	switch {
	case has(legal, actSpecial+5) && s.isBomber(int(f.target)) && s.ger[f.target].tokens == 0:
		return actSpecial + 5
	case has(legal, actSpecial+1):
		return actSpecial + 1
	case has(legal, actSpecial+3) && f.sym != symHit:
		return actSpecial + 3
	case has(legal, actSpecial) && f.sym == symBlank:
		return actSpecial
	}
	return actPass
}

// adviseFrantisek rolls the opponent's dice again when they show more Hits
// than they would on average.
func (s *State) adviseFrantisek() engine.Action {
	f := &s.f
	hits, mean := 0.0, 0.0
	for _, fp := range s.t.dice[s.t.aircraft[s.ger[f.target].kind].die] {
		if fp.f.sym() == symHit {
			mean += fp.prob
		}
	}
	for _, fc := range f.gd[:f.ng] {
		if fc.sym() == symHit {
			hits++
		}
	}
	if hits > mean*float64(f.ng) {
		return actReroll
	}
	return actPass
}
