package midway

import (
	"slices"
	"strconv"
	"strings"

	"scramble/engine"
)

// Action numbers. Each step has its own small range; the state's step says
// how an action is read.
const (
	// stPlace: kind*placeKind + area*6 + facing, kind 0 Fighter, 1 Special;
	// area indexes the side's setup areas (2.3.4) or Reinforcement Areas
	// (3.3.4). stReinforce: area*6 + facing.
	placeKind = maxReinf * int(numFacings)

	// stActivate: fly plane k (0..5) or attack: actAttack + k*6 + target.
	actAttack = planesPerSide

	// stFlight: a manoeuvre (tokForward, tokLeft, tokRight) or stop.
	actStop = 3

	// stPlan: a two-token plan t1*3+t2, or an Ace's three-token plan
	// planThree + t1*9+t2*3+t3.
	planThree = 9

	// stFirst: who resolves first.
	actAttackerFirst = 0
	actDefenderFirst = 1

	// stBuy: slot 0..3, or done.
	actDone = numPool

	// stReplan: a token (tokForward, tokLeft, tokRight), or keep the
	// reversed position.
	actKeep = numTokens
)

// Manoeuvre tokens (2.4.3): forward, forward + left, forward + right.
const (
	tokForward = iota
	tokLeft
	tokRight
	numTokens
)

// tokTurn is the turn after the move of each token.
var tokTurn = [numTokens]int{0, 1, -1}
var tokNames = [numTokens]string{"forward", "left", "right"}

// stChain actions: pass, or a card with its choice.
const (
	chPass        = 0
	chAccel       = 1 // + token: acceleration's extra manoeuvre (1..3)
	chSurprise    = 4
	chFeintLeft   = 5
	chFeintRight  = 6
	chAileron     = 7
	chTurnabout   = 8
	chDodge       = 9
	chLoop        = 10
	chSixth       = 11
	chVeterans    = 12
	chThach       = 13 // + US plane 0..5
	numChainActs  = chThach + planesPerSide
	specialSlot   = numOrders // index of the special card in a hand
	kAcceleration = 0
	kSurprise     = 1
	kFeint        = 2
	kAileron      = 3
	kTurnabout    = 4
	kDodge        = 5
	kLoop         = 6
	kSixth        = 7
)

// actionCount is the number of action numbers read at each step (legal or
// not), for ParseAction.
func actionCount(st step) int {
	switch st {
	case stPlace:
		return 2 * placeKind
	case stReinforce:
		return placeKind
	case stBid:
		return roundPoints + 1
	case stActivate:
		return actAttack + planesPerSide*planesPerSide
	case stFlight:
		return actStop + 1
	case stPlan:
		return planThree + 27
	case stFirst:
		return 2
	case stOmit:
		return numTokens
	case stReplan:
		return numTokens + 1
	case stTile:
		return actNoTile + 1
	case stChain:
		return numChainActs
	case stFire:
		return deckSize
	case stRefill:
		return numOrders
	case stBuy:
		return actDone + 1
	}
	return 0
}

