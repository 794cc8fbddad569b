package squadron

import "scramble/engine"

// advancePlayers plays Phase II for each plane in turn: the declaration,
// the combat card draw, the discard to the hand limit, the movement. The
// players choose the order (Phase II: "in whatever order they wish"; SQ-1):
// the plane to act is the first not yet done that has not said "later"
// (nextPlane); in the solo variant the Leader goes first (Solo variant 8).
func (s *State) advancePlayers() {
	if s.sub == 0 {
		p := s.nextPlane()
		if p < 0 {
			s.phase, s.sub, s.cur, s.order = phaseFight, 0, 0, s.leader
			s.done, s.later = 0, 0
			return
		}
		s.cur = int8(p)
	}
	p := int(s.cur)
	r := &s.raf[p]
	s.who = int8(p)
	switch s.sub {
	case 0: // 1. Pilot Special Abilities
		s.step = stDeclare
	case 1: // 2. Combat card draw: in the solo variant the Wingman's card first
		if s.players == 1 && s.isLeader(p) && s.active(1-p) {
			s.who = int8(1 - p)
			s.draws = 1
			s.sub = 8
			return
		}
		s.draws = s.drawCount(p)
		s.sub = 2
	case 8: // Solo variant 6: the Wingman's card, then the Leader's
		s.who = int8(1 - p)
		if s.needDraw() {
			return
		}
		s.who = int8(p)
		s.draws = s.drawCount(p)
		if s.usesAbility(p, "draw4keep2") {
			r.split = ^r.hand // the cards about to be drawn may go to the Wingman
		}
		s.sub = 2
	case 2:
		if s.needDraw() {
			return
		}
		s.sub = 3
	case 3: // discard to the hand limit
		// Łokuciewski discards no more cards than he holds (a deck run
		// out can draw him fewer than the 2 he owes).
		r.extra = min(r.extra, int8(s.handSize(p)))
		if r.extra > 0 || s.handSize(p) > s.handLimit(p) {
			s.step = stDiscard
			return
		}
		r.split = 0
		s.sub = 4
	case 4: // 3. Movement
		s.startMove(p)
		s.sub = 5
		s.step = stMove
	case 5:
		s.step = stMove
	case 7: // Reconnaissance: two Maneuver cards, then the reveal
		if r.reconLeft > 0 {
			s.step = stDiscard
			return
		}
		s.reveal(int(r.recon - 1))
		r.recon = 0
		s.sub = 5
	case 6: // the paid change of starting area: its discards
		if r.extra > 0 && r.hand != 0 {
			s.step = stDiscard
			return
		}
		r.extra = 0
		s.sub = 5
	}
}

// waiting reports whether plane p still has its part to play in the
// current phase: Phase II for a plane in play, Phase III for one in the
// air with ammunition, not yet fought, among German planes.
func (s *State) waiting(p int) bool {
	r := &s.raf[p]
	if s.done>>p&1 == 1 {
		return false
	}
	if s.phase == phaseFight {
		return s.airborne(p) && r.ammo > 0 && !r.fought && !r.noAttack && s.germansIn(r.area) != 0
	}
	return s.active(p)
}

// nextPlane is the plane to act next in Phase II or III, -1 when none is
// left: the first waiting plane, in seat order (the solo Leader first),
// that has not said "later"; when every waiting plane has, they are asked
// again from the first.
func (s *State) nextPlane() int {
	first := -1
	for i := range s.nPl {
		p := s.planeAt(i)
		if !s.waiting(p) {
			continue
		}
		if s.later>>p&1 == 0 {
			return p
		}
		if first < 0 {
			first = p
		}
	}
	s.later = 0
	return first
}

// canWait reports whether plane p may let another plane act before it
// ("later"): another plane waits that has not said "later" (SQ-1). The
// solo variant's order is fixed.
func (s *State) canWait(p int) bool {
	if s.players == 1 {
		return false
	}
	for q := range s.nPl {
		if int(q) != p && s.later>>q&1 == 0 && s.waiting(int(q)) {
			return true
		}
	}
	return false
}

// applyLater lets the deciding plane act after the others who wait.
func (s *State) applyLater() {
	s.later |= 1 << s.who
	s.sub = 0
	s.step = stContinue
	if s.log != nil {
		s.logf("%s will act later", s.planeName(int(s.who)))
	}
}

// planeAt is the plane served at cursor i: seat order, except that in the
// solo variant the Leader at the start of the phase goes first (Solo
// variant 8).
func (s *State) planeAt(i int8) int {
	if s.players == 1 && s.order == 1 {
		return int(1 - i)
	}
	return int(i)
}

