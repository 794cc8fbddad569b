package wings

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"scramble/engine"
)

// playthroughsHash is the digest of the playthroughs below (moves, events,
// results), recorded when they were last changed on purpose: any change of
// the rules' behaviour, the data or the action and event texts changes it.
// Update it only for an intended change, and say so in the commit.
const playthroughsHash = "29b92efaa488d00759e71bd9ddd6e1f578b2d2aaa53909d32ceb53485ccc1b08"

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
			for steps := 0; ; steps++ {
				if _, err := m.RollDice(); err != nil {
					t.Fatal(err)
				}
				s := m.State()
				if s.Current() == engine.Terminal {
					break
				}
				seat := s.Current()
				if seat == engine.Simultaneous {
					for i := range s.Seats() {
						if len(s.Legal(engine.Seat(i), nil)) > 0 {
							seat = engine.Seat(i)
							break
						}
					}
				}
				legal := s.Legal(seat, nil)
				if err := m.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			res := m.State().Result()
			fmt.Fprintf(h, "%s %d %v %s %s %d %d %v\n", sc, seed, res.Returns, res.Winner, res.Cause, res.Score, res.Rounds, res.Stats)
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
