package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scramble/games/catalog"
	"scramble/games/midway"
	"scramble/games/squadron"
	"scramble/games/wings"
	"scramble/sim"
	"scramble/sim/tune"
)

// TestTuneWritesAVariantThatSimReads (issue 32 §1): scramble tune writes
// the variant with only the changed values and their old ones, the report
// and the trajectory plot; scramble sim --config plays the variant to the
// very figures the report verified, with the command the tune prints.
func TestTuneWritesAVariantThatSimReads(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	text := mustScramble(t, "", "tune", "tinybob", "--param", "waves=1..6", "--param", "aces=0,2",
		"--target", "win:RAF=0.2", "--evaluations", "8", "--screen-games", "60", "--verify", "2",
		"--verify-games", "150", "--opt", "warning=4", "--seed", "3", "--out", dir)
	wantAll(t, text, "tinybob tune for win:RAF=0.2", "design as it was", "reproduce: scramble tune tinybob", "--out "+dir)
	for _, f := range []string{"variant.json", "report.json", "trajectory.svg", "trajectory.png", "state.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the tune did not write %s: %v", f, err)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep tune.Result
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Changes) == 0 {
		t.Fatalf("the tune changed nothing: %s", b)
	}
	fh, err := os.Open(filepath.Join(dir, "variant.json"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := sim.ReadVariant(fh)
	fh.Close()
	if err != nil {
		t.Fatalf("sim cannot read the tune's variant: %v", err)
	}
	if len(v.Options) != len(rep.Changes) {
		t.Errorf("variant options %v, changes %v: the variant holds only the changed values", v.Options, rep.Changes)
	}
	for _, c := range rep.Changes {
		if v.Options[c.Path] != c.New || v.Was[c.Path] != c.Old {
			t.Errorf("variant %v (was %v) for change %+v", v.Options, v.Was, c)
		}
	}
	// The check command the tune printed gives the verified figure.
	line := text[strings.Index(text, "check:")+len("check:"):]
	line = strings.TrimSpace(line[:strings.Index(line, "\n")])
	args := strings.Fields(line)[1:] // without "scramble"
	r := simReport(t, append(args[1:], "--json")...)
	if got, want := r.Seats[0].WinRate, rep.Best.Figures[0].Value; got != want {
		t.Errorf("%s gives a win rate of %v, the tune verified %v", line, got, want)
	}
	// Run again: the state resumes and the result is the same.
	again := mustScramble(t, "", "tune", "tinybob", "--param", "waves=1..6", "--param", "aces=0,2",
		"--target", "win:RAF=0.2", "--evaluations", "8", "--screen-games", "60", "--verify", "2",
		"--verify-games", "150", "--opt", "warning=4", "--seed", "3", "--out", dir)
	if again != text {
		t.Errorf("the tune run again from its state printed\n%s\nthe first time\n%s", again, text)
	}
	_, err = scramble(t, "", "tune", "tinybob", "--param", "waves=1..9", "--target", "win:RAF=0.2", "--out", dir)
	wantUsageError(t, err, "waves=7")
}

// TestTuneDataOfHeavyGames (issue 32 §1): a tune of a value inside a
// designed data file runs for Battle of Midway, 303 Squadron and Wings of
// Glory: the games give their designed files and take the changed ones, and
// a variant that changes a file holds it whole, with the old value under
// "was".
func TestTuneDataOfHeavyGames(t *testing.T) {
	a := newTestApp()
	a.games = catalog.Of(midway.New(), squadron.New(), wings.New())
	for _, c := range []struct {
		game, opt, param, file string
	}{
		{"midway", "mode=hunt", "data:board.json/layouts/0/carriers/us/hex/0=3..5", "board.json"},
		{"squadron", "scenario=bigginhill", "data:scenarios.json/scenarios/1/deployment/2/0=15,1,9,12,17", "scenarios.json"},
		{"wings", "scenario=balloons", "data:scenarios/balloons.json/planes/2/x_mm=350..750:100", "scenarios/balloons.json"},
	} {
		dir := filepath.Join(t.TempDir(), c.game)
		var out bytes.Buffer
		err := a.run(context.Background(), strings.NewReader(""), &out, []string{"tune", c.game, "--opt", c.opt,
			"--param", c.param, "--target", "win:1=0.5", "--screen-bot", "policy", "--evaluations", "3",
			"--screen-games", "2", "--verify", "1", "--verify-games", "2", "--workers", "1", "--out", dir})
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.game, err, out.String())
		}
		b, err := os.ReadFile(filepath.Join(dir, "report.json"))
		if err != nil {
			t.Fatal(err)
		}
		var rep tune.Result
		if err := json.Unmarshal(b, &rep); err != nil {
			t.Fatal(err)
		}
		path, _, _ := strings.Cut(c.param, "=")
		if len(rep.Trajectory) != 3 || len(rep.Params) != 1 || rep.Params[0].Path != path {
			t.Errorf("%s: %d candidates screened over %+v", c.game, len(rep.Trajectory), rep.Params)
		}
		fh, err := os.Open(filepath.Join(dir, "variant.json"))
		if err != nil {
			t.Fatal(err)
		}
		v, err := sim.ReadVariant(fh)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Changes) > 0 && (v.Data[c.file] == nil || v.Was[path] == "") {
			t.Errorf("%s: the variant of changes %+v holds files %v, was %v", c.game, rep.Changes, v.Data, v.Was)
		}
	}
}

// A --target seat is counted from 1, as every seat a person types: win:1 is
// the first seat, and win:0 names none (issue 34 §3).
func TestTuneTargetSeatFromOne(t *testing.T) {
	dir := t.TempDir()
	_, err := scramble(t, "", "tune", "tinybob", "--param", "waves=2..3", "--target", "win:0=0.3",
		"--evaluations", "1", "--screen-games", "2", "--verify", "1", "--verify-games", "2", "--out", filepath.Join(dir, "a"))
	if err == nil || !strings.Contains(err.Error(), `no seat "0"`) || !strings.Contains(err.Error(), "numbers from 1") {
		t.Errorf("win:0 gave %v, want no such seat", err)
	}
	out := mustScramble(t, "", "tune", "tinybob", "--param", "waves=2..3", "--target", "win:1=0.3",
		"--evaluations", "1", "--screen-games", "2", "--verify", "1", "--verify-games", "2", "--seed", "1", "--out", filepath.Join(dir, "b"))
	wantAll(t, out, "tinybob tune for win:1=0.3")
}