// Legal appends the actions seat may take now to buf, in increasing order.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	switch s.step {
	case stOver:
		return buf
	case stRefill:
		if seat != engine.Chance {
			return buf
		}
		for k, c := range s.pile {
			if c > 0 {
				buf = append(buf, engine.Action(k))
			}
		}
		return buf
	case stFire:
		if seat != engine.Chance {
			return buf
		}
		for i := range int8(deckSize) {
			if s.fr.drawn[s.fr.turn]&(1<<i) == 0 {
				buf = append(buf, engine.Action(i))
			}
		}
		return buf
	case stBid:
		if seat != 0 && seat != 1 || s.bidIn[seat] {
			return buf
		}
		for b := range s.points[seat] + 1 {
			buf = append(buf, engine.Action(b))
		}
		return buf
	case stPlan:
		if seat != 0 && seat != 1 || s.cb.planned[seat] {
			return buf
		}
		return s.appendPlans(buf, s.cb.plane[seat])
	}
	if seat != engine.Seat(s.actor) {
		return buf
	}
	switch s.step {
	case stPlace:
		return s.appendPlacements(buf)
	case stReinforce:
		return s.appendReinforcements(buf)
	case stActivate:
		return s.appendActivations(buf)
	case stFlight:
		return s.appendManoeuvres(buf)
	case stFirst:
		return append(buf, actAttackerFirst, actDefenderFirst)
	case stOmit:
		return append(buf, tokForward, tokLeft, tokRight)
	case stReplan:
		buf = append(buf, tokForward, tokLeft, tokRight)
		if s.cb.replanLeft == s.cb.flown[s.actor] {
			buf = append(buf, actKeep)
		}
		return buf
	case stTile:
		return s.appendTiles(buf)
	case stChain:
		return s.appendChain(buf)
	case stBuy:
		for k, c := range s.pool {
			if c >= 0 && s.d.orders[c].Cost <= s.points[s.actor] {
				buf = append(buf, engine.Action(k))
			}
		}
		return append(buf, actDone)
	}
	return buf
}

// isLegal reports whether seat may take a now: the Legal list, decoded
// directly at the steps whose lists are long.
func (s *State) isLegal(seat engine.Seat, a engine.Action) bool {
	n := int(a)
	switch {
	case s.step == stPlace && seat == engine.Seat(s.actor):
		kind, rest := n/placeKind, n%placeKind
		area := rest / int(numFacings)
		return n >= 0 && kind < 2 && area < s.numAreas(s.actor) &&
			s.unplacedOf(s.actor, kind) != noPlane && s.planeAt(s.area(s.actor, area)) == noPlane
	case s.step == stActivate && seat == engine.Seat(s.actor):
		if n < 0 || n >= actionCount(stActivate) {
			return false
		}
		k := n
		if n >= actAttack {
			k = (n - actAttack) / planesPerSide
		}
		p := &s.planes[int(s.actor)*planesPerSide+k]
		if p.status != flying || !p.marker {
			return false
		}
		if n < actAttack {
			return true
		}
		e := &s.planes[int(s.actor.other())*planesPerSide+(n-actAttack)%planesPerSide]
		return e.status == flying && withinReach(p.face, e.pos.Sub(p.pos))
	}
	var buf [64]engine.Action
	return slices.Contains(s.Legal(seat, buf[:0]), a)
}

// ChanceOutcomes appends the cards that may be drawn now with their
// probabilities: a kind of order card by its copies in the pile, or a firing
// card of the drawing side, uniformly among those not yet drawn.
func (s *State) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	switch s.step {
	case stRefill:
		total := 0
		for _, c := range s.pile {
			total += int(c)
		}
		for k, c := range s.pile {
			if c > 0 {
				buf = append(buf, engine.Outcome{Action: engine.Action(k), Prob: float64(c) / float64(total)})
			}
		}
	case stFire:
		left := 0
		for i := range deckSize {
			if s.fr.drawn[s.fr.turn]&(1<<i) == 0 {
				left++
			}
		}
		for i := range deckSize {
			if s.fr.drawn[s.fr.turn]&(1<<i) == 0 {
				buf = append(buf, engine.Outcome{Action: engine.Action(i), Prob: 1 / float64(left)})
			}
		}
	}
	return buf
}

// Apply validates and applies one action of seat.
func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	if !s.isLegal(seat, a) {
		return s.refusal(seat, a)
	}
	s.fresh = false
	switch s.step {
	case stRefill:
		s.applyRefill(int8(a))
	case stFire:
		s.applyFire(int8(a))
	case stPlace:
		s.applyPlace(int(a))
	case stReinforce:
		s.applyReinforce(int(a))
	case stBid:
		s.applyBid(side(seat), int8(a))
	case stActivate:
		s.applyActivate(int(a))
	case stFlight:
		s.applyManoeuvre(int(a))
	case stPlan:
		s.applyPlan(side(seat), int8(a))
	case stFirst:
		s.applyFirst(a == actDefenderFirst)
	case stOmit:
		s.applyOmit(int8(a))
	case stChain:
		s.applyChain(int(a))
	case stReplan:
		s.applyReplan(int(a))
	case stTile:
		s.applyTile(int(a))
	case stBuy:
		s.applyBuy(int(a))
	}
	return nil
}

