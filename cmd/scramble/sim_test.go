package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scramble/sim"
)

func simReport(t *testing.T, args ...string) sim.Report {
	t.Helper()
	out := mustScramble(t, "", append([]string{"sim"}, args...)...)
	var r sim.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("sim --json printed what is not a report: %v\n%s", err, out)
	}
	return r
}

func TestSimJSON(t *testing.T) {
	r := simReport(t, "tinybob", "-n", "50", "--bot", "random", "--json", "--seed", "9")
	if r.Game != "tinybob" || r.Games != 50 || r.Seed != 9 {
		t.Errorf("report of %s, %d games, seed %d; want tinybob, 50, 9", r.Game, r.Games, r.Seed)
	}
	if len(r.Seats) != 1 || r.Seats[0].Name != "RAF" || r.Seats[0].Bot != "random" {
		t.Errorf("seats %+v, want RAF played by random", r.Seats)
	}
	games := 0
	for _, c := range r.Rounds {
		games += c.Games
	}
	if games != 50 {
		t.Errorf("rounds histogram counts %d games, want 50", games)
	}
	if r.Options["waves"] != "4" || r.Rows != nil {
		t.Errorf("options %v and %d rows: want the defaults and no rows", r.Options, len(r.Rows))
	}
	again := simReport(t, "tinybob", "-n", "50", "--json", "--seed", "9", "--workers", "3")
	r.ElapsedSeconds, r.GamesPerSecond, again.ElapsedSeconds, again.GamesPerSecond = 0, 0, 0, 0
	if !equalJSON(t, r, again) {
		t.Errorf("the same seed with 3 workers gave another report:\n%+v\n%+v", r, again)
	}
}

func equalJSON(t *testing.T, a, b any) bool {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(ja) == string(jb)
}

func TestSimSeatsAndOptions(t *testing.T) {
	r := simReport(t, "nim", "-n", "20", "--bot", "0=idle", "--bot", "Second=random", "--opt", "stones=4", "--json")
	if r.Seats[0].Bot != "idle" || r.Seats[1].Bot != "random" || r.Options["stones"] != "4" {
		t.Errorf("seats %+v options %v", r.Seats, r.Options)
	}
	if r.Seats[0].Wins+r.Seats[1].Wins != 20 {
		t.Errorf("wins %d + %d, want 20 games", r.Seats[0].Wins, r.Seats[1].Wins)
	}
}

func TestSimTextAndCSV(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.csv")
	out := mustScramble(t, "", "sim", "tinybob", "-n", "30", "--csv", file, "--seed", "4")
	wantAll(t, out, "tinybob: 30 games, seed 4", "0 RAF", "random", "95% interval", "how the games ended", "mean length", " | #")
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 31 || recs[0][0] != "game" {
		t.Errorf("CSV has %d records starting %q, want a header and 30 rows", len(recs), recs[0])
	}
}

func TestSimBound(t *testing.T) {
	_, err := scramble(t, "", "sim", "tinybob", "-n", "5", "--max-steps", "3")
	if err == nil || !strings.Contains(err.Error(), "game still running after 3 actions") {
		t.Errorf("a game past --max-steps gave %v", err)
	}
}

func TestSimArgumentErrors(t *testing.T) {
	for _, c := range []struct {
		args  []string
		wants []string
	}{
		{[]string{"sim", "tinybob", "-n", "0"}, []string{"-n must be a positive number"}},
		{[]string{"sim", "tinybob", "--workers", "-2"}, []string{"--workers"}},
		{[]string{"sim", "tinybob", "--bot", "genius"}, []string{`unknown bot "genius"`, "random"}},
		{[]string{"sim", "tinybob", "--bot", "mcts:width=3"}, []string{"bot for seat 0 RAF", `unknown setting "width"`}},
		{[]string{"sim", "nim", "--bot", "2=random"}, []string{`no seat "2"`, "0 First, 1 Second"}},
		{[]string{"sim", "tinybob", "--opt", "raf"}, []string{"key=value"}},
		{[]string{"sim"}, []string{"sim needs a GAME"}},
		{[]string{"sim", "tinybob", "--max-steps", "-1"}, []string{"--max-steps"}},
	} {
		_, err := scramble(t, "", c.args...)
		wantUsageError(t, err, c.wants...)
	}
}
