package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/boba"
	"scramble/games/catalog"
)

// firstActions plays the first action as listed n times on m, rolling dice
// as they come, as a person typing its number n times would, and returns
// what that person types.
func firstActions(t *testing.T, m *engine.Match, n int) string {
	t.Helper()
	var typed strings.Builder
	for range n {
		if m.State().Current() == engine.Terminal {
			break
		}
		c := choices(m.State(), 0)[0]
		fmt.Fprintf(&typed, "%d\n", c.num)
		if err := m.Apply(0, c.act); err != nil {
			t.Fatal(err)
		}
		if _, err := m.RollDice(); err != nil {
			t.Fatal(err)
		}
	}
	return typed.String()
}

// TestPlayScripted plays Tiny Battle of Britain through every command. Its
// actions carry the game's own stable numbers (0 end, 1-5 attack, two digits
// for a move), so a number typed is read as the game numbers it.
func TestPlayScripted(t *testing.T) {
	m := tinybobMatch(t, 5)
	st := m.State()
	list := choices(st, 0)
	if list[0].num != 0 || list[0].text != "end" {
		t.Fatalf("the first decision of seed 5 is not phase 3: %+v", list)
	}
	var move, second choice // the first move listed, and another action
	for _, c := range list {
		if c.num >= 12 && move.text == "" {
			move = c
		} else if c.num > 0 && second.text == "" {
			second = c
		}
	}
	save := filepath.Join(t.TempDir(), "game.json")
	script := strings.Join([]string{
		"undo", // nothing to undo yet
		"help",
		"what now",
		"99",
		"7", // no action has 7 in phase 3
		"",
		second.text, // by its text
		"undo",
		strconv.Itoa(move.num), // by number
		"board",
		"save " + save,
		"save",
		"quit",
	}, "\n") + "\n"
	out := mustScramble(t, script, "play", "tinybob", "--seed", "5")
	wantAll(t, out,
		"Tiny Battle of Britain, seed 5.", "You play RAF (seat 1)",
		st.View(0).String(),
		"  0  end",
		fmt.Sprintf("%3d  %s", move.num, move.text),
		"Nothing undone: you have made no decision yet.",
		"save FILE  save the game",
		"Actions of the RAF", // the game's own help
		`Cannot do "what now": illegal action:`,
		"There is no action 99 now: the numbers are 0, 1",
		"There is no action 7 now",
		"you: "+second.text,
		"Took back: "+second.text+".",
		"you: "+move.text,
		"Saved 2 moves to "+save,
		"Save where?",
		"Left the game, saved in "+save+".",
	)
	legal := []engine.Action{move.act}
	// The save holds the game as played: the dice, then the move.
	if err := m.Apply(0, legal[0]); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := engine.LoadMatch(data, newTestApp().games)
	if err != nil {
		t.Fatal(err)
	}
	if loaded.State().String() != m.State().String() {
		t.Errorf("the save holds\n%s\nwant\n%s", loaded.State(), m.State())
	}

	// Loading it resumes the game where it stood.
	out = mustScramble(t, "quit\n", "play", "--load", save)
	wantAll(t, out, "Resumed "+save+": Tiny Battle of Britain, seed 5, after 2 moves.", m.State().View(0).String(),
		"Left the game, saved in "+save)
	if strings.Contains(out, "you: ") {
		t.Errorf("resuming repeated old moves:\n%s", out)
	}
}

func TestPlayUndoRefusedAfterDice(t *testing.T) {
	m := tinybobMatch(t, 11)
	// Type the first number listed until dice are rolled.
	var script strings.Builder
	for {
		c := choices(m.State(), 0)[0]
		fmt.Fprintf(&script, "%d\n", c.num)
		if err := m.Apply(0, c.act); err != nil {
			t.Fatal(err)
		}
		rolled, err := m.RollDice()
		if err != nil {
			t.Fatal(err)
		}
		if rolled > 0 && m.State().Current() != engine.Terminal {
			break
		}
	}
	out := mustScramble(t, script.String()+"undo\n", "play", "tinybob", "--seed", "11")
	wantAll(t, out, "Reinforcement: ", "Nothing undone: dice were rolled after your last decision.", "End of input. Left the game without saving it.")
}

