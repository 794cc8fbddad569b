package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

func TestHarnessPassesOnToy(t *testing.T) {
	enginetest.Check(t, toyGame{}, enginetest.Config{Playouts: 30, Seed: 1})
}

// brokenGame wraps the toy with one defect, to prove the harness finds it.
type brokenGame struct {
	toyGame
	wrap func(*toyState) engine.State
}

func (b brokenGame) New(o engine.Options) (engine.State, error) {
	s, _ := b.toyGame.New(o)
	return b.wrap(s.(*toyState)), nil
}

type sharedClone struct{ *toyState }

func (s sharedClone) Clone() engine.State { return s }

type dirtyRefusal struct{ *toyState }

func (s dirtyRefusal) Apply(seat engine.Seat, a engine.Action) error {
	err := s.toyState.Apply(seat, a)
	if err != nil {
		s.score[0]++
	}
	return err
}

func (s dirtyRefusal) Clone() engine.State { return dirtyRefusal{s.toyState.Clone().(*toyState)} }

type endless struct{ *toyState }

func (s endless) Apply(seat engine.Seat, a engine.Action) error {
	err := s.toyState.Apply(seat, a)
	if s.round == s.rounds {
		s.round = 0
	}
	return err
}

func (s endless) Clone() engine.State { return endless{s.toyState.Clone().(*toyState)} }

type badText struct{ *toyState }

func (s badText) ActionString(seat engine.Seat, a engine.Action) string { return "pick" }
func (s badText) Clone() engine.State                                   { return badText{s.toyState.Clone().(*toyState)} }

// badOpen's open samples forget that the view's seat has still to pick.
type badOpen struct{ *toyState }

func (s badOpen) View(seat engine.Seat) engine.View {
	return badOpenView{s.toyState.View(seat).(*toyView)}
}
func (s badOpen) Clone() engine.State { return badOpen{s.toyState.Clone().(*toyState)} }

type badOpenView struct{ *toyView }

func (v badOpenView) SampleOpen(r *engine.Rand) engine.State {
	s := v.toyView.SampleOpen(r).(*toyState)
	s.picks[v.seat] = 1
	return s
}

// idle names seat 0 to move at the last round's die, and gives it no legal
// action there; so do the states sampled from its views.
type idle struct{ *toyState }

func (s idle) Current() engine.Seat {
	if c := s.toyState.Current(); c != engine.Chance || s.round < s.rounds-1 {
		return c
	}
	return 0
}
func (s idle) Clone() engine.State { return idle{s.toyState.Clone().(*toyState)} }
func (s idle) View(seat engine.Seat) engine.View {
	return idleView{s.toyState.View(seat).(*toyView)}
}

type idleView struct{ *toyView }

func (v idleView) Sample(r *engine.Rand) engine.State { return idle{v.toyView.Sample(r).(*toyState)} }
func (v idleView) SampleOpen(r *engine.Rand) engine.State {
	return idle{v.toyView.SampleOpen(r).(*toyState)}
}

// recorder collects the harness's failure instead of failing the test.
type recorder struct{ msg string }

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	if r.msg == "" {
		r.msg = fmt.Sprintf(format, args...)
	}
	panic(r)
}

func TestHarnessCatchesDefects(t *testing.T) {
	cases := map[string]struct {
		wrap func(*toyState) engine.State
		want string
	}{
		"clone shares state":      {func(s *toyState) engine.State { return sharedClone{s} }, "changed the original"},
		"refusal changes state":   {func(s *toyState) engine.State { return dirtyRefusal{s} }, "changed the state"},
		"never ends":              {func(s *toyState) engine.State { return endless{s} }, "not over after its bound"},
		"text does not roundtrip": {func(s *toyState) engine.State { return badText{s} }, "parses back"},
		"open sample closes":      {func(s *toyState) engine.State { return badOpen{s} }, "open sample"},
		"seat to move cannot act": {func(s *toyState) engine.State { return idle{s} }, "gives it no legal action"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			r := &recorder{}
			func() {
				defer func() { _ = recover() }()
				enginetest.Check(r, brokenGame{wrap: c.wrap}, enginetest.Config{Playouts: 5})
			}()
			if !strings.Contains(r.msg, c.want) {
				t.Fatalf("harness said %q, want it to mention %q", r.msg, c.want)
			}
		})
	}
}

// TestHarnessPlaysSampledStates: with Rollouts, the harness plays states
// sampled from the views to the end, as a search does, and reports the seat
// named to move with no legal action that such a playout meets before the
// game itself reaches it.
func TestHarnessPlaysSampledStates(t *testing.T) {
	r := &recorder{}
	func() {
		defer func() { _ = recover() }()
		enginetest.Check(r, brokenGame{wrap: func(s *toyState) engine.State { return idle{s} }}, enginetest.Config{Playouts: 1, Rollouts: 1})
	}()
	if !strings.Contains(r.msg, "step 0 ") || !strings.Contains(r.msg, "a random playout from a state sampled") ||
		!strings.Contains(r.msg, "no legal action") {
		t.Fatalf("harness said %q, want a random playout from a sampled state at step 0 to meet a seat with no legal action", r.msg)
	}
}
