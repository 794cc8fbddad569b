package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"scramble/store"
	"scramble/store/internal/record"
)

// Create stores a new match with version 0 and no moves. It fills in m.Created
// (when zero) and m.Updated, rounded as stored, and sets m.Version to 0. An ID
// already in use is an error. Like every write it is queued to the writer
// and returns once committed (see Append).
func (s *Store) Create(ctx context.Context, m *store.Match) error {
	if err := record.PrepareCreate(m); err != nil {
		return fmt.Errorf("store: create match: %w", err)
	}
	if err := s.create(ctx, m); err != nil {
		return fmt.Errorf("store: create match %s: %w", m.ID, err)
	}
	return nil
}

func (s *Store) create(ctx context.Context, m *store.Match) error {
	opts, err := record.Options(m.Options)
	if err != nil {
		return err
	}
	result, err := record.Result(m.Result)
	if err != nil {
		return err
	}
	return s.wr.do(ctx, func(t *wtx) error {
		_, err := t.st.insertMatch.ExecContext(t.ctx,
			m.ID, m.Game, opts, record.Seed(m.Seed), m.SpectatorHash,
			m.Created.UnixMicro(), m.Updated.UnixMicro(), m.Dice, result, m.Public)
		if err != nil {
			var se *msqlite.Error
			if errors.As(err, &se) && se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY {
				return errors.New("a match with this ID already exists")
			}
			return err
		}
		for i, seat := range m.Seats {
			_, err := t.st.insertSeat.ExecContext(t.ctx, m.ID, i, string(seat.Kind), seat.Bot, seat.TokenHash, seat.Claimed)
			if err != nil {
				return fmt.Errorf("seat %d: %w", i, err)
			}
		}
		return nil
	})
}

// Get returns the match record, or store.ErrNotFound.
func (s *Store) Get(ctx context.Context, id string) (*store.Match, error) {
	m, err := s.get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("store: get match %s: %w", id, err)
	}
	return m, nil
}

