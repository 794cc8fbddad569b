package midway

import (
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// TestInvariantsHunt runs the engine's invariant harness (clone, legal and
// illegal actions, text round trips, views and their samples, save/load,
// bound) on random games of Aircraft Carrier Hunt.
func TestInvariantsHunt(t *testing.T) {
	enginetest.Check(t, New(), enginetest.Config{Options: engine.Options{"mode": "hunt"}, Playouts: 10, Seed: 1, SaveEvery: 40})
}

// TestInvariantsDomination runs the harness on Domination, with each
// threshold and a short round limit.
func TestInvariantsDomination(t *testing.T) {
	for _, o := range []engine.Options{
		{"mode": "domination"},
		{"mode": "domination", "threshold": "15", "rounds": "4", "tie": "japan"},
	} {
		enginetest.Check(t, New(), enginetest.Config{Options: o, Playouts: 6, Seed: 2, SaveEvery: 40})
	}
}
