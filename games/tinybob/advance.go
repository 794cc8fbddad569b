package tinybob

import "scramble/engine"

// Advance plays on by itself up to the next decision the driver must ask for
// (engine.Advancer): it rolls each die as Roll would and, when the RAF's bit
// is set in passing, takes the RAF's pass at each of its decisions as Apply
// would. It stops at a decision of the RAF when the RAF is not passing, at the
// end of the game, or after budget actions.
func (s *State) Advance(r *engine.Rand, passing uint64, budget int) (engine.Seat, int) {
	passes := passing&1 != 0
	n := 0
	for ; n < budget; n++ {
		i := &stepInfo[s.step]
		a := i.pass
		switch i.die {
		case rollD6:
			a = d6(r)
		case rollFolded:
			a = s.foldedFace(r)
		default:
			if i.seat != rafSeat || !passes {
				return s.stop(n)
			}
		}
		i.apply(s, a)
	}
	return s.stop(n)
}

// stop ends Advance after n actions: it says who is to act.
func (s *State) stop(n int) (engine.Seat, int) {
	if n > 0 {
		s.fresh = false
	}
	return s.Current(), n
}
