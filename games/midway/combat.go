package midway

import (
	"strings"

	"scramble/engine"
)

// combat is the Combat in progress (2.4.3), indexed by side.
type combat struct {
	plane      [numSides]int8 // the combatants; noPlane outside a combat
	attacker   side
	plan       [numSides]int8 // plan codes (stPlan actions)
	planned    [numSides]bool
	revealed   bool
	first      side           // the side resolving its tokens first
	resolved   int8           // sides whose tokens are resolved
	omit       [numSides]int8 // the token an Ace omits, -1 none
	pre        [numSides]Hex  // area before the side's tokens (Loop, Sixth Sense)
	preFace    [numSides]Facing
	flown      [numSides]int8 // tokens flown by the side
	chainOpen  bool           // the defender has had its first chance to play
	dodged     bool           // a Dodge was played: no Firing (List of Orders)
	ignore     [numSides]int8 // Aileron Rolls against the side's cards
	extra      [numSides]int8 // Veterans: extra cards of the side
	replanLeft int8           // Sixth Sense tokens still to choose
}

// reset clears the combat.
func (c *combat) reset() {
	*c = combat{plane: [numSides]int8{noPlane, noPlane}, omit: [numSides]int8{-1, -1}}
}

// active reports whether a combat is in progress.
func (c *combat) active() bool { return c.plane[US] != noPlane }

// tokens is a plan: its tokens in order.
type tokens struct {
	n int8
	t [3]int8
}

// list returns the plan's tokens.
func (t tokens) list() []int8 { return t.t[:t.n] }

// planTokens decodes a plan code (stPlan).
func planTokens(code int8) tokens {
	if code < planThree {
		return tokens{2, [3]int8{code / 3, code % 3}}
	}
	c := code - planThree
	return tokens{3, [3]int8{c / 9, c / 3 % 3, c % 3}}
}

// validPlan reports whether a side's six tokens (two of each kind, MW-11)
// can make the plan.
func validPlan(t tokens) bool {
	var n [numTokens]int
	for _, x := range t.list() {
		n[x]++
		if n[x] > 2 {
			return false
		}
	}
	return true
}

// appendPlans lists the plans of plane p: two tokens, or three for an Ace
// (2.4.3, 3.3.4).
func (s *State) appendPlans(buf []engine.Action, p int8) []engine.Action {
	if !s.isAce(p) {
		for c := range int8(planThree) {
			buf = append(buf, engine.Action(c))
		}
		return buf
	}
	for c := int8(planThree); c < planThree+27; c++ {
		if validPlan(planTokens(c)) {
			buf = append(buf, engine.Action(c))
		}
	}
	return buf
}

// startCombat begins a Combat of att against def (2.4.3): both markers are
// discarded and both sides plan in secret.
func (s *State) startCombat(att, def int8) {
	s.planes[att].marker, s.planes[def].marker = false, false
	s.cb.reset()
	a := sideOf(att)
	s.cb.attacker = a
	s.cb.plane[a], s.cb.plane[a.other()] = att, def
	s.step = stPlan
	if s.log != nil {
		s.logf("%s attacks %s (%d manoeuvres away); both plan their manoeuvres in secret",
			s.fullName(att), s.fullName(def), manoeuvresTo(s.planes[att].face, s.planes[def].pos.Sub(s.planes[att].pos)))
	}
}

// applyPlan records a side's secret plan; when both are in they are
// revealed and the attacker chooses who resolves first (2.4.3).
func (s *State) applyPlan(sd side, code int8) {
	s.cb.plan[sd], s.cb.planned[sd] = code, true
	if s.log != nil {
		s.logf("%s lays its manoeuvre tokens face down", sd)
	}
	if !s.cb.planned[sd.other()] {
		return
	}
	s.cb.revealed = true
	if s.log != nil {
		s.logf("tokens revealed: US %s, Japan %s", planText(s.cb.plan[US]), planText(s.cb.plan[Japan]))
	}
	s.step, s.actor = stFirst, s.cb.attacker
}

// applyFirst starts resolving the tokens, the chosen side first.
func (s *State) applyFirst(defenderFirst bool) {
	s.cb.first = s.cb.attacker
	if defenderFirst {
		s.cb.first = s.cb.attacker.other()
	}
	if s.log != nil {
		s.logf("%s resolves its manoeuvres first", s.cb.first)
	}
	s.resolveNext()
}

