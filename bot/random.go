package bot

import "scramble/engine"

// Random chooses uniformly among the legal actions, drawing from d.Rand.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Choose returns a uniformly drawn element of d.Legal().
func (Random) Choose(d *engine.Decision) engine.Action {
	return d.Legal()[d.Rand.IntN(len(d.Legal()))]
}
