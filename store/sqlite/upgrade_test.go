package sqlite_test

import (
	"testing"

	"scramble/store/internal/migrate"
	"scramble/store/sqlite"
	"scramble/store/storetest"
)

// TestUpgradeFromVersion1 opens a database made by a program that knew only
// migration 1, with a match in it: migration 2 adds the public column, and
// the old match reads back unlisted (nobody chose to list it), so the lobby
// does not show it.
func TestUpgradeFromVersion1(t *testing.T) {
	all, err := migrate.SQLite()
	if err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/old.db"
	db := raw(t, path)
	for _, stmt := range []string{
		"CREATE TABLE schema_migrations (version INTEGER NOT NULL PRIMARY KEY, applied TEXT NOT NULL DEFAULT '') STRICT",
		all[0].SQL,
		"INSERT INTO schema_migrations (version) VALUES (1)",
		`INSERT INTO matches (id, game, options, seed, spectator_hash, created, updated, version, dice, result)
			VALUES ('old', 'tinybob', '{}', 7, 'h', 1000000, 1000000, 0, 'd', NULL)`,
	} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("%.40s: %v", stmt, err)
		}
	}
	db.Close()

	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	storetest.CheckUpgradedMatch(t, s, "old")
}