// refusal explains why seat may not take a now, citing the rule.
func (s *State) refusal(seat engine.Seat, a engine.Action) error {
	rule := stepRule[s.step]
	switch {
	case s.step == stOver:
		return engine.Illegal(rule, "the game is over")
	case s.Current() == engine.Chance && seat != engine.Chance:
		return engine.Illegal(rule, "a card is being drawn: only chance acts now")
	case seat == engine.Chance && s.Current() != engine.Chance:
		return engine.Illegal(rule, "no card is being drawn now")
	case seat != 0 && seat != 1 && seat != engine.Chance:
		return engine.Illegal(rule, "seat %s is not a player: the seats are 0 (US) and 1 (Japan)", seat)
	case s.Current() == engine.Simultaneous && len(s.Legal(seat, nil)) == 0:
		return engine.Illegal(rule, "%s has already chosen in secret", side(seat))
	case s.Current() != engine.Simultaneous && s.Current() != engine.Chance && seat != engine.Seat(s.actor):
		return engine.Illegal(rule, "it is %s's turn (%s)", s.actor, s.asking())
	}
	return engine.Illegal(rule, "action %d is not allowed now: %s", a, s.asking())
}

// stepRule cites the rule of each step.
var stepRule = [...]string{
	stRefill: "2.3.7", stPlace: "2.3.4", stBid: "2.4.2", stActivate: "2.4.3", stFlight: "2.4.3 Flight",
	stPlan: "2.4.3 Combat", stFirst: "2.4.3 Combat", stOmit: "3.3.4", stChain: "2.4.3 Combat",
	stReplan: "List of Orders: Sixth Sense", stFire: "2.4.3 Firing", stBuy: "2.4.4", stReinforce: "3.4.1",
	stOver: "2.1, 3.1", stTile: "2.4.3 Flight",
}

// PassAction names the action that does nothing: "pass" in the order-card
// chain, "done" when buying, a bid of 0.
func (s *State) PassAction(seat engine.Seat) (engine.Action, bool) {
	switch s.step {
	case stChain:
		return chPass, seat == engine.Seat(s.actor)
	case stBuy:
		return actDone, seat == engine.Seat(s.actor)
	case stBid:
		return 0, (seat == 0 || seat == 1) && !s.bidIn[seat]
	}
	return 0, false
}

// ActionString gives the text form of an action of seat at the current step.
func (s *State) ActionString(seat engine.Seat, a engine.Action) string {
	n := int(a)
	if n < 0 || n >= actionCount(s.step) {
		return "action " + strconv.Itoa(n)
	}
	sd := s.actor
	if seat == 0 || seat == 1 {
		sd = side(seat)
	}
	switch s.step {
	case stRefill:
		return "draw " + orderNames[n]
	case stFire:
		return "card " + strconv.Itoa(int(s.d.firing[s.fr.turn][n]))
	case stPlace:
		kind, rest := n/placeKind, n%placeKind
		area := rest / int(numFacings)
		if area >= s.numAreas(sd) {
			break
		}
		return [2]string{"fighter", s.specialName()}[kind] + " at " + s.area(sd, area).String() + " facing " + Facing(rest%int(numFacings)).String()
	case stReinforce:
		area := n / int(numFacings)
		if area >= s.bd().numReinf[sd] {
			break
		}
		return "fighter at " + s.bd().reinf[sd][area].String() + " facing " + Facing(n%int(numFacings)).String()
	case stBid:
		return "bid " + strconv.Itoa(n)
	case stActivate:
		own := int8(sd) * planesPerSide
		if n < actAttack {
			return "fly " + s.fullName(own+int8(n))
		}
		k, t := (n-actAttack)/planesPerSide, (n-actAttack)%planesPerSide
		return s.fullName(own+int8(k)) + " attacks " + s.fullName(int8(sd.other())*planesPerSide+int8(t))
	case stFlight:
		if n == actStop {
			return "stop"
		}
		return tokNames[n]
	case stPlan:
		return "plan " + planText(int8(n))
	case stFirst:
		return [2]string{"attacker first", "defender first"}[n]
	case stOmit:
		return "omit " + strconv.Itoa(n+1)
	case stReplan:
		if n == actKeep {
			return "keep"
		}
		return "token " + tokNames[n]
	case stTile:
		if n == actNoTile {
			return "no small tile"
		}
		return "small tile " + strconv.Itoa(n+1)
	case stChain:
		if n >= chThach {
			return "thach weave " + s.fullName(int8(n-chThach))
		}
		return chainText(n)
	case stBuy:
		if n == actDone {
			return "done"
		}
		if k := s.pool[n]; k >= 0 {
			return "buy " + strconv.Itoa(n+1) + " " + orderNames[k]
		}
		return "buy " + strconv.Itoa(n+1)
	}
	return "action " + strconv.Itoa(n)
}

