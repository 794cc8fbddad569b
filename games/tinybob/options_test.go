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

// Each numeric setup value is a die or a 0-6 counter (TB-4, TB-5, TB-6,
// TB-9): its lowest and highest values are accepted, one beyond either end
// is refused.
func TestOptionsRanges(t *testing.T) {
	g := New()
	for name, r := range map[string][2]int{
		"industry": {1, 6}, "antiair": {1, 6}, "warning": {1, 6}, "fuel": {1, 6}, "airfields": {1, 6},
		"resources": {0, 6}, "aces": {0, 6}, "luftwaffe": {1, 6}, "reserve": {0, 6}, "waves": {1, 6},
	} {
		opts := func(v int) engine.Options {
			o := engine.Options{name: itoa(v)}
			if name == "reserve" {
				o["raf"] = "1,1,1,1,0" // leave a red die for the Reserve
			}
			return o
		}
		for _, v := range r {
			if _, err := g.New(opts(v)); err != nil {
				t.Errorf("%s=%d refused: %v", name, v, err)
			}
		}
		for _, v := range []int{r[0] - 1, r[1] + 1} {
			if _, err := g.New(opts(v)); err == nil {
				t.Errorf("%s=%d accepted, want it outside %d-%d", name, v, r[0], r[1])
			}
		}
	}
	// A row of the placement outside 0-6 pips is named in the error.
	_, err := g.New(engine.Options{"raf": "2,2,7,2,2"})
	if err == nil || !strings.Contains(err.Error(), `row 3 has "7"`) {
		t.Errorf("raf=2,2,7,2,2: error %v, want one naming row 3", err)
	}
}
