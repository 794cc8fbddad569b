package tinybob

import (
	"strings"
	"testing"

	"scramble/engine"
)

// Every setup value of TB-5 … TB-9 is a named option with a rule and a doc;
// New checks the RAF placement (TB-4, TB-8).
func TestOptionsValidation(t *testing.T) {
	g := New()
	var names []string
	for _, o := range g.Options() {
		names = append(names, o.Name)
		if o.Rule == "" || o.Doc == "" || o.Default == "" {
			t.Errorf("option %s lacks a rule, doc or default", o.Name)
		}
	}
	want := "industry antiair warning fuel airfields resources aces luftwaffe raf reserve waves priority"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("options %q, want %q", got, want)
	}
	bad := map[string]engine.Options{
		"five numbers":       {"raf": "2,2,2,2"},
		"not a number of pi": {"raf": "2,2,2,2,7"},
		"uses 6 red dice":    {"reserve": "1"},
		"at least one plane": {"raf": "0,0,0,0,0"},
		"outside 1..6":       {"industry": "0"},
		"unknown option":     {"spitfires": "3"},
		"is not one of":      {"priority": "6"},
		"not a whole number": {"waves": "many"},
	}
	for want, opts := range bad {
		_, err := g.New(opts)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("New(%v) error %v, want one containing %q", opts, err, want)
		}
	}
	if _, err := g.New(engine.Options{"raf": "6,6,0,6,6", "reserve": "6"}); err != nil {
		t.Errorf("five dice of 6: %v", err)
	}
	if _, err := g.New(engine.Options{"raf": "0,0,0,0,0", "reserve": "1"}); err != nil {
		t.Errorf("one plane in the Reserve: %v", err)
	}
}

// Info names the game, bounds its length (TB-9) and lists TB-1 … TB-20.
func TestInfo(t *testing.T) {
	i := New().Info()
	if i.Name != "tinybob" || i.Title != "Tiny Battle of Britain" || i.MaxLength != 1+16*53 {
		t.Errorf("info %+v", i)
	}
	if len(i.Resolutions) != 20 {
		t.Fatalf("%d resolutions", len(i.Resolutions))
	}
	for n, r := range i.Resolutions {
		if r.ID != "TB-"+itoa(n+1) || r.Text == "" {
			t.Errorf("resolution %d = %+v", n, r)
		}
	}
	s := newGame(t, nil)
	if s.MaxLength() != i.MaxLength || newGame(t, engine.Options{"waves": "6"}).MaxLength() != 1+24*53 {
		t.Errorf("MaxLength %d, with 6 waves %d", s.MaxLength(), newGame(t, engine.Options{"waves": "6"}).MaxLength())
	}
	if seats := s.Seats(); len(seats) != 1 || seats[0].Name != "RAF" || seats[0].Side != "RAF" {
		t.Errorf("seats %+v", seats)
	}
}
