package midway

import "scramble/engine"

// startRound begins a round (2.4.1): a marker beside every plane on the
// board and 3 Command Points per side, then the secret bid. After the last
// round allowed the game ends (MW-15).
func (s *State) startRound() {
	if s.round >= s.maxRounds {
		s.endByRounds()
		return
	}
	s.round++
	for i := range s.planes {
		s.planes[i].marker = s.planes[i].status == flying
	}
	s.points = [numSides]int8{roundPoints, roundPoints}
	s.bid, s.bidIn, s.bidShown = [numSides]int8{}, [numSides]bool{}, false
	s.step = stBid
	if s.log != nil {
		s.logf("round %d begins: every plane gets an Activation Marker, each side 3 Command Points", s.round)
	}
}

// applyBid records one side's secret bid; when both are in they are
// revealed and the higher takes the Initiative Card, a tie going to the US
// (2.4.2).
func (s *State) applyBid(sd side, b int8) {
	s.bid[sd], s.bidIn[sd] = b, true
	if s.log != nil {
		s.logf("%s bids in secret", sd)
	}
	if !s.bidIn[sd.other()] {
		return
	}
	s.points[US] -= s.bid[US]
	s.points[Japan] -= s.bid[Japan]
	s.bidShown = true
	switch {
	case s.bid[US] > s.bid[Japan]:
		s.initiative = US
	case s.bid[Japan] > s.bid[US]:
		s.initiative = Japan
	case s.tieToUS:
		s.initiative = US
	default:
		s.initiative = Japan
	}
	if s.log != nil {
		s.logf("bids revealed: US %d, Japan %d; %s takes the Initiative Card", s.bid[US], s.bid[Japan], s.initiative)
	}
	s.nextActivation(s.initiative, false)
}

// nextActivation hands the next activation (2.4.3) after side active acted:
// to its rival first when preferOther (after a Flight), else to active
// itself (after a Combat, or at the start); a side without markers is
// skipped, and when neither has any the Order Purchase Phase begins.
func (s *State) nextActivation(active side, preferOther bool) {
	order := [2]side{active, active.other()}
	if preferOther {
		order = [2]side{active.other(), active}
	}
	for _, sd := range order {
		if s.hasMarker(sd) {
			if sd != s.initiative && s.log != nil {
				s.logf("the Initiative Card passes to %s", sd)
			}
			s.initiative, s.actor, s.step = sd, sd, stActivate
			return
		}
	}
	s.startPurchase()
}

// appendActivations lists the Initiative holder's choices (2.4.3): fly a
// plane with a marker, or attack with it an enemy plane within 5
// manoeuvres (MW-10).
func (s *State) appendActivations(buf []engine.Action) []engine.Action {
	own := int(s.actor) * planesPerSide
	foe := int(s.actor.other()) * planesPerSide
	for k := range planesPerSide {
		p := &s.planes[own+k]
		if p.status != flying || !p.marker {
			continue
		}
		buf = append(buf, engine.Action(k))
	}
	for k := range planesPerSide {
		p := &s.planes[own+k]
		if p.status != flying || !p.marker {
			continue
		}
		for t := range planesPerSide {
			e := &s.planes[foe+t]
			if e.status == flying && withinReach(p.face, e.pos.Sub(p.pos)) {
				buf = append(buf, engine.Action(actAttack+k*planesPerSide+t))
			}
		}
	}
	return buf
}

// applyActivate discards the plane's marker and starts its Flight or its
// Combat (2.4.3).
func (s *State) applyActivate(a int) {
	own := int8(s.actor) * planesPerSide
	if a < actAttack {
		p := own + int8(a)
		s.planes[p].marker = false
		s.mover, s.moves, s.step = p, 0, stFlight
		if s.log != nil {
			s.logf("%s flies", s.fullName(p))
		}
		return
	}
	k, t := (a-actAttack)/planesPerSide, (a-actAttack)%planesPerSide
	s.startCombat(own+int8(k), int8(s.actor.other())*planesPerSide+int8(t))
}

// startPurchase begins the Order Purchase Phase (2.4.4): the Initiative
// holder buys first. An empty slot of the pool is refilled first if cards
// are left.
func (s *State) startPurchase() {
	s.actor, s.bought = s.initiative, false
	if s.needRefill() {
		return
	}
	s.nextBuy()
}

