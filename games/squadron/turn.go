package squadron

import "math/bits"

// The phases of a turn (Turn phases), and the setup before the first.
const (
	phaseSetup   = 0
	phaseEvents  = 1
	phasePlayers = 2
	phaseFight   = 3
	phaseCounter = 4
	phaseGermans = 5
	phaseReorg   = 6
)

var phaseNames = [...]string{"Setup", "Phase I: Events", "Phase II: Players", "Phase III: Fight",
	"Phase IV: Counterattack", "Phase V: Germans", "Phase VI: Reorganization"}

// run advances the flow until a decision or a chance node is reached.
func (s *State) run() {
	for s.step == stContinue {
		s.advance()
	}
}

// advance takes one step of the flow from the phase cursor (phase, sub,
// cur): it either sets the next decision or chance node, or moves the
// cursor on and leaves the step at stContinue.
func (s *State) advance() {
	switch {
	case s.dmg.on:
		s.advanceDamage()
		return
	case s.ca.on:
		s.advanceCounterProc()
		return
	case s.f.on:
		s.advanceFightProc()
		return
	}
	switch s.phase {
	case phaseSetup:
		s.advanceSetup()
	case phaseEvents:
		s.advanceEvents()
	case phasePlayers:
		s.advancePlayers()
	case phaseFight:
		s.advanceFight()
	case phaseCounter:
		s.advanceCounter(false)
	case phaseGermans:
		s.advanceGermans()
	case phaseReorg:
		s.advanceReorg()
	}
}

func (s *State) advanceSetup() {
	if s.nextHide() {
		return
	}
	if s.dealLeft != 0 {
		if s.dealMask() == 0 {
			s.dealBomb, s.dealSlot = true, 0
		}
		s.step = stDeal
		return
	}
	if s.nextAce() {
		return
	}
	switch s.sub {
	case 0: // Game set up 2: a pilot card for each player
		for i := range s.nPl {
			if s.raf[i].pilot < 0 {
				s.who = i
				s.step = stPilot
				return
			}
		}
		s.sub, s.who = 1, 0
		s.draws = s.startHand()
	case 1: // Game set up 11: the starting hands
		if s.needDraw() {
			return
		}
		s.who++
		if s.who < s.nPl {
			s.draws = s.startHand()
			return
		}
		for q := range s.nSq {
			s.sq[q].hadBombers = s.squadHasBombers(int(q))
		}
		s.startTurn()
	}
}

// startTurn moves the turn marker on and begins Phase I (Game set up 12;
// Phase VI).
func (s *State) startTurn() {
	s.loseAces()
	s.turn++
	s.phase, s.sub, s.cur, s.ev = phaseEvents, 0, 0, 0
	for i := range s.nGer {
		s.ger[i].flags &^= gEngaged | gMovedIn | gSunned
	}
	for i := range s.nPl {
		p := &s.raf[i]
		p.foughtLast, p.fought = p.fought, false
		p.moveCard, p.moved, p.borrow, p.noAttack = false, false, 0, false
	}
	s.lead, s.order = 0, s.leader
	if s.log != nil {
		s.logf("Turn %d of %d", s.turn, s.t.scenarios[s.sc].turns)
	}
}

// advanceEvents reveals the events the scenario names for this turn
// (Phase I).
func (s *State) advanceEvents() {
	scn := &s.t.scenarios[s.sc]
	for ; s.ev < s.nEv; s.ev++ {
		if scn.events[s.ev].turn == int(s.turn) && s.events[s.ev].card < 0 {
			s.step = stEvent
			return
		}
	}
	s.phase, s.sub, s.cur = phasePlayers, 0, 0
}

// eventMask is the set of event cards the event slot being revealed draws
// from: its colours, less the cards already drawn.
func (s *State) eventMask() uint64 {
	var m uint64
	for _, i := range s.t.eventPool(s.t.scenarios[s.sc].events[s.ev].colours, s.evUsed) {
		m |= 1 << i
	}
	return m
}

// active reports whether plane p has a pilot in play.
func (s *State) active(p int) bool {
	return s.raf[p].status == stActive && s.raf[p].pilot >= 0
}

// airborne reports whether plane p is in play and in the air.
func (s *State) airborne(p int) bool {
	return s.active(p) && !s.raf[p].landed
}

// handSize is the number of cards in plane p's hand.
func (s *State) handSize(p int) int { return bits.OnesCount64(s.raf[p].hand) }

// hasToken counts plane p's face-up damage tokens of kind k.
func (s *State) hasToken(p, k int) int {
	n := 0
	for i := range s.raf[p].ndmg {
		if int(s.raf[p].track[i]) == k {
			n++
		}
	}
	return n
}

// handLimit is plane p's hand limit: 2 plus ammunition, less the damage
// tokens that lower it (Combat card draw); in the solo variant 3 plus
// ammunition for the Leader and 4 for the Wingman.
func (s *State) handLimit(p int) int {
	lim := 2 + int(s.raf[p].ammo)
	if s.players == 1 {
		lim = 4
		if s.isLeader(p) {
			lim = 3 + int(s.raf[p].ammo)
		}
	}
	return max(0, lim-s.hasToken(p, tokHand))
}

// germansIn is the set of German planes on the map in area a (bits by plane
// index).
func (s *State) germansIn(a int8) uint32 {
	var m uint32
	for i := range s.nGer {
		g := &s.ger[i]
		if g.area == a && g.flags&(gDown|gGone) == 0 {
			m |= 1 << i
		}
	}
	return m
}

// onMap reports whether German plane i is on the map.
func (s *State) onMap(i int) bool {
	return s.ger[i].flags&(gDown|gGone) == 0 && s.ger[i].area >= 0
}

// rafIn reports whether an airborne RAF plane is in area a.
func (s *State) rafIn(a int8) bool {
	for i := range s.nPl {
		if s.airborne(int(i)) && s.raf[i].area == a {
			return true
		}
	}
	return false
}

// planeName names RAF plane p for the log: its pilot, or its seat.
func (s *State) planeName(p int) string {
	if k := s.raf[p].pilot; k >= 0 {
		return s.t.pilots[k].name
	}
	return s.boardName(p)
}

// boardName names plane p's player board: its seat, or the Leader or the
// Wingman in the solo variant.
func (s *State) boardName(p int) string {
	if s.players == 1 {
		return [2]string{"the Leader", "the Wingman"}[p]
	}
	return "Pilot " + string(rune('1'+p))
}

// gName names German plane i ("Bf 109 g3").
func (s *State) gName(i int) string {
	return s.t.aircraft[s.ger[i].kind].name + " g" + itoa(i+1)
}

func itoa(n int) string {
	if n < 10 && n >= 0 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
