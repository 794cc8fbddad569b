package sim

import (
	"context"
	"errors"
	"fmt"
	"time"

	"scramble/engine"
)

// PlayGames plays the games first to last-1 of cfg (0 ≤ first < last ≤
// cfg.N) on one goroutine, each exactly as Run plays it (game i rolls its
// dice from the stream 2i of cfg.Seed and its bots draw from 2i+1), and
// returns their rows. It is a chunk of a run split into jobs: Assemble makes
// the rows of all the chunks into the report Run gives.
func PlayGames(ctx context.Context, cfg Config, first, last int) ([]GameRow, error) {
	if cfg.Game == nil {
		return nil, errors.New("sim: no game given")
	}
	if first < 0 || last <= first || last > cfg.N {
		return nil, fmt.Errorf("sim: games %d to %d are not a chunk of a run of %d games", first, last, cfg.N)
	}
	prep, _, seats, err := setup(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Bots == nil && cfg.BotsFor != nil {
		if cfg.Bots, err = cfg.BotsFor(seats); err != nil {
			return nil, err
		}
	}
	if len(cfg.Bots) != len(seats) {
		return nil, seatsError(cfg.Game.Info().Name, len(seats), len(cfg.Bots))
	}
	bots, err := makeBots(cfg.Bots)
	if err != nil {
		return nil, err
	}
	probe, _ := prep.NewState(nil)
	bound := cfg.MaxSteps
	if bound <= 0 {
		bound = engine.Bound(cfg.Game, probe)
	}
	c := cfg
	c.N = last
	r := &run{cfg: c, prep: prep, bound: bound, seats: len(seats), chunk: last - first, rows: make([]GameRow, last)}
	r.next.Store(int64(first))
	if err := r.work(ctx, bots, newTally(len(seats))); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("games %d to %d stopped: %w", first, last-1, err)
	}
	return r.rows[first:last], nil
}

// Assemble makes the report of cfg from the rows of all its games, in game
// order, as Run would have reported them (but for the elapsed time, given
// here). With cfg.KeepGames the report keeps the rows.
func Assemble(cfg Config, rows []GameRow, elapsed time.Duration) (*Report, error) {
	if len(rows) != cfg.N {
		return nil, fmt.Errorf("sim: %d rows for a run of %d games", len(rows), cfg.N)
	}
	_, opts, seats, err := setup(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Bots == nil && cfg.BotsFor != nil {
		if cfg.Bots, err = cfg.BotsFor(seats); err != nil {
			return nil, err
		}
	}
	if len(cfg.Bots) != len(seats) {
		return nil, seatsError(cfg.Game.Info().Name, len(seats), len(cfg.Bots))
	}
	bots, err := makeBots(cfg.Bots)
	if err != nil {
		return nil, err
	}
	t := newTally(len(seats))
	for i, row := range rows {
		if row.Game != i || len(row.Returns) != len(seats) {
			return nil, fmt.Errorf("sim: row %d is of game %d with %d returns; want game %d with %d", i, row.Game, len(row.Returns), i, len(seats))
		}
		res := engine.Result{Returns: row.Returns, Cause: row.Cause, Score: row.Score, Rounds: row.Rounds, Stats: row.Stats}
		if err := t.add(i, &res); err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
	}
	names := make([]string, len(bots))
	for i, b := range bots {
		names[i] = b.Name()
	}
	var kept []GameRow
	if cfg.KeepGames {
		kept = rows
	}
	return newReport(cfg.Game.Info().Name, opts, cfg.Seed, seats, names, t, kept, elapsed), nil
}

// setup prepares cfg's game and returns its setup, complete options and
// seats.
func setup(cfg Config) (engine.Prepared, engine.Options, []engine.SeatInfo, error) {
	prep, opts, err := engine.PrepareVariant(cfg.Game, cfg.Options, cfg.Data)
	if err != nil {
		return nil, nil, nil, err
	}
	probe, err := prep.NewState(nil)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", cfg.Game.Info().Name, err)
	}
	return prep, opts, probe.Seats(), nil
}
