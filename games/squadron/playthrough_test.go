package squadron

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// playthroughsHash is the digest of the playthroughs of
// TestPlaythroughsUnchanged: a change of the rules' behaviour, however
// small, changes it. Update it only for a change of the rules that is
// meant, and say so in the commit.
const playthroughsHash = "17a0f3fb1b7a7d8c8d2d07b3ec5ec79defaf847314b7cb5c44c95745efbf08d0"

// Games played through engine.Match with the same seeds and the same
// decisions give the same histories, events and results as they always
// have: every scenario, 1 and 4 players, and the additional rules; the
// decisions alternate between the pass and random legal actions.
func TestPlaythroughsUnchanged(t *testing.T) {
	h := sha256.New()
	var opts []engine.Options
	for _, sc := range []string{"training", "bigginhill", "blitz", "cominghome", "homesweethome"} {
		for _, n := range []string{"1", "4"} {
			opts = append(opts, engine.Options{"scenario": sc, "players": n})
		}
	}
	opts = append(opts, engine.Options{"players": "3", "aces": "6", "specialization": "true", "mulligan": "true"})
	for oi, o := range opts {
		for seed := range uint64(4) {
			m, err := engine.NewMatch(New(), o, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed + 1000)
			err = enginetest.PlayThrough(m, func(s engine.State) (engine.Seat, engine.Action) {
				cur := s.Current()
				legal := s.Legal(cur, nil)
				a := legal[r.IntN(len(legal))]
				if pass, ok := s.(engine.Passer).PassAction(cur); ok && seed%2 == 0 && r.IntN(2) == 0 {
					a = pass
				}
				return cur, a
			})
			if err != nil {
				t.Fatal(err)
			}
			res := m.State().Result()
			fmt.Fprintf(h, "%d %d %v %s %s %d %d %v\n", oi, seed, res.Returns, res.Winner, res.Cause, res.Score, res.Rounds, res.Stats)
			enginetest.Transcript(h, m)
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != playthroughsHash {
		t.Fatalf("the playthroughs changed: digest %s, recorded %s", got, playthroughsHash)
	}
}
