package postgres_test

import (
	"testing"

	"github.com/jackc/pgx/v5"

	"scramble/store/internal/migrate"
	"scramble/store/postgres"
	"scramble/store/postgres/pgtest"
	"scramble/store/storetest"
)

// TestUpgradeFromVersion1 opens a database made by a program that knew only
// migration 1, with a match in it: migration 2 adds the public column, and
// the old match reads back unlisted, so the lobby does not show it.
func TestUpgradeFromVersion1(t *testing.T) {
	u := pgtest.Fresh(t, pgtest.URL(t))
	all, err := migrate.Postgres()
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(t.Context(), u)
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		"CREATE TABLE schema_migrations (version integer NOT NULL PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())",
		all[0].SQL,
		"INSERT INTO schema_migrations (version) VALUES (1)",
		`INSERT INTO matches (id, game, options, seed, spectator_hash, created, updated, version, dice, result)
			VALUES ('old', 'tinybob', '{}', 7, 'h', now(), now(), 0, 'd', NULL)`,
	} {
		if _, err := conn.Exec(t.Context(), stmt); err != nil {
			t.Fatalf("%.40s: %v", stmt, err)
		}
	}
	conn.Close(t.Context())

	s, err := postgres.Open(t.Context(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	storetest.CheckUpgradedMatch(t, s, "old")
}