// oldActionString is the text an action had before planes were named with
// their side ("fly F1", "attack F1 B2", "thach weave F2"), still read by
// ParseAction so that old saves and scripts load; "" for the others.
func (s *State) oldActionString(seat engine.Seat, n int) string {
	sd := s.actor
	if seat == 0 || seat == 1 {
		sd = side(seat)
	}
	switch {
	case s.step == stActivate && n < actAttack:
		return "fly " + s.planeName(int8(sd)*planesPerSide+int8(n))
	case s.step == stActivate && n < actionCount(stActivate):
		k, t := (n-actAttack)/planesPerSide, (n-actAttack)%planesPerSide
		return "attack " + s.planeName(int8(sd)*planesPerSide+int8(k)) + " " + s.planeName(int8(sd.other())*planesPerSide+int8(t))
	case s.step == stChain && n >= chThach && n < numChainActs:
		return "thach weave " + s.planeName(int8(n-chThach))
	}
	return ""
}

// planText writes a plan's tokens: "forward left".
func planText(code int8) string {
	t := planTokens(code)
	parts := make([]string, 0, 3)
	for _, x := range t.list() {
		parts = append(parts, tokNames[x])
	}
	return strings.Join(parts, " ")
}

// chainText writes an order-card chain action.
func chainText(n int) string {
	switch {
	case n == chPass:
		return "pass"
	case n < chSurprise:
		return "acceleration " + tokNames[n-chAccel]
	case n == chSurprise:
		return "surprise attack"
	case n == chFeintLeft:
		return "feint left"
	case n == chFeintRight:
		return "feint right"
	case n == chAileron:
		return "aileron roll"
	case n == chTurnabout:
		return "turnabout"
	case n == chDodge:
		return "dodge"
	case n == chLoop:
		return "loop"
	case n == chSixth:
		return "sixth sense"
	}
	return "veterans"
}

// ParseAction reads the text form of an action of seat at the current step:
// what ActionString prints, in any case and spacing, or "action N".
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	want := normalize(text)
	if want == "" {
		return 0, engine.Illegal(stepRule[s.step], "empty action: %s", s.asking())
	}
	if rest, ok := strings.CutPrefix(want, "action "); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 0 && n < actionCount(s.step) {
			return engine.Action(n), nil
		}
	}
	for n := range actionCount(s.step) {
		if normalize(s.ActionString(seat, engine.Action(n))) == want || normalize(s.oldActionString(seat, n)) == want {
			return engine.Action(n), nil
		}
	}
	return 0, engine.Illegal(stepRule[s.step], "cannot read %q: %s", clip(text), s.asking())
}

// normalize lower-cases text and collapses its spaces.
func normalize(text string) string {
	return strings.Join(strings.Fields(strings.ToLower(text)), " ")
}

// clip shortens text for an error message.
func clip(text string) string {
	if len(text) > 40 {
		return text[:40] + "..."
	}
	return text
}
