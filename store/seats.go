package store

import "context"

// SeatSwitcher is a store that can change who fills a seat of a live match:
// a bot that takes over a seat its person left (or whose clock ran out), and
// the person who takes it back. The seat keeps its token hash, so its link
// still opens it.
type SeatSwitcher interface {
	// SetSeatKind sets seat's kind and bot spec. An unknown match is
	// ErrNotFound; an unknown seat is an error.
	SetSeatKind(ctx context.Context, id string, seat int, kind SeatKind, bot string) error
}