// isLeader reports whether plane p is the solo Leader. In Phase II the
// Leader of the phase's start keeps the role to its end (Solo variant 2,
// 6, 7): a Leader who lands hands the lead on, but the Wingman does not
// then draw 3 cards or play his own movement card in the same phase.
func (s *State) isLeader(p int) bool {
	if s.phase == phasePlayers {
		return int8(p) == s.order
	}
	return int8(p) == s.leader
}

// usesAbility reports whether plane p declared its pilot's ability this
// turn and the pilot's ability is ab.
func (s *State) usesAbility(p int, ab string) bool {
	r := &s.raf[p]
	if r.borrow > 0 && s.t.pilots[r.borrow-1].ability == ab {
		return true
	}
	return r.declared == declAbility && r.pilot >= 0 && s.t.pilots[r.pilot].ability == ab
}

// drawCount is the number of combat cards plane p draws (Combat card draw;
// Zumbach, Łokuciewski; Solo variant 6).
func (s *State) drawCount(p int) int8 {
	r := &s.raf[p]
	if s.players == 1 && !s.isLeader(p) {
		if s.active(int(s.order)) {
			return 0 // drawn before the Leader's cards (Solo variant 6)
		}
		return 1
	}
	n := int8(2)
	if s.players == 1 {
		n = 3
	}
	switch {
	case s.usesAbility(p, "draw3"):
		n++
	case s.usesAbility(p, "draw4keep2"):
		n += 2
		r.extra = 2
	}
	return n
}

// legalDeclare lists the declaration: neither, the ability (in the solo
// variant only the Leader's) or the special die.
func (s *State) legalDeclare(buf []engine.Action) []engine.Action {
	buf = append(buf, actPass)
	if s.players != 1 || s.isLeader(int(s.who)) {
		buf = append(buf, actAbility)
	}
	buf = append(buf, actYellow)
	if s.canWait(int(s.who)) {
		buf = append(buf, actLater)
	}
	return s.legalBorrow(buf)
}

func (s *State) applyDeclare(a engine.Action) {
	if a == actLater {
		s.applyLater()
		return
	}
	if a >= actBorrow {
		s.applyBorrow(a)
		return
	}
	r := &s.raf[s.who]
	r.declared = map[engine.Action]uint8{actPass: declPlain, actAbility: declAbility, actYellow: declYellow}[a]
	if s.log != nil {
		s.logf("%s declares %s", s.planeName(int(s.who)), map[uint8]string{declPlain: "neither ability nor special die",
			declAbility: "the pilot's ability", declYellow: "the special die"}[r.declared])
	}
	s.sub = 1
	s.step = stContinue
}

// legalCards appends act+c for each card c in plane p's hand.
func (s *State) legalCards(buf []engine.Action, p int, act engine.Action) []engine.Action {
	for h := s.raf[p].hand; h != 0; h &= h - 1 {
		buf = append(buf, act+engine.Action(trailing(h)))
	}
	return buf
}

// applyDiscard discards a card: for Łokuciewski, for the paid start, to the
// hand limit, or for a damage token.
func (s *State) applyDiscard(c int) {
	p := int(s.who)
	r := &s.raf[p]
	r.hand &^= 1 << c
	s.discard |= 1 << c
	if s.log != nil {
		s.logf("%s discards card %d", s.planeName(p), c+1)
	}
	switch {
	case s.dmg.discarding:
		s.dmg.discarding = false
		r.owed--
	case r.reconLeft > 0:
		r.reconLeft--
	case r.extra > 0:
		r.extra--
	}
	s.step = stContinue
}

// startMove gives plane p its movement points: one free Area unless a
// damage token took it, one more for Ferić's ability; in the solo variant
// the Wingman also gets the Leader's card (Movement; Solo variant 7).
func (s *State) startMove(p int) {
	r := &s.raf[p]
	r.startArea = r.area
	r.moveLeft = 0
	if s.hasToken(p, tokNoFree) == 0 {
		r.moveLeft = 1
	}
	if s.usesAbility(p, "extramove") {
		r.moveLeft++
	}
	if s.players == 1 && !s.isLeader(p) {
		r.moveLeft += s.lead
		r.moveCard = true
		l := int(s.order)
		if s.usesAbility(l, "extramove") && s.raf[l].startArea == r.area {
			r.moveLeft++
		}
	}
}

// disengageCost is the Movement a plane pays to leave area a: one per pair
// of German planes without a Maneuver token (Disengage).
func (s *State) disengageCost(a int8) int8 {
	n := 0
	for m := s.germansIn(a); m != 0; m &= m - 1 {
		if s.ger[trailing(uint64(m))].tokens == 0 {
			n++
		}
	}
	return int8(n / 2)
}