// canBuy reports whether the buying side can afford a card in the pool.
func (s *State) canBuy() bool {
	for _, k := range s.pool {
		if k >= 0 && s.d.orders[k].Cost <= s.points[s.actor] {
			return true
		}
	}
	return false
}

// nextBuy asks the buying side to buy or stop, or moves on when it can
// afford nothing (MW-21).
func (s *State) nextBuy() {
	if s.canBuy() {
		s.step = stBuy
		return
	}
	s.finishBuyer()
}

// finishBuyer ends one side's purchases: the other side buys next, or the
// round ends.
func (s *State) finishBuyer() {
	if !s.bought {
		s.bought, s.actor = true, s.initiative.other()
		s.nextBuy()
		return
	}
	s.endRound()
}

// applyBuy buys the card in a pool slot, paying its cost, and refills the
// pool (2.4.4); or stops buying.
func (s *State) applyBuy(a int) {
	if a == actDone {
		s.finishBuyer()
		return
	}
	k := s.pool[a]
	s.points[s.actor] -= s.d.orders[k].Cost
	s.hand[s.actor][k]++
	s.pool[a] = -1
	if s.log != nil {
		s.logf("%s buys %s for %d Command Points", s.actor, orderNames[k], s.d.orders[k].Cost)
	}
	if s.needRefill() {
		return
	}
	s.nextBuy()
}

// endRound ends a round (2.4.5): leftover points are lost; in Domination
// the side with more planes on the Midway tile scores 2, then destroyed
// Fighters return in Initiative order (3.4.1).
func (s *State) endRound() {
	s.points = [numSides]int8{}
	if s.mode == domination {
		var on [numSides]int
		for i := range s.planes {
			if p := &s.planes[i]; p.status == flying && s.bd().tileOf(p.pos) == 0 {
				on[sideOf(int8(i))]++
			}
		}
		if on[US] != on[Japan] {
			w := US
			if on[Japan] > on[US] {
				w = Japan
			}
			if s.log != nil {
				s.logf("%s holds Midway (%d planes to %d) and scores 2", w, on[w], on[w.other()])
			}
			if s.addScore(w, 2) {
				return
			}
		}
	}
	s.reinfBy = 0
	s.nextReinforce()
}

// nextReinforce asks the next side in Initiative order to return a
// destroyed Fighter on a free Reinforcement Area (3.4.1, MW-22), or starts
// the next round.
func (s *State) nextReinforce() {
	for ; s.reinfBy < 2 && s.mode == domination; s.reinfBy++ {
		sd := s.initiative
		if s.reinfBy == 1 {
			sd = sd.other()
		}
		if s.downFighter(sd) != noPlane && s.freeReinf(sd) {
			s.actor, s.step = sd, stReinforce
			return
		}
	}
	s.startRound()
}

// downFighter returns a destroyed Fighter of sd waiting to return, or
// noPlane.
func (s *State) downFighter(sd side) int8 {
	for k := range numFighters {
		p := int8(int(sd)*planesPerSide + k)
		if s.planes[p].status == down {
			return p
		}
	}
	return noPlane
}

// freeReinf reports whether sd has a free Reinforcement Area.
func (s *State) freeReinf(sd side) bool {
	for _, h := range s.bd().reinf[sd][:s.bd().numReinf[sd]] {
		if s.planeAt(h) == noPlane {
			return true
		}
	}
	return false
}

// appendReinforcements lists the free Reinforcement Areas with each facing.
func (s *State) appendReinforcements(buf []engine.Action) []engine.Action {
	for i, h := range s.bd().reinf[s.actor][:s.bd().numReinf[s.actor]] {
		if s.planeAt(h) != noPlane {
			continue
		}
		for f := range int(numFacings) {
			buf = append(buf, engine.Action(i*int(numFacings)+f))
		}
	}
	return buf
}

// applyReinforce returns one destroyed Fighter (3.4.1).
func (s *State) applyReinforce(a int) {
	p := s.downFighter(s.actor)
	h := s.bd().reinf[s.actor][a/int(numFacings)]
	s.planes[p] = plane{pos: h, face: Facing(a % int(numFacings)), status: flying}
	if s.log != nil {
		s.logf("%s returns at %s facing %s", s.fullName(p), h, s.planes[p].face)
	}
	s.nextReinforce()
}
