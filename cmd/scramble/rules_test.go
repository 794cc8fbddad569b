package main

import (
	"encoding/json"
	"strings"
	"testing"

	"scramble/games/tinybob"
)

func TestRulesMentionsEveryOption(t *testing.T) {
	g := tinybob.New()
	out := mustScramble(t, "", "rules", "tinybob")
	wantAll(t, strings.Join(strings.Fields(out), " "), g.Info().Summary)
	wantAll(t, out, "Tiny Battle of Britain (tinybob)", "Seats: 1 RAF", "default", "allowed")
	for _, o := range g.Options() {
		// The option's line and the lines that continue it (indented
		// further, the words filled to the width), joined.
		line := ""
		lines := strings.Split(out, "\n")
		for i, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), o.Name+" ") && strings.HasPrefix(l, "  "+o.Name) {
				line = l
				for _, more := range lines[i+1:] {
					if !strings.HasPrefix(more, "    ") {
						break
					}
					line += " " + strings.TrimSpace(more)
				}
			}
		}
		if line == "" {
			t.Errorf("no line for option %s:\n%s", o.Name, out)
			continue
		}
		wantAll(t, line, o.Default, o.Rule, o.Doc)
	}
	for _, r := range g.Info().Resolutions {
		wantAll(t, out, "  "+r.ID+" ")
	}
}

// The games and rules commands fit 100 columns (issue 34 §7).
func TestListsFitHundredColumns(t *testing.T) {
	for _, args := range [][]string{{"games"}, {"rules", "tinybob"}, {"rules", "nim"}} {
		for _, l := range strings.Split(mustScramble(t, "", args...), "\n") {
			if n := len([]rune(l)); n > 100 {
				t.Errorf("%s: a line of %d columns: %q", strings.Join(args, " "), n, l)
			}
		}
	}
}

func TestRulesJSON(t *testing.T) {
	g := tinybob.New()
	var doc rulesDoc
	if err := json.Unmarshal([]byte(mustScramble(t, "", "rules", "--json", "tinybob")), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Name != "tinybob" || len(doc.Options) != len(g.Options()) || len(doc.Resolutions) != len(g.Info().Resolutions) {
		t.Errorf("rules --json gave %s with %d options and %d resolutions", doc.Name, len(doc.Options), len(doc.Resolutions))
	}
	for i, o := range g.Options() {
		if d := doc.Options[i]; d.Name != o.Name || d.Default != o.Default || d.Kind == "" || d.Allowed == "" {
			t.Errorf("option %d: %+v for %+v", i, d, o)
		}
	}
}

func TestRulesOfAGameWithoutRulings(t *testing.T) {
	out := mustScramble(t, "", "rules", "nim")
	wantAll(t, out, "Nim (nim)", "stones  7", "1..50", "stones in the pile")
	if strings.Contains(out, "Rulings") {
		t.Errorf("nim has no rulings but the rules list some:\n%s", out)
	}
}

func TestWrap(t *testing.T) {
	got := wrap("  X-1  ", "one two three four five", 18)
	want := "  X-1  one two\n       three four\n       five\n"
	if got != want {
		t.Errorf("wrap:\n%q\nwant\n%q", got, want)
	}
}
