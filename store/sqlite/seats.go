package sqlite

import (
	"context"
	"errors"
	"fmt"

	"scramble/store"
)

var _ store.SeatSwitcher = (*Store)(nil)

// SetSeatKind sets seat's kind and bot spec.
func (s *Store) SetSeatKind(ctx context.Context, id string, seat int, kind store.SeatKind, bot string) error {
	err := s.wr.do(ctx, func(t *wtx) error {
		res, err := t.conn.ExecContext(t.ctx, "UPDATE seats SET kind = ?, bot = ? WHERE match_id = ? AND seat = ?", string(kind), bot, id, seat)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			if err := t.exists(id); err != nil {
				return err
			}
			return errors.New("the match has no such seat")
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: set seat %d of match %s to %s: %w", seat, id, kind, err)
	}
	return nil
}
