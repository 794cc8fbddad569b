// Package pgtest gives tests a PostgreSQL server to run against: the one named
// by the environment variable SCRAMBLE_TEST_POSTGRES, with a fresh schema for
// each test so runs never see each other's data.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnvURL is the environment variable that holds the test server's URL.
const EnvURL = "SCRAMBLE_TEST_POSTGRES"

// URL returns the test server's URL. When none is set the test is skipped,
// except under CI (CI=true), where it fails: CI must never skip the Postgres
// tests silently.
func URL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(EnvURL)
	if u != "" {
		return u
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not set and CI=true: CI must run the Postgres tests (start a server with .ci/postgres.sh and source the file it writes)", EnvURL)
	}
	t.Skipf("%s is not set: skipping the Postgres tests (run .ci/postgres.sh, then export the URL it prints)", EnvURL)
	return ""
}

// Fresh creates a new, empty schema on the server at base and returns base
// with its search_path set to that schema. The schema is dropped when t ends.
func Fresh(t testing.TB, base string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s is not a URL: %v", EnvURL, err)
	}
	var b [6]byte
	rand.Read(b[:])
	schema := fmt.Sprintf("scramble_test_%s_%s", time.Now().UTC().Format("20060102150405"), hex.EncodeToString(b[:]))
	admin(t, base, "CREATE SCHEMA "+schema)
	t.Cleanup(func() { admin(t, base, "DROP SCHEMA "+schema+" CASCADE") })
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// admin runs one statement on its own connection.
func admin(t testing.TB, base, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connect to the test server: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}
