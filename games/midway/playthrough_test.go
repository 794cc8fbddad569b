package midway

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"scramble/engine"
)

// playthroughsHash is the digest of the playthroughs below, recorded when
// the rules were first complete: any change of behaviour, however small,
// changes it (then check the change is meant and record the new digest).
const playthroughsHash = "83ecd739c5eec79af5f96a31b12e61a6ad3ae77e603b19c644eabd6f8df08c61"

// TestPlaythroughsUnchanged plays games through engine.Match with fixed
// seeds and random legal decisions, both modes, and compares the digest of
// their histories, events and results with the recorded one.
func TestPlaythroughsUnchanged(t *testing.T) {
	h := sha256.New()
	for oi, o := range []engine.Options{{"mode": "hunt"}, {"mode": "domination"}, {"mode": "domination", "threshold": "12", "tie": "japan"}} {
		for seed := range uint64(15) {
			m, err := engine.NewMatch(New(), o, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed + 1000)
			for {
				if _, err := m.RollDice(); err != nil {
					t.Fatal(err)
				}
				s := m.State()
				cur := s.Current()
				if cur == engine.Terminal {
					break
				}
				if cur == engine.Simultaneous {
					cur = 0
					if len(s.Legal(0, nil)) == 0 {
						cur = 1
					}
				}
				legal := s.Legal(cur, nil)
				if err := m.Apply(cur, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			res := m.State().Result()
			fmt.Fprintf(h, "%d %d %v %s %s %d %d\n", oi, seed, res.Returns, res.Winner, res.Cause, res.Score, res.Rounds)
			for _, mv := range m.History() {
				fmt.Fprintf(h, "%d:%s;", mv.Seat, mv.Text)
			}
			for _, e := range m.Log().Events {
				fmt.Fprintf(h, "%d %s\n", e.Step, e.Text)
			}
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != playthroughsHash {
		t.Errorf("playthroughs digest %s, want %s", got, playthroughsHash)
	}
}
