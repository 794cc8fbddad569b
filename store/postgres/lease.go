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

var _ store.Leaser = (*Store)(nil)

// foreignKeyViolation is Postgres's error code for a reference to a missing
// row.
const foreignKeyViolation = "23503"

// Lease takes or renews node's lease on match id for ttl, unless another node
// holds an unexpired one. Expiry is by the database's clock, so the nodes'
// clocks need not agree. Two nodes taking the same expired lease at once are
// serialised by the row lock of the upsert: one wins, the other finds the
// lease held.
func (s *Store) Lease(ctx context.Context, id, node string, ttl time.Duration) (bool, error) {
	var holder string
	err := s.pool.QueryRow(ctx, `INSERT INTO bot_leases (match_id, node, expires)
		VALUES ($1, $2, clock_timestamp() + make_interval(secs => $3))
		ON CONFLICT (match_id) DO UPDATE SET node = EXCLUDED.node, expires = EXCLUDED.expires
		WHERE bot_leases.node = EXCLUDED.node OR bot_leases.expires <= clock_timestamp()
		RETURNING node`, id, node, ttl.Seconds()).Scan(&holder)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return false, nil
	case err != nil:
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == foreignKeyViolation {
			err = store.ErrNotFound
		}
		return false, fmt.Errorf("store: lease on match %s for node %s: %w", id, node, err)
	}
	return true, nil
}

// Renew extends every lease node holds by ttl and returns the matches it
// holds.
func (s *Store) Renew(ctx context.Context, node string, ttl time.Duration) ([]string, error) {
	rows, err := s.pool.Query(ctx, `UPDATE bot_leases
		SET expires = clock_timestamp() + make_interval(secs => $2)
		WHERE node = $1 RETURNING match_id`, node, ttl.Seconds())
	if err != nil {
		return nil, fmt.Errorf("store: renew the leases of node %s: %w", node, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: renew the leases of node %s: %w", node, err)
	}
	return ids, nil
}

// Unlease gives up node's lease on match id, if node holds it.
func (s *Store) Unlease(ctx context.Context, id, node string) error {
	if _, err := s.pool.Exec(ctx, "DELETE FROM bot_leases WHERE match_id = $1 AND node = $2", id, node); err != nil {
		return fmt.Errorf("store: give up the lease on match %s of node %s: %w", id, node, err)
	}
	return nil
}

// Orphans returns up to limit live matches with a bot seat and no unexpired
// lease, oldest first.
func (s *Store) Orphans(ctx context.Context, limit int) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT m.id FROM matches AS m
		WHERE m.result IS NULL
		AND EXISTS (SELECT 1 FROM seats AS st WHERE st.match_id = m.id AND st.kind = 'bot')
		AND NOT EXISTS (SELECT 1 FROM bot_leases AS l WHERE l.match_id = m.id AND l.expires > clock_timestamp())
		ORDER BY m.created, m.id LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: list the matches no node plays: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: list the matches no node plays: %w", err)
	}
	return ids, nil
}
