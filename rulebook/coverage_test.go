package rulebook

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"scramble/games/catalog"
)

// citing lists, for each reference, where its game cites rule ids: its
// package's Go files and its developer rules document.
var citing = map[string]struct {
	pkg, doc, prefix string
}{
	"tinybob":  {"tinybob", "tiny-battle-of-britain.md", "TB"},
	"boba":     {"boba", "battle-of-britain-again.md", "BA"},
	"midway":   {"midway", "battle-of-midway.md", "MW"},
	"squadron": {"squadron", "303-squadron.md", "SQ"},
	"wings":    {"wings", "wings-of-glory.md", "WG"},
}

// citedIDs returns every rule id with the given prefix found in the files.
func citedIDs(t *testing.T, prefix string, paths ...string) map[string][]string {
	t.Helper()
	ids := map[string][]string{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("reading %s: %v", p, err)
		}
		for _, id := range RuleIDPattern.FindAllString(string(data), -1) {
			if strings.HasPrefix(id, prefix+"-") && !slices.Contains(ids[id], p) {
				ids[id] = append(ids[id], p)
			}
		}
	}
	return ids
}

// TestEveryCitedRuleHasASection fails for each rule id that a game's code,
// errors, options or rules document cites and its reference has no ruling
// section for (issue 35 §2). A new ruling needs a section
// "### Ruling XX-n: ... {#xx-n}" in rulebook/<game>.md, where it applies.
func TestEveryCitedRuleHasASection(t *testing.T) {
	for game, c := range citing {
		t.Run(game, func(t *testing.T) {
			b, err := Load(game)
			if err != nil {
				t.Fatal(err)
			}
			paths, err := filepath.Glob(filepath.Join("..", "games", c.pkg, "*.go"))
			if err != nil || len(paths) == 0 {
				t.Fatalf("no Go files for games/%s (%v)", c.pkg, err)
			}
			paths = append(paths, filepath.Join("..", "docs", "rules", c.doc))
			cited := citedIDs(t, c.prefix, paths...)
			var missing []string
			for id, where := range cited {
				if _, ok := b.Section(strings.ToLower(id)); !ok {
					missing = append(missing, id+" (cited in "+strings.Join(where, ", ")+")")
				}
			}
			sort.Strings(missing)
			for _, m := range missing {
				t.Errorf("rule %s has no section in rulebook/%s; add \"### Ruling %s: <title> {#%s}\" under the rulebook section it belongs to",
					m, sources[game], strings.Fields(m)[0], strings.ToLower(strings.Fields(m)[0]))
			}
		})
	}
}

// TestEveryResolutionAndOptionHasASection checks, through the catalog, that
// every ruling a game publishes (Info().Resolutions) has its section and
// that every option cites a rule that finds a section: the lobby and the
// lab link each option to it (issue 35 §2).
func TestEveryResolutionAndOptionHasASection(t *testing.T) {
	games := catalog.New()
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		b, err := Load(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, r := range g.Info().Resolutions {
			if _, ok := b.Section(strings.ToLower(r.ID)); !ok {
				t.Errorf("%s: ruling %s is published by the game but has no section {#%s} in rulebook/%s", name, r.ID, strings.ToLower(r.ID), sources[name])
			}
		}
		for _, o := range g.Options() {
			if o.Rule == "" {
				t.Errorf("%s: option %s cites no rule; give its OptionSpec a Rule (a ruling id or a section of rulebook/%s)", name, o.Name, sources[name])
				continue
			}
			if _, err := b.Find(o.Rule); err != nil {
				t.Errorf("%s: option %s cites %q: %v", name, o.Name, o.Rule, err)
			}
		}
	}
}

// TestCoverageTestCatchesAMissingSection proves the check above can fail: a
// reference without one ruling section misses exactly that id.
func TestCoverageTestCatchesAMissingSection(t *testing.T) {
	b, err := Load("tinybob")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := b.Section("tb-4")
	cut, err := parse("tinybob", strings.Replace(b.Source, s.Markdown, "", 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := cut.Section("tb-4"); ok {
		t.Fatal("TB-4 still found after its section was removed")
	}
	if _, ok := cut.Section("tb-5"); !ok {
		t.Fatal("TB-5 lost with TB-4's section")
	}
}
