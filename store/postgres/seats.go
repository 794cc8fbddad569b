package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"scramble/store"
)

var _ store.SeatSwitcher = (*Store)(nil)

// SetSeatKind sets seat's kind and bot spec.
func (s *Store) SetSeatKind(ctx context.Context, id string, seat int, kind store.SeatKind, bot string) error {
	if err := setSeatKind(ctx, s.pool, id, seat, kind, bot); err != nil {
		return fmt.Errorf("store: set seat %d of match %s to %s: %w", seat, id, kind, err)
	}
	return nil
}

// execer is a pool or a transaction.
type execer interface {
	querier
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// setSeatKind sets seat's kind and bot spec.
func setSeatKind(ctx context.Context, q execer, id string, seat int, kind store.SeatKind, bot string) error {
	tag, err := q.Exec(ctx, "UPDATE seats SET kind = $3, bot = $4 WHERE match_id = $1 AND seat = $2", id, seat, string(kind), bot)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		if err := exists(ctx, q, id); err != nil {
			return err
		}
		return fmt.Errorf("the match has no seat %d", seat)
	}
	return nil
}

var _ store.Clocker = (*Store)(nil)

// SetClocks stores match id's clocks.
func (s *Store) SetClocks(ctx context.Context, id string, clocks string, next time.Time) error {
	if err := setClocks(ctx, s.pool, id, clocks, next); err != nil {
		return fmt.Errorf("store: clocks of match %s: %w", id, err)
	}
	return nil
}

// setClocks stores match id's clocks.
func setClocks(ctx context.Context, q execer, id string, clocks string, next time.Time) error {
	var n *time.Time
	if !next.IsZero() {
		n = &next
	}
	_, err := q.Exec(ctx, `INSERT INTO match_clocks (match_id, clocks, next) VALUES ($1, $2, $3)
		ON CONFLICT (match_id) DO UPDATE SET clocks = EXCLUDED.clocks, next = EXCLUDED.next`, id, clocks, n)
	if err != nil {
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == foreignKeyViolation {
			err = store.ErrNotFound
		}
		return err
	}
	return nil
}

// Clocks returns match id's clocks, "" for none.
func (s *Store) Clocks(ctx context.Context, id string) (string, error) {
	var c string
	err := s.pool.QueryRow(ctx, "SELECT clocks FROM match_clocks WHERE match_id = $1", id).Scan(&c)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("store: clocks of match %s: %w", id, err)
	}
	return c, nil
}

// DueClocks returns the matches whose clocks are due at now.
func (s *Store) DueClocks(ctx context.Context, now time.Time, limit int) ([]string, error) {
	rows, err := s.pool.Query(ctx, "SELECT match_id FROM match_clocks WHERE next IS NOT NULL AND next <= $1 ORDER BY next LIMIT $2", now, limit)
	if err != nil {
		return nil, fmt.Errorf("store: due clocks: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: due clocks: %w", err)
	}
	return ids, nil
}
