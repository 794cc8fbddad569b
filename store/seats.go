package store

import (
	"context"
	"time"

	"scramble/engine"
)

// SeatSwitcher is a store that can change who fills a seat of a live match:
// a bot that takes over a seat its person left (or whose clock ran out), and
// the person who takes it back. The seat keeps its token hash, so its link
// still opens it.
type SeatSwitcher interface {
	// SetSeatKind sets seat's kind and bot spec. An unknown match is
	// ErrNotFound; an unknown seat is an error.
	SetSeatKind(ctx context.Context, id string, seat int, kind SeatKind, bot string) error
}

// Clocker is a store that keeps matches' clocks (time controls): an opaque
// document per match and the time at which the server must look at it next,
// so that deadlines survive restarts without timers.
type Clocker interface {
	// SetClocks stores match id's clocks and when to look next (zero:
	// never). An unknown match is ErrNotFound.
	SetClocks(ctx context.Context, id string, clocks string, next time.Time) error
	// Clocks returns match id's clocks, "" when it has none.
	Clocks(ctx context.Context, id string) (string, error)
	// DueClocks returns up to limit matches whose next look is at or before
	// now, soonest first.
	DueClocks(ctx context.Context, now time.Time, limit int) ([]string, error)
}

// Write is one transaction's change to a live match (Committer.Commit): the
// moves made since version From (none for a change that is no move) with the
// dice position after them, the result when the match ends, the
// notifications they cause, and the clocks and the seat they change. A
// crash never keeps part of it: the match's clocks always match its moves.
type Write struct {
	From   int
	Moves  []engine.Move
	Dice   string
	Result *engine.Result
	Notes  []Note
	// Clocks, when not nil, replaces the match's clocks.
	Clocks *ClockWrite
	// Seat, when not nil, changes who fills a seat (SeatSwitcher).
	Seat *SeatChange
}

// ClockWrite is a match's clocks as SetClocks stores them.
type ClockWrite struct {
	Clocks string
	// Next is when the server must look at the clocks next; zero: never.
	Next time.Time
}

// SeatChange is a seat's new kind and bot spec, as SetSeatKind sets them.
type SeatChange struct {
	Seat int
	Kind SeatKind
	Bot  string
}

// Committer is a store that writes a Write in one transaction.
type Committer interface {
	// Commit writes w to match id in one transaction, only if the match is
	// still at version w.From (else ErrConflict, and nothing is written);
	// an unknown match is ErrNotFound, an unknown seat an error.
	Commit(ctx context.Context, id string, w Write) error
}
