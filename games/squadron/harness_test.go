package squadron

import (
	"fmt"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// TestInvariantsBigginHill runs the engine's invariant harness (clone, legal
// and illegal actions, text round trips, views and their samples,
// save/load, replay, the bound) on Attack on Biggin Hill for 1 to 4 players.
func TestInvariantsBigginHill(t *testing.T) {
	for n := 1; n <= 4; n++ {
		t.Run(fmt.Sprintf("players=%d", n), func(t *testing.T) {
			enginetest.Check(t, New(), enginetest.Config{Options: engine.Options{"scenario": "bigginhill", "players": fmt.Sprint(n)},
				Playouts: 2, Seed: uint64(n), SaveEvery: 400})
		})
	}
}

// TestInvariantsScenarios runs the harness on every scenario and player
// count, with a search's playout from a sampled state every few steps.
func TestInvariantsScenarios(t *testing.T) {
	for _, sc := range []string{"training", "blitz", "cominghome", "homesweethome"} {
		for n := 1; n <= 4; n++ {
			t.Run(fmt.Sprintf("%s/players=%d", sc, n), func(t *testing.T) {
				enginetest.Check(t, New(), enginetest.Config{Options: engine.Options{"scenario": sc, "players": fmt.Sprint(n)},
					Playouts: 1, Seed: uint64(n), SaveEvery: 600, Rollouts: 5})
			})
		}
	}
}

// TestInvariantsAdditionalRules runs the harness with the additional rules:
// Elite aces (hidden until met), Specialization and the Mulligan.
func TestInvariantsAdditionalRules(t *testing.T) {
	for n := 1; n <= 4; n++ {
		t.Run(fmt.Sprintf("players=%d", n), func(t *testing.T) {
			enginetest.Check(t, New(), enginetest.Config{Options: engine.Options{"scenario": "bigginhill", "players": fmt.Sprint(n),
				"aces": "6", "specialization": "true", "mulligan": "true"}, Playouts: 1, Seed: uint64(10 + n), SaveEvery: 500})
		})
	}
}

// TestInvariantsHidden runs the harness with hidden squadrons
// (Reconnaissance), whose cards View.Sample deals again.
func TestInvariantsHidden(t *testing.T) {
	for n := 1; n <= 4; n++ {
		t.Run(fmt.Sprintf("players=%d", n), func(t *testing.T) {
			enginetest.Check(t, New(), enginetest.Config{Options: engine.Options{"scenario": "blitz", "players": fmt.Sprint(n),
				"hidden": "2", "aces": "2"}, Playouts: 1, Seed: uint64(20 + n), SaveEvery: 500})
		})
	}
}

// TestInvariantsDifficulty runs the harness at the recruit and veteran
// levels (Elite aces, the Mulligan, the Reserve's change).
func TestInvariantsDifficulty(t *testing.T) {
	for i, lv := range []string{"recruit", "veteran"} {
		for _, n := range []int{1, 4} {
			t.Run(fmt.Sprintf("%s/players=%d", lv, n), func(t *testing.T) {
				enginetest.Check(t, New(), enginetest.Config{Options: engine.Options{"scenario": "homesweethome", "players": fmt.Sprint(n),
					"difficulty": lv}, Playouts: 1, Seed: uint64(30 + 4*i + n), SaveEvery: 500})
			})
		}
	}
}

// TestInvariantsSearchPlayouts runs the harness on the solo games (short)
// with, at every step, a random playout to the end from a state sampled
// from the deciding seat's view, as the search plays them: they reach rare
// states many times (the solo Łokuciewski who gave away the cards he had
// to discard, Solo variant 6, was found so). TestInvariantsScenarios plays
// them every few steps for every player count.
func TestInvariantsSearchPlayouts(t *testing.T) {
	for _, sc := range []string{"bigginhill", "training", "blitz", "cominghome", "homesweethome"} {
		t.Run(sc, func(t *testing.T) {
			enginetest.Check(t, New(), enginetest.Config{Options: engine.Options{"scenario": sc, "players": "1"},
				Playouts: 1, Seed: 3, SaveEvery: 1000, Rollouts: 1})
		})
	}
}
