package store

import (
	"context"
	"time"
)

// Change says that a match was moved on to Version by an Append, made by
// this process or another one on the same database; or, when ChatSeq is
// above 0, that AppendChat stored the chat message ChatSeq of side ChatSide
// (Version is then 0).
type Change struct {
	ID       string
	Version  int
	ChatSeq  int
	ChatSide string
}

// Watcher is a store that several processes can share and that tells each of
// them of every Append and AppendChat any of them commits. Postgres is one; SQLite, served by
// one process, is not.
type Watcher interface {
	// Watch calls f with every Change committed to the database, from any
	// process, until ctx ends; then it returns nil. It reconnects by itself
	// when its connection fails. Since changes may be missed while it is not
	// connected, it calls f with the zero Change (ID "") each time it has
	// (re)connected: anything may have changed meanwhile. Watch calls f from
	// one goroutine, in commit order per match; f must not block for long.
	Watch(ctx context.Context, f func(Change)) error
}

// Leaser is a store that hands out leases on matches, so that the bots of a
// match are played by one process (node) at a time. A lease lasts ttl from
// when it is taken or renewed, by the database's clock; once it has expired
// any node may take it.
type Leaser interface {
	// Lease takes or renews node's lease on match id for ttl. It reports
	// false if another node holds an unexpired lease. An unknown match is
	// ErrNotFound.
	Lease(ctx context.Context, id, node string, ttl time.Duration) (bool, error)
	// Renew extends every lease node holds by ttl and returns the IDs of the
	// matches it still holds: a lease that expired and was taken by another
	// node is not among them.
	Renew(ctx context.Context, node string, ttl time.Duration) ([]string, error)
	// Unlease gives up node's lease on match id, if node holds it.
	Unlease(ctx context.Context, id, node string) error
	// Orphans returns up to limit live matches that have a bot seat and no
	// unexpired lease, oldest first: matches whose node died or let go.
	Orphans(ctx context.Context, limit int) ([]string, error)
}
