package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"scramble/store"
	"scramble/store/internal/record"
)

// uniqueViolation is Postgres's error code for a duplicate key.
const uniqueViolation = "23505"

// writeTx is the transaction mode of every write: READ COMMITTED whatever the
// server's default, so a lost race shows as a changed version, not as a
// serialisation failure.
var writeTx = pgx.TxOptions{IsoLevel: pgx.ReadCommitted}

// Create stores a new match with version 0 and no moves. It fills in m.Created
// (when zero) and m.Updated, rounded as stored, and sets m.Version to 0. An ID
// already in use is an error.
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
	tx, err := s.pool.BeginTx(ctx, writeTx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	_, err = tx.Exec(ctx, `INSERT INTO matches
		(id, game, options, seed, spectator_hash, created, updated, version, dice, result, public)
		VALUES ($1, $2, $3::text::jsonb, $4, $5, $6, $7, 0, $8, $9::text::jsonb, $10)`,
		m.ID, m.Game, opts, record.Seed(m.Seed), m.SpectatorHash, m.Created, m.Updated, m.Dice, result, m.Public)
	if err != nil {
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == uniqueViolation {
			return errors.New("a match with this ID already exists")
		}
		return err
	}
	if len(m.Seats) > 0 {
		var (
			index     = make([]int32, len(m.Seats))
			kind, bot = make([]string, len(m.Seats)), make([]string, len(m.Seats))
			hash      = make([]string, len(m.Seats))
			claimed   = make([]bool, len(m.Seats))
		)
		for i, seat := range m.Seats {
			index[i], kind[i], bot[i], hash[i], claimed[i] = int32(i), string(seat.Kind), seat.Bot, seat.TokenHash, seat.Claimed
		}
		_, err := tx.Exec(ctx, `INSERT INTO seats (match_id, seat, kind, bot, token_hash, claimed)
			SELECT $1, u.seat, u.kind, u.bot, u.token_hash, u.claimed
			FROM unnest($2::integer[], $3::text[], $4::text[], $5::text[], $6::boolean[])
				AS u (seat, kind, bot, token_hash, claimed)`,
			m.ID, index, kind, bot, hash, claimed)
		if err != nil {
			return fmt.Errorf("seats: %w", err)
		}
	}
	return tx.Commit(ctx)
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
	rows, err := s.pool.Query(ctx, `SELECT
		m.game, m.options::text, m.seed, m.spectator_hash, m.created, m.updated, m.version, m.dice, m.result::text, m.public,
		s.seat, s.kind, s.bot, s.token_hash, s.claimed
		FROM matches AS m LEFT JOIN seats AS s ON s.match_id = m.id
		WHERE m.id = $1 ORDER BY s.seat`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var m *store.Match
	for rows.Next() {
		var (
			opts             string
			seed             int64
			created, updated time.Time
			result           *string
			seat             nullSeat
		)
		if m == nil {
			m = &store.Match{ID: id}
		}
		err := rows.Scan(&m.Game, &opts, &seed, &m.SpectatorHash, &created, &updated, &m.Version, &m.Dice, &result, &m.Public,
			&seat.index, &seat.kind, &seat.bot, &seat.tokenHash, &seat.claimed)
		if err != nil {
			return nil, err
		}
		if m.Options, err = record.OptionsOf([]byte(opts)); err != nil {
			return nil, err
		}
		if m.Result, err = record.ResultOf(result); err != nil {
			return nil, err
		}
		m.Seed = record.SeedOf(seed)
		m.Created, m.Updated = created.UTC(), updated.UTC()
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

// ClaimSeat marks a seat as claimed; claiming it again changes nothing.
func (s *Store) ClaimSeat(ctx context.Context, id string, seat int) error {
	if err := s.claimSeat(ctx, id, seat); err != nil {
		return fmt.Errorf("store: claim seat %d of match %s: %w", seat, id, err)
	}
	return nil
}

func (s *Store) claimSeat(ctx context.Context, id string, seat int) error {
	tag, err := s.pool.Exec(ctx, "UPDATE seats SET claimed = true WHERE match_id = $1 AND seat = $2", id, seat)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		if err := exists(ctx, s.pool, id); err != nil {
			return err
		}
		return errors.New("the match has no such seat")
	}
	return nil
}

// JoinSeat gives an unclaimed person's seat a new token hash and marks it
// claimed (see store.Store).
func (s *Store) JoinSeat(ctx context.Context, id string, seat int, tokenHash string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE seats SET token_hash = $3, claimed = true
		WHERE match_id = $1 AND seat = $2 AND NOT claimed AND kind = 'person'`, id, seat, tokenHash)
	if err == nil && tag.RowsAffected() == 0 {
		if err = exists(ctx, s.pool, id); err == nil {
			err = store.ErrConflict
		}
	}
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
		cond += " AND public"
	}
	var max *int64 // NULL: no limit
	if q.Limit > 0 {
		n := int64(q.Limit)
		max = &n
	}
	args := []any{max}
	if q.After != nil {
		// Newest first: the next page holds older matches, or as old
		// ones with a smaller ID.
		cond += " AND (created, id) < ($2, $3)"
		args = append(args, q.After.Created, q.After.ID)
	}
	rows, err := s.pool.Query(ctx, `SELECT
		m.id, m.game, m.created, m.updated, m.version, m.result::text, m.public,
		s.seat, s.kind, s.bot, s.token_hash, s.claimed
		FROM (SELECT id, game, created, updated, version, result, public FROM matches
			WHERE `+cond+` ORDER BY created DESC, id DESC LIMIT $1) AS m
		LEFT JOIN seats AS s ON s.match_id = m.id
		ORDER BY m.created DESC, m.id DESC, s.seat`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []store.Summary
	for rows.Next() {
		var (
			sum              store.Summary
			created, updated time.Time
			result           *string
			seat             nullSeat
		)
		err := rows.Scan(&sum.ID, &sum.Game, &created, &updated, &sum.Version, &result, &sum.Public,
			&seat.index, &seat.kind, &seat.bot, &seat.tokenHash, &seat.claimed)
		if err != nil {
			return nil, err
		}
		if n := len(list); n == 0 || list[n-1].ID != sum.ID {
			if sum.Result, err = record.ResultOf(result); err != nil {
				return nil, fmt.Errorf("match %s: %w", sum.ID, err)
			}
			sum.Created, sum.Updated = created.UTC(), updated.UTC()
			list = append(list, sum)
		}
		if err := seat.addTo(&list[len(list)-1].Seats); err != nil {
			return nil, fmt.Errorf("match %s: %w", sum.ID, err)
		}
	}
	return list, rows.Err()
}

// querier is what both the pool and a transaction offer.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// exists returns store.ErrNotFound unless the match is there.
func exists(ctx context.Context, q querier, id string) error {
	var one int
	err := q.QueryRow(ctx, "SELECT 1 FROM matches WHERE id = $1", id).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}

// nullSeat is a seats row from a LEFT JOIN: all NULL when the match has none.
type nullSeat struct {
	index     *int32
	kind      *string
	bot       *string
	tokenHash *string
	claimed   *bool
}

// addTo appends the seat to seats, which must hold the seats before it.
func (n nullSeat) addTo(seats *[]store.Seat) error {
	if n.index == nil {
		return nil
	}
	if int(*n.index) != len(*seats) {
		return fmt.Errorf("seat %d stored where seat %d belongs", *n.index, len(*seats))
	}
	*seats = append(*seats, store.Seat{
		Kind: store.SeatKind(deref(n.kind)), Bot: deref(n.bot),
		TokenHash: deref(n.tokenHash), Claimed: n.claimed != nil && *n.claimed,
	})
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
