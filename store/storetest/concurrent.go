package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"scramble/engine"
	"scramble/store"
)

// Sizes of the concurrency tests: small enough for a 2-core machine and a
// store that syncs every commit to disk.
const (
	writers       = 8  // goroutines appending to one match
	targetVersion = 60 // they stop once the match reaches it
	racers        = 12 // goroutines appending at the very same version
	races         = 5
)

// win is one successful Append.
type win struct {
	from  int
	moves []engine.Move
}

// testConcurrentAppends has many goroutines append to one match, each reading
// the version and appending from it, retrying on conflict, while another reads.
// Every version must be won exactly once, no move may be lost, and the only
// error allowed is ErrConflict.
func testConcurrentAppends(t *testing.T, open Opener) {
	s := get(t, open)
	m := sample("m-busy", base)
	mustCreate(t, s, m)

	var (
		mu        sync.Mutex
		wins      = map[int]win{}
		conflicts int
		wg        sync.WaitGroup
		stop      = make(chan struct{})
	)
	for g := range writers {
		wg.Go(func() {
			for {
				cur, err := s.Get(ctx(t), m.ID)
				if err != nil {
					t.Errorf("writer %d: Get: %v", g, err)
					return
				}
				if cur.Version >= targetVersion {
					return
				}
				batch := moves(fmt.Sprintf("g%d", g), cur.Version, 1+g%2)
				err = s.Append(ctx(t), m.ID, cur.Version, batch, fmt.Sprintf("dice-%d", cur.Version+len(batch)), nil)
				mu.Lock()
				switch {
				case err == nil:
					if prev, ok := wins[cur.Version]; ok {
						t.Errorf("version %d won twice: by %v and by %v", cur.Version, prev.moves, batch)
					}
					wins[cur.Version] = win{cur.Version, batch}
				case errors.Is(err, store.ErrConflict):
					conflicts++
				default:
					t.Errorf("writer %d: Append: %v", g, err)
					mu.Unlock()
					return
				}
				mu.Unlock()
			}
		})
	}
	// A reader checks that no read sees a version without its moves.
	var rg sync.WaitGroup
	rg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			cur, err := s.Get(ctx(t), m.ID)
			if err != nil {
				t.Errorf("reader: Get: %v", err)
				return
			}
			ms, err := s.Moves(ctx(t), m.ID)
			if err != nil {
				t.Errorf("reader: Moves: %v", err)
				return
			}
			if len(ms) < cur.Version {
				t.Errorf("reader: version %d but only %d moves", cur.Version, len(ms))
			}
		}
	})
	wg.Wait()
	close(stop)
	rg.Wait()

	// The wins must chain from version 0 to the final version.
	var want []engine.Move
	for v := 0; v < targetVersion; {
		w, ok := wins[v]
		if !ok {
			t.Fatalf("no Append won at version %d", v)
		}
		want = append(want, w.moves...)
		v += len(w.moves)
	}
	if len(want) != len(mustMoves(t, s, m.ID)) || len(wins) == 0 {
		t.Errorf("%d wins hold %d moves; the store has %d", len(wins), len(want), len(mustMoves(t, s, m.ID)))
	}
	sameMoves(t, "Moves after concurrent appends", mustMoves(t, s, m.ID), want)
	got := mustGet(t, s, m.ID)
	if got.Version != len(want) || got.Dice != fmt.Sprintf("dice-%d", len(want)) {
		t.Errorf("final version %d dice %q, want %d and dice-%d", got.Version, got.Dice, len(want), len(want))
	}
	t.Logf("%d appends won, %d conflicted", len(wins), conflicts)
}

// testRacingAppends starts many Appends at the same version at once: exactly
// one must win and the rest must get ErrConflict.
func testRacingAppends(t *testing.T, open Opener) {
	s := get(t, open)
	m := sample("m-race", base)
	mustCreate(t, s, m)
	for round := range races {
		var (
			start = make(chan struct{})
			errs  = make([]error, racers)
			wg    sync.WaitGroup
		)
		for g := range racers {
			wg.Go(func() {
				<-start
				errs[g] = s.Append(ctx(t), m.ID, round, moves(fmt.Sprintf("r%d", g), round, 1), "d", nil)
			})
		}
		close(start)
		wg.Wait()
		won := 0
		for g, err := range errs {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, store.ErrConflict):
				t.Errorf("round %d, racer %d: %v, want nil or ErrConflict", round, g, err)
			}
		}
		if won != 1 {
			t.Fatalf("round %d: %d of %d racing Appends won, want exactly 1", round, won, racers)
		}
	}
	if got := mustGet(t, s, m.ID).Version; got != races {
		t.Errorf("version %d after %d races, want %d", got, races, races)
	}
	if got := len(mustMoves(t, s, m.ID)); got != races {
		t.Errorf("%d moves after %d races, want %d", got, races, races)
	}
}
