package catalog_test

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"scramble/engine"
	"scramble/engine/enginetest"
	"scramble/games/catalog"
)

// TestIllegalActionStorm throws random illegal actions (action numbers no
// seat may take, legal actions sent by the wrong seat, garbage and mangled
// text) at states of every game of the catalog reached by random play: each
// must be refused with an *engine.IllegalError, change nothing and not
// panic. Each game is stormed with its default options and with every other
// value of its choice and yes/no options (so The Battle of Britain—Again!
// is stormed with a Luftwaffe seat too), the attempts shared among them. By
// default it tries 20,000 per game; SCRAMBLE_STORM=N tries N in total,
// shared among the games (docs/robustness.md records a run of a million):
//
//	SCRAMBLE_STORM=1000000 go test ./games/catalog -run TestIllegalActionStorm -v
func TestIllegalActionStorm(t *testing.T) {
	c := catalog.New()
	names := c.Names()
	per := 20_000
	if v := os.Getenv("SCRAMBLE_STORM"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("SCRAMBLE_STORM=%q: want a positive number of attempts", v)
		}
		per = (n + len(names) - 1) / len(names)
	}
	total := 0
	for i, name := range names {
		g, _ := c.Lookup(name)
		variants := optionVariants(g)
		for j, opts := range variants {
			start := time.Now()
			attempts := per / len(variants)
			if j == 0 {
				attempts += per % len(variants)
			}
			rep, err := enginetest.Storm(g, enginetest.StormConfig{Options: opts, Seed: uint64(100*i + j + 1), Attempts: attempts})
			if err != nil {
				t.Fatalf("options %s: %v", optionText(opts), err)
			}
			total += rep.Attempts
			t.Logf("%s (%s): %d illegal actions refused (%d numbers, %d wrong seats, %d texts) at %d states of %d games in %s",
				name, optionText(opts), rep.Attempts, rep.ByKind["number"], rep.ByKind["seat"], rep.ByKind["text"], rep.States, rep.Games,
				time.Since(start).Round(time.Millisecond))
		}
	}
	t.Logf("%d illegal actions over %d games", total, len(names))
}

// optionVariants returns the game's default options (nil) and one set for
// each other value of each of its choice and yes/no options.
func optionVariants(g engine.Game) []engine.Options {
	out := []engine.Options{nil}
	for _, spec := range g.Options() {
		var values []string
		switch spec.Kind {
		case engine.ChoiceOption:
			values = spec.Choices
		case engine.BoolOption:
			values = []string{"true", "false"}
		}
		for _, v := range values {
			if v != spec.Default {
				out = append(out, engine.Options{spec.Name: v})
			}
		}
	}
	return out
}

// optionText prints options as name=value, or "default options".
func optionText(opts engine.Options) string {
	if len(opts) == 0 {
		return "default options"
	}
	parts := make([]string, 0, len(opts))
	for k, v := range opts {
		parts = append(parts, k+"="+v)
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}
