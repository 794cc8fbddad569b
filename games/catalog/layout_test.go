package catalog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gameFiles are the files every game folder has (docs/adding-a-game.md): one
// idea each, so that a newcomer finds the same thing in the same place in
// every game.
var gameFiles = []string{
	"game.go",         // the Game: Info, Options, New
	"state.go",        // the State and its Clone
	"actions.go",      // Legal, Apply, ActionString, ParseAction
	"view.go",         // View(seat): what one seat may see, and Sample
	"text.go",         // the terminal's text of a view
	"policy.go",       // the game's hand-written advice for the policy bot
	"harness_test.go", // the engine's invariant harness on this game
	"bench_test.go",   // speed of random games, clones and the policy
}

// TestEveryGameFolderFollowsTheChecklist checks the parts of
// docs/adding-a-game.md that a program can: the files of every game folder,
// its rules document, and a browser board and a user guide page for every
// game in the catalog.
func TestEveryGameFolderFollowsTheChecklist(t *testing.T) {
	root := filepath.Join("..", "..")
	dirs, err := os.ReadDir(filepath.Join(root, "games"))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := filepath.Glob(filepath.Join(root, "docs", "rules", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	var ruleText strings.Builder
	for _, f := range rules {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ruleText.Write(b)
	}
	folders := 0
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "catalog" {
			continue
		}
		folders++
		for _, f := range gameFiles {
			if _, err := os.Stat(filepath.Join(root, "games", d.Name(), f)); err != nil {
				t.Errorf("games/%s has no %s (docs/adding-a-game.md)", d.Name(), f)
			}
		}
		if !strings.Contains(ruleText.String(), "games/"+d.Name()) {
			t.Errorf("no rules document in docs/rules/ maps games/%s's rules to its code", d.Name())
		}
	}
	if folders < 5 {
		t.Fatalf("found %d game folders, want at least the five games", folders)
	}
	for _, name := range New().Names() {
		if _, err := os.Stat(filepath.Join(root, "web", "static", "games", name+".js")); err != nil {
			t.Errorf("game %s has no browser board web/static/games/%s.js", name, name)
		}
	}
	checkGuidePages(t, root, New().Names())
}

// checkGuidePages checks that every game has a page in the user guide
// (docs/guide/<game>.md) that shows how to start it in the terminal
// ("scramble play NAME"), and that the guide's index links that page.
func checkGuidePages(t *testing.T, root string, names []string) {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(root, "docs", "guide", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join(root, "docs", "guide", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		found := false
		for _, page := range pages {
			b, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			text := string(b) + "\n"
			if strings.Contains(text, "scramble play "+name+" ") || strings.Contains(text, "scramble play "+name+"\n") {
				found = true
				if base := filepath.Base(page); !strings.Contains(string(index), "("+base+")") {
					t.Errorf("docs/guide/README.md does not link %s, the page of game %s", base, name)
				}
			}
		}
		if !found {
			t.Errorf("no page in docs/guide/ shows how to start game %s (scramble play %s)", name, name)
		}
	}
}
