package postgres

import (
	"context"
	"errors"
	"fmt"

	"scramble/store"
)

var _ store.SeatSwitcher = (*Store)(nil)

// SetSeatKind sets seat's kind and bot spec.
func (s *Store) SetSeatKind(ctx context.Context, id string, seat int, kind store.SeatKind, bot string) error {
	err := func() error {
		tag, err := s.pool.Exec(ctx, "UPDATE seats SET kind = $3, bot = $4 WHERE match_id = $1 AND seat = $2", id, seat, string(kind), bot)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			if err := exists(ctx, s.pool, id); err != nil {
				return err
			}
			return errors.New("the match has no such seat")
		}
		return nil
	}()
	if err != nil {
		return fmt.Errorf("store: set seat %d of match %s to %s: %w", seat, id, kind, err)
	}
	return nil
}
