package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestRulesEndpoint: GET /api/games/{name}/rules serves the rendered rules
// reference with its sections for searching; ?q= finds one section by rule
// id, section number or heading; unknown games, games without a reference
// and unknown sections get a 404 that says why (issue 35 §2).
func TestRulesEndpoint(t *testing.T) {
	e := newEnv(t, newMemStore())
	code, data := e.do("GET", "/api/games/tinybob/rules", "", nil)
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, data)
	}
	var whole rulesAnswer
	mustUnmarshal(t, data, &whole)
	if whole.Title == "" || !strings.Contains(whole.HTML, `<h3 id="tb-4" class="ruling">Ruling TB-4: red dice</h3>`) {
		t.Errorf("whole reference: title %q, html lacks TB-4's heading", whole.Title)
	}
	found := false
	for _, s := range whole.Sections {
		if s.ID == "tb-4" && s.Rule == "TB-4" && strings.Contains(s.Text, "five red dice") && s.HTML == "" {
			found = true
		}
	}
	if !found {
		t.Errorf("sections lack TB-4 with its text: %+v", whole.Sections)
	}

	code, data = e.do("GET", "/api/games/tinybob/rules?q=TB-13", "", nil)
	var one rulesAnswer
	mustUnmarshal(t, data, &one)
	if code != http.StatusOK || one.Section == nil || one.Section.ID != "tb-13" || !strings.Contains(one.Section.HTML, "5+") || one.HTML != "" {
		t.Errorf("q=TB-13: %d %s", code, data)
	}
	for _, c := range []struct {
		path, want string
	}{
		{"/api/games/tinybob/rules?q=TB-99", `no section \"TB-99\"`},
		{"/api/games/chess/rules", "unknown game"},
		{"/api/games/toy/rules", "no rules reference"},
		{"/api/games/tinybob/rules?q=" + strings.Repeat("x", 300), "too long"},
	} {
		code, data := e.do("GET", c.path, "", nil)
		if code/100 != 4 || !strings.Contains(string(data), c.want) {
			t.Errorf("%s: %d %s, want a 4xx saying %s", c.path, code, data, c.want)
		}
	}
}

// The snapshot of a seat that must decide cites the decision's rule.
func TestSnapshotCitesTheDecisionsRule(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "tinybob", "seed": 3})
	code, data := e.do("GET", "/api/matches/"+m.ID, m.Seats[0].Token, nil)
	var snap struct {
		Legal []LegalAction `json:"legal"`
		Rule  string        `json:"rule"`
	}
	if err := json.Unmarshal(data, &snap); err != nil || code != http.StatusOK {
		t.Fatalf("%d %s", code, data)
	}
	if len(snap.Legal) == 0 || snap.Rule != "Flow of Play" {
		t.Errorf("the RAF's first decision cites %q with %d actions, want Flow of Play", snap.Rule, len(snap.Legal))
	}
	_, data = e.do("GET", "/api/matches/"+m.ID, "", nil)
	if strings.Contains(string(data), `"rule"`) {
		t.Errorf("a spectator, who decides nothing, is given a rule: %s", data)
	}
}
