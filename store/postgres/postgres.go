// Package postgres is the store on a PostgreSQL server, for deployments that
// already run one or want a database apart from the program. It uses
// github.com/jackc/pgx/v5 with its connection pool.
//
// Every write is one transaction committed with synchronous_commit on (unless
// the URL sets it), so it is durable when acknowledged. Appends are guarded by
// a conditional UPDATE of the match row: the row lock makes concurrent Appends
// at the same version wait for each other, and all but the first find the
// version moved on and return store.ErrConflict.
package postgres

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"sync"

	"github.com/jackc/pgx/v5/pgxpool"

	"scramble/store"
)

// Store is a store.Store on a PostgreSQL database.
type Store struct {
	pool *pgxpool.Pool
	name string // the database, for messages (no password)
	// channel is the NOTIFY channel of this schema's changes.
	channel string

	closeOnce sync.Once
}

var _ store.Store = (*Store)(nil)

// Open connects to the database at url (postgres://user:password@host:port/db?...)
// and brings its schema up to date. Its tables go in the first schema of the
// connection's search_path, which the URL may set (?search_path=name). It
// refuses a database whose schema is newer than this program knows.
func Open(ctx context.Context, url string) (*Store, error) {
	name := redact(url)
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres %s: %w", name, err)
	}
	if _, set := cfg.ConnConfig.RuntimeParams["synchronous_commit"]; !set {
		cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "on"
	}
	cfg.ConnConfig.RuntimeParams["application_name"] = "scramble"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres %s: %w", name, err)
	}
	s := &Store{pool: pool, name: name}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: open postgres %s: %w", name, err)
	}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: open postgres %s: %w", name, err)
	}
	var schema string
	if err := pool.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: open postgres %s: reading the schema: %w", name, err)
	}
	s.channel = channelOf(schema)
	return s, nil
}

// Close closes the connection pool. It is safe to call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(s.pool.Close)
	return nil
}

// log reports a fault the store recovers from by itself.
func (s *Store) log(format string, args ...any) {
	slog.Warn(fmt.Sprintf(format, args...), "database", s.name)
}

// redact returns the URL without its password, for messages.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return "(database URL)"
	}
	return u.Redacted()
}
