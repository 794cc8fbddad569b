package cluster

import (
	"context"
	"errors"
	"fmt"
	"time"

	"scramble/sim"
)

// assemble makes a run's report from the rows of every cell, each in game
// order.
func (e Env) assemble(s *Spec, rows [][]sim.GameRow, elapsed time.Duration) (any, error) {
	reports := make([]*sim.Report, len(s.Cells))
	for i, c := range s.Cells {
		cfg, err := e.config(s, c)
		if err != nil {
			return nil, fmt.Errorf("cell %d: %w", i, err)
		}
		cfg.KeepGames = s.Kind == KindAB
		if reports[i], err = sim.Assemble(cfg, rows[i], elapsed); err != nil {
			return nil, fmt.Errorf("cell %d: %w", i, err)
		}
	}
	switch s.Kind {
	case KindBatch:
		return reports[0], nil
	case KindSweep:
		sr := &sim.SweepReport{Game: s.Cells[0].Game, Seed: s.Seed, Games: s.Games, Axes: s.Axes}
		for i, point := range sim.Grid(s.Axes) {
			sr.Points = append(sr.Points, sim.SweepPoint{Values: point, Report: reports[i]})
		}
		return sr, nil
	case KindAB:
		return sim.CompareReports(reports[0], reports[1], s.Detect)
	}
	return nil, fmt.Errorf("lab run: unknown kind %q", s.Kind)
}

// cancelled returns a context that is already done: Check uses it to set a
// cell up without playing a game.
func cancelled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

func isCancel(err error) bool { return errors.Is(err, context.Canceled) }
