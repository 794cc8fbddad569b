package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scramble/games/catalog"
	"scramble/games/squadron"
	"scramble/games/tinybob"
	"scramble/games/wings"
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
	r := simReport(t, "nim", "-n", "20", "--bot", "1=idle", "--bot", "Second=random", "--opt", "stones=4", "--json")
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
	wantAll(t, out, "tinybob: 30 games, seed 4", "1 RAF", "random", "95% interval", "how the games ended", "mean length", " | #")
	recs := readCSV(t, file)
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
		{[]string{"sim", "tinybob", "--bot", "mcts:width=3"}, []string{"bot for seat 1 RAF", `unknown setting "width"`}},
		{[]string{"sim", "nim", "--bot", "3=random"}, []string{`no seat "3"`, "1 First, 2 Second", "from 1"}},
		{[]string{"sim", "nim", "--bot", "0=random"}, []string{`no seat "0"`, "1 First, 2 Second"}},
		{[]string{"sim", "tinybob", "--opt", "raf"}, []string{"key=value"}},
		{[]string{"sim"}, []string{"sim needs a GAME"}},
		{[]string{"sim", "tinybob", "--max-steps", "-1"}, []string{"--max-steps"}},
	} {
		_, err := scramble(t, "", c.args...)
		wantUsageError(t, err, c.wants...)
	}
}

func TestSimSweepJSONAndCSV(t *testing.T) {
	file := filepath.Join(t.TempDir(), "sweep.csv")
	out := mustScramble(t, "", "sim", "tinybob", "-n", "40", "--sweep", "waves=1,2", "--sweep", "aces=0,2", "--json", "--csv", file)
	var sr sim.SweepReport
	if err := json.Unmarshal([]byte(out), &sr); err != nil {
		t.Fatalf("sweep --json printed what is not a sweep: %v\n%s", err, out)
	}
	if len(sr.Points) != 4 || sr.Games != 40 || sr.Points[3].Values["waves"] != "2" || sr.Points[3].Values["aces"] != "2" {
		t.Errorf("sweep of %d points of %d games, last %v", len(sr.Points), sr.Games, sr.Points[len(sr.Points)-1].Values)
	}
	recs := readCSV(t, file)
	if len(recs) != 5 || recs[0][0] != "waves" || recs[0][1] != "aces" || recs[0][2] != "games" || recs[1][3] != "wins_RAF" && recs[0][3] != "wins_RAF" {
		t.Errorf("sweep CSV %q", recs)
	}
	text := mustScramble(t, "", "sim", "tinybob", "-n", "40", "--sweep", "waves=1,2")
	wantAll(t, text, "tinybob sweep: 2 points of 40 games", "waves", "RAF wins", "95% interval")
}

func readCSV(t *testing.T, file string) [][]string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestSimAB: two bots compared over the same games; arm B takes arm A's
// options with its own over them.
func TestSimAB(t *testing.T) {
	out := mustScramble(t, "", "sim", "tinybob", "-n", "60", "--opt", "waves=2", "--bot", "greedy", "--b-bot", "idle", "--b-opt", "aces=3", "--json")
	var c sim.Comparison
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatalf("A/B --json printed what is not a comparison: %v\n%s", err, out)
	}
	if c.Games != 60 || c.A.Seats[0].Bot != "greedy" || c.B.Seats[0].Bot != "idle" {
		t.Errorf("%d games, bots %s and %s", c.Games, c.A.Seats[0].Bot, c.B.Seats[0].Bot)
	}
	if c.A.Options["waves"] != "2" || c.B.Options["waves"] != "2" || c.B.Options["aces"] != "3" || c.A.Options["aces"] != "0" {
		t.Errorf("options A %v, B %v", c.A.Options, c.B.Options)
	}
	if len(c.Metrics) < 3 || c.Metrics[0].Name != "win rate RAF" || c.Metrics[0].DetectGames == 0 {
		t.Errorf("metrics %+v", c.Metrics)
	}
	text := mustScramble(t, "", "sim", "tinybob", "-n", "30", "--b-opt", "waves=1")
	wantAll(t, text, "A/B comparison: 30 games per arm", "B − A", "p-value", "games to detect")
}

