package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"scramble/engine"
)

// TestSeedStreamIsDerive: a reseeded source gives the numbers of Derive.
func TestSeedStreamIsDerive(t *testing.T) {
	r := engine.NewRand(99)
	for _, c := range []struct{ seed, i uint64 }{{1, 0}, {1, 1}, {7, 12345}, {0, 0}} {
		r.SeedStream(c.seed, c.i)
		d := engine.Derive(c.seed, c.i)
		for k := range 8 {
			if a, b := r.Uint64(), d.Uint64(); a != b {
				t.Fatalf("seed %d stream %d draw %d: SeedStream gives %d, Derive %d", c.seed, c.i, k, a, b)
			}
		}
	}
}

// TestPrepareFallsBackToNew: a game without a Preparer is set up by New with
// the complete options, and bad options fail at Prepare.
func TestPrepareFallsBackToNew(t *testing.T) {
	g := toyGame{}
	prep, full, err := engine.Prepare(g, engine.Options{"rounds": "5"})
	if err != nil {
		t.Fatal(err)
	}
	if full["rounds"] != "5" {
		t.Errorf("complete options %v, want rounds=5", full)
	}
	s, err := prep.NewState(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.(*toyState).rounds; got != 5 {
		t.Errorf("the prepared state has %d rounds, want 5", got)
	}
	if _, _, err := engine.Prepare(g, engine.Options{"rounds": "99"}); err == nil || !strings.Contains(err.Error(), "rounds") {
		t.Errorf("an out-of-range option gave %v, want an error naming it", err)
	}
	if _, _, err := engine.Prepare(g, engine.Options{"colour": "red"}); err == nil || !strings.Contains(err.Error(), `unknown option "colour"`) {
		t.Errorf("an unknown option gave %v", err)
	}
}

// TestPrepareVariantData: data for a game that keeps no data files is
// refused, and a game's DataPreparer receives the data and the complete
// options.
func TestPrepareVariantData(t *testing.T) {
	data := map[string][]byte{"board": []byte(`{"rows":5}`)}
	if _, _, err := engine.PrepareVariant(toyGame{}, nil, data); err == nil || !strings.Contains(err.Error(), "keeps no data files") {
		t.Errorf("data for a game without data files gave %v", err)
	}
	if _, _, err := engine.PrepareVariant(toyGame{}, engine.Options{"rounds": "2"}, nil); err != nil {
		t.Errorf("a variant of options only gave %v", err)
	}
	g := &dataToy{}
	if _, _, err := engine.PrepareVariant(g, nil, data); err != nil {
		t.Fatal(err)
	}
	if string(g.got["board"]) != `{"rows":5}` || g.opts["rounds"] != "3" {
		t.Errorf("PrepareData got data %q and options %v", g.got, g.opts)
	}
	if _, _, err := engine.PrepareVariant(g, nil, map[string][]byte{"deck": nil}); err == nil || !strings.Contains(err.Error(), `no data file "deck"`) {
		t.Errorf("an unknown data file gave %v", err)
	}
}

// dataToy is toyGame with one replaceable data file, "board".
type dataToy struct {
	toyGame
	got  map[string][]byte
	opts engine.Options
}

func (d *dataToy) PrepareData(opts engine.Options, data map[string][]byte) (engine.Prepared, error) {
	for name := range data {
		if name != "board" {
			return nil, fmt.Errorf("no data file %q; the game's data files are: board", name)
		}
	}
	d.got, d.opts = data, opts
	return nil, nil
}