// resolveNext resolves the next side's tokens, asking an Ace which to omit
// first (3.3.4), then opens the order-card chain.
func (s *State) resolveNext() {
	for s.cb.resolved < 2 {
		sd := s.cb.first
		if s.cb.resolved == 1 {
			sd = sd.other()
		}
		if planTokens(s.cb.plan[sd]).n == 3 && s.cb.omit[sd] < 0 {
			s.step, s.actor = stOmit, sd
			return
		}
		if !s.flyPlan(sd) {
			return
		}
	}
	s.step, s.actor, s.cb.chainOpen = stChain, s.cb.attacker.other(), false
}

// applyOmit records the token an Ace omits and resolves its plan.
func (s *State) applyOmit(i int8) {
	s.cb.omit[s.actor] = i
	if s.flyPlan(s.actor) {
		s.resolveNext()
	}
}

// flyPlan flies side sd's tokens from left to right, noting where the plane
// was before. It reports false when the combat or the game ended, or a
// small tile is to be chosen.
func (s *State) flyPlan(sd side) bool {
	p := s.cb.plane[sd]
	s.cb.pre[sd], s.cb.preFace[sd] = s.planes[p].pos, s.planes[p].face
	return s.flyTokens(sd, 0)
}

// flyTokens flies side sd's tokens from token from on (flyPlan).
func (s *State) flyTokens(sd side, from int8) bool {
	p := s.cb.plane[sd]
	toks := planTokens(s.cb.plan[sd])
	for i := from; i < toks.n; i++ {
		if i == s.cb.omit[sd] {
			continue
		}
		s.cb.flown[sd]++
		if !s.manoeuvre(p, int(toks.t[i])) {
			if s.step == stTile {
				s.ask.ctx, s.ask.next = ctxPlan, i+1
				return false
			}
			break
		}
	}
	s.cb.resolved++
	return s.combatGoesOn()
}

// combatGoesOn ends the combat when a combatant is gone (MW-23) and reports
// whether it goes on.
func (s *State) combatGoesOn() bool {
	if s.step == stOver || !s.cb.active() {
		return false
	}
	if s.planes[s.cb.plane[US]].status != flying || s.planes[s.cb.plane[Japan]].status != flying {
		s.endCombat()
		return false
	}
	return true
}

// endCombat ends the combat; the attacker keeps the Initiative if it has
// markers left (2.4.3).
func (s *State) endCombat() {
	a := s.cb.attacker
	s.cb.reset()
	s.nextActivation(a, false)
}

// appendChain lists the cards the side to play may play, and pass
// ("List of Orders", 1.6.4).
func (s *State) appendChain(buf []engine.Action) []engine.Action {
	buf = append(buf, chPass)
	h := &s.hand[s.actor]
	if h[kAcceleration] > 0 {
		buf = append(buf, chAccel+tokForward, chAccel+tokLeft, chAccel+tokRight)
	}
	if h[kSurprise] > 0 {
		buf = append(buf, chSurprise)
	}
	if h[kFeint] > 0 {
		buf = append(buf, chFeintLeft, chFeintRight)
	}
	if h[kAileron] > 0 {
		buf = append(buf, chAileron)
	}
	if h[kTurnabout] > 0 {
		buf = append(buf, chTurnabout)
	}
	if h[kDodge] > 0 {
		buf = append(buf, chDodge)
	}
	if h[kLoop] > 0 {
		buf = append(buf, chLoop)
	}
	if h[kSixth] > 0 {
		buf = append(buf, chSixth)
	}
	if h[specialSlot] > 0 {
		if s.actor == Japan {
			buf = append(buf, chVeterans)
		} else {
			for k := range int8(planesPerSide) {
				if s.thachCan(k) {
					buf = append(buf, engine.Action(chThach+int(k)))
				}
			}
		}
	}
	return buf
}

// thachCan reports whether US plane k may fly the Thach Weave: on the board,
// not in the combat, with the Japanese combatant in its Attack Area (MW-13).
func (s *State) thachCan(k int8) bool {
	p := &s.planes[k]
	if p.status != flying || k == s.cb.plane[US] {
		return false
	}
	e := &s.planes[s.cb.plane[Japan]]
	return s.d.colourAt(US, s.diagramType(k), p.face, e.pos.Sub(p.pos)).attack()
}

