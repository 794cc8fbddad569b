package squadron

import (
	"fmt"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// TestInvariantsCampaign runs the engine's invariant harness on the whole
// campaign (The Campaign) for 1 to 4 players: clone, legal and illegal
// actions, text round trips, views and their samples, save/load and replay
// across the scenarios, the bound.
func TestInvariantsCampaign(t *testing.T) {
	for n := 1; n <= 4; n++ {
		t.Run(fmt.Sprintf("players=%d", n), func(t *testing.T) {
			enginetest.Check(t, NewCampaign(), enginetest.Config{Options: engine.Options{"players": fmt.Sprint(n)},
				Playouts: 1, Seed: uint64(30 + n), SaveEvery: 1500})
		})
	}
}

// TestInvariantsCampaignLevels runs the harness on a solo campaign at the
// recruit and veteran levels (the Reserve's change, aces, the Mulligan).
func TestInvariantsCampaignLevels(t *testing.T) {
	for i, lv := range []string{"recruit", "veteran"} {
		t.Run(lv, func(t *testing.T) {
			enginetest.Check(t, NewCampaign(), enginetest.Config{Options: engine.Options{"players": "1", "difficulty": lv},
				Playouts: 1, Seed: uint64(40 + i), SaveEvery: 1500})
		})
	}
}
