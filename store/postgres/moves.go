package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"

	"scramble/engine"
	"scramble/store"
	"scramble/store/internal/record"
)

// Moves returns the match's moves in order, or store.ErrNotFound. Only the
// seat and the action's text are stored: Action is left 0, and a caller
// replays the text with State.ParseAction, as loading a save file does.
func (s *Store) Moves(ctx context.Context, id string) ([]engine.Move, error) {
	moves, err := s.moves(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("store: moves of match %s: %w", id, err)
	}
	return moves, nil
}

func (s *Store) moves(ctx context.Context, id string) ([]engine.Move, error) {
	// The join yields no row for an unknown match and one row of NULLs for a
	// match with no moves, in one consistent read.
	rows, err := s.pool.Query(ctx, `SELECT mv.seq, mv.seat, mv.action
		FROM matches AS m LEFT JOIN moves AS mv ON mv.match_id = m.id
		WHERE m.id = $1 ORDER BY mv.seq`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	found := false
	moves := []engine.Move{}
	for rows.Next() {
		found = true
		var seq, seat *int32
		var text *string
		if err := rows.Scan(&seq, &seat, &text); err != nil {
			return nil, err
		}
		if seq == nil {
			continue
		}
		if int(*seq) != len(moves)+1 {
			return nil, fmt.Errorf("move %d stored where move %d belongs", *seq, len(moves)+1)
		}
		moves = append(moves, engine.Move{Seat: engine.Seat(*seat), Text: *text})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if !found {
		return nil, store.ErrNotFound
	}
	return moves, nil
}

// Append adds moves to the match in one transaction if it is still at version
// from, else it returns store.ErrConflict and writes nothing. It sets the dice
// position and, when result is not nil, the result.
//
// The transaction first updates the match row where the version is still
// from and no result is recorded (a finished match takes no more writes). That locks the row (as SELECT ... FOR UPDATE would, in one round trip
// fewer): a concurrent Append waits for the lock, then re-reads the row, finds
// the new version and updates nothing, which is its conflict. The same
// statement sends the NOTIFY that Watch hears, which Postgres delivers only
// if the transaction commits.
func (s *Store) Append(ctx context.Context, id string, from int, moves []engine.Move, dice string, result *engine.Result) error {
	if err := s.append(ctx, id, store.Write{From: from, Moves: moves, Dice: dice, Result: result}); err != nil {
		return fmt.Errorf("store: append to match %s at version %d: %w", id, from, err)
	}
	return nil
}

var _ store.Committer = (*Store)(nil)

// Commit writes w to match id in one transaction, as Append does.
func (s *Store) Commit(ctx context.Context, id string, w store.Write) error {
	if err := s.append(ctx, id, w); err != nil {
		return fmt.Errorf("store: write match %s at version %d: %w", id, w.From, err)
	}
	return nil
}

func (s *Store) append(ctx context.Context, id string, w store.Write) error {
	from, moves, dice := w.From, w.Moves, w.Dice
	if err := record.CheckAppend(from, moves); err != nil {
		return err
	}
	res, err := record.Result(w.Result)
	if err != nil {
		return err
	}
	tx, err := s.pool.BeginTx(ctx, writeTx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `UPDATE matches
		SET version = $3, dice = $4, updated = $5, result = COALESCE($6::text::jsonb, result)
		WHERE id = $1 AND version = $2 AND result IS NULL
		RETURNING pg_notify($7, $8)`,
		id, from, from+len(moves), dice, record.Now(), res, s.channel, notifyPayload(id, from+len(moves)))
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		if err := exists(ctx, tx, id); err != nil {
			return err
		}
		return store.ErrConflict
	}
	if len(moves) > 0 {
		seq, seat, text := make([]int32, len(moves)), make([]int32, len(moves)), make([]string, len(moves))
		for i, mv := range moves {
			seq[i], seat[i], text[i] = int32(from+i+1), int32(mv.Seat), mv.Text
		}
		_, err := tx.Exec(ctx, `INSERT INTO moves (match_id, seq, seat, action)
			SELECT $1, u.seq, u.seat, u.action
			FROM unnest($2::integer[], $3::integer[], $4::text[]) AS u (seq, seat, action)`,
			id, seq, seat, text)
		if err != nil {
			var pe *pgconn.PgError
			if errors.As(err, &pe) && pe.Code == uniqueViolation {
				return store.ErrConflict
			}
			return err
		}
	}
	if c := w.Clocks; c != nil {
		if err := setClocks(ctx, tx, id, c.Clocks, c.Next); err != nil {
			return err
		}
	}
	if c := w.Seat; c != nil {
		if err := setSeatKind(ctx, tx, id, c.Seat, c.Kind, c.Bot); err != nil {
			return err
		}
	}
	if err := enqueue(ctx, tx, id, w.Notes); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
