package main

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"strings"
	"testing"

	"scramble/bot"
	"scramble/games/catalog"
	"scramble/games/midway"
)

// TestPlayBotSecretsHidden checks, on Battle of Midway, that a bot's choice
// at a simultaneous node (the secret Initiative bid, 2.4.2) is not printed
// before the game reveals it: the person playing Japan sees that the US bid,
// not how much.
func TestPlayBotSecretsHidden(t *testing.T) {
	a := &app{games: catalog.Of(midway.New()), newBot: bot.New, botNames: bot.Names(), stderr: io.Discard}
	var out bytes.Buffer
	script := strings.Repeat("1\n", 6) + "quit\n"
	if err := a.run(context.Background(), strings.NewReader(script), &out, []string{"play", "midway", "--seed", "3", "--seat", "1"}); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`US \(random\):[^\n]*\(a secret choice\)`).MatchString(out.String()) {
		t.Fatalf("the bot's secret bid is not marked secret:\n%s", out.String())
	}
	if regexp.MustCompile(`US \(random\):[^\n]*bid \d`).MatchString(out.String()) {
		t.Errorf("the bot's secret bid is printed:\n%s", out.String())
	}
}
