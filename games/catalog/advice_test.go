package catalog_test

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
	"scramble/engine/enginetest"
	"scramble/games/catalog"
)

// TestEveryStateAdvisesAsItsViews: where a game's views give its
// hand-written policy (bot.Advisor), its state gives the same advice
// without building a view (bot.SeatAdvisor, the fast path MCTS asks at
// every step of its playouts; without it a search falls back to building
// views, slowly). For every game of the catalog with its default options,
// at every decision of a few games played half by the advice and half at
// random, each seat with legal actions is asked: the state's advice must be
// its view's, with the bot's source seeded alike.
func TestEveryStateAdvisesAsItsViews(t *testing.T) {
	const games, steps = 2, 400
	c := catalog.New()
	for _, name := range c.Names() {
		g, _ := c.Lookup(name)
		advised := 0
		for i := range uint64(games) {
			s, _, err := engine.Setup(g, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			r := engine.NewRand(31 + i)
			for step := 0; step < steps && s.Current() != engine.Terminal; step++ {
				if s.Current() == engine.Chance {
					if _, _, err := enginetest.RandomStep(s, r); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					continue
				}
				var play engine.Action
				var mover engine.Seat = engine.Terminal
				for seat := range engine.Seat(len(s.Seats())) {
					legal := s.Legal(seat, nil)
					if len(legal) == 0 {
						continue
					}
					adv, ok := s.View(seat).(bot.Advisor)
					if !ok {
						continue
					}
					sa, ok := s.(bot.SeatAdvisor)
					if !ok {
						t.Fatalf("%s: the view of seat %s advises, the state does not (bot.SeatAdvisor)", name, seat)
					}
					want := adv.Advise(legal, engine.NewRand(5))
					if got := sa.AdviseSeat(seat, legal, engine.NewRand(5)); got != want {
						t.Fatalf("%s, game %d, step %d: the state advises seat %s %s, its view %s", name, i, step, seat,
							s.ActionString(seat, got), s.ActionString(seat, want))
					}
					advised++
					if mover == engine.Terminal {
						mover, play = seat, want
					}
				}
				if mover == engine.Terminal || r.IntN(2) == 0 {
					if _, _, err := enginetest.RandomStep(s, r); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					continue
				}
				if err := s.Apply(mover, play); err != nil {
					t.Fatalf("%s: the advice %s refused: %v", name, s.ActionString(mover, play), err)
				}
			}
		}
		t.Logf("%s: %d pieces of advice compared", name, advised)
	}
}
