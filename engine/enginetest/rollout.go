package enginetest

import (
	"fmt"

	"scramble/engine"
)

// checkSampleRollout plays what a search plays from s: a state sampled from
// the view of the seat to move (an open sample, engine.OpenSampler, every
// other time where the game offers one; at a chance node a clone) played to
// the end with random actions, as a playout without a depth cut-off does.
// Every seat the game names to move on the way must have a legal action,
// and the game must end within bound actions. Such playouts reach states a
// single random game rarely does, many times at every decision.
func checkSampleRollout(s engine.State, r *engine.Rand, bound int) error {
	seat := s.Current()
	if seat == engine.Simultaneous {
		seat = firstSimultaneous(s)
	}
	var d engine.State
	from := "a clone of the state"
	switch {
	case seat < 0:
		d = s.Clone()
	default:
		from = fmt.Sprintf("a state sampled from seat %s's view", seat)
		v := s.View(seat)
		if o, ok := v.(engine.OpenSampler); ok && r.IntN(2) == 0 {
			d = o.SampleOpen(r)
		} else {
			d = v.Sample(r)
		}
	}
	for n := 0; d.Current() != engine.Terminal; n++ {
		if n > bound {
			return fmt.Errorf("a random playout from %s is not over after the bound of %d actions", from, bound)
		}
		if _, _, err := RandomStep(d, r); err != nil {
			return fmt.Errorf("a random playout from %s, %d actions in: %v; the state:\n%s", from, n, err, d.String())
		}
	}
	return nil
}
