package bot

import (
	"fmt"

	"scramble/engine"
)

// mustApply applies a, which the state itself listed as legal, and panics if
// the state refuses it: that breaks the engine.State contract, and searching
// on would plan on a broken state.
func mustApply(s engine.State, seat engine.Seat, a engine.Action) {
	if err := s.Apply(seat, a); err != nil {
		panic(fmt.Sprintf("bot: the game refused action %d of seat %v that it listed as legal: %v", a, seat, err))
	}
}

// applyChance samples one outcome of the chance node s is at from r and
// applies it, reusing outs; it returns the buffer for the next call.
func applyChance(s engine.State, r *engine.Rand, outs []engine.Outcome) []engine.Outcome {
	outs = s.ChanceOutcomes(outs[:0])
	if len(outs) == 0 {
		panic("bot: the game is at a chance node with no outcomes")
	}
	mustApply(s, engine.Chance, r.Sample(outs))
	return outs
}

// returnOf reads seat's payoff from returns; a seat the result does not
// cover scores 0.
func returnOf(returns []float64, seat engine.Seat) float64 {
	if seat < 0 || int(seat) >= len(returns) {
		return 0
	}
	return returns[seat]
}
