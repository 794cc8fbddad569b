package midway

import (
	"fmt"

	"scramble/engine"
)

// newState sets up a game (2.3, 3.3): the order pile shuffled, the specials
// in hand, the planes to place (Japan first), and only then the four cards
// of the Order Pool to draw (2.3.7, 3.3.7).
func newState(d *gameData, m mode, threshold, rounds int8, tieToUS bool) *State {
	s := &State{d: d, mode: m, threshold: threshold, maxRounds: rounds, tieToUS: tieToUS, fresh: true, mover: noPlane}
	for k, o := range d.orders {
		s.pile[k] = o.Copies
	}
	for sd := range numSides {
		s.hand[sd][specialSlot] = d.specialN[sd]
	}
	for k := range s.pool {
		s.pool[k] = -1
	}
	s.cb.reset()
	s.ask.plane = noPlane
	s.step, s.actor = stPlace, Japan
	return s
}

// setupText describes the setup for the log.
func (s *State) setupText() string {
	if s.mode == hunt {
		return fmt.Sprintf("carriers at %s (US) and %s (Japan); each side has 4 Fighters and 2 Bombers", s.carrier(US), s.carrier(Japan))
	}
	return fmt.Sprintf("each side has 4 Fighters and 2 Aces; %d victory points win", s.threshold)
}

// numAreas is the number of areas side sd places its planes on at setup:
// the carrier and its neighbours (2.3.4) or the Reinforcement Areas (3.3.4).
func (s *State) numAreas(sd side) int {
	if s.mode == hunt {
		return s.bd().numSetup[sd]
	}
	return s.bd().numReinf[sd]
}

// area returns setup area i of side sd.
func (s *State) area(sd side, i int) Hex {
	if s.mode == hunt {
		return s.bd().setupArea[sd][i]
	}
	return s.bd().reinf[sd][i]
}

// unplacedOf returns the first unplaced plane of side sd of the kind
// (0 Fighter, 1 Special), or noPlane.
func (s *State) unplacedOf(sd side, kind int) int8 {
	lo, hi := 0, numFighters
	if kind == 1 {
		lo, hi = numFighters, planesPerSide
	}
	for k := lo; k < hi; k++ {
		p := int8(int(sd)*planesPerSide + k)
		if s.planes[p].status == unplaced {
			return p
		}
	}
	return noPlane
}

// appendPlacements lists the placements of the side to place: a Fighter or
// a Special Aircraft still in hand, on a free setup area, with any facing
// (2.3.4, 3.3.4, MW-8).
func (s *State) appendPlacements(buf []engine.Action) []engine.Action {
	var free [maxReinf]bool
	for i := range s.numAreas(s.actor) {
		free[i] = s.planeAt(s.area(s.actor, i)) == noPlane
	}
	for kind := range 2 {
		if s.unplacedOf(s.actor, kind) == noPlane {
			continue
		}
		for i := range s.numAreas(s.actor) {
			if !free[i] {
				continue
			}
			for f := range int(numFacings) {
				buf = append(buf, engine.Action(kind*placeKind+i*int(numFacings)+f))
			}
		}
	}
	return buf
}

// applyPlace places one plane; the sides take turns, Japan first, until
// both have placed all their planes (2.3.4); then the Order Pool is drawn
// (2.3.7).
func (s *State) applyPlace(a int) {
	kind, rest := a/placeKind, a%placeKind
	p := s.unplacedOf(s.actor, kind)
	h := s.area(s.actor, rest/int(numFacings))
	s.planes[p] = plane{pos: h, face: Facing(rest % int(numFacings)), status: flying}
	if s.log != nil {
		s.logf("%s places %s at %s facing %s", s.actor, s.fullName(p), h, s.planes[p].face)
	}
	next := s.actor.other()
	if !s.hasUnplaced(next) {
		next = s.actor
	}
	if !s.hasUnplaced(next) {
		if !s.needRefill() {
			s.startRound()
		}
		return
	}
	s.actor = next
}

// hasUnplaced reports whether side sd has planes still to place.
func (s *State) hasUnplaced(sd side) bool {
	return s.unplacedOf(sd, 0) != noPlane || s.unplacedOf(sd, 1) != noPlane
}

// applyRefill puts a card of kind k from the pile into the first empty slot
// of the pool (2.3.7, 2.4.4), then refills further or goes on.
func (s *State) applyRefill(k int8) {
	s.pile[k]--
	for i := range s.pool {
		if s.pool[i] < 0 {
			s.pool[i] = k
			break
		}
	}
	if s.log != nil {
		s.logf("%s is drawn into the Order Pool", orderNames[k])
	}
	if s.needRefill() {
		return
	}
	if s.round == 0 {
		s.startRound()
		return
	}
	s.nextBuy()
}

// needRefill starts drawing a card into an empty slot of the pool, first
// reshuffling the discards into a new pile if the pile is empty (2.4.4). It
// reports false when the pool is full or no card is left anywhere.
func (s *State) needRefill() bool {
	empty := false
	for _, c := range s.pool {
		empty = empty || c < 0
	}
	if !empty {
		return false
	}
	if total(s.pile[:]) == 0 {
		if total(s.discard[:]) == 0 {
			return false
		}
		s.pile, s.discard = s.discard, [numOrders]int8{}
		if s.log != nil {
			s.logf("the discarded orders are shuffled into a new pile")
		}
	}
	s.step = stRefill
	return true
}

// total sums card counts.
func total(c []int8) int {
	n := 0
	for _, x := range c {
		n += int(x)
	}
	return n
}

// planeName names plane p within its side: F1..F4, then B1, B2 (Bombers) or
// A1, A2 (Aces).
func (s *State) planeName(p int8) string {
	k := p % planesPerSide
	if k < numFighters {
		return fmt.Sprintf("F%d", k+1)
	}
	if s.mode == hunt {
		return fmt.Sprintf("B%d", k-numFighters+1)
	}
	return fmt.Sprintf("A%d", k-numFighters+1)
}

// sideCodes are the sides' short names in plane labels: "US F1", "JP F1".
var sideCodes = [numSides]string{"US", "JP"}

// fullName names plane p with its side, as the actions, the log and the
// boards do: "US F1", "JP B2".
func (s *State) fullName(p int8) string { return sideCodes[sideOf(p)] + " " + s.planeName(p) }

// specialName is what the Special Aircraft are in this mode.
func (s *State) specialName() string {
	if s.mode == hunt {
		return "bomber"
	}
	return "ace"
}
