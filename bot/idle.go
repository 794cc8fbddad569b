package bot

import (
	"scramble/engine"
)

// Idle is the baseline bot: it takes the game's pass action when the game
// names one (engine.Passer), else the first legal action. The
// seat it plays never spends, acts or disrupts beyond what the game forces.
type Idle struct{}

// Name returns "idle".
func (Idle) Name() string { return "idle" }

// Choose returns d.Pass() when the game names a pass action, else
// d.Legal()[0].
func (Idle) Choose(d *engine.Decision) engine.Action {
	if a, ok := d.Pass(); ok {
		return a
	}
	return d.Legal()[0]
}

// Idles reports true: Idle always takes the pass where the game names one and
// draws nothing, so a driver may take it without asking (engine.Idler).
func (Idle) Idles() bool { return true }
