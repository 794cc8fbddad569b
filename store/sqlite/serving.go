package sqlite

import (
	"context"
	"errors"
	"fmt"

	"github.com/gofrs/flock"
)

// ErrInUse means another process serves the SQLite file already.
var ErrInUse = errors.New("another process is serving this SQLite file")

// OpenServing opens the database at path for a server, which must be the
// only one on the file: it first takes an exclusive lock on path+".lock"
// (flock on Unix, LockFileEx on Windows, through github.com/gofrs/flock) and
// fails with ErrInUse if another process holds it. The operating system
// drops the lock when the process ends, however it ends, so a crashed server
// never leaves a stale lock behind. Close releases it.
//
// Open alone takes no lock: tools that only read (replay) and tests may
// share the file, since SQLite's own locking keeps it consistent. What one
// process must not share is the matches in memory, which is why serving
// takes the lock; several servers need Postgres (docs/deploy.md).
func OpenServing(ctx context.Context, path string) (*Store, error) {
	abs, err := prepare(path)
	if err != nil {
		return nil, err
	}
	lock := flock.New(abs + ".lock")
	ok, err := lock.TryLock()
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite %s: locking %s: %w", abs, lock.Path(), err)
	}
	if !ok {
		return nil, fmt.Errorf("store: open sqlite %s: %w (it holds %s): stop the other scramble serve, or give this one another file with --data or --db; to run several servers on one database use Postgres (--db postgres://...)", abs, ErrInUse, lock.Path())
	}
	s, err := Open(ctx, abs)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	s.unlock = lock.Unlock
	return s, nil
}
