package bot_test

import (
	"slices"
	"testing"

	"scramble/engine"
)

// decision builds the decision of the seat to move in s (or of seat, at a
// Simultaneous node), with its own source seeded with seed.
func decision(t testing.TB, s engine.State, seat engine.Seat, seed uint64) *engine.Decision {
	t.Helper()
	legal := s.Legal(seat, nil)
	if len(legal) == 0 {
		t.Fatalf("seat %v has no legal action in %v", seat, s)
	}
	return engine.NewDecision(s, seat, legal, engine.NewRand(seed))
}

// dealtRace sets up a race and deals the boost cards.
func dealtRace(t testing.TB, cards []int, opts ...string) *raceState {
	t.Helper()
	s := newState(t, raceGame{}, opts...).(*raceState)
	for _, c := range cards {
		if err := s.Apply(engine.Chance, engine.Action(c)); err != nil {
			t.Fatal(err)
		}
	}
	if s.Current() != 0 {
		t.Fatalf("race not dealt: %v is to act", s.Current())
	}
	return s
}

// checkLegal fails unless a is one of d.Legal().
func checkLegal(t testing.TB, b engine.Bot, d *engine.Decision, a engine.Action) {
	t.Helper()
	if !slices.Contains(d.Legal(), a) {
		t.Fatalf("%s chose %d, not one of %v", b.Name(), a, d.Legal())
	}
}

// play plays one game of g with bots (bots[i] plays seat i) and returns its
// result; an illegal choice or a game past its length bound fails the test.
func play(t testing.TB, s engine.State, g engine.Game, bots []engine.Bot, seed uint64) engine.Result {
	t.Helper()
	var p engine.Player
	res, err := p.Play(s, bots, engine.Derive(seed, 0), engine.Derive(seed, 1), g.Info().MaxLength)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return res
}

// randomPositions plays random games of g and calls f on every decision met,
// with the seat deciding.
func randomPositions(t testing.TB, g engine.Game, games int, f func(s engine.State, seat engine.Seat)) {
	t.Helper()
	r := engine.NewRand(99)
	var outs []engine.Outcome
	for range games {
		s := newState(t, g)
		for steps := 0; s.Current() != engine.Terminal; steps++ {
			if steps > g.Info().MaxLength {
				t.Fatalf("%s ran past %d actions", g.Info().Name, g.Info().MaxLength)
			}
			seat := s.Current()
			switch seat {
			case engine.Chance:
				outs = s.ChanceOutcomes(outs[:0])
				if err := s.Apply(seat, r.Sample(outs)); err != nil {
					t.Fatal(err)
				}
				continue
			case engine.Simultaneous:
				for i := range engine.Seat(len(s.Seats())) {
					if len(s.Legal(i, nil)) > 0 {
						seat = i
						break
					}
				}
			}
			f(s, seat)
			legal := s.Legal(seat, nil)
			if err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
