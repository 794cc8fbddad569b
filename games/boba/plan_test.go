package boba

import (
	"strings"
	"testing"

	"scramble/engine"
)

// headOn is the case of TestViewPreviewHeadOn: Hurricane 1 at F20 flying
// south with 3 MPs, He111 1 at F17 flying north, the British to choose.
func headOn(t *testing.T) *state {
	t.Helper()
	return raid(t, nil, 1, "H1 F20 S 3", "h1 F17 N")
}

// texts gives the text of actions as the British seat takes them in turn,
// applying them to a copy of s.
func texts(t *testing.T, s *state, acts []engine.Action) []string {
	t.Helper()
	c := &state{core: s.core}
	var out []string
	for _, a := range acts {
		out = append(out, c.ActionString(0, a))
		if err := c.Apply(0, a); err != nil {
			t.Fatalf("plan action %q refused: %v", out[len(out)-1], err)
		}
	}
	return out
}

// A whole move typed at once (Movement; Maneuver, Figure 2): the plane, its
// steps by relative word, compass word or target square, and an attack
// (Combat), read as the single actions they stand for.
func TestParsePlan(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"H1 f f attack k1", "select Hurricane 1|move S|move S|attack He111 1"},
		{"move H1 S S fire", "select Hurricane 1|move S|move S|attack He111 1"},
		{"Hurricane 1 f, f, x He111 1", "select Hurricane 1|move S|move S|attack He111 1"},
		{"H1 to F18 attack", "select Hurricane 1|move S|move S|attack He111 1"},
		{"H1 hr", "select Hurricane 1|move SW"},
		{"H1 half left", "select Hurricane 1|move SE"},
		{"H1 @E20", "select Hurricane 1|move W"},
		{"select Hurricane 1", "select Hurricane 1"},
		{"H1", "select Hurricane 1"},
	} {
		s := headOn(t)
		acts, err := s.ParsePlan(0, c.typed)
		if err != nil {
			t.Errorf("%q: %v", c.typed, err)
			continue
		}
		if got := strings.Join(texts(t, s, acts), "|"); got != c.want {
			t.Errorf("%q reads as %q, want %q", c.typed, got, c.want)
		}
	}
	// Mid-move, the plane moving may be named again or left out.
	s := headOn(t)
	do(t, s, "select Hurricane 1")
	for _, typed := range []string{"f f attack", "H1 S S attack k1", "to F18 end"} {
		if _, err := s.ParsePlan(0, typed); err != nil {
			t.Errorf("mid-move %q: %v", typed, err)
		}
	}
}

// A plan with an error is refused whole, naming the word that fails and
// why, and changes nothing.
func TestParsePlanRefused(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"H1 f f attack k1 f", `"attack" must end the plan`},
		{"H1 f l", "move E (word 3 of the plan): moving E costs 3 MPs and Hurricane 1 has 2 left"},
		{"H1 f f f f", "move S (word 4 of the plan)"},
		{"f f", "no plane is moving"},
		{"H1 zz", `cannot read "zz" (word 2 of the plan)`},
		{"H1 to A1", "cannot reach A1"},
		{"H1 to", "to which square?"},
		{"k1", "is not one of the British fighters"},
		{"", "no action given"},
	} {
		s := headOn(t)
		before := s.String()
		acts, err := s.ParsePlan(0, c.typed)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, %v; want an error with %q", c.typed, acts, err, c.want)
		}
		if acts != nil || s.String() != before {
			t.Errorf("%q: a refused plan returned actions or changed the game", c.typed)
		}
	}
}

// A plan with more steps than the plane has movement points says so, with
// the word where the move ended (Movement; issue 34 §7), rather than that no
// plane is moving.
func TestParsePlanTooLong(t *testing.T) {
	s := raid(t, nil, 1, "H1 F30 S 2", "h1 F10 N")
	_, err := s.ParsePlan(0, "H1 f f f f")
	want := `Hurricane 1 ran out of movement points at word 3 of the plan, which ended its move: the steps from word 4 ("f") on are too many`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want an error with %q", err, want)
	}
}

// Every word a plan reads is in the terminal's help (issue 34 §7).
func TestHelpNamesEveryPlanWord(t *testing.T) {
	help := headOn(t).View(0).(*View).Help()
	words := []string{"move", "fly", "go", "attack", "fire", " x ", "end", "done", "pass", "to SQUARE", "@SQUARE"}
	for w := range stepWords {
		words = append(words, w)
	}
	for _, w := range words {
		if !strings.Contains(help, w) {
			t.Errorf("help does not name the plan word %q", w)
		}
	}
}

// No two plane types share a label letter, even ignoring case: the He111
// is "k" (the Hurricane is "H").
func TestLabelsDistinct(t *testing.T) {
	seen := map[string]string{}
	for _, sp := range planeSpecs {
		l := strings.ToLower(label(sp.Name, string(sp.Code)+"1"))
		if other, dup := seen[l]; dup {
			t.Errorf("%s and %s are both labelled %q", sp.Name, other, l)
		}
		seen[l] = sp.Name
	}
	if label("He111", "h2") != "k2" || label("Hurricane", "H2") != "H2" {
		t.Error("labels of the He111 and the Hurricane")
	}
}
