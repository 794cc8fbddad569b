package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"scramble/store"
	"scramble/store/internal/record"
)

// AppendChat stores a chat message of match id after the match's last one
// and returns it with its sequence number and time. The transaction first
// locks the match row, so that concurrent messages of one match are numbered
// one after the other, and sends the NOTIFY that Watch hears, which Postgres
// delivers only if the transaction commits.
func (s *Store) AppendChat(ctx context.Context, id string, m store.ChatMessage) (store.ChatMessage, error) {
	if err := record.PrepareChat(&m); err != nil {
		return store.ChatMessage{}, fmt.Errorf("store: chat in match %s: %w", id, err)
	}
	if err := s.appendChat(ctx, id, &m); err != nil {
		return store.ChatMessage{}, fmt.Errorf("store: chat in match %s: %w", id, err)
	}
	return m, nil
}

func (s *Store) appendChat(ctx context.Context, id string, m *store.ChatMessage) error {
	tx, err := s.pool.BeginTx(ctx, writeTx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var one int
	err = tx.QueryRow(ctx, "SELECT 1 FROM matches WHERE id = $1 FOR NO KEY UPDATE", id).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ErrNotFound
	}
	if err != nil {
		return err
	}
	err = tx.QueryRow(ctx, `INSERT INTO chat (match_id, seq, side, seat, text, sent)
		SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4, $5 FROM chat WHERE match_id = $1
		RETURNING seq`, id, m.Side, m.Seat, m.Text, m.Time).Scan(&m.Seq)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "SELECT pg_notify($1, $2)", s.channel, chatPayload(id, m.Seq, m.Side)); err != nil {
		return err
	}
	return tx.Commit(ctx)
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
	var limit *int // NULL: no bound
	if q.Limit > 0 {
		limit = &q.Limit
	}
	// As in moves: no row for an unknown match, one row of NULLs for a
	// match without such messages, in one consistent read.
	rows, err := s.pool.Query(ctx, `SELECT c.seq, c.seat, c.text, c.sent
		FROM matches AS m LEFT JOIN chat AS c ON c.match_id = m.id AND c.side = $2 AND c.seq > $3
		WHERE m.id = $1 ORDER BY c.seq LIMIT $4`, id, q.Side, q.After, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	found := false
	msgs := []store.ChatMessage{}
	for rows.Next() {
		found = true
		var seq, seat *int32
		var text *string
		var sent *time.Time
		if err := rows.Scan(&seq, &seat, &text, &sent); err != nil {
			return nil, err
		}
		if seq == nil {
			continue
		}
		msgs = append(msgs, store.ChatMessage{Seq: int(*seq), Side: q.Side, Seat: int(*seat), Text: *text, Time: record.Time(*sent)})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if !found {
		return nil, store.ErrNotFound
	}
	return msgs, nil
}
