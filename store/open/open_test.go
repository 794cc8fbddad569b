package open

import (
	"path/filepath"
	"strings"
	"testing"

	"scramble/store"
	"scramble/store/postgres/pgtest"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		url, dir string
		kind     Kind
		target   string
	}{
		{"", "/var/lib/scramble", SQLite, "/var/lib/scramble/scramble.db"},
		{"", "data", SQLite, "data/scramble.db"},
		{"sqlite:///srv/s.db", "x", SQLite, "/srv/s.db"},
		{"sqlite://rel/s.db", "x", SQLite, "rel/s.db"},
		{"sqlite:rel/s.db", "x", SQLite, "rel/s.db"},
		{"SQLite3:///s.db", "", SQLite, "/s.db"},
		{"/srv/s.db", "", SQLite, "/srv/s.db"},
		{"s.db", "", SQLite, "s.db"},
		{"./dir:with/colon.db", "", SQLite, "./dir:with/colon.db"},
		{`C:\games\s.db`, "", SQLite, `C:\games\s.db`},
		{"postgres://u:p@localhost:5432/db?sslmode=disable", "", Postgres, "postgres://u:p@localhost:5432/db?sslmode=disable"},
		{"postgresql://localhost/db", "", Postgres, "postgresql://localhost/db"},
	} {
		kind, target, err := Parse(tt.url, tt.dir)
		if err != nil || kind != tt.kind || target != tt.target {
			t.Errorf("Parse(%q, %q) = %s %q %v; want %s %q", tt.url, tt.dir, kind, target, err, tt.kind, tt.target)
		}
	}
	for _, bad := range []string{
		"mysql://u@host/db", "https://example.com/db", "postgres:db", "sqlite://", "sqlite:",
		"host=localhost dbname=scramble",
	} {
		if kind, target, err := Parse(bad, "data"); err == nil {
			t.Errorf("Parse(%q) = %s %q, want an error", bad, kind, target)
		} else if !strings.HasPrefix(err.Error(), "store: ") {
			t.Errorf("Parse(%q) error %q does not say it is the store's", bad, err)
		}
	}
	if _, _, err := Parse("", ""); err == nil {
		t.Errorf(`Parse("", "") succeeded`)
	}
}

func TestOpenSQLite(t *testing.T) {
	dir := t.TempDir()
	for _, u := range []string{"", "sqlite://" + filepath.Join(dir, "other.db"), filepath.Join(dir, "third.db")} {
		s, err := Open(t.Context(), u, filepath.Join(dir, "data"))
		if err != nil {
			t.Fatalf("Open(%q): %v", u, err)
		}
		roundTrip(t, s)
	}
}

func TestOpenPostgres(t *testing.T) {
	u := pgtest.Fresh(t, pgtest.URL(t))
	s, err := Open(t.Context(), u, t.TempDir())
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	roundTrip(t, s)
}

// roundTrip checks the store stores, then closes it.
func roundTrip(t *testing.T, s store.Store) {
	t.Helper()
	defer s.Close()
	if err := s.Create(t.Context(), &store.Match{ID: "m", Game: "tinybob", Seed: 1<<64 - 1}); err != nil {
		t.Fatal(err)
	}
	if m, err := s.Get(t.Context(), "m"); err != nil || m.Seed != 1<<64-1 {
		t.Fatalf("Get = %+v, %v", m, err)
	}
}
