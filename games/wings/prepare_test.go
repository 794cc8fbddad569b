package wings

import (
	"strings"
	"testing"

	"scramble/engine"
)

// balloonsWith is scenarios/balloons.json with old replaced by new.
func balloonsWith(t *testing.T, old, new string) []byte {
	t.Helper()
	b, err := Game{}.DataFile("scenarios/balloons.json")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.Contains(s, old) {
		t.Fatalf("scenarios/balloons.json: %q not found", old)
	}
	return []byte(strings.Replace(s, old, new, 1))
}

// TestPrepareDataChangesStartAltitude: a variant of the balloon scenario
// whose first Dornier starts at altitude 4, not 2 (data/scenarios, WG-1),
// starts that plane at altitude 4, while the design prepared alongside it
// keeps altitude 2: each setup carries its own data.
func TestPrepareDataChangesStartAltitude(t *testing.T) {
	opts := engine.Options{"scenario": "balloons"}
	file := balloonsWith(t, `"y_mm": 300,
      "heading_deg": 0,
      "altitude": 2,`, `"y_mm": 300,
      "heading_deg": 0,
      "altitude": 4,`)
	variant, _, err := engine.PrepareVariant(New(), opts, map[string][]byte{"scenarios/balloons.json": file})
	if err != nil {
		t.Fatal(err)
	}
	base, _, err := engine.Prepare(New(), opts)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		v, _ := variant.NewState(nil)
		b, _ := base.NewState(nil)
		if a := v.(*State).planes[0].alt; a != 4 {
			t.Errorf("the variant's Dornier1 starts at altitude %d, want 4", a)
		}
		if a := b.(*State).planes[0].alt; a != 2 {
			t.Errorf("the design's Dornier1 starts at altitude %d, want 2", a)
		}
	}
	// The other scenarios of the variant are the design's.
	other, _, err := engine.PrepareVariant(New(), engine.Options{"scenario": "duel"}, map[string][]byte{"scenarios/balloons.json": file})
	if err != nil {
		t.Fatal(err)
	}
	o, _ := other.NewState(nil)
	d, _ := New().New(engine.Options{"scenario": "duel"})
	if o.(*State).String() != d.(*State).String() {
		t.Error("replacing the balloon scenario changed the duel")
	}
}

// TestPrepareDataRefusesBadFiles: an unknown file, a value the loader
// refuses, a file that is not the game's format and a renamed scenario are
// refused with an error naming the file and what is wrong.
func TestPrepareDataRefusesBadFiles(t *testing.T) {
	cases := []struct {
		file    string
		content []byte
		want    []string
	}{
		{"scenarios/nosuch.json", []byte(`{}`), []string{`no data file "scenarios/nosuch.json"`, "scenarios/balloons.json"}},
		{"scenarios/balloons.json", balloonsWith(t, `"altitude": 2,`, `"altitude": 40,`), []string{"scenarios/balloons.json", "altitude 40 outside"}},
		{"damage.json", []byte(`{"decks": 3}`), []string{"damage.json", "cannot unmarshal"}},
		{"table.json", []byte(`{"designed": true, "wingspan": 3}`), []string{"table.json", `unknown field "wingspan"`}},
		{"scenarios/balloons.json", balloonsWith(t, `"id": "balloons"`, `"id": "zeppelins"`), []string{`no scenario "balloons"`, "keeps its id"}},
	}
	for _, c := range cases {
		_, _, err := engine.PrepareVariant(New(), engine.Options{"scenario": "balloons"}, map[string][]byte{c.file: c.content})
		for _, w := range c.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %v, want one saying %q", c.file, err, w)
			}
		}
	}
}
