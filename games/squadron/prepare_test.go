package squadron

import (
	"encoding/json"
	"strings"
	"testing"

	"scramble/engine"
)

// setupPlanes sets up a game from prep, rolls the setup's chance nodes from
// seed 7 and returns the German planes then on the map (Game set up 8).
func setupPlanes(t *testing.T, prep engine.Prepared) int {
	t.Helper()
	st, err := prep.NewState(nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(7)
	for s.Current() == engine.Chance && s.turn == 0 {
		s.Roll(r)
	}
	return int(s.nGer)
}

// strongerBf109s is deployment.json with deployment card 1, one of Attack
// on Biggin Hill's, showing three Bf 109s instead of one: a stronger
// Luftwaffe, the same cards (the tune's data:deployment.json/cards/0/count).
func strongerBf109s(t *testing.T) []byte {
	t.Helper()
	b, err := Game{}.DataFile("deployment.json")
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	c := f["cards"].([]any)[0].(map[string]any)
	if c["id"] != 1.0 || c["plane"] != "bf109" || c["count"] != 1.0 {
		t.Fatalf("deployment card 1 is %v, not one Bf 109", c)
	}
	c["count"] = 3
	out, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPrepareDataChangesDeployment: a variant whose deployment card 1 shows
// three Bf 109s, not one (data/deployment.json, Game set up 8), puts two
// more German planes on the map on the same dice, while a setup of the designed data
// prepared in the same process at the same time keeps the designed number:
// each setup carries its own tables.
func TestPrepareDataChangesDeployment(t *testing.T) {
	opts := engine.Options{"scenario": "bigginhill"}
	base, full, err := engine.Prepare(New(), opts)
	if err != nil {
		t.Fatal(err)
	}
	variant, _, err := engine.PrepareVariant(New(), opts, map[string][]byte{"deployment.json": strongerBf109s(t)})
	if err != nil {
		t.Fatal(err)
	}
	same, err := Game{}.PrepareData(full, map[string][]byte{})
	if err != nil {
		t.Fatal(err)
	}
	want := setupPlanes(t, base)
	if got := setupPlanes(t, same); got != want {
		t.Errorf("with no file replaced: %d German planes, the design gives %d", got, want)
	}
	more := setupPlanes(t, variant)
	if more != want+2 {
		t.Errorf("card 1 with three Bf 109s: %d German planes, the design %d; want two more", more, want)
	}
	if again := setupPlanes(t, base); again != want {
		t.Errorf("after the variant the design gives %d German planes, not %d: the variant leaked", again, want)
	}
}

// TestPrepareDataChangesDifficulty: the standard level of a variant's
// difficulty.json gives its Elite aces to a standard game (Additional
// rules: German Elite Squadrons; data/difficulty.json).
func TestPrepareDataChangesDifficulty(t *testing.T) {
	b, _ := Game{}.DataFile("difficulty.json")
	v := strings.Replace(string(b), `{"id": "standard", "name": "Standard", "aces": 0`, `{"id": "standard", "name": "Standard", "aces": 2`, 1)
	if v == string(b) {
		t.Fatal("difficulty.json: the standard level's aces not found")
	}
	prep, _, err := engine.PrepareVariant(New(), nil, map[string][]byte{"difficulty.json": []byte(v)})
	if err != nil {
		t.Fatal(err)
	}
	st, _ := prep.NewState(nil)
	if a := st.(*State).aces; a != 2 {
		t.Errorf("standard game of the variant: %d Elite aces, want 2", a)
	}
	st, _ = New().New(nil)
	if a := st.(*State).aces; a != 0 {
		t.Errorf("standard game of the design: %d Elite aces, want 0", a)
	}
	// The campaign plays on the variant's tables too.
	cp, _, err := engine.PrepareVariant(NewCampaign(), nil, map[string][]byte{"difficulty.json": []byte(v)})
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := cp.NewState(nil)
	if a := cs.(*CampaignState).s.t.levels[lvStandard].aces; a != 2 {
		t.Errorf("the variant's campaign plays on a standard level of %d aces, want 2", a)
	}
}

// TestPrepareDataRefusesBadFiles: an unknown file, a file that is not the
// game's format and a value out of range are refused with an error naming
// the file and what is wrong, by the scenario game and the campaign.
func TestPrepareDataRefusesBadFiles(t *testing.T) {
	b, _ := Game{}.DataFile("difficulty.json")
	cases := []struct {
		file, content string
		want          []string
	}{
		{"nosuch.json", `{}`, []string{`no data file "nosuch.json"`, "scenarios.json"}},
		{"difficulty.json", strings.Replace(string(b), `"aces": 0`, `"aces": 99`, 1), []string{"difficulty.json", "aces 99"}},
		{"difficulty.json", `{"levels": [], "colour": 1}`, []string{"difficulty.json", `unknown field "colour"`}},
		{"scenarios.json", `[1, 2]`, []string{"scenarios.json", "cannot unmarshal"}},
	}
	for _, g := range []engine.Game{New(), NewCampaign()} {
		for _, c := range cases {
			_, _, err := engine.PrepareVariant(g, nil, map[string][]byte{c.file: []byte(c.content)})
			for _, w := range c.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("%s: %s with %.40q: error %v, want one saying %q", g.Info().Name, c.file, c.content, err, w)
				}
			}
		}
	}
	if _, err := (Game{}).DataFile("nosuch.json"); err == nil {
		t.Error("DataFile gave a file that does not exist")
	}
}
