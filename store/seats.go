package store

import (
	"context"
	"time"
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
