package squadron

import (
	"testing"

	"scramble/engine"
)

// TestDifficultyLevels: the difficulty option lays its designed set over
// the scenario: recruit the Mulligan and one more pilot in the Reserve,
// standard the scenario as designed, veteran Elite aces on three squadrons
// and one pilot fewer; the rulebook's own numbers stay (data/difficulty.json;
// docs/rules/303-squadron.md, Difficulty).
func TestDifficultyLevels(t *testing.T) {
	for _, c := range []struct {
		level    string
		reserve  int8
		aces     int8
		mulligan bool
	}{{"standard", 1, 0, false}, {"recruit", 2, 0, true}, {"veteran", 0, 3, false}} {
		st, err := New().New(engine.Options{"scenario": "bigginhill", "players": "2", "difficulty": c.level})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if s.reserve != c.reserve || s.aces != c.aces || s.mulligan != c.mulligan || levelIDs[s.level] != c.level {
			t.Errorf("%s: Reserve %d, aces %d, Mulligan %v; want %d, %d, %v", c.level, s.reserve, s.aces, s.mulligan, c.reserve, c.aces, c.mulligan)
		}
	}
	st, _ := New().New(engine.Options{"scenario": "bigginhill", "players": "4", "difficulty": "recruit"})
	if s := st.(*State); int(s.reserve)+int(s.nPl) > numPilots {
		t.Errorf("four players at recruit: Reserve %d with %d planes, more than the %d pilot cards", s.reserve, s.nPl, numPilots)
	}
	if _, err := New().New(engine.Options{"difficulty": "ace"}); err == nil {
		t.Errorf("an unknown difficulty is refused")
	}
	cg, err := NewCampaign().New(engine.Options{"players": "2", "difficulty": "veteran"})
	if err != nil {
		t.Fatal(err)
	}
	if c := cg.(*CampaignState); c.c.squadronSize() != 3 || levelIDs[c.c.level] != "veteran" {
		t.Errorf("a veteran campaign with two players deals %d pilot cards, want 3 (the campaign keeps a Reserve of one)", c.c.squadronSize())
	}
	// Every level's campaign plays to its end, solo and with four pilots.
	for _, lv := range levelIDs {
		for _, n := range []string{"1", "4"} {
			m, err := engine.NewMatch(NewCampaign(), engine.Options{"players": n, "difficulty": lv}, 3)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(3)
			for st := m.State(); st.Current() != engine.Terminal; st = m.State() {
				cur := st.Current()
				legal := st.Legal(cur, nil)
				if err := m.Apply(cur, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
