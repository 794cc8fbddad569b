// Package store keeps matches durably: their setup, seats and every move.
// Two implementations share one contract: SQLite (embedded, the default) and
// Postgres.
package store

import (
	"context"
	"errors"
	"time"

	"scramble/engine"
)

// Errors the store returns; callers test them with errors.Is.
var (
	// ErrNotFound means no match has that ID.
	ErrNotFound = errors.New("match not found")
	// ErrConflict means the match has moved on since the version the caller
	// read: the action was stale.
	ErrConflict = errors.New("match has changed since that version")
)

// SeatKind says who fills a seat.
type SeatKind string

// The seat kinds.
const (
	Person SeatKind = "person"
	Bot    SeatKind = "bot"
)

// Seat is one seat of a stored match.
type Seat struct {
	Kind SeatKind `json:"kind"`
	// Bot is the bot spec ("mcts:iterations=500") when Kind is Bot.
	Bot string `json:"bot,omitempty"`
	// TokenHash is the SHA-256 of the seat's secret token (hex); the token
	// itself is never stored.
	TokenHash string `json:"-"`
	// Claimed is set once a person has opened the seat's link.
	Claimed bool `json:"claimed"`
}

// Match is the stored record of one match.
type Match struct {
	ID      string         `json:"id"`
	Game    string         `json:"game"`
	Options engine.Options `json:"options"`
	Seed    uint64         `json:"seed"`
	Seats   []Seat         `json:"seats"`
	// SpectatorHash is the SHA-256 of the spectator token (hex).
	SpectatorHash string    `json:"-"`
	Created       time.Time `json:"created"`
	Updated       time.Time `json:"updated"`
	// Version is the number of moves stored.
	Version int `json:"version"`
	// Dice is the dice position after the last move (engine.Rand text).
	Dice string `json:"-"`
	// Result is set when the match has ended.
	Result *engine.Result `json:"result,omitempty"`
}

// Summary is a match as lists show it.
type Summary struct {
	ID      string         `json:"id"`
	Game    string         `json:"game"`
	Created time.Time      `json:"created"`
	Updated time.Time      `json:"updated"`
	Version int            `json:"version"`
	Result  *engine.Result `json:"result,omitempty"`
	Seats   []Seat         `json:"seats"`
}

// Store is the storage contract. Every method is safe for concurrent use.
// A write returns only after it is durable (committed).
type Store interface {
	// Create stores a new match with Version 0 and no moves.
	Create(ctx context.Context, m *Match) error
	// Get returns the match record.
	Get(ctx context.Context, id string) (*Match, error)
	// Moves returns the match's moves in order.
	Moves(ctx context.Context, id string) ([]engine.Move, error)
	// Append adds moves to a match in one transaction, only if the match is
	// still at version from (else ErrConflict); it sets the dice position and,
	// when the moves end the game, the result.
	Append(ctx context.Context, id string, from int, moves []engine.Move, dice string, result *engine.Result) error
	// ClaimSeat marks a seat as claimed.
	ClaimSeat(ctx context.Context, id string, seat int) error
	// List returns matches, newest first: live ones (finished=false) or
	// finished ones, at most limit.
	List(ctx context.Context, finished bool, limit int) ([]Summary, error)
	// Close releases the store.
	Close() error
}
