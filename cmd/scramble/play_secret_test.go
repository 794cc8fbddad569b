package main

import (
	"regexp"
	"strings"
	"testing"

	"scramble/games/midway"
)

// TestPlayBotSecretsHidden checks, on Battle of Midway, that a bot's choice
// at a simultaneous node (the secret Initiative bid, 2.4.2) is not printed
// before the game reveals it: the person playing Japan sees that the US bid,
// not how much.
func TestPlayBotSecretsHidden(t *testing.T) {
	out := playGame(t, midway.New(), strings.Repeat("1\n", 6)+"quit\n", "midway", "--seed", "3", "--seat", "1")
	if !regexp.MustCompile(`US \(random\):[^\n]*\(a secret choice\)`).MatchString(out) {
		t.Fatalf("the bot's secret bid is not marked secret:\n%s", out)
	}
	if regexp.MustCompile(`US \(random\):[^\n]*bid \d`).MatchString(out) {
		t.Errorf("the bot's secret bid is printed:\n%s", out)
	}
}
