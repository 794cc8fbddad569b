package squadron

import (
	"math/bits"

	"scramble/engine"
)

// newState lays out scenario sc for the given number of players (Game set
// up): German squadrons on their starting areas, the Reserve, ammunition,
// the decks. The deployment cards, the pilot cards and the starting hands
// are then drawn as chance nodes.
func newState(t *tables, sc, players int, x extras) *State {
	s := &State{t: t}
	s.sc, s.players, s.fresh = int8(sc), int8(players), true
	s.aces, s.special, s.mulligan, s.hide = int8(x.aces), x.special, x.mulligan, int8(x.hidden)
	s.acePool = 1<<numAces - 1
	scn := &t.scenarios[sc]
	s.nPl = int8(players)
	if players == 1 {
		s.nPl = 2 // Solo variant: a Leader and a Wingman
	}
	// Game set up 2: one fewer pilot in the Reserve than players; the solo
	// game is prepared as a 2-player game (2 and 3 player game).
	s.reserve = int8(max(players, 2) - 1)
	s.pilotPool = 1<<numPilots - 1
	for k, a := range t.aircraft {
		s.models[k] = int8(a.models)
	}
	for i := range s.nPl {
		p := &s.raf[i]
		if players > 1 {
			p.seat = i
		}
		p.pilot = -1
		p.area = int8(scn.start)
		p.landed = t.areas[scn.start].kind == "airfield"
		p.ammo = int8(scn.ammo)
		p.tokens = 1<<numTokens - 1
	}
	s.deck = 1<<numCards - 1
	// Game set up 8: one squadron per German starting area.
	n := playersKey(players)
	for _, a := range scn.areas[n] {
		r := scn.routes[a]
		s.sq[s.nSq] = squad{target: int8(r.target), home: int8(a), area: int8(a), mode: r.mode, event: -1, hunted: -1}
		s.nSq++
	}
	for _, id := range scn.deployment[n] {
		s.dealLeft |= 1 << (id - 1)
	}
	for i, e := range scn.events {
		s.events[i] = eventSlot{card: -1, squad: -1}
		_ = e
		s.nEv++
	}
	s.applyLevel(x.level)
	if x.carry != nil {
		s.applyCarry(x.carry)
	}
	s.phase = phaseSetup
	s.step = stContinue
	s.run()
	return s
}

// extras are the additional rules chosen in the options.
type extras struct {
	level             int // difficulty level (lvStandard unless chosen)
	aces, hidden      int
	special, mulligan bool
	carry             *carry // what a campaign brings from its last scenario, or nil
}

// playersKey is the player count a scenario's lists are read for: the solo
// game uses the 1-player lists.
func playersKey(players int) int { return players }

// dealMask is the set of deployment cards the next slot draws from: the
// fighters first, then the bombers (Deployment).
func (s *State) dealMask() uint64 {
	var m uint64
	for rest := s.dealLeft; rest != 0; rest &= rest - 1 {
		i := trailing(rest)
		if (s.t.deploy[i].version == "bomber") == s.dealBomb {
			m |= 1 << i
		}
	}
	return m
}

// deal places deployment card i on the next starting area in the scenario's
// order (Deployment: round-robin, fighters then bombers).
func (s *State) deal(i int) {
	s.dealLeft &^= 1 << i
	q := int(s.dealSlot) % int(s.nSq)
	s.dealSlot++
	d := s.t.deploy[i]
	if s.sq[q].hidden {
		s.sq[q].cards |= 1 << i
		if s.log != nil {
			s.logf("Setup: a deployment card face down on %s", s.t.areas[s.sq[q].home].id)
		}
		s.nextDeal()
		return
	}
	for range d.count {
		s.addGerman(d.plane, q)
	}
	if s.log != nil {
		s.logf("Setup: deployment card %d on %s: %s", d.id, s.t.areas[s.sq[q].home].id, plural(d.count, s.t.aircraft[d.plane].name))
	}
	s.nextDeal()
}

// nextDeal turns to the bombers when the fighters are dealt.
func (s *State) nextDeal() {
	if s.dealMask() == 0 && !s.dealBomb {
		s.dealBomb = true
		s.dealSlot = 0
	}
}

// addGerman puts one plane of aircraft kind on the map in squadron q, if a
// model is left in the box.
func (s *State) addGerman(kind, q int) {
	if s.models[kind] == 0 || s.nGer == maxGerman {
		return
	}
	s.models[kind]--
	s.ger[s.nGer] = german{kind: int8(kind), area: s.sq[q].home, squad: int8(q), home: s.sq[q].home}
	s.nGer++
}

// trailing is the index of the lowest set bit of m.
func trailing(m uint64) int { return bits.TrailingZeros64(m) }

// applyChance applies a chance outcome already checked by Apply.
func (s *State) applyChance(a engine.Action) {
	n := int(a)
	switch s.step {
	case stDeal:
		s.deal(n)
		s.step = stContinue
	case stPilot:
		s.givePilot(int(s.who), n)
		s.step = stContinue
	case stDraw:
		s.drawCard(int(s.who), n)
		s.step = stContinue
	case stEvent:
		s.revealEvent(int(s.ev), n)
		s.step = stContinue
	case stDamage:
		s.takeToken(n)
	case stAce:
		s.giveAce(n)
		s.step = stContinue
	case stHide:
		s.hideSquad(n)
		s.step = stContinue
	case stRoll:
		s.rolled(face(n))
	}
}

// givePilot puts pilot card k on plane p's board.
func (s *State) givePilot(p, k int) {
	who := s.boardName(p)
	s.pilotPool &^= 1 << k
	s.raf[p].pilot = int8(k)
	s.pilots[k].used = true
	if s.log != nil {
		s.logf("%s flies %s (%s)", who, s.t.pilots[k].name, s.t.pilots[k].rank)
	}
}

// drawCard gives combat card c to plane p.
func (s *State) drawCard(p, c int) {
	s.deck &^= 1 << c
	s.raf[p].hand |= 1 << c
	s.draws--
	if s.log != nil {
		s.logf("%s draws a combat card", s.planeName(p))
	}
}

// startDraws sets up n draws for plane p, reshuffling the discards into the
// deck when it runs out (Combat card draw).
func (s *State) needDraw() bool {
	if s.draws <= 0 {
		return false
	}
	if s.deck == 0 {
		s.deck, s.discard = s.discard, 0
		if s.log != nil && s.deck != 0 {
			s.logf("The discarded combat cards are shuffled into a new deck")
		}
	}
	if s.deck == 0 {
		s.draws = 0
		return false
	}
	s.step = stDraw
	return true
}
