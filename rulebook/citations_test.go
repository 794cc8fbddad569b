package rulebook

import (
	"errors"
	"testing"

	"scramble/engine"
	"scramble/games/catalog"
)

// TestEveryErrorCitationFindsASection plays a few random games of every
// game and, at each decision, provokes refusals (an action number no game
// uses, a seat that is not to move, unreadable text); the rule each
// refusal cites must find a section of the game's reference, so that the
// link on the error opens it (issue 35 §2).
func TestEveryErrorCitationFindsASection(t *testing.T) {
	games := catalog.New()
	for _, name := range games.Names() {
		t.Run(name, func(t *testing.T) {
			g, _ := games.Lookup(name)
			b, err := Load(name)
			if err != nil {
				t.Fatal(err)
			}
			cited := map[string]bool{}
			note := func(err error) {
				var ill *engine.IllegalError
				if errors.As(err, &ill) && ill.Rule != "" {
					cited[ill.Rule] = true
				}
			}
			for i := range 2 {
				st, _, err := engine.Setup(g, nil)
				if err != nil {
					t.Fatal(err)
				}
				rng := engine.NewRand(uint64(i + 1))
				for step := 0; step < 300; step++ {
					cur := st.Current()
					if cur == engine.Terminal {
						break
					}
					if cur == engine.Chance {
						note(st.Clone().Apply(0, 0))
						if err := st.Apply(cur, rng.Sample(st.ChanceOutcomes(nil))); err != nil {
							t.Fatal(err)
						}
						continue
					}
					seat := cur
					if cur == engine.Simultaneous {
						seat = -1
						for k := range st.Seats() {
							if len(st.Legal(engine.Seat(k), nil)) > 0 {
								seat = engine.Seat(k)
								break
							}
						}
					}
					note(st.Clone().Apply(seat, 1<<20))
					note(st.Clone().Apply(seat+1, 0))
					_, perr := st.ParseAction(seat, "fly to the moon")
					note(perr)
					legal := st.Legal(seat, nil)
					if err := st.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
			}
			if len(cited) == 0 {
				t.Fatal("no refusal cited a rule")
			}
			for rule := range cited {
				if _, err := b.Find(rule); err != nil {
					t.Errorf("a refusal cites %q: %v", rule, err)
				}
			}
		})
	}
}
