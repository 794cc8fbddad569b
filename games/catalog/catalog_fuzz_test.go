package catalog_test

// Fuzz targets for the decoders every game shares: save files, action text
// and game options. They iterate catalog.New(), so a game added to the
// catalog is fuzzed too. Their seeds (testdata/fuzz and the f.Add calls) run
// as ordinary tests; .ci/fuzz runs each target for a few seconds:
//
//	go test -run '^$' -fuzz '^FuzzActionText$' -fuzztime 30s ./games/catalog

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
	"scramble/games/catalog"
)

// gameAt picks a game of the catalog by a fuzzed index.
func gameAt(c *catalog.Catalog, i uint8) engine.Game {
	names := c.Names()
	g, _ := c.Lookup(names[int(i)%len(names)])
	return g
}

// playRandom plays up to steps random legal actions from a new game (or
// stops at its end) and returns the state reached.
func playRandom(g engine.Game, seed uint64, steps int) (engine.State, error) {
	s, _, err := engine.Setup(g, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: setting up with default options: %w", g.Info().Name, err)
	}
	r := engine.NewRand(seed)
	for range steps {
		if s.Current() == engine.Terminal {
			break
		}
		if _, _, err := enginetest.RandomStep(s, r); err != nil {
			return nil, fmt.Errorf("%s: %w", g.Info().Name, err)
		}
	}
	return s, nil
}

// FuzzActionText reads fuzzed text as an action of a fuzzed seat, at a
// state reached by random play of a game of the catalog. Text that does not
// read is refused with an *engine.IllegalError; text that reads as a legal
// action round-trips and applies; any other action is refused with an
// *engine.IllegalError. Nothing panics and a refusal changes nothing.
func FuzzActionText(f *testing.F) {
	c := catalog.New()
	for i := range c.Names() {
		for _, steps := range []uint16{0, 3, 40} {
			s, err := playRandom(gameAt(c, uint8(i)), 1, int(steps))
			if err != nil {
				f.Fatal(err)
			}
			for seat := range s.Seats() {
				for _, a := range s.Legal(engine.Seat(seat), nil) {
					f.Add(uint8(i), uint64(1), steps, int8(seat), s.ActionString(engine.Seat(seat), a))
				}
			}
		}
		f.Add(uint8(i), uint64(2), uint16(10), int8(-1), "")
		f.Add(uint8(i), uint64(3), uint16(10), int8(-4), "end")
	}
	f.Fuzz(func(t *testing.T, game uint8, seed uint64, steps uint16, seat int8, text string) {
		g := gameAt(c, game)
		s, err := playRandom(g, seed, int(steps%400))
		if err != nil {
			t.Fatal(err)
		}
		before := s.String()
		who := engine.Seat(seat)
		a, err := s.ParseAction(who, text)
		if err != nil {
			if !engine.IsIllegal(err) {
				t.Fatalf("%s: text %q of seat %s: the error is not an *engine.IllegalError: %v", g.Info().Name, text, who, err)
			}
			if s.String() != before {
				t.Fatalf("%s: reading text %q changed the state", g.Info().Name, text)
			}
			return
		}
		legal := s.Legal(who, nil)
		for _, l := range legal {
			if l != a {
				continue
			}
			back, err := s.ParseAction(who, s.ActionString(who, a))
			if err != nil || back != a {
				t.Fatalf("%s: %q reads as legal action %d, whose text %q reads back as %d, %v",
					g.Info().Name, text, a, s.ActionString(who, a), back, err)
			}
			if err := s.Clone().Apply(who, a); err != nil {
				t.Fatalf("%s: %q reads as legal action %d, which is refused: %v", g.Info().Name, text, a, err)
			}
			return
		}
		err = s.Apply(who, a)
		switch {
		case err == nil:
			t.Fatalf("%s: %q reads as action %d, not legal for seat %s, and it was accepted", g.Info().Name, text, a, who)
		case !engine.IsIllegal(err):
			t.Fatalf("%s: illegal action %d (%q): the error is not an *engine.IllegalError: %v", g.Info().Name, a, text, err)
		case s.String() != before:
			t.Fatalf("%s: refused action %d (%q) changed the state", g.Info().Name, a, text)
		}
	})
}

// FuzzOptions reads fuzzed "key=value" lines as a game's options (as
// --opt gives them) and sets the game up. Bad options get an error naming
// the option; good ones resolve to a complete set, which resolves again to
// itself and sets up a game that can be printed and saved.
func FuzzOptions(f *testing.F) {
	c := catalog.New()
	for i := range c.Names() {
		g := gameAt(c, uint8(i))
		var lines []string
		for _, spec := range g.Options() {
			lines = append(lines, spec.Name+"="+spec.Default)
			f.Add(uint8(i), spec.Name+"="+spec.Default)
			f.Add(uint8(i), spec.Name+"=")
			if spec.Kind == engine.IntOption {
				f.Add(uint8(i), fmt.Sprintf("%s=%d", spec.Name, spec.Max+1))
				f.Add(uint8(i), fmt.Sprintf("%s=%d", spec.Name, spec.Min))
			}
			for _, ch := range spec.Choices {
				f.Add(uint8(i), spec.Name+"="+ch)
			}
		}
		f.Add(uint8(i), strings.Join(lines, "\n"))
		f.Add(uint8(i), "nosuch=1")
	}
	f.Fuzz(func(t *testing.T, game uint8, text string) {
		g := gameAt(c, game)
		opts, err := engine.ParseOptionArgs(strings.Split(text, "\n"))
		if err != nil {
			if opts != nil {
				t.Fatalf("%q: refused (%v) but returned options %v", text, err, opts)
			}
			return
		}
		s, full, err := engine.Setup(g, opts)
		if err != nil {
			if !strings.Contains(err.Error(), g.Info().Name) {
				t.Fatalf("%s options %v: the error does not name the game: %v", g.Info().Name, opts, err)
			}
			return
		}
		for _, spec := range g.Options() {
			if _, ok := full[spec.Name]; !ok {
				t.Fatalf("%s options %v resolved without %q: %v", g.Info().Name, opts, spec.Name, full)
			}
		}
		again, err := engine.ResolveOptions(g.Options(), full)
		if err != nil || !maps.Equal(again, full) {
			t.Fatalf("%s: resolved options %v resolve again to %v, %v", g.Info().Name, full, again, err)
		}
		if s.String() == "" {
			t.Fatalf("%s options %v: the new state prints nothing", g.Info().Name, full)
		}
	})
}

// FuzzLoadMatch loads fuzzed save files against the real catalog. A file
// that loads saves again to a file that loads to the same state; any other
// file gets an error, and nothing panics.
func FuzzLoadMatch(f *testing.F) {
	c := catalog.New()
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"format":"scramble-save","version":1,"game":"tinybob","seed":1,"dice":"","moves":[]}`))
	f.Add([]byte(`{"format":"scramble-save","version":1,"game":"boba","options":{"days":"1"},"seed":1,"moves":[{"seat":0,"action":"end"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := engine.LoadMatch(data, c)
		if err != nil {
			if m != nil {
				t.Fatalf("LoadMatch refused the file (%v) but returned a match", err)
			}
			return
		}
		again, err := m.MarshalSave()
		if err != nil {
			t.Fatalf("a loaded match does not save: %v", err)
		}
		l, err := engine.LoadMatch(again, c)
		if err != nil {
			t.Fatalf("the save of a loaded match does not load: %v\n%s", err, again)
		}
		if l.State().String() != m.State().String() {
			t.Fatalf("the save of a loaded match loads to another state")
		}
	})
}
