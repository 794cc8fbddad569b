package tinybob

import (
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// TestInvariants runs the engine's generic invariant harness (clone, legal and
// illegal actions, text round trips, views, save/load, bound) on random games.
func TestInvariants(t *testing.T) {
	enginetest.Check(t, New(), enginetest.Config{Playouts: 40, Seed: 7, SaveEvery: 25})
}

// TestInvariantsOptions runs the harness with other setup options, including
// a fixed priority target, longer games and a strong RAF that often wins.
func TestInvariantsOptions(t *testing.T) {
	for _, o := range []engine.Options{
		{"priority": "5", "aces": "6", "resources": "6"},
		{"raf": "6,6,0,6,6", "reserve": "0", "warning": "1", "fuel": "6", "antiair": "6"},
		{"waves": "6", "industry": "6", "airfields": "6", "raf": "0,0,0,0,0", "reserve": "1"},
		{"luftwaffe": "1", "raf": "3,3,3,3,0", "reserve": "6", "aces": "3"},
	} {
		enginetest.Check(t, New(), enginetest.Config{Options: o, Playouts: 10, Seed: 3, SaveEvery: 60})
	}
}