// moveCost is what a move out of plane p's area costs in Movement after its
// saved Maneuver tokens pay what they can of the disengage.
func (s *State) moveCost(p int) int8 {
	r := &s.raf[p]
	d := s.disengageCost(r.area)
	return 1 + d - min(d, r.mans)
}

// legalMove lists the movement actions of plane p.
func (s *State) legalMove(buf []engine.Action) []engine.Action {
	p := int(s.who)
	r := &s.raf[p]
	scn := &s.t.scenarios[s.sc]
	buf = append(buf, actPass)
	if !r.moved && r.foughtLast && s.pilots[r.pilot].medals > 0 {
		buf = append(buf, actWithdraw)
	}
	if !r.moved && s.turn == 1 && scn.paidStart && r.area == int8(scn.start) {
		for k, ps := range paidStarts {
			if s.handSize(p) >= int(ps.cost) && s.t.areaByName(ps.name) >= 0 {
				buf = append(buf, actStart+engine.Action(k))
			}
		}
	}
	if !r.landed && s.t.areas[r.area].kind == "airfield" && r.moveLeft >= 1 {
		buf = append(buf, actLand)
	}
	if r.moveLeft >= s.moveCost(p) {
		for m := s.t.areas[r.area].adj; m != 0; m &= m - 1 {
			buf = append(buf, actMove+engine.Action(trailing(uint64(m))))
		}
	}
	if !r.moveCard {
		buf = s.legalCards(buf, p, actPlay)
	}
	return s.legalBorrow(s.legalRecon(buf, p))
}

func (s *State) applyMove(a engine.Action) {
	p := int(s.who)
	r := &s.raf[p]
	s.step = stMove
	switch {
	case a == actPass:
		s.endMove(p)
	case a == actWithdraw:
		s.withdraw(p)
		s.endMove(p)
	case a == actLand:
		r.moveLeft--
		r.landed = true
		s.leaderDown(p)
		if s.log != nil {
			s.logf("%s lands at %s", s.planeName(p), s.t.areas[r.area].name)
		}
		s.endMove(p)
	case a >= actStart && a < actStart+3:
		k := a - actStart
		r.area = int8(s.t.areaByName(paidStarts[k].name))
		r.landed = false
		s.revealEntered(p)
		r.extra = paidStarts[k].cost
		s.sub = 6
		s.step = stContinue
		if s.log != nil {
			s.logf("%s starts over %s for %s", s.planeName(p), paidStarts[k].name, plural(int(paidStarts[k].cost), "card"))
		}
	case a >= actRecon && a < actRecon+maxSquads:
		s.applyRecon(a)
	case a >= actPlay:
		c := int(a - actPlay)
		r.hand &^= 1 << c
		s.discard |= 1 << c
		r.moveCard = true
		r.moveLeft += int8(s.t.cards[c].move)
		if s.players == 1 && s.isLeader(p) {
			s.lead = int8(s.t.cards[c].move)
		}
		if s.log != nil {
			s.logf("%s plays card %d to fly %s further", s.planeName(p), c+1, plural(s.t.cards[c].move, "area"))
		}
	default:
		to := int8(a - actMove)
		d := s.disengageCost(r.area)
		used := min(d, r.mans)
		r.mans -= used
		r.moveLeft -= 1 + d - used
		if s.log != nil {
			if d > 0 {
				s.logf("%s disengages from %s (%d Movement, %s)", s.planeName(p), plural(int(d)*2, "German plane"), d-used, plural(int(used), "Maneuver token"))
			}
			s.logf("%s flies to %s %s", s.planeName(p), s.t.areas[to].id, s.t.areas[to].name)
		}
		r.area = to
		r.landed = false
		r.moved = true
		s.revealEntered(p)
	}
}

// endMove ends plane p's movement: unused Maneuver tokens are discarded
// (Dice & symbols: Maneuver) and the next plane moves.
func (s *State) endMove(p int) {
	s.raf[p].mans = 0
	if s.airborne(p) {
		s.revealAces(s.raf[p].area)
	}
	s.done |= 1 << p
	s.sub = 0
	s.step = stContinue
}

// withdraw takes plane p out of the fight with a Medal (Withdraw): it
// returns to the scenario's starting area (homeArea) with its damage
// removed and waits for a new pilot.
func (s *State) withdraw(p int) {
	r := &s.raf[p]
	s.pilots[r.pilot].medals--
	if s.log != nil {
		s.logf("%s spends a Medal and withdraws", s.planeName(p))
	}
	r.status = stWithdrawn
	r.area, r.landed = s.homeArea()
	s.leaderDown(p)
	s.repairAll(p)
}

// repairAll removes every damage token of plane p.
func (s *State) repairAll(p int) {
	r := &s.raf[p]
	r.ndmg = 0
	r.tokens = 1<<numTokens - 1
	r.owed = 0
}
