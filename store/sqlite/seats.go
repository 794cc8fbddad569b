package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"scramble/store"
)

var _ store.SeatSwitcher = (*Store)(nil)

// SetSeatKind sets seat's kind and bot spec.
func (s *Store) SetSeatKind(ctx context.Context, id string, seat int, kind store.SeatKind, bot string) error {
	err := s.wr.do(ctx, func(t *wtx) error { return t.setSeatKind(id, seat, kind, bot) })
	if err != nil {
		return fmt.Errorf("store: set seat %d of match %s to %s: %w", seat, id, kind, err)
	}
	return nil
}

// setSeatKind sets seat's kind and bot spec in the writer's transaction.
func (t *wtx) setSeatKind(id string, seat int, kind store.SeatKind, bot string) error {
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
		return fmt.Errorf("the match has no seat %d", seat)
	}
	return nil
}

var _ store.Clocker = (*Store)(nil)

// SetClocks stores match id's clocks.
func (s *Store) SetClocks(ctx context.Context, id string, clocks string, next time.Time) error {
	err := s.wr.do(ctx, func(t *wtx) error {
		if err := t.exists(id); err != nil {
			return err
		}
		return t.setClocks(id, clocks, next)
	})
	if err != nil {
		return fmt.Errorf("store: clocks of match %s: %w", id, err)
	}
	return nil
}

// setClocks stores match id's clocks in the writer's transaction.
func (t *wtx) setClocks(id string, clocks string, next time.Time) error {
	var n any
	if !next.IsZero() {
		n = next.UnixMicro()
	}
	_, err := t.conn.ExecContext(t.ctx, `INSERT INTO match_clocks (match_id, clocks, next) VALUES (?, ?, ?)
		ON CONFLICT (match_id) DO UPDATE SET clocks = excluded.clocks, next = excluded.next`, id, clocks, n)
	return err
}

// Clocks returns match id's clocks, "" for none.
func (s *Store) Clocks(ctx context.Context, id string) (string, error) {
	var c sql.NullString
	err := s.r.QueryRowContext(ctx, "SELECT clocks FROM match_clocks WHERE match_id = ?", id).Scan(&c)
	if err != nil && err != sql.ErrNoRows {
		return "", fmt.Errorf("store: clocks of match %s: %w", id, err)
	}
	return c.String, nil
}

// DueClocks returns the matches whose clocks are due at now.
func (s *Store) DueClocks(ctx context.Context, now time.Time, limit int) ([]string, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT match_id FROM match_clocks WHERE next IS NOT NULL AND next <= ? ORDER BY next LIMIT ?", now.UnixMicro(), limit)
	if err != nil {
		return nil, fmt.Errorf("store: due clocks: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: due clocks: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
