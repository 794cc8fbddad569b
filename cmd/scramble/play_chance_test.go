package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/catalog"
	"scramble/games/squadron"
)

// playGame runs "scramble play" with args on a catalog of game g alone,
// reading script as the person's input, and returns what it printed.
func playGame(t *testing.T, g engine.Game, script string, args ...string) string {
	t.Helper()
	a := &app{games: catalog.Of(g), newBot: bot.New, botNames: bot.Names(), stderr: io.Discard}
	var out bytes.Buffer
	if err := a.run(context.Background(), strings.NewReader(script), &out, append([]string{"play"}, args...)); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestPlayChanceTextNotShown checks that the terminal never prints a chance
// outcome's own text, which may name a secret (303 Squadron deals combat cards
// into each pilot's hand, which only that pilot sees): the game's events,
// public by contract, tell what the draws did.
func TestPlayChanceTextNotShown(t *testing.T) {
	out := playGame(t, squadron.New(), strings.Repeat("1\n", 30)+"quit\n", "squadron", "--seed", "4", "--opt", "players=2")
	if !strings.Contains(out, "You play") {
		t.Fatalf("no game was played:\n%s", out)
	}
	if strings.Contains(out, "dice: ") || strings.Contains(out, "deal ") {
		t.Fatalf("a chance outcome's text is printed:\n%s", out)
	}
}

// TestLongListFolded checks that a long list of actions that differ only in
// their last word (Battle of Midway's placements, 2.3.4: an area times six
// facings) is shown one line per area, and that a short list is not folded.
func TestLongListFolded(t *testing.T) {
	var long []choice
	for n, area := range []string{"3,1", "3,0", "2,0", "1,1", "1,2", "2,2"} {
		for k, f := range []string{"E", "NE", "NW", "W", "SW", "SE"} {
			long = append(long, choice{num: n*6 + k + 1, text: "fighter at " + area + " facing " + f})
		}
	}
	items := listItems(long)
	if len(items) != 6 {
		t.Fatalf("36 placements give %d lines, want 6: %q", len(items), items)
	}
	if want := "  1-6   fighter at 3,1 facing E|NE|NW|W|SW|SE"; items[0] != want {
		t.Errorf("first line %q, want %q", items[0], want)
	}
	if got := listItems(long[:6]); len(got) != 6 {
		t.Errorf("a short list is folded: %q", got)
	}
	long[2].note = "2 MP"
	if items := listItems(long); len(items) != 9 || items[0] != "  1  fighter at 3,1 facing E" || items[2] != "  3  fighter at 3,1 facing NW (2 MP)" {
		t.Errorf("a run broken by a note is not listed as it is: %q", items)
	}
}

// TestEnterTakesTheOnlyAction checks that when the person has a single
// legal action, Enter on an empty line takes it (issue 29 §3).
func TestEnterTakesTheOnlyAction(t *testing.T) {
	out := playGame(t, nim{}, "\nquit\n", "nim", "--opt", "stones=1", "--seat", "1")
	if !strings.Contains(out, "Enter takes it") {
		t.Fatalf("the single action is not offered to Enter:\n%s", out)
	}
	if !strings.Contains(out, "you: take 1") {
		t.Fatalf("Enter did not take the only action:\n%s", out)
	}
}
