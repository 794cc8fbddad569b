package sqlite_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"scramble/engine"
	"scramble/store"
	"scramble/store/sqlite"
)

// TestTwoStoresOneFile has two Store values on one file, as two programs would
// have, append to one match at once: the file lock and busy timeout must turn
// every lost race into ErrConflict, never SQLITE_BUSY.
func TestTwoStoresOneFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scramble.db")
	var stores [2]*sqlite.Store
	for i := range stores {
		s, err := sqlite.Open(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores[i] = s
	}
	if err := stores[0].Create(t.Context(), &store.Match{ID: "m", Game: "tinybob"}); err != nil {
		t.Fatal(err)
	}
	const target = 40
	var (
		mu   sync.Mutex
		wins int
		wg   sync.WaitGroup
	)
	for g := range 6 {
		s := stores[g%2]
		wg.Go(func() {
			for {
				m, err := s.Get(t.Context(), "m")
				if err != nil {
					t.Errorf("Get: %v", err)
					return
				}
				if m.Version >= target {
					return
				}
				mv := []engine.Move{{Seat: 0, Text: fmt.Sprintf("g%d v%d", g, m.Version)}}
				err = s.Append(t.Context(), "m", m.Version, mv, "d", nil)
				if err != nil && !errors.Is(err, store.ErrConflict) {
					t.Errorf("Append: %v", err)
					return
				}
				if err == nil {
					mu.Lock()
					wins++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	moves, err := stores[1].Moves(t.Context(), "m")
	if err != nil {
		t.Fatal(err)
	}
	if wins != target || len(moves) != target {
		t.Errorf("%d wins and %d moves, want %d of each", wins, len(moves), target)
	}
}
