package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"scramble/engine"
	"scramble/store"
	"scramble/store/internal/record"
)

var _ store.Outbox = (*Store)(nil)

// SetSubscription stores or, when sub is Empty, removes seat's subscription.
func (s *Store) SetSubscription(ctx context.Context, id string, seat int, sub store.Subscription) error {
	err := s.wr.do(ctx, func(t *wtx) error {
		if err := t.exists(id); err != nil {
			return err
		}
		if sub.Empty() {
			_, err := t.conn.ExecContext(t.ctx, "DELETE FROM notify_subs WHERE match_id = ? AND seat = ?", id, seat)
			return err
		}
		_, err := t.conn.ExecContext(t.ctx, `INSERT INTO notify_subs (match_id, seat, webhook, preset, email, last_error, failed)
			VALUES (?, ?, ?, ?, ?, '', 0)
			ON CONFLICT (match_id, seat) DO UPDATE SET webhook = excluded.webhook, preset = excluded.preset,
				email = excluded.email, last_error = '', failed = 0`, id, seat, sub.Webhook, sub.Preset, sub.Email)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: notifications of seat %d in match %s: %w", seat, id, err)
	}
	return nil
}

// Subscription returns seat's subscription, Empty when it has none.
func (s *Store) Subscription(ctx context.Context, id string, seat int) (store.Subscription, error) {
	var sub store.Subscription
	var webhook, preset, email, lastErr sql.NullString
	var failed sql.NullInt64
	err := s.r.QueryRowContext(ctx, `SELECT n.webhook, n.preset, n.email, n.last_error, n.failed
		FROM matches AS m LEFT JOIN notify_subs AS n ON n.match_id = m.id AND n.seat = ?
		WHERE m.id = ?`, seat, id).Scan(&webhook, &preset, &email, &lastErr, &failed)
	if err == sql.ErrNoRows {
		err = store.ErrNotFound
	}
	if err != nil {
		return sub, fmt.Errorf("store: notifications of seat %d in match %s: %w", seat, id, err)
	}
	sub = store.Subscription{Webhook: webhook.String, Preset: preset.String, Email: email.String, LastError: lastErr.String}
	if failed.Int64 != 0 {
		sub.Failed = micros(failed.Int64)
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
	err := s.wr.do(ctx, func(t *wtx) error {
		if err := t.exists(id); err != nil {
			return err
		}
		return t.enqueue(id, notes)
	})
	if err != nil {
		return fmt.Errorf("store: queue notifications of match %s: %w", id, err)
	}
	return nil
}

// enqueue inserts the notes of seats that have a subscription.
func (t *wtx) enqueue(id string, notes []store.Note) error {
	now := record.Now().UnixMicro()
	for _, n := range notes {
		_, err := t.conn.ExecContext(t.ctx, `INSERT INTO notifications (match_id, seat, kind, text, created, due)
			SELECT match_id, seat, ?, ?, ?, ? FROM notify_subs WHERE match_id = ? AND seat = ?`,
			n.Kind, n.Text, now, now, id, n.Seat)
		if err != nil {
			return fmt.Errorf("queue a notification of seat %d: %w", n.Seat, err)
		}
	}
	return nil
}

// ClaimNotifications leases up to limit due notifications to node.
func (s *Store) ClaimNotifications(ctx context.Context, node string, now time.Time, lease time.Duration, limit int) ([]store.Notification, error) {
	var out []store.Notification
	err := s.wr.do(ctx, func(t *wtx) error {
		out = out[:0]
		rows, err := t.conn.QueryContext(t.ctx, `UPDATE notifications
			SET node = ?, lease_until = ?, attempts = attempts + 1
			WHERE id IN (SELECT id FROM notifications WHERE due <= ? AND lease_until <= ? ORDER BY due, id LIMIT ?)
			RETURNING id, match_id, seat, kind, text, attempts, created`,
			node, now.Add(lease).UnixMicro(), now.UnixMicro(), now.UnixMicro(), limit)
		if err != nil {
			return err
		}
		for rows.Next() {
			var n store.Notification
			var created int64
			if err := rows.Scan(&n.ID, &n.Match, &n.Seat, &n.Kind, &n.Text, &n.Attempts, &created); err != nil {
				rows.Close()
				return err
			}
			n.Created = micros(created)
			out = append(out, n)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for i := range out {
			n := &out[i]
			err := t.conn.QueryRowContext(t.ctx, "SELECT webhook, preset, email FROM notify_subs WHERE match_id = ? AND seat = ?",
				n.Match, n.Seat).Scan(&n.Sub.Webhook, &n.Sub.Preset, &n.Sub.Email)
			if err != nil && err != sql.ErrNoRows {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: claim notifications for node %s: %w", node, err)
	}
	return out, nil
}

// Delivered removes notification nid if node holds it.
func (s *Store) Delivered(ctx context.Context, nid int64, node string) error {
	err := s.wr.do(ctx, func(t *wtx) error {
		_, err := t.conn.ExecContext(t.ctx, "DELETE FROM notifications WHERE id = ? AND node = ?", nid, node)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: notification %d delivered: %w", nid, err)
	}
	return nil
}

// Retry puts notification nid back in the queue, due at due.
func (s *Store) Retry(ctx context.Context, nid int64, node string, due time.Time, msg string) error {
	err := s.wr.do(ctx, func(t *wtx) error {
		_, err := t.conn.ExecContext(t.ctx, `UPDATE notifications SET due = ?, lease_until = 0, last_error = ?
			WHERE id = ? AND node = ?`, due.UnixMicro(), msg, nid, node)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: retry notification %d: %w", nid, err)
	}
	return nil
}

// GiveUp removes notification nid and keeps msg as its seat's last error.
func (s *Store) GiveUp(ctx context.Context, nid int64, node string, now time.Time, msg string) error {
	err := s.wr.do(ctx, func(t *wtx) error {
		_, err := t.conn.ExecContext(t.ctx, `UPDATE notify_subs SET last_error = ?, failed = ?
			WHERE (match_id, seat) IN (SELECT match_id, seat FROM notifications WHERE id = ? AND node = ?)`,
			msg, now.UnixMicro(), nid, node)
		if err != nil {
			return err
		}
		_, err = t.conn.ExecContext(t.ctx, "DELETE FROM notifications WHERE id = ? AND node = ?", nid, node)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: give up notification %d: %w", nid, err)
	}
	return nil
}

// Pending counts the queued notifications.
func (s *Store) Pending(ctx context.Context) (int, error) {
	var n int
	if err := s.r.QueryRowContext(ctx, "SELECT COUNT(*) FROM notifications").Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count notifications: %w", err)
	}
	return n, nil
}
