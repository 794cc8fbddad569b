package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"scramble/bot"
	"scramble/games/catalog"
	"scramble/games/midway"
)

// TestPlayBotSecretsHidden checks that a bot's choice at a simultaneous node
// (Battle of Midway's secret Initiative bid, 2.4.2) is not printed before the
// game reveals it: the person playing Japan sees that the US bid, not how
// much.
func TestPlayBotSecretsHidden(t *testing.T) {
	a := &app{games: catalog.Of(midway.New()), newBot: bot.New, botNames: bot.Names(), stderr: io.Discard}
	var out bytes.Buffer
	script := strings.Repeat("1\n", 6) + "quit\n"
	if err := a.run(context.Background(), strings.NewReader(script), &out, []string{"play", "midway", "--seed", "3", "--seat", "1"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "US (random): (chosen in secret)") {
		t.Fatalf("the bot's secret bid is not marked secret:\n%s", out.String())
	}
	if strings.Contains(out.String(), "US (random): bid") {
		t.Errorf("the bot's secret bid is printed:\n%s", out.String())
	}
}