// chainKind is the card each chain action plays.
func chainKind(a int) int {
	switch {
	case a < chSurprise:
		return kAcceleration
	case a == chSurprise:
		return kSurprise
	case a <= chFeintRight:
		return kFeint
	case a == chAileron:
		return kAileron
	case a == chTurnabout:
		return kTurnabout
	case a == chDodge:
		return kDodge
	case a == chLoop:
		return kLoop
	case a == chSixth:
		return kSixth
	}
	return specialSlot
}

// applyChain plays a card or passes (2.4.3 Combat). The defender may play
// first, then the attacker; once the attacker has played they answer each
// other until one passes.
func (s *State) applyChain(a int) {
	sd := s.actor
	if a == chPass {
		if s.log != nil {
			s.logf("%s plays no order", sd)
		}
		if sd != s.cb.attacker && !s.cb.chainOpen {
			s.cb.chainOpen, s.actor = true, sd.other()
			return
		}
		s.startFiring()
		return
	}
	s.cb.chainOpen = true
	k := chainKind(a)
	s.hand[sd][k]--
	if k != specialSlot {
		s.discard[k]++
	}
	if s.log != nil {
		s.logf("%s plays %s", sd, s.ActionString(engine.Seat(sd), engine.Action(a)))
	}
	p := s.cb.plane[sd]
	pl := &s.planes[p]
	switch {
	case a < chSurprise:
		s.manoeuvre(p, a-chAccel)
	case a == chSurprise:
		s.startFiring()
		return
	case a == chFeintLeft || a == chFeintRight:
		s.moveTo(p, pl.pos.Add(feintOffset(pl.face, a == chFeintLeft)))
	case a == chAileron:
		s.cb.ignore[sd.other()]++
	case a == chTurnabout:
		pl.face = pl.face.turn(3)
	case a == chDodge:
		s.cb.dodged = true
		if s.log != nil {
			s.logf("the Firing of this combat will be skipped")
		}
	case a == chLoop || a == chSixth:
		s.moveTo(p, s.cb.pre[sd])
		if s.step == stTile {
			s.ask.ctx = ctxLoop
			if a == chSixth {
				s.ask.ctx = ctxSixth
			}
			return
		}
		if s.step != stOver {
			s.afterLoop(p, a == chSixth)
		}
		return
	case a == chVeterans:
		s.cb.extra[Japan]++
	default:
		s.startThach(int8(a - chThach))
		return
	}
	if s.step == stTile {
		s.ask.ctx = ctxChain
		return
	}
	if s.combatGoesOn() {
		s.actor = sd.other()
	}
}

// afterLoop ends a Loop or a Sixth Sense once plane p is back where its
// tokens began: its facing restored, then Sixth Sense's re-plan (MW-12) or
// the rival's answer.
func (s *State) afterLoop(p int8, sixth bool) {
	sd := sideOf(p)
	if s.planes[p].status == flying {
		s.planes[p].face = s.cb.preFace[sd]
	}
	if !s.combatGoesOn() {
		return
	}
	if sixth && s.cb.flown[sd] > 0 {
		s.cb.replanLeft = s.cb.flown[sd]
		s.step, s.actor = stReplan, sd
		return
	}
	s.step, s.actor = stChain, sd.other()
}

// applyReplan flies one re-planned token after Sixth Sense, or keeps the
// reversed position (MW-12: re-planning is the side's choice).
func (s *State) applyReplan(t int) {
	if t == actKeep {
		if s.log != nil {
			s.logf("%s keeps its plane where its tokens began", s.actor)
		}
		s.cb.replanLeft = 0
		s.step, s.actor = stChain, s.actor.other()
		return
	}
	s.manoeuvre(s.cb.plane[s.actor], t)
	if s.step == stTile {
		s.ask.ctx = ctxReplan
		return
	}
	s.afterReplan()
}

// afterReplan counts a re-planned token; after the last the rival may
// answer.
func (s *State) afterReplan() {
	s.cb.replanLeft--
	if !s.combatGoesOn() {
		return
	}
	if s.cb.replanLeft == 0 {
		s.step, s.actor = stChain, s.actor.other()
	}
}

// chainSummary describes the modifiers played so far, for the view.
func (c *combat) chainSummary() string {
	var parts []string
	for sd := range numSides {
		if c.ignore[sd] > 0 {
			parts = append(parts, side(sd).String()+"'s highest card ignored")
		}
		if c.extra[sd] > 0 {
			parts = append(parts, side(sd).String()+" draws extra cards")
		}
	}
	return strings.Join(parts, ", ")
}