// A finished game stays open: the person saves it (it loads back finished),
// looks at the board again, and quits. Its result is said once, in the
// game's own words.
func TestPlayToTheEnd(t *testing.T) {
	m := tinybobMatch(t, 3)
	typed := firstActions(t, m, 10000)
	if m.State().Current() != engine.Terminal {
		t.Fatal("the game did not end")
	}
	save := filepath.Join(t.TempDir(), "end.json")
	out := mustScramble(t, typed+"what\nboard\nsave "+save+"\nquit\n", "play", "tinybob", "--seed", "3")
	final := m.State().View(0).(resultTeller).ResultText()
	wantAll(t, out, final+"\n\nYou lost.\n", "The game is over. Type save FILE",
		`"what" is no command now`, "Saved "+strconv.Itoa(len(m.History()))+" moves to "+save,
		"Left the game, saved in "+save+".")
	if n := strings.Count(out, "Game over"); n != 2 { // the end, and the board asked for again
		t.Errorf("the result is said %d times, want 2:\n%s", n, out[max(0, len(out)-1500):])
	}
	if strings.Contains(out, "End of input") || strings.Contains(out, "Raid:") && strings.LastIndex(out, "Raid:") > strings.Index(out, final) {
		t.Errorf("the end shows the last raid or ran out of input:\n%s", out[max(0, len(out)-1500):])
	}
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := engine.LoadMatch(data, newTestApp().games)
	if err != nil || loaded.State().Current() != engine.Terminal {
		t.Fatalf("the finished save loads as %v, %v", loaded, err)
	}
	// Loading the finished game shows its end and offers the same choices.
	out = mustScramble(t, "", "play", "--load", save)
	wantAll(t, out, final, "You lost.", "game over> \nEnd of input. Left the game, saved in "+save+".")
}

func TestPlayEndOfInput(t *testing.T) {
	out := mustScramble(t, "", "play", "tinybob", "--seed", "1")
	wantAll(t, out, "RAF> \nEnd of input. Left the game without saving it.")
}

func TestPlayInterrupted(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	r, w, err := os.Pipe() // input that never comes
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	defer r.Close()
	var out strings.Builder
	err = newTestApp().play(ctx, r, &out, []string{"tinybob", "--seed", "1"})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("interrupted play returned %v", err)
	}
}

func TestPlayWithBots(t *testing.T) {
	// Nim: the idle bot always takes 1 stone; the person is the second seat.
	out := mustScramble(t, "take 2\nundo\nquit\n", "play", "nim", "--seat", "second", "--bot", "idle", "--opt", "stones=5")
	wantAll(t, out, "You play Second (seat 2); idle plays First.",
		"First (idle): take 1\n      4 stones left",
		"you: take 2\n      2 stones left",
		"Nothing undone: First has acted after your last decision.",
	)
	// The last stone: the person takes it and wins.
	out = mustScramble(t, "2\n", "play", "nim", "--seat", "2", "--bot", "1=idle", "--opt", "stones=3")
	wantAll(t, out, "Game over after 2 rounds: Second wins (last stone taken). Score 0. You won.")
}

func TestPlayArgumentErrors(t *testing.T) {
	for _, c := range []struct {
		args  []string
		wants []string
	}{
		{[]string{"play"}, []string{"play needs a GAME", "tinybob"}},
		{[]string{"play", "tinybob", "nim"}, []string{"play takes one GAME"}},
		{[]string{"play", "tinybob", "--opt", "waves=99"}, []string{"option waves", "outside", "scramble rules tinybob"}},
		{[]string{"play", "tinybob", "--opt", "speed"}, []string{"key=value"}},
		{[]string{"play", "tinybob", "--seat", "Luftwaffe"}, []string{`no seat "Luftwaffe"`, "1 RAF"}},
		{[]string{"play", "nim", "--bot", "1=idle"}, []string{"seat First is yours", "--seat"}},
		{[]string{"play", "nim", "--seat", "0"}, []string{`no seat "0"`, "1 First, 2 Second", "from 1"}},
		{[]string{"play", "nim", "--seat", "2", "--bot", "1=genius"}, []string{"bot for seat 1 First", `unknown bot "genius"`}},
		{[]string{"play", "nim", "--load", "x.json"}, []string{"takes no GAME"}},
	} {
		_, err := scramble(t, "", c.args...)
		wantUsageError(t, err, c.wants...)
	}
}

