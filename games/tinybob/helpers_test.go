package tinybob

import (
	"testing"

	"scramble/engine"
)

// newGame sets up a game with opts (defaults otherwise) and fails the test on
// an error.
func newGame(t *testing.T, opts engine.Options) *State {
	t.Helper()
	s, err := New().New(opts)
	if err != nil {
		t.Fatalf("New(%v): %v", opts, err)
	}
	return s.(*State)
}

// atActions returns a game with priority target Airfields, past phase 2 of
// round 1, waiting for the first phase 3 action.
func atActions(t *testing.T, opts engine.Options) *State {
	t.Helper()
	if opts == nil {
		opts = engine.Options{}
	}
	if _, ok := opts["priority"]; !ok {
		opts["priority"] = "5"
	}
	s := newGame(t, opts)
	if s.step == stSpend {
		do(t, s, "done")
	}
	if s.step != stActions {
		t.Fatalf("expected phase 3, got %s", s.asking())
	}
	return s
}

// do parses an RAF action's text and applies it.
func do(t *testing.T, s *State, text string) {
	t.Helper()
	a, err := s.ParseAction(rafSeat, text)
	if err != nil {
		t.Fatalf("ParseAction(%q): %v", text, err)
	}
	if err := s.Apply(rafSeat, a); err != nil {
		t.Fatalf("%q refused: %v\n%s", text, err, s.View(rafSeat))
	}
}

// roll applies die faces in order at chance nodes.
func roll(t *testing.T, s *State, faces ...int) {
	t.Helper()
	for _, f := range faces {
		if s.Current() != engine.Chance {
			t.Fatalf("roll %d: no die is being rolled; the game asks to %s", f, s.asking())
		}
		if err := s.Apply(engine.Chance, engine.Action(f)); err != nil {
			t.Fatalf("roll %d refused: %v", f, err)
		}
	}
}

// refused applies an RAF action by text and checks it is refused with an
// IllegalError citing rule, leaving the state unchanged.
func refused(t *testing.T, s *State, text, rule string) *engine.IllegalError {
	t.Helper()
	a, err := s.ParseAction(rafSeat, text)
	if err != nil {
		t.Fatalf("ParseAction(%q): %v", text, err)
	}
	return refusedAction(t, s, rafSeat, a, rule)
}

// refusedAction checks that action a of seat is refused citing rule and that
// the state is unchanged.
func refusedAction(t *testing.T, s *State, seat engine.Seat, a engine.Action, rule string) *engine.IllegalError {
	t.Helper()
	before := s.String()
	err := s.Apply(seat, a)
	if err == nil {
		t.Fatalf("action %q of seat %s was accepted; want refusal citing %s", s.ActionString(seat, a), seat, rule)
	}
	ie, ok := err.(*engine.IllegalError)
	if !ok {
		t.Fatalf("error %v is not an *engine.IllegalError", err)
	}
	if ie.Rule != rule {
		t.Errorf("refusal of %q cites %q (%s), want %q", s.ActionString(seat, a), ie.Rule, ie.Reason, rule)
	}
	if s.String() != before {
		t.Fatalf("refused action changed the state")
	}
	return ie
}

// legalTexts lists the legal actions of the current mover as text.
func legalTexts(s *State) []string {
	cur := s.Current()
	var out []string
	for _, a := range s.Legal(cur, nil) {
		out = append(out, s.ActionString(cur, a))
	}
	return out
}

// hasLegal reports whether text is among the legal actions now.
func hasLegal(s *State, text string) bool {
	for _, x := range legalTexts(s) {
		if x == text {
			return true
		}
	}
	return false
}

// expect checks one small integer of the state.
func expect[T ~int8 | ~uint8 | ~int | ~bool](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// logged returns a fresh log attached to s.
func logged(s *State) *engine.Log {
	l := &engine.Log{}
	s.SetLog(l)
	return l
}

// lastEvents returns the texts of the events from index i on.
func lastEvents(l *engine.Log, i int) []string {
	var out []string
	for _, e := range l.Since(i) {
		out = append(out, e.Text)
	}
	return out
}

// playPolicy plays s to its end, rolling the dice from seed and taking the
// policy's advice at every RAF decision; before each decision it calls
// decide (if not nil) with the legal actions and the advice.
func playPolicy(tb testing.TB, s *State, seed uint64, decide func(legal []engine.Action, advice engine.Action)) {
	tb.Helper()
	dice := engine.NewRand(seed)
	var outs []engine.Outcome
	for s.Current() != engine.Terminal {
		if s.Current() == engine.Chance {
			outs = s.ChanceOutcomes(outs[:0])
			if err := s.Apply(engine.Chance, dice.Sample(outs)); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		legal := s.Legal(rafSeat, nil)
		a := s.AdviseSeat(rafSeat, legal, nil)
		if decide != nil {
			decide(legal, a)
		}
		if err := s.Apply(rafSeat, a); err != nil {
			tb.Fatal(err)
		}
	}
}
