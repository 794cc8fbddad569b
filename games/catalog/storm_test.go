package catalog_test

import (
	"os"
	"strconv"
	"testing"
	"time"

	"scramble/engine/enginetest"
	"scramble/games/catalog"
)

// TestIllegalActionStorm throws random illegal actions (action numbers no
// seat may take, legal actions sent by the wrong seat, garbage and mangled
// text) at states of every game of the catalog reached by random play: each
// must be refused with an *engine.IllegalError, change nothing and not
// panic. By default it tries 20,000 per game; SCRAMBLE_STORM=N tries N in
// total, shared among the games (docs/robustness.md records a run of a
// million):
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
		start := time.Now()
		rep, err := enginetest.Storm(g, enginetest.StormConfig{Seed: uint64(i + 1), Attempts: per})
		if err != nil {
			t.Fatal(err)
		}
		total += rep.Attempts
		t.Logf("%s: %d illegal actions refused (%d numbers, %d wrong seats, %d texts) at %d states of %d games in %s",
			name, rep.Attempts, rep.ByKind["number"], rep.ByKind["seat"], rep.ByKind["text"], rep.States, rep.Games,
			time.Since(start).Round(time.Millisecond))
	}
	t.Logf("%d illegal actions over %d games", total, len(names))
}
