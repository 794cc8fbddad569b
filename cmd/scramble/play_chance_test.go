package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/catalog"
	"scramble/games/squadron"
)

// playGame runs "scramble play" with args on a catalog of game g alone,
// reading script as the person's input, and returns what it printed.
func playGame(t *testing.T, g engine.Game, script string, args ...string) string {
	t.Helper()
	a := &app{games: catalog.Of(g), newBot: bot.New, botNames: bot.Names(), stderr: io.Discard}
	var out bytes.Buffer
	if err := a.run(context.Background(), strings.NewReader(script), &out, append([]string{"play"}, args...)); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestPlayChanceTextNotShown checks that the terminal never prints a chance
// outcome's own text, which may name a secret (303 Squadron deals combat cards
// into each pilot's hand, which only that pilot sees): the game's events,
// public by contract, tell what the draws did.
func TestPlayChanceTextNotShown(t *testing.T) {
	out := playGame(t, squadron.New(), strings.Repeat("1\n", 30)+"quit\n", "squadron", "--seed", "4", "--opt", "players=2")
	if !strings.Contains(out, "You play") {
		t.Fatalf("no game was played:\n%s", out)
	}
	if strings.Contains(out, "dice: ") || strings.Contains(out, "deal ") {
		t.Fatalf("a chance outcome's text is printed:\n%s", out)
	}
}