// TestSimConfigFile: a designer's variant from a file, with --opt over it.
func TestSimConfigFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "variant.json")
	if err := os.WriteFile(file, []byte(`{"options": {"waves": 2, "raf": "3,2,2,2,1"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	r := simReport(t, "tinybob", "-n", "10", "--config", file, "--opt", "waves=3", "--json")
	if r.Options["waves"] != "3" || r.Options["raf"] != "3,2,2,2,1" {
		t.Errorf("options %v: want the file's raf and the command line's waves", r.Options)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"options": {"waves": 2}, "data": {"board": {}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := scramble(t, "", "sim", "tinybob", "--config", bad)
	wantUsageError(t, err, "keeps no data files")
	_, err = scramble(t, "", "sim", "tinybob", "--config", filepath.Join(dir, "none.json"))
	wantUsageError(t, err, "--config", "none.json")
}

// TestSimConfigData: a variant's data part reaches the game: Wings' balloon
// scenario replaced by one of two turns ends every game by turn 2, where the
// design plays on; a variant file the game's loader refuses is a usage error
// naming the file and the value.
func TestSimConfigData(t *testing.T) {
	b, err := wings.Game{}.DataFile("scenarios/balloons.json")
	if err != nil {
		t.Fatal(err)
	}
	var sc map[string]any
	if err := json.Unmarshal(b, &sc); err != nil {
		t.Fatal(err)
	}
	write := func(name string, turns int) string {
		sc["turns"] = turns
		v, err := json.Marshal(map[string]any{"options": map[string]any{"scenario": "balloons"}, "data": map[string]any{"scenarios/balloons.json": sc}})
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(file, v, 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	a := newTestApp()
	a.games = catalog.Of(tinybob.New(), wings.New())
	run := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := a.run(context.Background(), strings.NewReader(""), &out, args)
		return out.String(), err
	}
	report := func(args ...string) sim.Report {
		out, err := run(append([]string{"sim", "wings", "-n", "4", "--bot", "policy", "--json"}, args...)...)
		if err != nil {
			t.Fatalf("sim %v: %v", args, err)
		}
		var r sim.Report
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("sim --json printed what is not a report: %v\n%s", err, out)
		}
		return r
	}
	last := func(r sim.Report) int { return r.Rounds[len(r.Rounds)-1].Rounds }
	short := report("--config", write("short.json", 2))
	design := report("--opt", "scenario=balloons")
	if last(short) > 2 || last(design) <= 2 {
		t.Errorf("the variant's games lasted up to %d turns, the design's %d: want at most 2, and more", last(short), last(design))
	}
	_, err = run("sim", "wings", "--config", write("bad.json", 0))
	wantUsageError(t, err, "scenarios/balloons.json", "0 turns outside 1..40")
}

func TestSimLabArgumentErrors(t *testing.T) {
	for _, c := range []struct {
		args  []string
		wants []string
	}{
		{[]string{"sim", "tinybob", "--sweep", "waves"}, []string{"key=v1,v2"}},
		{[]string{"sim", "tinybob", "--sweep", "waves=1,9"}, []string{"waves=9", "outside"}},
		{[]string{"sim", "tinybob", "--sweep", "waves=1,2", "--b-bot", "idle"}, []string{"cannot be combined"}},
		{[]string{"sim", "tinybob", "--b-opt", "waves=9"}, []string{"arm B", "waves"}},
		{[]string{"sim", "tinybob", "--b-bot", "genius"}, []string{"arm B", `unknown bot "genius"`}},
		{[]string{"sim", "tinybob", "--b-game", "chess"}, []string{`unknown game "chess"`}},
		{[]string{"sim", "tinybob", "--b-opt", "waves=2", "--detect", "2"}, []string{"--detect"}},
		{[]string{"sim", "tinybob", "--b-game", "nim"}, []string{"1 seats and arm B 2"}},
	} {
		_, err := scramble(t, "", c.args...)
		wantUsageError(t, err, c.wants...)
	}
}

// TestSimPlot: --plot writes the figures of each kind of run.
func TestSimPlot(t *testing.T) {
	for _, c := range []struct {
		args  []string
		files []string
	}{
		{nil, []string{"length.png", "length.svg", "score.png", "score.svg"}},
		{[]string{"--sweep", "waves=1,2"}, []string{"win-rate-raf.png", "win-rate-raf.svg"}},
		{[]string{"--b-opt", "aces=2"}, []string{"ab-win-rate.png", "a-length.svg", "b-score.png"}},
	} {
		dir := filepath.Join(t.TempDir(), "plots")
		mustScramble(t, "", append([]string{"sim", "tinybob", "-n", "30", "--plot", dir}, c.args...)...)
		for _, f := range c.files {
			st, err := os.Stat(filepath.Join(dir, f))
			if err != nil || st.Size() == 0 {
				t.Errorf("%v: %s missing or empty (%v)", c.args, f, err)
			}
		}
	}
}

// TestSimABOtherGame: with --b-game arm B plays the named game from its
// default options, not arm A's.
func TestSimABOtherGame(t *testing.T) {
	out := mustScramble(t, "", "sim", "nim", "-n", "20", "--opt", "stones=4", "--b-game", "nim", "--b-opt", "stones=9", "--json")
	var c sim.Comparison
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatalf("not a comparison: %v\n%s", err, out)
	}
	if c.A.Options["stones"] != "4" || c.B.Options["stones"] != "9" || c.B.Game != "nim" || len(c.Metrics) != 4 {
		t.Errorf("A %v, B %s %v, %d metrics", c.A.Options, c.B.Game, c.B.Options, len(c.Metrics))
	}
	out = mustScramble(t, "", "sim", "nim", "-n", "20", "--opt", "stones=4", "--b-game", "nim", "--json")
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	if c.B.Options["stones"] != "7" {
		t.Errorf("arm B of another game took options %v, want its default stones=7", c.B.Options)
	}
}

// A report file holds the run's JSON report as --json prints it, under the
// command that wrote it and the machine it ran on (docs/reports/).
func TestSimReportFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tinybob.json")
	args := []string{"sim", "tinybob", "-n", "20", "--bot", "random", "--seed", "4", "--report", file, "--json"}
	printed := mustScramble(t, "", args...)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rf sim.ReportFile
	if err := json.Unmarshal(data, &rf); err != nil {
		t.Fatalf("report file: %v\n%s", err, data)
	}
	if got, want := strings.Join(rf.Provenance.Command, " "), "scramble "+strings.Join(args, " "); got != want {
		t.Errorf("command %q, want %q", got, want)
	}
	p := rf.Provenance
	if p.Go == "" || p.OS == "" || p.Arch == "" || p.Cores < 1 || p.Started.IsZero() {
		t.Errorf("provenance lacks the machine or the time: %+v", p)
	}
	var inFile, onScreen sim.Report
	if err := json.Unmarshal(rf.Report, &inFile); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(printed), &onScreen); err != nil {
		t.Fatal(err)
	}
	if !equalJSON(t, inFile, onScreen) {
		t.Errorf("the file's report is not the one printed:\n%s\n%s", rf.Report, printed)
	}
	if _, err := scramble(t, "", "sim", "tinybob", "-n", "2", "--report", filepath.Join(t.TempDir(), "no", "such", "dir", "r.json")); err == nil || !strings.Contains(err.Error(), "--report") {
		t.Errorf("a report into a missing folder: %v, want an error naming --report", err)
	}
}

// TestSimSweepOverSeats (issue 33, item 7): sweeping an option that changes
// the number of seats (303 Squadron's players=1,2) gives each cell bots for
// its own seats, and the text and CSV show each seat's figures where it
// plays; a bot named for a seat that one cell lacks is refused before any
// game, naming the cell.
func TestSimSweepOverSeats(t *testing.T) {
	a := newTestApp()
	a.games = catalog.Of(tinybob.New(), squadron.New())
	run := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := a.run(context.Background(), strings.NewReader(""), &out, args)
		return out.String(), err
	}
	file := filepath.Join(t.TempDir(), "seats.csv")
	out, err := run("sim", "squadron", "-n", "2", "--bot", "random", "--sweep", "players=1,2", "--json", "--csv", file)
	if err != nil {
		t.Fatalf("sweep over players=1,2: %v", err)
	}
	var sr sim.SweepReport
	if err := json.Unmarshal([]byte(out), &sr); err != nil {
		t.Fatalf("sweep --json printed what is not a sweep: %v\n%s", err, out)
	}
	if len(sr.Points) != 2 || len(sr.Points[0].Report.Seats) != 1 || len(sr.Points[1].Report.Seats) != 2 {
		t.Fatalf("sweep over players=1,2: %+v", sr.Points)
	}
	if recs := readCSV(t, file); len(recs) != 3 || len(recs[1]) != len(recs[0]) || len(recs[2]) != len(recs[0]) {
		t.Errorf("CSV rows of unequal length: %q", recs)
	}
	_, err = run("sim", "squadron", "-n", "2", "--bot", "random", "--bot", "Pilot 2=policy", "--sweep", "players=1,2")
	wantUsageError(t, err, "sweep point players=1", "Pilot 2")
}

// TestSimPlotSaysWhatItWrote: --plot names the files it wrote, on stderr,
// so --json's output stays one document (issue 34 §6).
func TestSimPlotSaysWhatItWrote(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "plots")
	a := newTestApp()
	var errOut, out strings.Builder
	a.stderr = &errOut
	if err := a.run(context.Background(), strings.NewReader(""), &out, []string{"sim", "tinybob", "-n", "20", "--sweep", "waves=1,2", "--plot", dir, "--json"}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"win-rate-raf.svg", "win-rate-raf.png"} {
		if !strings.Contains(errOut.String(), filepath.Join(dir, f)) {
			t.Errorf("stderr does not name %s:\n%s", f, errOut.String())
		}
	}
	if strings.Contains(out.String(), "Plots written") {
		t.Error("the list of plots went into the JSON output")
	}
}