func TestPlayLoadErrors(t *testing.T) {
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.json")
	foreign := filepath.Join(dir, "foreign.json")
	os.WriteFile(corrupt, []byte("{not json"), 0o644)
	os.WriteFile(foreign, []byte(`{"format": "chess-pgn", "version": 1}`), 0o644)
	for file, want := range map[string]string{
		corrupt:                         "not a readable save file",
		foreign:                         "not a Scramble save file",
		filepath.Join(dir, "none.json"): "no such file",
	} {
		_, err := scramble(t, "", "play", "--load", file)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("load %s: got %v, want an error with %q", filepath.Base(file), err, want)
		}
	}
}

func TestSaveToBadPlaceKeepsPlaying(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "no", "such", "dir", "g.json")
	out := mustScramble(t, "save "+bad+"\nquit\n", "play", "tinybob", "--seed", "2")
	wantAll(t, out, "Not saved: ", "Left the game without saving it.")
}

func TestColumns(t *testing.T) {
	items := []string{"1 a", "2 bb", "3 c", "4 d", "5 e"}
	got := columns(items, 21)
	want := "1 a    3 c    5 e\n2 bb   4 d\n"
	if got != want {
		t.Errorf("columns:\n%q\nwant\n%q", got, want)
	}
	if got := columns(items, 5); got != "1 a\n2 bb\n3 c\n4 d\n5 e\n" {
		t.Errorf("narrow columns: %q", got)
	}
}

// The Battle of Britain—Again! at the terminal: the game's help (step
// words, costs, hit chart), a whole move typed on one line, a brief between
// the steps of one move instead of the whole board, the sheet on request,
// and a plan with an error refused whole.
func TestPlayBoba(t *testing.T) {
	a := &app{games: catalog.Of(boba.New()), newBot: bot.New, botNames: bot.Names(), stderr: io.Discard}
	script := "help\nH1 f f\nsheet\nH1 zz\nf f f f f f f f\nboard\nquit\n"
	var out strings.Builder
	if err := a.play(context.Background(), strings.NewReader(script), &out, []string{"boba", "--seed", "7"}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	wantAll(t, got,
		"  1  select Hurricane 1 (H1 B41 6 MP)",
		"Hit chart (Combat, Figure 3)", "  sheet      show the record sheet",
		"you: select Hurricane 1, move S, move S\n      Hurricane 1 moves from B41 facing S with 6 MPs.\n      Hurricane 1 moves S to B40",
		"Hurricane 1 at B39 facing S has 4 MPs left.",
		"  3  move S (1 MP, to B38)",
		"Record sheet:",
		`Cannot do "H1 zz": illegal action: cannot read "zz" (word 2 of the plan)`,
		"Hurricane 1 ran out of movement\npoints at word 4 of the plan, which ended its move: the steps from word 5 (\"f\")\non are too many",
	)
	if n := strings.Count(got, "Day 1 of 7, turn 1"); n != 2 {
		t.Errorf("the whole board is drawn %d times, want 2 (the start, and board):\n%s", n, got)
	}
}

// Lines wider than the screen are wrapped at spaces, continued two spaces
// further in; lines that fit, and single long words, are left alone.
func TestFit(t *testing.T) {
	in := "short line\n    RAF to act: disrupt the raid on Fuel Dumps or let it through\n" + strings.Repeat("x", 30)
	want := "short line\n    RAF to act: disrupt the\n      raid on Fuel Dumps or\n      let it through\n" + strings.Repeat("x", 30)
	if got := fit(in, 28); got != want {
		t.Errorf("fit:\n%s\nwant\n%s", got, want)
	}
	if got := fit("a  b", 80); got != "a  b" {
		t.Errorf("a line that fits changed: %q", got)
	}
	if got := fit(" 3  .  !  .  k1↑ .", 12); got != " 3  .  !  .\n   k1↑ ." {
		t.Errorf("a board row lost its spacing: %q", got)
	}
}
