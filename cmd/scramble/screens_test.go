package main

import (
	"context"
	"io"
	"regexp"
	"strings"
	"testing"

	"scramble/bot"
	"scramble/games/catalog"
)

// promptRE matches the prompt the terminal prints before reading a line; on
// a pipe the next output follows it on the same line.
var promptRE = regexp.MustCompile(`^(?:[A-Z][\w ]*|game over)> `)

// Each game's help explains its own screen and commands (issue 34 §7), and
// everything the terminal prints for it, its help and its board included,
// fits 80 columns: lines are wrapped at spaces, never cut mid-word.
func TestPlayHelpAndWidthEveryGame(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	for _, c := range []struct {
		game  string
		opts  []string
		wants []string
	}{
		{"tinybob", nil, []string{"Actions of the RAF", "move industry to reserve"}},
		{"boba", nil, []string{"attack", "H1 f f"}},
		{"midway", nil, []string{"The screen (Battle of Midway)", `"fly US F3"`, `"US F1 attacks JP B2"`, "bid N"}},
		{"squadron", []string{"--opt", "players=2"}, []string{"The screen (303 Squadron)", `"move A3"`, `"attack g3"`, "defend N prop P"}},
		{"squadron-campaign", nil, []string{"The screen (303 Squadron)", `"discard 8"`}},
		{"wings", nil, []string{"The screen (Wings of Glory)", `"Spitfire bank-left"`, `"Spitfire front at Emil"`}},
	} {
		t.Run(c.game, func(t *testing.T) {
			args := append([]string{"play", c.game, "--seed", "3"}, c.opts...)
			out := playAll(t, "help\n"+strings.Repeat("#1\n", 12)+"quit\nquit\n", args...)
			wantAll(t, out, c.wants...)
			for _, l := range strings.Split(out, "\n") {
				l = promptRE.ReplaceAllString(l, "")
				if n := len([]rune(l)); n > 80 {
					t.Errorf("a line of %d columns: %q", n, l)
				}
			}
		})
	}
}

// playAll runs scramble with every game of the catalog and returns what it
// printed.
func playAll(t *testing.T, script string, args ...string) string {
	t.Helper()
	a := &app{games: catalog.New(), newBot: bot.New, botNames: bot.Names(), stderr: io.Discard}
	var out strings.Builder
	if err := a.run(context.Background(), strings.NewReader(script), &out, args); err != nil {
		t.Fatalf("scramble %s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return out.String()
}
