package sqlite

import (
	"context"
	"database/sql"
	"fmt"

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
	rows, err := s.r.QueryContext(ctx, `SELECT mv.seq, mv.seat, mv.action
		FROM matches AS m LEFT JOIN moves AS mv ON mv.match_id = m.id
		WHERE m.id = ? ORDER BY mv.seq`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	found := false
	moves := []engine.Move{}
	for rows.Next() {
		found = true
		var seq, seat sql.NullInt64
		var text sql.NullString
		if err := rows.Scan(&seq, &seat, &text); err != nil {
			return nil, err
		}
		if !seq.Valid {
			continue
		}
		if seq.Int64 != int64(len(moves)+1) {
			return nil, fmt.Errorf("move %d stored where move %d belongs", seq.Int64, len(moves)+1)
		}
		moves = append(moves, engine.Move{Seat: engine.Seat(seat.Int64), Text: text.String})
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
// The write is queued to the store's single writer, which commits it with the
// other writes pending at that moment in one transaction (group commit), each
// in a savepoint of its own, and answers only once that transaction has
// committed. Writes are applied in the order they were queued, so concurrent
// Appends at one version are serialised: the first wins, the others conflict.
// If ctx ends while the write is still queued, it is dropped and Append
// returns ctx.Err(); once the writer has taken it, Append waits for the
// commit.
func (s *Store) Append(ctx context.Context, id string, from int, moves []engine.Move, dice string, result *engine.Result) error {
	if err := s.append(ctx, id, store.Write{From: from, Moves: moves, Dice: dice, Result: result}); err != nil {
		return fmt.Errorf("store: append to match %s at version %d: %w", id, from, err)
	}
	return nil
}

var _ store.Committer = (*Store)(nil)

// Commit writes w to match id in one transaction (a savepoint of the
// writer's group commit, as Append's).
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
	return s.wr.do(ctx, func(t *wtx) error {
		var (
			r   sql.Result
			err error
		)
		if res == nil {
			r, err = t.st.moveMatch.ExecContext(t.ctx, from+len(moves), dice, record.Now().UnixMicro(), id, from)
		} else {
			r, err = t.st.finishMatch.ExecContext(t.ctx, from+len(moves), dice, record.Now().UnixMicro(), *res, id, from)
		}
		if err != nil {
			return err
		}
		if n, err := r.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			if err := t.exists(id); err != nil {
				return err
			}
			return store.ErrConflict
		}
		for i, mv := range moves {
			if _, err := t.st.insertMove.ExecContext(t.ctx, id, from+i+1, int(mv.Seat), mv.Text); err != nil {
				return fmt.Errorf("move %d: %w", from+i+1, err)
			}
		}
		if c := w.Clocks; c != nil {
			if err := t.setClocks(id, c.Clocks, c.Next); err != nil {
				return err
			}
		}
		if c := w.Seat; c != nil {
			if err := t.setSeatKind(id, c.Seat, c.Kind, c.Bot); err != nil {
				return err
			}
		}
		return t.enqueue(id, w.Notes)
	})
}
