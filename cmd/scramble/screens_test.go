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

// 303 Squadron's screen fits 40 rows per decision at 80 columns (issue 34
// §7): from the board's first line to the prompt, the areas, the pilots,
// the hand as a table, the fight and the numbered list, through the
// decisions of two pilots' first turns and fights, and in the campaign
// (its record in short above the board, whole between scenarios).
func TestSquadronScreenFitsFortyRows(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	for _, run := range []struct{ game, seed string }{{"squadron", "3"}, {"squadron", "11"}, {"squadron-campaign", "3"}} {
		seed := run.game + " " + run.seed
		out := playAll(t, strings.Repeat("#1\n", 60)+"quit\nquit\n", "play", run.game, "--seed", run.seed, "--opt", "players=2", "--bot", "2=policy")
		lines := strings.Split(out, "\n")
		screens, worst := 0, 0
		for i := 0; i < len(lines); i++ {
			// A campaign's screen starts with its line, a scenario's with
			// the scenario's.
			scenario := strings.HasPrefix(lines[i], "303 Squadron: ") && strings.Contains(lines[i], ", turn ")
			if !scenario && !strings.HasPrefix(lines[i], "303 Squadron campaign: ") {
				continue
			}
			j := i
			for j < len(lines) && !promptRE.MatchString(lines[j]) {
				j++
			}
			screens++
			if rows := j - i + 1; rows > 40 {
				t.Errorf("seed %s: a decision takes %d rows:\n%s", seed, rows, strings.Join(lines[i:j+1], "\n"))
			} else {
				worst = max(worst, rows)
			}
			for _, code := range []string{"[]", "firststrike", "thirdround", "false", `""`} {
				if strings.Contains(strings.Join(lines[i:j+1], "\n"), code) {
					t.Errorf("seed %s: the screen shows the code %q", seed, code)
				}
			}
			i = j
		}
		if screens < 10 {
			t.Errorf("seed %s: %d screens: the test plays too little", seed, screens)
		}
		t.Logf("seed %s: %d screens, the tallest %d rows", seed, screens, worst)
	}
}

// The commands' help fits 80 columns (issue 34 §7): the flags' descriptions
// and the summaries are filled under their names.
func TestHelpFitsEightyColumns(t *testing.T) {
	outs := []string{mustScramble(t, "", "help")}
	for _, c := range commands() {
		outs = append(outs, mustScramble(t, "", "help", c.name))
	}
	for _, out := range outs {
		for _, l := range strings.Split(out, "\n") {
			if n := len([]rune(l)); n > 80 {
				t.Errorf("a help line of %d columns: %q", n, l)
			}
		}
	}
	wantAll(t, mustScramble(t, "", "help", "play"), "  -seat SEAT\n      the SEAT you play, by number from 1")
}

// A long list of choices in 'scramble rules' is filled like words, and an
// option with no rule says none (issue 34 §7: rules fits 100 columns).
func TestRulesLongChoices(t *testing.T) {
	out := playAll(t, "", "rules", "wings")
	wantAll(t, out, "allowed duel | aces | raid")
	for _, l := range strings.Split(out, "\n") {
		if strings.TrimSpace(l) == ")" || strings.Contains(l, "; rule )") || len([]rune(l)) > 100 {
			t.Errorf("a badly filled line: %q", l)
		}
	}
}
