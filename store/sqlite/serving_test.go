package sqlite_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"scramble/store/sqlite"
)

// Two servers on one SQLite file: the second is refused with a clear error
// while the first serves, and may open once the first has closed
// (docs/deploy.md: SQLite is for one process). flock locks belong to the
// open file, so two opens in one test process conflict as two processes do.
func TestOpenServingRefusesASecondServer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	first, err := sqlite.OpenServing(t.Context(), path)
	if err != nil {
		t.Fatalf("first OpenServing: %v", err)
	}
	second, err := sqlite.OpenServing(t.Context(), path)
	if err == nil {
		second.Close()
		t.Fatal("a second OpenServing on the same file succeeded")
	}
	if !errors.Is(err, sqlite.ErrInUse) || !strings.Contains(err.Error(), "Postgres") {
		t.Errorf("second OpenServing: %v; want ErrInUse and a pointer to Postgres", err)
	}
	// Plain Open (a replay, a test) still shares the file.
	reader, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatalf("Open beside a server: %v", err)
	}
	reader.Close()
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := sqlite.OpenServing(t.Context(), path)
	if err != nil {
		t.Fatalf("OpenServing after the first server closed: %v", err)
	}
	again.Close()
}
