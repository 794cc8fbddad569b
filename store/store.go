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
	// Public is set when the creator asked for the match to be listed;
	// other matches are reached only by their links.
	Public bool `json:"public"`
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
	Public  bool           `json:"public"`
}

// Cursor is where a match stands in a list, which is ordered newest first
// (by creation time, then ID, both descending): a page of a list starts after
// the cursor of the previous page's last match.
type Cursor struct {
	Created time.Time
	ID      string
}

// CursorOf is the cursor of a listed match.
func CursorOf(s Summary) Cursor { return Cursor{Created: s.Created, ID: s.ID} }

// ListQuery says which matches List returns.
type ListQuery struct {
	// Finished selects finished matches; false selects live ones.
	Finished bool
	// PublicOnly leaves out the matches that were not made public.
	PublicOnly bool
	// After, when set, starts the list after that match: the next page.
	After *Cursor
	// Limit bounds the number of matches; 0 or less means no bound.
	Limit int
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
	// still at version from and has no result (else ErrConflict); it sets
	// the dice position and, when the moves end the game, the result.
	Append(ctx context.Context, id string, from int, moves []engine.Move, dice string, result *engine.Result) error
	// ClaimSeat marks a seat as claimed.
	ClaimSeat(ctx context.Context, id string, seat int) error
	// JoinSeat gives a person's seat that nobody has claimed a new token
	// (its SHA-256, tokenHash) and marks it claimed, in one step: a person
	// joining an open seat of a public match from the lobby. A seat that
	// is claimed already, or a bot's, is ErrConflict; an unknown match
	// ErrNotFound.
	JoinSeat(ctx context.Context, id string, seat int, tokenHash string) error
	// List returns the matches q selects, newest first (by creation time,
	// then ID, both descending).
	List(ctx context.Context, q ListQuery) ([]Summary, error)
	// AppendChat stores a chat message of match id, numbering it after the
	// match's last message and stamping it with the time, and returns it as
	// stored. An unknown match is ErrNotFound; an empty text or side, or a
	// negative seat, is refused.
	AppendChat(ctx context.Context, id string, m ChatMessage) (ChatMessage, error)
	// Chat returns the messages of match id that q selects, oldest first
	// (an empty list, not nil, when there are none). An unknown match is
	// ErrNotFound.
	Chat(ctx context.Context, id string, q ChatQuery) ([]ChatMessage, error)
	// Close releases the store.
	Close() error
}
