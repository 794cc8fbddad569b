package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"scramble/engine"
	"scramble/store"
	"scramble/store/internal/record"
)

var _ store.Outbox = (*Store)(nil)

// SetSubscription stores or, when sub is Empty, removes seat's subscription.
func (s *Store) SetSubscription(ctx context.Context, id string, seat int, sub store.Subscription) error {
	err := func() error {
		tx, err := s.pool.BeginTx(ctx, writeTx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if err := exists(ctx, tx, id); err != nil {
			return err
		}
		if sub.Empty() {
			_, err = tx.Exec(ctx, "DELETE FROM notify_subs WHERE match_id = $1 AND seat = $2", id, seat)
		} else {
			_, err = tx.Exec(ctx, `INSERT INTO notify_subs (match_id, seat, webhook, preset, email, last_error, failed)
				VALUES ($1, $2, $3, $4, $5, '', NULL)
				ON CONFLICT (match_id, seat) DO UPDATE SET webhook = EXCLUDED.webhook, preset = EXCLUDED.preset,
					email = EXCLUDED.email, last_error = '', failed = NULL`, id, seat, sub.Webhook, sub.Preset, sub.Email)
		}
		if err != nil {
			return err
		}
		return tx.Commit(ctx)
	}()
	if err != nil {
		return fmt.Errorf("store: notifications of seat %d in match %s: %w", seat, id, err)
	}
	return nil
}

// Subscription returns seat's subscription, Empty when it has none.
func (s *Store) Subscription(ctx context.Context, id string, seat int) (store.Subscription, error) {
	var webhook, preset, email, lastErr *string
	var failed *time.Time
	err := s.pool.QueryRow(ctx, `SELECT n.webhook, n.preset, n.email, n.last_error, n.failed
		FROM matches AS m LEFT JOIN notify_subs AS n ON n.match_id = m.id AND n.seat = $1
		WHERE m.id = $2`, seat, id).Scan(&webhook, &preset, &email, &lastErr, &failed)
	if errors.Is(err, pgx.ErrNoRows) {
		err = store.ErrNotFound
	}
	if err != nil {
		return store.Subscription{}, fmt.Errorf("store: notifications of seat %d in match %s: %w", seat, id, err)
	}
	var sub store.Subscription
	if webhook != nil {
		sub = store.Subscription{Webhook: *webhook, Preset: *preset, Email: *email, LastError: *lastErr}
	}
	if failed != nil {
		sub.Failed = failed.UTC()
	}
	return sub, nil
}

// AppendNotify is Append that also queues notes in its transaction.
func (s *Store) AppendNotify(ctx context.Context, id string, from int, moves []engine.Move, dice string, result *engine.Result, notes []store.Note) error {
	if err := s.append(ctx, id, store.Write{From: from, Moves: moves, Dice: dice, Result: result, Notes: notes}); err != nil {
		return fmt.Errorf("store: append to match %s at version %d: %w", id, from, err)
	}
	return nil
}

// Enqueue queues notes of match id.
func (s *Store) Enqueue(ctx context.Context, id string, notes []store.Note) error {
	err := func() error {
		tx, err := s.pool.BeginTx(ctx, writeTx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if err := exists(ctx, tx, id); err != nil {
			return err
		}
		if err := enqueue(ctx, tx, id, notes); err != nil {
			return err
		}
		return tx.Commit(ctx)
	}()
	if err != nil {
		return fmt.Errorf("store: queue notifications of match %s: %w", id, err)
	}
	return nil
}

// enqueue inserts, in tx, the notes of seats that have a subscription.
func enqueue(ctx context.Context, tx pgx.Tx, id string, notes []store.Note) error {
	if len(notes) == 0 {
		return nil
	}
	seat, kind, text := make([]int32, len(notes)), make([]string, len(notes)), make([]string, len(notes))
	for i, n := range notes {
		seat[i], kind[i], text[i] = int32(n.Seat), n.Kind, n.Text
	}
	now := record.Now()
	_, err := tx.Exec(ctx, `INSERT INTO notifications (match_id, seat, kind, text, created, due)
		SELECT s.match_id, s.seat, u.kind, u.text, $5, $5
		FROM unnest($2::integer[], $3::text[], $4::text[]) WITH ORDINALITY AS u (seat, kind, text, ord)
		JOIN notify_subs AS s ON s.match_id = $1 AND s.seat = u.seat
		ORDER BY u.ord`, id, seat, kind, text, now)
	if err != nil {
		return fmt.Errorf("queue notifications: %w", err)
	}
	return nil
}

// ClaimNotifications leases up to limit due notifications to node. Rows
// another node is claiming at the same moment are skipped (SKIP LOCKED), so
// two nodes never claim the same notification while its lease runs.
func (s *Store) ClaimNotifications(ctx context.Context, node string, now time.Time, lease time.Duration, limit int) ([]store.Notification, error) {
	rows, err := s.pool.Query(ctx, `WITH c AS (
			UPDATE notifications AS n SET node = $1, lease_until = $2, attempts = n.attempts + 1
			FROM (SELECT id FROM notifications WHERE due <= $3 AND lease_until <= $3
				ORDER BY due, id LIMIT $4 FOR UPDATE SKIP LOCKED) AS pick
			WHERE n.id = pick.id
			RETURNING n.id, n.match_id, n.seat, n.kind, n.text, n.attempts, n.created, n.due)
		SELECT c.id, c.match_id, c.seat, c.kind, c.text, c.attempts, c.created,
			COALESCE(s.webhook, ''), COALESCE(s.preset, ''), COALESCE(s.email, '')
		FROM c LEFT JOIN notify_subs AS s ON s.match_id = c.match_id AND s.seat = c.seat
		ORDER BY c.due, c.id`, node, now.Add(lease), now, limit)
	if err != nil {
		return nil, fmt.Errorf("store: claim notifications for node %s: %w", node, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Notification, error) {
		var n store.Notification
		err := r.Scan(&n.ID, &n.Match, &n.Seat, &n.Kind, &n.Text, &n.Attempts, &n.Created, &n.Sub.Webhook, &n.Sub.Preset, &n.Sub.Email)
		n.Created = n.Created.UTC()
		return n, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: claim notifications for node %s: %w", node, err)
	}
	return out, nil
}

// Delivered removes notification nid if node holds it.
func (s *Store) Delivered(ctx context.Context, nid int64, node string) error {
	if _, err := s.pool.Exec(ctx, "DELETE FROM notifications WHERE id = $1 AND node = $2", nid, node); err != nil {
		return fmt.Errorf("store: notification %d delivered: %w", nid, err)
	}
	return nil
}

// Retry puts notification nid back in the queue, due at due.
func (s *Store) Retry(ctx context.Context, nid int64, node string, due time.Time, msg string) error {
	_, err := s.pool.Exec(ctx, `UPDATE notifications SET due = $3, lease_until = '-infinity', last_error = $4
		WHERE id = $1 AND node = $2`, nid, node, due, msg)
	if err != nil {
		return fmt.Errorf("store: retry notification %d: %w", nid, err)
	}
	return nil
}

// GiveUp removes notification nid and keeps msg as its seat's last error.
func (s *Store) GiveUp(ctx context.Context, nid int64, node string, now time.Time, msg string) error {
	_, err := s.pool.Exec(ctx, `WITH d AS (DELETE FROM notifications WHERE id = $1 AND node = $2 RETURNING match_id, seat)
		UPDATE notify_subs AS s SET last_error = $3, failed = $4 FROM d
		WHERE s.match_id = d.match_id AND s.seat = d.seat`, nid, node, msg, now)
	if err != nil {
		return fmt.Errorf("store: give up notification %d: %w", nid, err)
	}
	return nil
}

// Pending counts the queued notifications.
func (s *Store) Pending(ctx context.Context) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, "SELECT COUNT(*) FROM notifications").Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count notifications: %w", err)
	}
	return n, nil
}
