package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"scramble/store"
	"scramble/store/internal/record"
)

// AppendChat stores a chat message of match id after the match's last one
// and returns it with its sequence number and time. Like every write it is
// queued to the writer and returns once committed (see Append); the single
// writer numbers the messages one at a time, so two never share a number.
func (s *Store) AppendChat(ctx context.Context, id string, m store.ChatMessage) (store.ChatMessage, error) {
	if err := record.PrepareChat(&m); err != nil {
		return store.ChatMessage{}, fmt.Errorf("store: chat in match %s: %w", id, err)
	}
	err := s.wr.do(ctx, func(t *wtx) error {
		if err := t.exists(id); err != nil {
			return err
		}
		return t.st.insertChat.QueryRowContext(t.ctx, id, m.Side, m.Seat, m.Text, m.Time.UnixMicro(), id).Scan(&m.Seq)
	})
	if err != nil {
		return store.ChatMessage{}, fmt.Errorf("store: chat in match %s: %w", id, err)
	}
	return m, nil
}

// Chat returns the messages of match id that q selects, oldest first.
func (s *Store) Chat(ctx context.Context, id string, q store.ChatQuery) ([]store.ChatMessage, error) {
	msgs, err := s.chat(ctx, id, q)
	if err != nil {
		return nil, fmt.Errorf("store: chat of side %q in match %s: %w", q.Side, id, err)
	}
	return msgs, nil
}

func (s *Store) chat(ctx context.Context, id string, q store.ChatQuery) ([]store.ChatMessage, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = -1 // SQLite's "no bound"
	}
	// As in moves: no row for an unknown match, one row of NULLs for a
	// match without such messages, in one consistent read.
	rows, err := s.r.QueryContext(ctx, `SELECT c.seq, c.seat, c.text, c.sent
		FROM matches AS m LEFT JOIN chat AS c ON c.match_id = m.id AND c.side = ? AND c.seq > ?
		WHERE m.id = ? ORDER BY c.seq LIMIT ?`, q.Side, q.After, id, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	found := false
	msgs := []store.ChatMessage{}
	for rows.Next() {
		found = true
		var seq, seat, sent sql.NullInt64
		var text sql.NullString
		if err := rows.Scan(&seq, &seat, &text, &sent); err != nil {
			return nil, err
		}
		if !seq.Valid {
			continue
		}
		msgs = append(msgs, store.ChatMessage{Seq: int(seq.Int64), Side: q.Side, Seat: int(seat.Int64), Text: text.String, Time: micros(sent.Int64)})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if !found {
		return nil, store.ErrNotFound
	}
	return msgs, nil
}