func (s *Store) get(ctx context.Context, id string) (*store.Match, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT
		m.game, m.options, m.seed, m.spectator_hash, m.created, m.updated, m.version, m.dice, m.result, m.public,
		s.seat, s.kind, s.bot, s.token_hash, s.claimed
		FROM matches AS m LEFT JOIN seats AS s ON s.match_id = m.id
		WHERE m.id = ? ORDER BY s.seat`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var m *store.Match
	for rows.Next() {
		var (
			opts            []byte
			seed            int64
			created, update int64
			result          *string
			seat            nullSeat
		)
		if m == nil {
			m = &store.Match{ID: id}
		}
		err := rows.Scan(&m.Game, &opts, &seed, &m.SpectatorHash, &created, &update, &m.Version, &m.Dice, &result, &m.Public,
			&seat.index, &seat.kind, &seat.bot, &seat.tokenHash, &seat.claimed)
		if err != nil {
			return nil, err
		}
		if m.Options, err = record.OptionsOf(opts); err != nil {
			return nil, err
		}
		if m.Result, err = record.ResultOf(result); err != nil {
			return nil, err
		}
		m.Seed = record.SeedOf(seed)
		m.Created, m.Updated = micros(created), micros(update)
		if err := seat.addTo(&m.Seats); err != nil {
			return nil, err
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, store.ErrNotFound
	}
	return m, nil
}

// ClaimSeat marks a seat as claimed; claiming it again changes nothing. Like
// every write it is queued to the writer and returns once committed (see
// Append).
func (s *Store) ClaimSeat(ctx context.Context, id string, seat int) error {
	if err := s.claimSeat(ctx, id, seat); err != nil {
		return fmt.Errorf("store: claim seat %d of match %s: %w", seat, id, err)
	}
	return nil
}

func (s *Store) claimSeat(ctx context.Context, id string, seat int) error {
	return s.wr.do(ctx, func(t *wtx) error {
		res, err := t.st.claimSeat.ExecContext(t.ctx, id, seat)
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
}

// JoinSeat gives an unclaimed person's seat a new token hash and marks it
// claimed (see store.Store); queued to the writer like every write.
func (s *Store) JoinSeat(ctx context.Context, id string, seat int, tokenHash string) error {
	err := s.wr.do(ctx, func(t *wtx) error {
		res, err := t.st.joinSeat.ExecContext(t.ctx, tokenHash, id, seat)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			if err := t.exists(id); err != nil {
				return err
			}
			return store.ErrConflict
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: join seat %d of match %s: %w", seat, id, err)
	}
	return nil
}

// List returns the matches q selects, newest first.
func (s *Store) List(ctx context.Context, q store.ListQuery) ([]store.Summary, error) {
	list, err := s.list(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("store: list matches (finished=%t): %w", q.Finished, err)
	}
	return list, nil
}

func (s *Store) list(ctx context.Context, q store.ListQuery) ([]store.Summary, error) {
	cond := "result IS NULL"
	if q.Finished {
		cond = "result IS NOT NULL"
	}
	if q.PublicOnly {
		cond += " AND public = 1"
	}
	args := []any{}
	if q.After != nil {
		// Newest first: the next page holds older matches, or as old
		// ones with a smaller ID.
		at := q.After.Created.UnixMicro()
		cond += " AND (created < ? OR (created = ? AND id < ?))"
		args = append(args, at, at, q.After.ID)
	}
	limit := q.Limit
	if limit <= 0 {
		limit = -1 // no limit
	}
	args = append(args, limit)
	rows, err := s.r.QueryContext(ctx, `SELECT
		m.id, m.game, m.created, m.updated, m.version, m.result, m.public,
		s.seat, s.kind, s.bot, s.token_hash, s.claimed
		FROM (SELECT id, game, created, updated, version, result, public FROM matches
			WHERE `+cond+` ORDER BY created DESC, id DESC LIMIT ?) AS m
		LEFT JOIN seats AS s ON s.match_id = m.id
		ORDER BY m.created DESC, m.id DESC, s.seat`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []store.Summary
	for rows.Next() {
		var (
			sum             store.Summary
			created, update int64
			result          *string
			seat            nullSeat
		)
		err := rows.Scan(&sum.ID, &sum.Game, &created, &update, &sum.Version, &result, &sum.Public,
			&seat.index, &seat.kind, &seat.bot, &seat.tokenHash, &seat.claimed)
		if err != nil {
			return nil, err
		}
		if n := len(list); n == 0 || list[n-1].ID != sum.ID {
			if sum.Result, err = record.ResultOf(result); err != nil {
				return nil, fmt.Errorf("match %s: %w", sum.ID, err)
			}
			sum.Created, sum.Updated = micros(created), micros(update)
			list = append(list, sum)
		}
		if err := seat.addTo(&list[len(list)-1].Seats); err != nil {
			return nil, fmt.Errorf("match %s: %w", sum.ID, err)
		}
	}
	return list, rows.Err()
}

// micros is the time of a stored Unix microsecond count.
func micros(us int64) time.Time { return time.UnixMicro(us).UTC() }

// nullSeat is a seats row from a LEFT JOIN: all NULL when the match has none.
type nullSeat struct {
	index     sql.NullInt64
	kind      sql.NullString
	bot       sql.NullString
	tokenHash sql.NullString
	claimed   sql.NullBool
}

// addTo appends the seat to seats, which must hold the seats before it.
func (n nullSeat) addTo(seats *[]store.Seat) error {
	if !n.index.Valid {
		return nil
	}
	if n.index.Int64 != int64(len(*seats)) {
		return fmt.Errorf("seat %d stored where seat %d belongs", n.index.Int64, len(*seats))
	}
	*seats = append(*seats, store.Seat{
		Kind: store.SeatKind(n.kind.String), Bot: n.bot.String,
		TokenHash: n.tokenHash.String, Claimed: n.claimed.Bool,
	})
	return nil
}
