package engine_test

import (
	"errors"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

func TestStormPassesOnToy(t *testing.T) {
	rep, err := enginetest.Storm(toyGame{}, enginetest.StormConfig{Seed: 1, Attempts: 20_000})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Attempts != 20_000 || rep.States == 0 || rep.Games == 0 {
		t.Fatalf("report %+v: want 20,000 attempts over some states and games", rep)
	}
	for _, k := range []string{"number", "seat", "text"} {
		if rep.ByKind[k] < 2000 {
			t.Errorf("only %d attempts of kind %q in %+v", rep.ByKind[k], k, rep)
		}
	}
}

// Defects the storm must catch, each wrapping the toy.

// panicOnBig indexes past an array on a large action number.
type panicOnBig struct{ *toyState }

func (s panicOnBig) Apply(seat engine.Seat, a engine.Action) error {
	if a > 1000 {
		var table [6]int
		_ = table[a%7+6]
	}
	return s.toyState.Apply(seat, a)
}

func (s panicOnBig) Clone() engine.State { return panicOnBig{s.toyState.Clone().(*toyState)} }

// spectatorPlays lets the spectator make any move.
type spectatorPlays struct{ *toyState }

func (s spectatorPlays) Apply(seat engine.Seat, a engine.Action) error {
	if seat == engine.Spectator {
		return nil
	}
	return s.toyState.Apply(seat, a)
}

func (s spectatorPlays) Clone() engine.State { return spectatorPlays{s.toyState.Clone().(*toyState)} }

// plainParseError refuses malformed text with a plain error.
type plainParseError struct{ *toyState }

func (s plainParseError) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	a, err := s.toyState.ParseAction(seat, text)
	if err != nil {
		return 0, errors.New("bad text")
	}
	return a, nil
}

func (s plainParseError) Clone() engine.State {
	return plainParseError{s.toyState.Clone().(*toyState)}
}

func TestStormCatchesDefects(t *testing.T) {
	cases := map[string]struct {
		wrap func(*toyState) engine.State
		want string
	}{
		"refusal changes state":      {func(s *toyState) engine.State { return dirtyRefusal{s} }, "changed the state"},
		"panic on a large number":    {func(s *toyState) engine.State { return panicOnBig{s} }, "panic"},
		"spectator may play":         {func(s *toyState) engine.State { return spectatorPlays{s} }, "seat spectator was accepted"},
		"parse error is not Illegal": {func(s *toyState) engine.State { return plainParseError{s} }, "not an *engine.IllegalError"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := enginetest.Storm(brokenGame{wrap: c.wrap}, enginetest.StormConfig{Seed: 2, Attempts: 5000})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("storm said %v, want it to mention %q", err, c.want)
			}
		})
	}
}

func TestRandomStepPlaysToTheEnd(t *testing.T) {
	s, _, err := engine.Setup(toyGame{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(3)
	steps := 0
	for s.Current() != engine.Terminal {
		before := s.String()
		seat, a, err := enginetest.RandomStep(s, r)
		if err != nil {
			t.Fatalf("step %d: %v", steps, err)
		}
		if s.String() == before {
			t.Fatalf("step %d: action %d of seat %s changed nothing", steps, a, seat)
		}
		steps++
	}
	if steps == 0 {
		t.Fatal("the toy game ended before any step")
	}
	if _, _, err := enginetest.RandomStep(s, r); err == nil || !strings.Contains(err.Error(), "over") {
		t.Fatalf("a step after the end gave %v, want an error saying the game is over", err)
	}
}
