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

// atLeast is 1 if 0 <= v <= 7 is at least k (1 <= k <= 7), else 0.
func atLeast(v int8, k uint) uint {
	return (uint(v) + 8 - k) >> 3
}

// geq is 1 if a >= b, else 0.
func geq(a, b int8) uint {
	return uint(int64(a)-int64(b))>>63 ^ 1
}

// diceMask returns the places holding a red die (bits 0..5), the places
// with room for another pip (under 6 pips, or no die), and the places whose
// die holds exactly one pip (TB-4).
func (s *State) diceMask() (has, room, one uint) {
	r := &s.raf
	has = atLeast(r[0], 1) | atLeast(r[1], 1)<<1 | atLeast(r[2], 1)<<2 |
		atLeast(r[3], 1)<<3 | atLeast(r[4], 1)<<4 | atLeast(r[5], 1)<<5
	two := atLeast(r[0], 2) | atLeast(r[1], 2)<<1 | atLeast(r[2], 2)<<2 |
		atLeast(r[3], 2)<<3 | atLeast(r[4], 2)<<4 | atLeast(r[5], 2)<<5
	full := atLeast(r[0], 6) | atLeast(r[1], 6)<<1 | atLeast(r[2], 6)<<2 |
		atLeast(r[3], 6)<<3 | atLeast(r[4], 6)<<4 | atLeast(r[5], 6)<<5
	return has, 0b111111 &^ full, has &^ two
}

// freeDice counts the red dice out of play (TB-4).
func (s *State) freeDice() int8 {
	r := &s.raf
	used := atLeast(r[0], 1) + atLeast(r[1], 1) + atLeast(r[2], 1) + atLeast(r[3], 1) + atLeast(r[4], 1) + atLeast(r[5], 1)
	return redDice - int8(used)
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
	free := uint(0)
	if bits.OnesCount(has) < redDice {
		free = 1
	}
	var m uint64
	for from := range uint(numPlaces) {
		wide := -(free | one>>from&1) & 0b111111 // every place, empty ones too
		dest := room & (has | wide) &^ (1 << from)
		dest &= -(has >> from & 1) // only from a place holding a die
		m |= uint64(dest) << (from * numPlaces)
	}
	return m
}

// attackMask returns the rows (bits 0..4) where the RAF can attack: an RAF
// die there, the row's Luftwaffe die in play within the Fuel Dumps' range
// (TB-12). A destroyed Fuel Dumps has range 0.
func (s *State) attackMask() uint64 {
	fuel := s.loc[rowFuel]
	var m uint
	for r := range numRows {
		m |= atLeast(s.raf[r], 1) & atLeast(s.lwVal[r], 1) & geq(fuel, s.lwCol[r]) << r
	}
	return uint64(m)
}

// actionsMask returns the legal phase 3 actions: "end", every attack and
// every move.
func (s *State) actionsMask() uint64 {
	return 1<<actEnd | s.attackMask()<<actAttack | s.moveMask()<<actMove
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
