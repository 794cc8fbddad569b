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
	wantAll(t, out, "Tiny Battle of Britain (tinybob)", g.Info().Summary, "Seats: 0 RAF", "default", "allowed")
	for _, o := range g.Options() {
		line := ""
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), o.Name+" ") {
				line = l
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
