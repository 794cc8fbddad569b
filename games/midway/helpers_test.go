package midway

import (
	"encoding/json"
	"strings"
	"testing"

	"scramble/engine"
)

// scenario returns a game of mode m in round 1 with no plane on the board
// (every plane absent) and the pool filled with acceleration, surprise
// attack, feint and aileron roll; tests put the planes they need.
func scenario(m mode) *State {
	s := newState(data, m, 9, defaultRounds, true)
	s.clearBoard()
	return s
}

// layoutIndex returns the index of the named layout.
func layoutIndex(name string) int8 {
	for i, l := range data.layouts {
		if l.name == name {
			return int8(i)
		}
	}
	panic("no layout " + name)
}

// put sets plane p flying at h facing f, with a marker.
func put(s *State, p int8, h Hex, f Facing) {
	s.planes[p] = plane{pos: h, face: f, status: flying, marker: true}
}

// turnOf gives side sd the Initiative at the activation step.
func turnOf(s *State, sd side) {
	s.step, s.actor, s.initiative = stActivate, sd, sd
}

// do applies each text action of seat, failing the test on the first
// refusal.
func do(t *testing.T, s *State, seat engine.Seat, texts ...string) {
	t.Helper()
	for _, text := range texts {
		a, err := s.ParseAction(seat, text)
		if err != nil {
			t.Fatalf("parse %q for seat %s: %v\n%s", text, seat, err, s.View(seat))
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("apply %q for seat %s: %v\n%s", text, seat, err, s.View(seat))
		}
	}
}

// refused checks that seat's text action is refused with an IllegalError
// citing rule and leaves s unchanged.
func refused(t *testing.T, s *State, seat engine.Seat, text, rule string) {
	t.Helper()
	before := s.String()
	a, err := s.ParseAction(seat, text)
	if err == nil {
		err = s.Apply(seat, a)
	}
	ie, ok := err.(*engine.IllegalError)
	if !ok {
		t.Fatalf("%q of seat %s: want an IllegalError, got %v", text, seat, err)
	}
	if !strings.Contains(ie.Rule, rule) {
		t.Errorf("%q refused citing %q, want %q", text, ie.Rule, rule)
	}
	if s.String() != before {
		t.Fatalf("refused %q changed the state", text)
	}
}

// legalTexts lists seat's legal actions as text.
func legalTexts(s *State, seat engine.Seat) []string {
	var out []string
	for _, a := range s.Legal(seat, nil) {
		out = append(out, s.ActionString(seat, a))
	}
	return out
}

// has reports whether list holds text.
func has(list []string, text string) bool {
	for _, x := range list {
		if x == text {
			return true
		}
	}
	return false
}

// viewJSON marshals seat's view.
func viewJSON(t *testing.T, s *State, seat engine.Seat) string {
	t.Helper()
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// card returns the chance action drawing the firing card of value v for
// the side drawing now.
func card(t *testing.T, s *State, v int) string {
	t.Helper()
	if s.step != stFire {
		t.Fatalf("no firing in progress: %s", s.asking())
	}
	return "card " + itoa(v)
}

func itoa(v int) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// at is a short Hex constructor.
func at(q, r int8) Hex { return Hex{q, r} }

// Plane numbers used by the tests.
const (
	usF1 int8 = 0
	usF2 int8 = 1
	usF3 int8 = 2
	usS1 int8 = 4
	usS2 int8 = 5
	jpF1 int8 = 6
	jpF2 int8 = 7
	jpS1 int8 = 10
	jpS2 int8 = 11
)
