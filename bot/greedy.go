package bot

import (
	"strconv"

	"scramble/engine"
)

// DefaultGreedySamples is the number of determinizations Greedy averages each
// action over unless told otherwise.
const DefaultGreedySamples = 8

// Greedy looks one decision ahead. For each legal action it samples a state
// from the seat's view, applies the action, lets chance play out (sampled)
// until a seat must decide or the game ends, and scores the position with the
// game's engine.Evaluator (at the end: the seat's return). It averages over
// Samples determinizations and takes the best action, the first on ties.
//
// All actions are scored on the same determinizations and the same dice
// (common random numbers), so the comparison between actions is not blurred
// by luck. On a game whose states do not implement engine.Evaluator it plays
// like Random. A decision with one legal action is returned at once.
type Greedy struct {
	// Samples is the number of determinizations per action; below 1 means
	// DefaultGreedySamples.
	Samples int
}

// Name returns the bot's spec: "greedy", or "greedy:samples=N" when Samples
// is not the default.
func (g Greedy) Name() string {
	if k := g.samples(); k != DefaultGreedySamples {
		return "greedy:samples=" + strconv.Itoa(k)
	}
	return "greedy"
}

func (g Greedy) samples() int {
	if g.Samples < 1 {
		return DefaultGreedySamples
	}
	return g.Samples
}

// Choose returns the legal action with the best mean score.
func (g Greedy) Choose(d *engine.Decision) engine.Action {
	if len(d.Legal()) == 1 {
		return d.Legal()[0]
	}
	v := d.View()
	sums := make([]float64, len(d.Legal()))
	var dice engine.Rand
	var outs []engine.Outcome
	for range g.samples() {
		if d.Stopped() {
			break
		}
		base := v.Sample(d.Rand)
		if _, ok := base.(engine.Evaluator); !ok {
			return Random{}.Choose(d)
		}
		seed := d.Rand.Uint64()
		for i, a := range d.Legal() {
			s := base.Clone()
			mustApply(s, d.Seat, a)
			dice.Seed(seed)
			for s.Current() == engine.Chance {
				outs = applyChance(s, &dice, outs)
			}
			sums[i] += score(s, d.Seat)
		}
	}
	best := 0
	for i := range sums {
		if sums[i] > sums[best] {
			best = i
		}
	}
	return d.Legal()[best]
}

// score rates s for seat: its return when the game is over, else the game's
// evaluation.
func score(s engine.State, seat engine.Seat) float64 {
	if s.Current() == engine.Terminal {
		return returnOf(s.Result().Returns, seat)
	}
	if e, ok := s.(engine.Evaluator); ok {
		return e.Evaluate(seat)
	}
	return 0
}
