package tinybob

import (
	"math/bits"

	"scramble/engine"
)

// Phase 3: the RAF's three actions, moving pips and attacking (rulebook "3.
// Use three actions", TB-4, TB-12). The attack itself is in attack.go.
//
// Legality is computed as bit sets over action numbers (see legalMask in
// state.go), without branching on the dice values: Legal and Apply both read
// the same set, and simulation does not pay for mispredicted branches.

// geq is 1 if a >= b, else 0.
func geq(a, b int8) uint {
	return uint(int64(a)-int64(b))>>63 ^ 1
}

// diceMask returns the places holding a red die (bits 0..5), the places
// with room for another pip (under 6 pips, or no die), and the places whose
// die holds exactly one pip (TB-4).
func (s *State) diceMask() (has, room, one uint) {
	w := placesWord(&s.raf) // a byte per place (bytes.go)
	has = eachBit(atLeastEach(w, 1))
	return has, 0b111111 &^ eachBit(atLeastEach(w, maxPips)), has &^ eachBit(atLeastEach(w, 2))
}

// freeDice counts the red dice out of play (TB-4).
func (s *State) freeDice() int8 {
	has, _, _ := s.diceMask()
	return redDice - int8(bits.OnesCount(has))
}

// totalPips counts the RAF's planes, rows and Reserve (TB-18).
func (s *State) totalPips() int {
	r := s.raf
	return int(r[0]) + int(r[1]) + int(r[2]) + int(r[3]) + int(r[4]) + int(r[5])
}

// moveMask returns the legal moves as bits 6*from+to (the action's offset from
// actMove): a pip moves from a place holding a die to any other place whose
// die has room, or to a place without a die when a red die is free or the
// moving die holds its last pip and so moves whole (TB-4, TB-12).
func (s *State) moveMask() uint64 {
	has, room, one := s.diceMask()
	wide := one // the dice whose pips may also go to a place without a die
	if bits.OnesCount(has) < redDice {
		wide = has
	}
	// One 6-bit block per place moved from: a die's block holds the other
	// dice with room, and every other place with room if the die is in wide.
	return (fill(has)&(rep6*uint64(room&has)) | fill(wide)&(rep6*uint64(room))) &^ diag6
}

const (
	rep6  = 0x041041041 // bit 0 of each of six 6-bit blocks
	diag6 = 0x810204081 // bit i of block i: the move from a place to itself
)

// fill sets the six bits of block i for each place i in p (bits 0..5).
func fill(p uint) uint64 {
	t := rep6 * uint64(p) & diag6 // block i holds bit i of p
	// Adding 31 sets bit 5 of each block that is not 0, with no carry out.
	return (t + rep6*0x1f) >> 5 & rep6 * 0x3f
}

// attackMask returns the rows (bits 0..4) where the RAF can attack: an RAF
// die there, the row's Luftwaffe die in play within the Fuel Dumps' range
// (TB-12). A destroyed Fuel Dumps has range 0.
func (s *State) attackMask() uint64 {
	// A byte per row (bytes.go); the Reserve's byte of placesWord meets the
	// empty sixth byte of rowsWord.
	reach := lowBits &^ atLeastEach(rowsWord(&s.lwCol), uint64(s.loc[rowFuel])+1)
	return uint64(eachBit(atLeastEach(placesWord(&s.raf), 1) & atLeastEach(rowsWord(&s.lwVal), 1) & reach))
}

// actionsMask returns the legal phase 3 actions: "end", every attack and
// every move.
func (s *State) actionsMask() uint64 {
	return 1<<actEnd | s.attackMask()<<actAttack | s.moveMask()<<actMove
}

// canAct reports whether the RAF can move or attack, that is whether
// actionsMask holds more than "end". It stops at the first action found.
func (s *State) canAct() bool {
	return s.canMove() || s.attackMask() != 0
}

// canMove reports whether moveMask is not empty. When some die is not full,
// a pip can move onto it from another die if all five red dice are in play,
// else from it to a place without a die, with a free red die. When every die
// is full, a pip can move only to a place without a die, which needs a free
// red die (no die holds a single pip).
func (s *State) canMove() bool {
	dice := 0
	for _, v := range &s.raf {
		if v > 0 {
			if v < maxPips {
				return true
			}
			dice++
		}
	}
	return dice > 0 && dice < redDice
}

// move moves one pip, spending an action.
func (s *State) move(from, to int8) {
	s.raf[from]--
	s.raf[to]++
	s.actions--
	if s.log != nil {
		s.logf("Phase 3: one plane moves from %s to %s (now %d and %d); %s left",
			rowName(from), rowName(to), s.raf[from], s.raf[to], plural(int(s.actions), "action"))
	}
	s.continueActions()
}

// appendBits appends the set bits of m, lowest first, as actions.
func appendBits(buf []engine.Action, m uint64) []engine.Action {
	for ; m != 0; m &= m - 1 {
		buf = append(buf, engine.Action(bits.TrailingZeros64(m)))
	}
	return buf
}
