package server

import (
	"encoding/json"
	"net/http"
	"strconv"
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

// GET /api/lessons lists the lessons; GET /api/lessons/{game}/{name}?at=K
// gives the position at each move the player makes, the dice explained, up
// to the end (issue 35 §3).
func TestLessonEndpoints(t *testing.T) {
	e := newEnv(t, newMemStore())
	code, data := e.do("GET", "/api/lessons?game=tinybob", "", nil)
	var list []lessonInfo
	mustUnmarshal(t, data, &list)
	if code != http.StatusOK || len(list) == 0 || list[0].Name != "raid" {
		t.Fatalf("lessons: %d %s", code, data)
	}
	at, moves := 0, 0
	var ans lessonAnswer
	for {
		code, data := e.do("GET", "/api/lessons/tinybob/raid?at="+strconv.Itoa(at), "", nil)
		if code != http.StatusOK {
			t.Fatalf("at=%d: %d %s", at, code, data)
		}
		ans = lessonAnswer{}
		if err := json.Unmarshal(data, &struct {
			*lessonAnswer
			View json.RawMessage `json:"view"`
		}{lessonAnswer: &ans}); err != nil {
			t.Fatal(err)
		}
		if ans.Done {
			break
		}
		legal := false
		for _, a := range ans.Legal {
			legal = legal || a.Text == ans.Do
		}
		if !legal || ans.Say == "" {
			t.Fatalf("step %d: %q is not among the legal actions %v, or has no explanation", ans.At, ans.Do, ans.Legal)
		}
		at = ans.At + 1
		moves++
	}
	if moves != 6 || ans.Outro == "" || len(ans.Dice) != 2 || len(ans.Legal) != 0 {
		t.Errorf("the lesson ended after %d moves with %d dice explained last and %d actions; want 6 moves, the last two dice, none", moves, len(ans.Dice), len(ans.Legal))
	}
	for _, c := range []struct{ path, want string }{
		{"/api/lessons/tinybob/nope", "no lesson"},
		{"/api/lessons/chess/raid", "unknown game"},
		{"/api/lessons/tinybob/raid?at=99", "give a step from 0 to"},
		{"/api/lessons/tinybob/raid?at=x", "give a step from 0 to"},
	} {
		code, data := e.do("GET", c.path, "", nil)
		if code/100 != 4 || !strings.Contains(string(data), c.want) {
			t.Errorf("%s: %d %s, want a 4xx saying %s", c.path, code, data, c.want)
		}
	}
}

// GET /api/matches/{id}/hint proposes the seat's best actions in a solo
// match, and refuses a spectator, a seat not to move and a match between
// people of different sides (issue 35 §4).
func TestHintEndpoint(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "tinybob", "seed": 3})
	code, data := e.do("GET", "/api/matches/"+m.ID+"/hint", m.Seats[0].Token, nil)
	var ans struct {
		Version     int `json:"version"`
		Suggestions []struct {
			Text string  `json:"text"`
			Win  float64 `json:"win"`
		} `json:"suggestions"`
	}
	mustUnmarshal(t, data, &ans)
	if code != http.StatusOK || len(ans.Suggestions) == 0 || len(ans.Suggestions) > 3 {
		t.Fatalf("solo hint: %d %s", code, data)
	}
	snap := e.snapshot(m.ID, m.Seats[0].Token)
	for _, s := range ans.Suggestions {
		legal := false
		for _, a := range snap.Legal {
			legal = legal || a.Text == s.Text
		}
		if !legal || s.Win < 0 || s.Win > 1 {
			t.Errorf("suggestion %+v is not a legal action with a chance", s)
		}
	}
	if code, data := e.do("GET", "/api/matches/"+m.ID+"/hint", "", nil); code != http.StatusForbidden || !strings.Contains(string(data), "spectators") {
		t.Errorf("spectator: %d %s", code, data)
	}

	duel := e.create(map[string]any{"game": "toy", "seed": 1})
	code, data = e.do("GET", "/api/matches/"+duel.ID+"/hint", duel.Seats[0].Token, nil)
	if code != http.StatusForbidden || !strings.Contains(string(data), "plays another side") {
		t.Errorf("a match between people of two sides: %d %s", code, data)
	}
	practice := e.create(map[string]any{"game": "toy", "seed": 1, "seats": []map[string]string{{"kind": "person"}, {"kind": "bot", "bot": "idle"}}})
	// Against a bot, a practice match: a hint when it is the person's turn,
	// else a 409 that says so.
	snapB := e.snapshot(practice.ID, practice.Seats[0].Token)
	code, data = e.do("GET", "/api/matches/"+practice.ID+"/hint", practice.Seats[0].Token, nil)
	switch {
	case len(snapB.Legal) > 0 && code != http.StatusOK:
		t.Errorf("practice match, the person's turn: %d %s", code, data)
	case len(snapB.Legal) == 0 && (code != http.StatusConflict || !strings.Contains(string(data), "no decision")):
		t.Errorf("practice match, the bot's turn: %d %s", code, data)
	}
}
