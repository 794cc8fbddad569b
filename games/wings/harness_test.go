package wings

import (
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// TestInvariants runs the engine's invariant harness (clone, legal and
// illegal actions, text round trips, views and their samples, save/load and
// replay, the bound) on random games of every scenario (issue §6).
func TestInvariants(t *testing.T) {
	g := New()
	for _, sc := range g.Options()[0].Choices {
		t.Run(sc, func(t *testing.T) {
			enginetest.Check(t, g, enginetest.Config{Options: engine.Options{"scenario": sc}, Playouts: 8, Seed: 3, SaveEvery: 80})
		})
	}
}
