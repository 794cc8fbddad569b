package midway

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// playthroughsHash is the digest of the playthroughs below, recorded when
// the rules were first complete: any change of behaviour, however small,
// changes it (then check the change is meant and record the new digest).
const playthroughsHash = "485561dcde52337f16576a4e1ae5d82c0e095c0b76dc2e4d403670ad50cb3199"

// TestPlaythroughsUnchanged plays games through engine.Match with fixed
// seeds and random legal decisions, both modes, and compares the digest of
// their histories, events and results with the recorded one.
func TestPlaythroughsUnchanged(t *testing.T) {
	h := sha256.New()
	for oi, o := range []engine.Options{{"mode": "hunt", "layout": "v1"}, {"mode": "domination", "layout": "v1"}, {"mode": "domination", "threshold": "12", "tie": "japan", "layout": "v1"}, {"mode": "hunt"}, {"mode": "domination"}} {
		for seed := range uint64(15) {
			m, err := engine.NewMatch(New(), o, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed + 1000)
			err = enginetest.PlayThrough(m, func(s engine.State) (engine.Seat, engine.Action) {
				seat := enginetest.Mover(s)
				legal := s.Legal(seat, nil)
				return seat, legal[r.IntN(len(legal))]
			})
			if err != nil {
				t.Fatal(err)
			}
			res := m.State().Result()
			fmt.Fprintf(h, "%d %d %v %s %s %d %d\n", oi, seed, res.Returns, res.Winner, res.Cause, res.Score, res.Rounds)
			enginetest.Transcript(h, m)
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != playthroughsHash {
		t.Errorf("playthroughs digest %s, want %s", got, playthroughsHash)
	}
}
