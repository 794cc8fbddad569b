package wings

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// playthroughsHash is the digest of the playthroughs below (moves, events,
// results), recorded when they were last changed on purpose: any change of
// the rules' behaviour, the data or the action and event texts changes it.
// Update it only for an intended change, and say so in the commit.
const playthroughsHash = "6ad4e18ce085812e3afc5c32e9a20fbd1e3b6e1670bae2d694c68f592a31df9c"

// Games played through engine.Match with fixed seeds and random legal
// decisions give the same histories, events and results as when recorded
// (a golden playthrough of every scenario).
func TestPlaythroughsUnchanged(t *testing.T) {
	h := sha256.New()
	g := New()
	for _, sc := range g.Options()[0].Choices {
		for seed := range uint64(6) {
			m, err := engine.NewMatch(g, engine.Options{"scenario": sc}, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed + 77)
			err = enginetest.PlayThrough(m, func(s engine.State) (engine.Seat, engine.Action) {
				seat := enginetest.Mover(s)
				legal := s.Legal(seat, nil)
				return seat, legal[r.IntN(len(legal))]
			})
			if err != nil {
				t.Fatal(err)
			}
			res := m.State().Result()
			fmt.Fprintf(h, "%s %d %v %s %s %d %d %v\n", sc, seed, res.Returns, res.Winner, res.Cause, res.Score, res.Rounds, res.Stats)
			enginetest.Transcript(h, m)
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != playthroughsHash {
		t.Errorf("playthroughs digest %s, want %s", got, playthroughsHash)
	}
}
