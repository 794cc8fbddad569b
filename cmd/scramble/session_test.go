package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Quitting with a decision not saved asks first; a second quit leaves, and
// a save in between lets the first one leave (issue 34 §7).
func TestPlayQuitAsksWhenUnsaved(t *testing.T) {
	out := mustScramble(t, "end\nquit\nquit\n", "play", "tinybob", "--seed", "5")
	wantAll(t, out, "Your moves since the last save are not saved. Type save FILE to keep them, or\nquit again",
		"Left the game without saving it.")
	save := filepath.Join(t.TempDir(), "g.json")
	out = mustScramble(t, "end\nsave "+save+"\nquit\n", "play", "tinybob", "--seed", "5")
	if strings.Contains(out, "are not saved") {
		t.Errorf("quit after a save asked again:\n%s", out)
	}
	// Nothing decided: quit leaves at once.
	out = mustScramble(t, "quit\n", "play", "tinybob", "--seed", "5")
	if strings.Contains(out, "are not saved") || !strings.Contains(out, "Left the game without saving it.") {
		t.Errorf("quit with nothing to save:\n%s", out)
	}
}

// An arrow key read without line editing ("\x1b[A") is never a command.
func TestPlayArrowKeyIsNoCommand(t *testing.T) {
	out := mustScramble(t, "\x1b[A\n\x1b[B\nquit\n", "play", "nim", "--seat", "2", "--bot", "idle", "--opt", "stones=5")
	wantAll(t, out, "That line holds a control key (an arrow key?), not a command: nothing done. Type\nhelp")
	if strings.Contains(out, "you: ") || strings.Contains(out, "Cannot do") {
		t.Errorf("an arrow key was taken as a move:\n%s", out)
	}
}

// Ctrl-C (the ETX a terminal sends) offers to save the game: a file name
// saves it and leaves; "back" goes on playing; with nothing unsaved it
// leaves at once.
func TestPlayCtrlCOffersToSave(t *testing.T) {
	save := filepath.Join(t.TempDir(), "c.json")
	out := mustScramble(t, "end\n\x03\nback\n\x03\n"+save+"\n", "play", "tinybob", "--seed", "5")
	wantAll(t, out, "Ctrl-C: save the game before leaving?", "Saved ", "Left the game, saved in "+save+".")
	if n := strings.Count(out, "Ctrl-C: save the game"); n != 2 {
		t.Errorf("Ctrl-C offered to save %d times, want 2 (back, then a file):\n%s", n, out)
	}
	if _, err := os.Stat(save); err != nil {
		t.Errorf("the game was not saved: %v", err)
	}
	out = mustScramble(t, "\x03\n", "play", "tinybob", "--seed", "5")
	if strings.Contains(out, "Ctrl-C: save") || !strings.Contains(out, "Left the game without saving it.") {
		t.Errorf("Ctrl-C with nothing to save:\n%s", out)
	}
}

// A hot-seat save remembers who sat where: loading it without flags seats
// the same people at the keyboard and the same bots (issue 34 §7).
func TestPlaySaveRemembersSeats(t *testing.T) {
	dir := t.TempDir()
	hot := filepath.Join(dir, "hot.json")
	mustScramble(t, "\nsave "+hot+"\nquit\n", "play", "nim", "--hotseat", "--opt", "stones=5")
	out := mustScramble(t, "\nquit\n", "play", "--load", hot)
	wantAll(t, out, "People at this keyboard play First (seat 1) and Second (seat 2), in turn")
	bots := filepath.Join(dir, "bots.json")
	mustScramble(t, "save "+bots+"\nquit\n", "play", "nim", "--seat", "2", "--bot", "1=idle", "--opt", "stones=5")
	out = mustScramble(t, "quit\n", "play", "--load", bots)
	wantAll(t, out, "You play Second (seat 2); idle plays First.")
	// The command line still wins over the save.
	out = mustScramble(t, "quit\n", "play", "--load", hot, "--seat", "2", "--bot", "1=idle")
	wantAll(t, out, "You play Second (seat 2); idle plays First.")
}

// A bare number that is also a number in another action's text is
// ambiguous; #N always means the list.
func TestNumberClash(t *testing.T) {
	list := []choice{{num: 1, text: "bid 0"}, {num: 2, text: "bid 1"}, {num: 8, text: "discard 33"}, {num: 33, text: "discard 8"}}
	if other, clash := clashing(list, 1); !clash || other != "bid 1" {
		t.Errorf("1: got %q, %v; want a clash with bid 1", other, clash)
	}
	if other, clash := clashing(list, 8); !clash || other != "discard 8" {
		t.Errorf("8: got %q, %v; want a clash with discard 8", other, clash)
	}
	if _, clash := clashing(list, 2); clash {
		t.Error("2 clashes, but no other action holds a 2")
	}
	for _, c := range []struct {
		line   string
		n      int
		listed bool
	}{{"#8", 8, true}, {"# 8", 8, true}, {"8", 8, false}} {
		n, listed, err := listNumber(c.line)
		if err != nil || n != c.n || listed != c.listed {
			t.Errorf("listNumber(%q) = %d, %v, %v", c.line, n, listed, err)
		}
	}
	// At the terminal: nim lists take 1, take 2, take 3 as 1, 2, 3 — no
	// clash, and #2 takes two.
	out := mustScramble(t, "#2\nquit\nquit\n", "play", "nim", "--seat", "2", "--bot", "idle", "--opt", "stones=5")
	wantAll(t, out, "you: take 2")
}

// The screens are wrapped to the terminal's width ($COLUMNS without a
// terminal), within 60..200 columns, and to 80 when it is unknown.
func TestPlayWidth(t *testing.T) {
	for _, c := range []struct {
		env  string
		want int
	}{{"", 80}, {"120", 120}, {"30", 60}, {"500", 200}, {"wide", 80}} {
		t.Setenv("COLUMNS", c.env)
		s := &session{in: &plainLines{}}
		if got := s.cols(); got != c.want {
			t.Errorf("COLUMNS=%q: %d columns, want %d", c.env, got, c.want)
		}
	}
}

// The help's paragraphs are filled to the width, never past it.
func TestWrapText(t *testing.T) {
	got := wrapText("Type #N for action N of the list (0, 12, 13 and 14), or the action as written.", 30)
	want := "Type #N for action N of the\nlist (0, 12, 13 and 14), or\nthe action as written."
	if got != want {
		t.Errorf("wrapText:\n%s\nwant\n%s", got, want)
	}
	out := mustScramble(t, "help\nquit\n", "play", "tinybob", "--seed", "5")
	for _, line := range strings.Split(out, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("a line of %d columns at 80: %q", len([]rune(line)), line)
		}
	}
}
