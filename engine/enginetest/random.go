package enginetest

import (
	"fmt"

	"scramble/engine"
)

// RandomStep applies one random legal action to s: at a chance node an
// outcome drawn with its probability, otherwise an action drawn uniformly
// from the legal ones of the seat to move (at a simultaneous node, the
// first seat still to choose). It returns the seat and the action applied,
// or an error when the game is over, nobody can act, or the state refuses
// its own legal action.
func RandomStep(s engine.State, r *engine.Rand) (engine.Seat, engine.Action, error) {
	seat := s.Current()
	switch seat {
	case engine.Terminal:
		return seat, 0, fmt.Errorf("the game is over")
	case engine.Simultaneous:
		seat = firstSimultaneous(s)
	}
	var a engine.Action
	if seat == engine.Chance {
		outs := s.ChanceOutcomes(nil)
		if len(outs) == 0 {
			return seat, 0, fmt.Errorf("a chance node without outcomes")
		}
		a = r.Sample(outs)
	} else {
		legal := s.Legal(seat, nil)
		if len(legal) == 0 {
			return seat, 0, fmt.Errorf("seat %s is to move (%s) but has no legal action", seat, s.Current())
		}
		a = legal[r.IntN(len(legal))]
	}
	if err := s.Apply(seat, a); err != nil {
		return seat, a, fmt.Errorf("legal action %d of seat %s refused: %v", a, seat, err)
	}
	return seat, a, nil
}
