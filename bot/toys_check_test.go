package bot_test

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
)

// TestToyGames checks the test games themselves: random games end within
// their bound, clones and samples are independent states, and every seat's
// returns are in [0,1].
func TestToyGames(t *testing.T) {
	for _, g := range []engine.Game{nimGame{}, raceGame{}, bidGame{}, penniesGame{}} {
		t.Run(g.Info().Name, func(t *testing.T) {
			randomPositions(t, g, 50, func(s engine.State, seat engine.Seat) {
				before := s.String()
				c := s.Clone()
				legal := c.Legal(seat, nil)
				if err := c.Apply(seat, legal[0]); err != nil {
					t.Fatalf("clone refused legal %d: %v", legal[0], err)
				}
				smp := s.View(seat).Sample(engine.NewRand(1))
				if err := smp.Apply(seat, legal[0]); err != nil {
					t.Fatalf("sample refused legal %d: %v", legal[0], err)
				}
				if s.String() != before {
					t.Fatalf("clone or sample shares memory: %s became %s", before, s.String())
				}
			})
			for seed := range uint64(20) {
				res := play(t, newState(t, g), g, []engine.Bot{bot.Random{}, bot.Random{}}, seed)
				for _, v := range res.Returns {
					if v < 0 || v > 1 {
						t.Fatalf("return %v outside [0,1]", v)
					}
				}
			}
		})
	}
}
