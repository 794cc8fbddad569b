package boba

import (
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// TestInvariants runs the engine's invariant harness (clone, legal and
// illegal actions, text round trips, views, save/load and replay, the length
// bound) on random campaigns with the default options.
func TestInvariants(t *testing.T) {
	enginetest.Check(t, New(), enginetest.Config{Playouts: 8, Seed: 1, SaveEvery: 100})
}

// TestInvariantsOptions runs the harness with the Luftwaffe as a seat, the
// optional dive/climb first move, a small board and the Do17.
func TestInvariantsOptions(t *testing.T) {
	for _, o := range []engine.Options{
		{"luftwaffe": "seat", "divefirst": "true", "days": "3"},
		{"width": "7", "length": "12", "gb2": "Do17", "divefirst": "true"},
	} {
		c := parseConfig(mustResolve(t, o))
		enginetest.Check(t, New(), enginetest.Config{Options: o, Playouts: 4, Seed: 2, SaveEvery: 100, Bound: bound(c)})
	}
}

func mustResolve(t testing.TB, o engine.Options) engine.Options {
	t.Helper()
	full, err := engine.ResolveOptions(New().Options(), o)
	if err != nil {
		t.Fatal(err)
	}
	return full
}
