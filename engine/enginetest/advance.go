package enginetest

import (
	"fmt"

	"scramble/engine"
)

// checkAdvance checks a state that plays on by itself (engine.Advancer)
// against the plain path from the same position: with the same dice stream,
// Advance must reach the state that rolling each die with Roll and applying
// each passing seat's pass with Apply reaches, stop where that loop stops,
// count the same actions and draw the same numbers. It tries no seat and
// every seat passing, each with a budget of one action and with no bound.
func checkAdvance(s engine.State, seed uint64) error {
	if _, ok := s.(engine.Advancer); !ok {
		return nil
	}
	if _, ok := s.(engine.Roller); !ok {
		return fmt.Errorf("the state is an engine.Advancer but not an engine.Roller")
	}
	every := uint64(1)<<min(len(s.Seats()), 64) - 1
	for _, passing := range []uint64{0, every} {
		for _, budget := range []int{0, 1, 1 << 20} {
			fast, plain := s.Clone(), s.Clone()
			fr, pr := engine.NewRand(seed), engine.NewRand(seed)
			cur, n := fast.(engine.Advancer).Advance(fr, passing, budget)
			m, err := advancePlainly(plain, pr, passing, budget)
			if err != nil {
				return fmt.Errorf("Advance(passing %b, budget %d): the plain path: %v", passing, budget, err)
			}
			switch {
			case n != m:
				return fmt.Errorf("Advance(passing %b, budget %d) applied %d actions, the plain path %d", passing, budget, n, m)
			case cur != plain.Current() || fast.Current() != cur:
				return fmt.Errorf("Advance(passing %b, budget %d) stopped with %s to act (the state says %s), the plain path with %s",
					passing, budget, cur, fast.Current(), plain.Current())
			case fast.String() != plain.String():
				return fmt.Errorf("Advance(passing %b, budget %d) reached\n%s\nthe plain path\n%s", passing, budget, fast.String(), plain.String())
			case fr.Uint64() != pr.Uint64():
				return fmt.Errorf("Advance(passing %b, budget %d) drew other numbers from the dice than Roll", passing, budget)
			}
		}
	}
	return nil
}

// advancePlainly is what Advance must do, one engine call at a time: Roll at
// chance nodes, Apply of the pass at the decisions of passing seats. It
// returns the number of actions applied.
func advancePlainly(s engine.State, r *engine.Rand, passing uint64, budget int) (int, error) {
	passer, _ := s.(engine.Passer)
	for n := 0; n < budget; n++ {
		cur := s.Current()
		switch {
		case cur == engine.Chance:
			s.(engine.Roller).Roll(r)
		case cur >= 0 && cur < 64 && passing>>cur&1 != 0 && passer != nil:
			a, ok := passer.PassAction(cur)
			if !ok {
				return n, nil
			}
			if err := s.Apply(cur, a); err != nil {
				return n, fmt.Errorf("the pass of seat %s refused: %v", cur, err)
			}
		default:
			return n, nil
		}
	}
	return budget, nil
}
