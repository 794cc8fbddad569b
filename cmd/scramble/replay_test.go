package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scramble/engine"
)

// saveMatch writes m to a file in a new temporary directory.
func saveMatch(t *testing.T, m *engine.Match) string {
	t.Helper()
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

func TestReplaySteps(t *testing.T) {
	m := tinybobMatch(t, 8)
	firstActions(t, m, 12)
	file := saveMatch(t, m)
	total := len(m.History())
	script := "\nn\np\ng 5\nfoo\ng 999\ne\nn\ns\np\nhelp\nq\nn\n"
	out := mustScramble(t, script, "replay", file)

	// Each position is shown once per visit, in the order visited.
	var order []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "=== ") {
			order = append(order, line)
		}
	}
	start := fmt.Sprintf("=== Start (%d moves follow) ===", total)
	move := func(k int) string { return fmt.Sprintf("=== Move %d of %d ===", k, total) }
	want := []string{start, move(1), move(2), move(1), move(5), move(total), start}
	if strings.Join(order, "\n") != strings.Join(want, "\n") {
		t.Errorf("positions shown:\n%s\nwant\n%s", strings.Join(order, "\n"), strings.Join(want, "\n"))
	}
	wantAll(t, out,
		"Tiny Battle of Britain, seed 8: "+fmt.Sprint(total)+" moves.",
		fmt.Sprintf("move 5/%d [Enter] next", total),
		`Unknown command "foo"`,
		fmt.Sprintf("Go to which move? Type g N with N from 0 (the start) to %d.", total),
		fmt.Sprintf("That was the last move (%d).", total),
		"This is the start.",
		"g N: go to move N",
	)

	// Move 5 shows the board after five moves and the events of the fifth.
	five, err := m.Rewind(5)
	if err != nil {
		t.Fatal(err)
	}
	mv := m.History()[4]
	who := "dice"
	if mv.Seat == 0 {
		who = "RAF"
	}
	shown := out[strings.Index(out, move(5)):]
	wantAll(t, shown, five.State().View(0).String(), who+": "+mv.Text)
	for _, e := range m.Log().Events {
		if e.Step == 4 {
			wantAll(t, shown, "    "+e.Text)
		}
	}
}

func TestReplayFinishedGame(t *testing.T) {
	m := tinybobMatch(t, 2)
	firstActions(t, m, 10000)
	file := saveMatch(t, m)
	out := mustScramble(t, "e\n", "replay", file)
	final := m.State().View(0).(resultTeller).ResultText()
	wantAll(t, out, final)
	if n := strings.Count(out, "Game over"); n != 1 {
		t.Errorf("the result is said %d times:\n%s", n, out)
	}
}

func TestReplayErrors(t *testing.T) {
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.json")
	os.WriteFile(corrupt, []byte("PK\x03\x04 not a save"), 0o644)
	_, err := scramble(t, "", "replay", corrupt)
	if err == nil || !strings.Contains(err.Error(), "corrupt.json: not a readable save file") {
		t.Errorf("corrupt file: %v", err)
	}
	_, err = scramble(t, "", "replay")
	wantUsageError(t, err, "replay needs one FILE")
}

// TestReplayLostOnTime: a server's replay file of a match a seat lost on
// time carries the result the server recorded as "ended" (docs/api.md); the
// replay shows it at the last move, not before.
func TestReplayLostOnTime(t *testing.T) {
	m := tinybobMatch(t, 8)
	firstActions(t, m, 3)
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	f["ended"] = engine.Result{Returns: []float64{0}, Cause: "lost on time"}
	data, _ = json.Marshal(f)
	file := filepath.Join(t.TempDir(), "replay.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := mustScramble(t, "e\nq\n", "replay", file)
	if n := strings.Count(out, "Game over: nobody won (lost on time)."); n != 1 {
		t.Errorf("the recorded result shown %d times, want once at the end:\n%s", n, out)
	}
	if i, j := strings.Index(out, "Game over"), strings.LastIndex(out, "=== Move"); i < j {
		t.Errorf("the recorded result is shown before the last move:\n%s", out)
	}
}
