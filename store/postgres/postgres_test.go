package postgres_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"scramble/store"
	"scramble/store/internal/migrate"
	"scramble/store/postgres"
	"scramble/store/postgres/pgtest"
	"scramble/store/storetest"
)

func TestConformance(t *testing.T) {
	base := pgtest.URL(t)
	var (
		mu   sync.Mutex
		urls = map[string]string{}
	)
	storetest.Run(t, func(t *testing.T) store.Store {
		mu.Lock()
		u, ok := urls[t.Name()]
		if !ok {
			u = pgtest.Fresh(t, base)
			urls[t.Name()] = u
		}
		mu.Unlock()
		s, err := postgres.Open(t.Context(), u)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return s
	})
}

func TestOpenIsIdempotent(t *testing.T) {
	u := pgtest.Fresh(t, pgtest.URL(t))
	for range 3 {
		s, err := postgres.Open(t.Context(), u)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		s.Close()
		s.Close()
	}
	all, _ := migrate.Postgres()
	if n := count(t, u, "SELECT COUNT(*) FROM schema_migrations"); n != len(all) {
		t.Errorf("schema_migrations holds %d rows after three opens, want one per migration, %d", n, len(all))
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	u := pgtest.Fresh(t, pgtest.URL(t))
	s, err := postgres.Open(t.Context(), u)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	count(t, u, "WITH i AS (INSERT INTO schema_migrations (version) VALUES (999) RETURNING 1) SELECT COUNT(*) FROM i")
	_, err = postgres.Open(t.Context(), u)
	if err == nil || !strings.Contains(err.Error(), "schema version 999 is newer than this program knows") {
		t.Fatalf("Open of a newer database: %v, want a 'newer' error", err)
	}
}

func TestOpenErrorHidesPassword(t *testing.T) {
	// Nothing listens on port 1.
	_, err := postgres.Open(t.Context(), "postgres://scramble:sekrit@127.0.0.1:1/scramble?connect_timeout=2")
	if err == nil {
		t.Fatal("Open of a closed port succeeded")
	}
	if strings.Contains(err.Error(), "sekrit") {
		t.Errorf("the error shows the password: %v", err)
	}
}

// count runs a query that returns one number.
func count(t *testing.T, u, sql string) int {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	var n int
	if err := conn.QueryRow(t.Context(), sql).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}
