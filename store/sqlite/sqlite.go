// Package sqlite is the store on an embedded SQLite database, the default: one
// file, nothing to install or run. It uses modernc.org/sqlite, SQLite compiled
// to pure Go, so the program builds without cgo.
//
// The database runs in WAL mode with synchronous=FULL, so a write is on disk
// before it is acknowledged, and with foreign keys on. All writes go through
// one connection, owned by one goroutine, the writer: concurrent writes queue
// to it and it commits all those pending in one transaction, with one fsync
// (group commit), before it answers any of them. They queue in the program
// instead of failing with SQLITE_BUSY. Reads use a small pool of read-only
// connections and run beside the writer. The WAL is checkpointed by a
// background goroutine on a connection of its own, never inside a write.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver

	"scramble/store"
)

// BusyTimeout is how long, in milliseconds, a connection waits for a lock held
// by another process (or a checkpoint) before it gives up.
const BusyTimeout = 10000

// readers is the size of the read connection pool.
const readers = 4

// Store is a store.Store on a SQLite file.
type Store struct {
	path string
	w    *sql.DB // the single writer connection, owned by wr once open
	r    *sql.DB // read-only connections
	c    *sql.DB // the checkpointer's connection

	wr    *writer
	ck    *checkpointer
	stats stats

	// unlock releases the lock OpenServing took; nil for Open.
	unlock func() error

	closeOnce sync.Once
	closeErr  error
}

var _ store.Store = (*Store)(nil)

// prepare checks path, makes it absolute and creates its directory.
func prepare(path string) (string, error) {
	if path == "" {
		return "", errors.New("store: open sqlite: no file path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("store: open sqlite %s: %w", path, err)
	}
	if strings.Contains(abs, "?") {
		return "", fmt.Errorf("store: open sqlite %s: the path must not contain '?'", path)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return "", fmt.Errorf("store: open sqlite %s: %w", abs, err)
	}
	return abs, nil
}

// Open opens the SQLite database at path, creating the file and its directory
// when missing, and brings its schema up to date. It refuses a database whose
// schema is newer than this program knows.
func Open(ctx context.Context, path string) (*Store, error) {
	abs, err := prepare(path)
	if err != nil {
		return nil, err
	}
	s := &Store{path: abs}
	// Pragmas run on every new connection. _txlock=immediate makes every
	// write transaction take the write lock at BEGIN, so a transaction never
	// has to upgrade a read lock (which would fail at once with SQLITE_BUSY).
	common := fmt.Sprintf("_pragma=busy_timeout(%d)&_pragma=foreign_keys(1)", BusyTimeout)
	// The writer never checkpoints (wal_autocheckpoint=0): the checkpointer
	// does, so that no write waits for a checkpoint.
	s.w, err = sql.Open("sqlite", abs+"?"+common+
		"&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=wal_autocheckpoint(0)&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite %s: %w", abs, err)
	}
	s.w.SetMaxOpenConns(1)
	s.w.SetMaxIdleConns(1)
	s.w.SetConnMaxLifetime(0)
	s.w.SetConnMaxIdleTime(0)
	if err := s.setUp(ctx); err != nil {
		s.w.Close()
		return nil, fmt.Errorf("store: open sqlite %s: %w", abs, err)
	}
	s.r, err = sql.Open("sqlite", abs+"?"+common+"&_pragma=query_only(1)")
	if err != nil {
		s.w.Close()
		return nil, fmt.Errorf("store: open sqlite %s: %w", abs, err)
	}
	s.r.SetMaxOpenConns(readers)
	s.r.SetMaxIdleConns(readers)
	// The checkpointer gives up at once on a lock (busy_timeout 0), so that
	// it never holds the write lock while it waits for readers.
	s.c, err = sql.Open("sqlite", abs+"?_pragma=busy_timeout(0)&_pragma=synchronous(FULL)")
	if err != nil {
		s.r.Close()
		s.w.Close()
		return nil, fmt.Errorf("store: open sqlite %s: %w", abs, err)
	}
	s.c.SetMaxOpenConns(1)
	s.c.SetMaxIdleConns(1)
	s.c.SetConnMaxLifetime(0)
	s.c.SetConnMaxIdleTime(0)
	t := defaultTuning
	s.wr, err = newWriter(ctx, s.w, t, &s.stats)
	if err != nil {
		s.c.Close()
		s.r.Close()
		s.w.Close()
		return nil, fmt.Errorf("store: open sqlite %s: %w", abs, err)
	}
	s.ck = newCheckpointer(s.c, s.wr, t, &s.stats)
	return s, nil
}

// setUp checks the durability settings took and applies pending migrations.
func (s *Store) setUp(ctx context.Context) error {
	var mode string
	if err := s.w.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		return err
	}
	if !strings.EqualFold(mode, "wal") {
		return fmt.Errorf("journal mode is %q, not WAL (is the file on a file system without shared memory?)", mode)
	}
	var level int
	if err := s.w.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&level); err != nil {
		return err
	}
	if level != 2 {
		return fmt.Errorf("synchronous is %d, not FULL (2)", level)
	}
	return s.migrate(ctx)
}

// Path is the database file's absolute path.
func (s *Store) Path() string { return s.path }

// Close closes the database. Writes already asked for are committed and
// answered first; writes asked for after Close began fail with ErrClosed.
// It is safe to call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		werr := s.wr.close()
		s.ck.close()
		// The writer's connection closes last: the last connection to
		// close checkpoints the WAL and removes it.
		s.closeErr = errors.Join(werr, s.c.Close(), s.r.Close(), s.w.Close())
		if s.unlock != nil {
			s.closeErr = errors.Join(s.closeErr, s.unlock())
		}
		if s.closeErr != nil {
			s.closeErr = fmt.Errorf("store: close sqlite %s: %w", s.path, s.closeErr)
		}
	})
	return s.closeErr
}
