package tinybob

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// playthroughsHash is the digest of the playthroughs of
// TestPlaythroughsUnchanged, recorded before the simulation fast path was
// reworked (lazy legal sets, byte-wise masks): a change of the rules'
// behaviour, however small, changes it.
const playthroughsHash = "3f02213f7e8ec9fa351136123588848a54555de347836fcc6f5c786b794bd974"

// Games played through engine.Match with the same seeds and the same
// decisions give the same histories, events and results as they always
// have. The decisions alternate between the pass and random legal actions,
// under several setups.
func TestPlaythroughsUnchanged(t *testing.T) {
	h := sha256.New()
	for oi, o := range []engine.Options{nil,
		{"priority": "5", "aces": "6", "resources": "6"},
		{"raf": "6,6,0,6,6", "reserve": "0", "warning": "1", "fuel": "6", "antiair": "6"},
		{"waves": "6", "industry": "6", "airfields": "6", "raf": "0,0,0,0,0", "reserve": "1"},
		{"luftwaffe": "1", "raf": "3,3,3,3,0", "reserve": "6", "aces": "3"},
	} {
		for seed := range uint64(60) {
			m, err := engine.NewMatch(New(), o, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed + 1000)
			err = enginetest.PlayThrough(m, func(s engine.State) (engine.Seat, engine.Action) {
				legal := s.Legal(rafSeat, nil)
				a := legal[r.IntN(len(legal))]
				if seed%3 == 0 {
					a, _ = s.(engine.Passer).PassAction(rafSeat)
				}
				return rafSeat, a
			})
			if err != nil {
				t.Fatal(err)
			}
			// The result's fields are written one by one (as %+v printed
			// them when the digest was recorded) so that a new field of
			// engine.Result does not change the digest.
			res := m.State().Result()
			fmt.Fprintf(h, "%d %d {Returns:%v Winner:%s Cause:%s Score:%d Rounds:%d}\n",
				oi, seed, res.Returns, res.Winner, res.Cause, res.Score, res.Rounds)
			enginetest.Transcript(h, m)
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != playthroughsHash {
		t.Errorf("playthroughs digest %s, want %s", got, playthroughsHash)
	}
}
