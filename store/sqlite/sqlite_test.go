package sqlite_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"scramble/store"
	"scramble/store/internal/migrate"
	"scramble/store/sqlite"
	"scramble/store/storetest"
)

func TestConformance(t *testing.T) {
	dir := t.TempDir()
	var (
		mu    sync.Mutex
		paths = map[string]string{}
	)
	storetest.Run(t, func(t *testing.T) store.Store {
		mu.Lock()
		path, ok := paths[t.Name()]
		if !ok {
			path = filepath.Join(dir, strings.NewReplacer("/", "_").Replace(t.Name()), "scramble.db")
			paths[t.Name()] = path
		}
		mu.Unlock()
		s, err := sqlite.Open(t.Context(), path)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return s
	})
}

func TestOpenCreatesDirectoryAndIsIdempotent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "scramble.db")
	for range 3 {
		s, err := sqlite.Open(t.Context(), path)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		if s.Path() != path {
			t.Errorf("Path = %q, want %q", s.Path(), path)
		}
		if err := s.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
		if err := s.Close(); err != nil {
			t.Fatalf("second Close: %v", err)
		}
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	db := raw(t, path)
	var n int
	all, _ := migrate.SQLite()
	if err := db.QueryRow("SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil || n != len(all) {
		t.Errorf("schema_migrations holds %d rows (%v) after three opens, want one per migration, %d", n, err, len(all))
	}
	var mode string
	if err := db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal mode %q (%v), want wal", mode, err)
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scramble.db")
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := raw(t, path).Exec("INSERT INTO schema_migrations (version) VALUES (999)"); err != nil {
		t.Fatal(err)
	}
	_, err = sqlite.Open(t.Context(), path)
	if err == nil || !strings.Contains(err.Error(), "schema version 999 is newer than this program knows") {
		t.Fatalf("Open of a newer database: %v, want a 'newer' error", err)
	}
}

func TestOpenRefusesBadPaths(t *testing.T) {
	if s, err := sqlite.Open(t.Context(), ""); err == nil {
		s.Close()
		t.Errorf(`Open("") succeeded`)
	}
	if s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "a?b.db")); err == nil {
		s.Close()
		t.Errorf("Open of a path with '?' succeeded")
	}
	// A file that is not a database.
	junk := filepath.Join(t.TempDir(), "junk.db")
	if err := os.WriteFile(junk, []byte(strings.Repeat("not a database\n", 100)), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := sqlite.Open(t.Context(), junk); err == nil {
		s.Close()
		t.Errorf("Open of a junk file succeeded")
	}
}

// raw opens the file with plain database/sql for inspection.
func raw(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
