// Package open opens the store a database URL names, SQLite or Postgres. It is
// apart from package store so that the contract does not import its
// implementations.
package open

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"scramble/store"
	"scramble/store/postgres"
	"scramble/store/sqlite"
)

// DefaultFile is the SQLite file's name in the data directory when no
// database URL is given.
const DefaultFile = "scramble.db"

// Kind is a kind of database.
type Kind string

// The kinds of database.
const (
	SQLite   Kind = "sqlite"
	Postgres Kind = "postgres"
)

// Open opens the store dbURL names:
//
//	""                           SQLite at dataDir/scramble.db
//	sqlite:///abs/path.db        SQLite at /abs/path.db
//	sqlite:rel/path.db           SQLite at rel/path.db (also sqlite://rel/path.db)
//	/any/path.db, rel/path.db    SQLite at that path
//	postgres://user:pw@host/db   Postgres (also postgresql://)
//
// Any other URL scheme is an error.
func Open(ctx context.Context, dbURL, dataDir string) (store.Store, error) {
	return openWith(ctx, dbURL, dataDir, sqlite.Open)
}

// OpenServing opens the store dbURL names for a server, as Open does, except
// that an SQLite file is opened with sqlite.OpenServing: a second server on
// the same file is refused with sqlite.ErrInUse. Postgres takes any number of
// servers.
func OpenServing(ctx context.Context, dbURL, dataDir string) (store.Store, error) {
	return openWith(ctx, dbURL, dataDir, sqlite.OpenServing)
}

// openWith opens Postgres, or SQLite with openSQLite.
func openWith(ctx context.Context, dbURL, dataDir string, openSQLite func(context.Context, string) (*sqlite.Store, error)) (store.Store, error) {
	kind, target, err := Parse(dbURL, dataDir)
	if err != nil {
		return nil, err
	}
	if kind == Postgres {
		return postgres.Open(ctx, target)
	}
	st, err := openSQLite(ctx, target)
	if err != nil {
		return nil, err // not a typed nil in the interface
	}
	return st, nil
}

var (
	scheme   = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*):`)
	keyValue = regexp.MustCompile(`^\s*[A-Za-z_]+\s*=`)
)

// Parse says which kind of database dbURL names and what to open: a file path
// for SQLite, the URL itself for Postgres.
func Parse(dbURL, dataDir string) (Kind, string, error) {
	if dbURL == "" {
		if dataDir == "" {
			return "", "", errors.New("store: no database URL and no data directory given")
		}
		return SQLite, filepath.Join(dataDir, DefaultFile), nil
	}
	m := scheme.FindStringSubmatch(dbURL)
	if m == nil || len(m[1]) == 1 { // one letter: a Windows drive, "C:\..."
		if keyValue.MatchString(dbURL) {
			return "", "", errors.New("store: the database URL looks like a Postgres key=value string; give a postgres:// URL instead")
		}
		return SQLite, dbURL, nil
	}
	switch strings.ToLower(m[1]) {
	case "postgres", "postgresql":
		if !strings.HasPrefix(dbURL[len(m[0]):], "//") {
			return "", "", fmt.Errorf("store: database URL %s:... must start with %s://", m[1], m[1])
		}
		return Postgres, dbURL, nil
	case "sqlite", "sqlite3":
		path := strings.TrimPrefix(dbURL[len(m[0]):], "//")
		if path == "" {
			return "", "", fmt.Errorf("store: database URL %q names no file", dbURL)
		}
		return SQLite, path, nil
	}
	return "", "", fmt.Errorf("store: database URL scheme %q is not supported: use sqlite:///path/to/file.db, a file path, or postgres://user:password@host:port/database", m[1])
}
