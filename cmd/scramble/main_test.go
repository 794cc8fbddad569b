package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/catalog"
	"scramble/games/tinybob"
)

// newTestApp returns the program as main builds it, with the test game nim
// beside the real catalog and no terminal.
func newTestApp() *app {
	return &app{
		games:    catalog.Of(tinybob.New(), nim{}),
		newBot:   bot.New,
		botNames: bot.Names(),
		stderr:   io.Discard,
	}
}

// scramble runs the program with args and stdin, and returns what it wrote to
// stdout.
func scramble(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := newTestApp().run(context.Background(), strings.NewReader(stdin), &out, args)
	return out.String(), err
}

// mustScramble is scramble for runs that must succeed.
func mustScramble(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	out, err := scramble(t, stdin, args...)
	if err != nil {
		t.Fatalf("scramble %s: %v\noutput:\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// wantAll fails t for each of wants that out does not contain.
func wantAll(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// wantUsageError fails t unless err is a usage error that mentions each of
// wants.
func wantUsageError(t *testing.T, err error, wants ...string) {
	t.Helper()
	var ue usageError
	if !errors.As(err, &ue) {
		t.Fatalf("want a usage error, got %v", err)
	}
	wantAll(t, err.Error(), wants...)
}

func TestHelpListsEveryCommand(t *testing.T) {
	out := mustScramble(t, "", "help")
	wantAll(t, out, "scramble games", "scramble rules", "scramble play", "scramble sim", "scramble replay", "scramble help",
		"-opt key=value", "-bot SPEC", "-workers", "-load FILE", "Games: nim, tinybob", "Bots:  greedy, idle, mcts, policy, random")
	wantAll(t, mustScramble(t, "", "help", "sim"), "Usage: scramble sim GAME -n N", "-csv FILE")
	wantAll(t, mustScramble(t, "", "play", "-h"), "Usage: scramble play GAME", "-seat")
	_, err := scramble(t, "")
	wantUsageError(t, err, "no command")
}

func TestUsageErrors(t *testing.T) {
	_, err := scramble(t, "", "fly")
	wantUsageError(t, err, `unknown command "fly"`, "play, sim")
	_, err = scramble(t, "", "rules", "bigbob")
	wantUsageError(t, err, `unknown game "bigbob"`, "nim, tinybob")
	_, err = scramble(t, "", "rules")
	wantUsageError(t, err, "rules needs a GAME")
	_, err = scramble(t, "", "sim", "tinybob", "--frobnicate")
	wantUsageError(t, err, "-frobnicate", "scramble help sim")
	_, err = scramble(t, "", "help", "fly")
	wantUsageError(t, err, `no help for "fly"`)
}

func TestExitCode(t *testing.T) {
	var buf bytes.Buffer
	for _, c := range []struct {
		err  error
		code int
	}{{nil, 0}, {errors.New("disk full"), 1}, {usagef("bad flag"), 2}} {
		buf.Reset()
		if got := exitCode(&buf, c.err); got != c.code {
			t.Errorf("exitCode(%v) = %d, want %d", c.err, got, c.code)
		}
		if c.err != nil && buf.String() != "scramble: "+c.err.Error()+"\n" {
			t.Errorf("exitCode(%v) printed %q", c.err, buf.String())
		}
	}
}

func TestGames(t *testing.T) {
	out := mustScramble(t, "", "games")
	wantAll(t, out, "tinybob", "Tiny Battle of Britain", "RAF", "nim", "First, Second")
}

// tinybobMatch starts the tinybob game that "play tinybob --seed seed" plays,
// rolled to the first decision.
func tinybobMatch(t *testing.T, seed uint64) *engine.Match {
	t.Helper()
	m, err := engine.NewMatch(tinybob.New(), nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.RollDice(); err != nil {
		t.Fatal(err)
	}
	return m
}
