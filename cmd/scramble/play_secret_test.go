package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"scramble/games/midway"
	"scramble/games/wings"
)

// TestPlayBotSecretsHidden checks, on Battle of Midway, that a bot's choice
// at a simultaneous node (the secret Initiative bid, 2.4.2) is not printed
// before the game reveals it: the person playing Japan sees that the US bid,
// not how much.
func TestPlayBotSecretsHidden(t *testing.T) {
	out := playGame(t, midway.New(), strings.Repeat("#1\n", 6)+"quit\n", "midway", "--seed", "3", "--seat", "2")
	if !regexp.MustCompile(`US \(random\):[^\n]*\(a secret choice\)`).MatchString(out) {
		t.Fatalf("the bot's secret bid is not marked secret:\n%s", out)
	}
	if regexp.MustCompile(`US \(random\):[^\n]*bid \d`).MatchString(out) {
		t.Errorf("the bot's secret bid is printed:\n%s", out)
	}
}

// TestPlaySaveKeepsBotSecrets checks, on Wings of Glory, that save during a
// game against a bot writes no file: the moves would show the bot's
// face-down manoeuvre cards (issue 31, hidden information).
func TestPlaySaveKeepsBotSecrets(t *testing.T) {
	file := filepath.Join(t.TempDir(), "wings.json")
	out := playGame(t, wings.New(), "1\nsave "+file+"\nquit\n", "wings", "--seed", "3", "--opt", "scenario=duel")
	if !strings.Contains(out, "Not saved: the file would hold the bot's face-down cards") {
		t.Errorf("save did not refuse:\n%s", out)
	}
	if _, err := os.Stat(file); err == nil {
		t.Error("the save file was written with the bot's secret card")
	}
}

// TestPlayLook checks the look command of Wings of Glory: each enemy's
// bearing, range and cones from the person's plane (issue 31 §4).
func TestPlayLook(t *testing.T) {
	out := playGame(t, wings.New(), "help\nlook\nquit\n", "wings", "--seed", "3", "--opt", "scenario=duel")
	wantAll(t, out, "  look       where each enemy lies", "Spitfire at (", "Emil ", " mm (", "out of every cone")
}
