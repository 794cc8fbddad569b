package tinybob

import "scramble/engine"

// Advance plays on by itself up to the next decision the driver must ask for
// (engine.Advancer): it rolls each die as Roll would and, when the RAF's bit
// is set in passing, takes the RAF's pass at each of its decisions as Apply
// would. It stops at a decision of the RAF when the RAF is not passing, at the
// end of the game, or after budget actions.
func (s *State) Advance(r *engine.Rand, passing uint64, budget int) (engine.Seat, int) {
	n := 0
	for ; n < budget && int(s.step) < len(stepInfo); n++ {
		i := &stepInfo[s.step]
		switch {
		case i.folded:
			i.apply(s, s.foldedFace(r))
		case i.seat == engine.Chance:
			i.apply(s, d6(r))
		case i.seat == rafSeat && passing&1 != 0:
			i.apply(s, i.pass)
		default:
			if n > 0 {
				s.fresh = false
			}
			return s.Current(), n
		}
	}
	if n > 0 {
		s.fresh = false
	}
	return s.Current(), n
}
