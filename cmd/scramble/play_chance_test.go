package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"scramble/bot"
	"scramble/games/catalog"
	"scramble/games/squadron"
)

// TestPlayChanceTextNotShown checks that the terminal never prints a chance
// outcome's own text, which may name a secret (303 Squadron deals combat cards
// into each pilot's hand, which only that pilot sees): the game's events,
// public by contract, tell what the draws did.
func TestPlayChanceTextNotShown(t *testing.T) {
	a := &app{games: catalog.Of(squadron.New()), newBot: bot.New, botNames: bot.Names(), stderr: io.Discard}
	var out bytes.Buffer
	script := strings.Repeat("1\n", 30) + "quit\n"
	if err := a.run(context.Background(), strings.NewReader(script), &out, []string{"play", "squadron", "--seed", "4", "--opt", "players=2"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "You play") {
		t.Fatalf("no game was played:\n%s", out.String())
	}
	if strings.Contains(out.String(), "dice: ") || strings.Contains(out.String(), "deal ") {
		t.Fatalf("a chance outcome's text is printed:\n%s", out.String())
	}
}
