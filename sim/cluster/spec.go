// Package cluster runs the lab's work (a batch, a sweep, an A/B comparison)
// as jobs on a Postgres job queue, River (riverqueue/river), so that any
// number of worker processes on any machines share it (scramble lab worker
// --db postgres://...). A run is split into jobs of one cell and a chunk of
// its games; a worker stores a chunk's games under the unique key (run,
// cell, first game) and completes the job in the same transaction, so that
// at-least-once delivery never counts a game twice and a killed worker loses
// nothing: the report of a run is the one scramble sim gives on one machine
// with the same seed, game for game. Local runs the same model in-process,
// for one machine with no database. docs/lab.md is the guide.
package cluster

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"scramble/engine"
	"scramble/sim"
)

// The kinds of run.
const (
	KindBatch = "batch"
	KindSweep = "sweep"
	KindAB    = "ab"
)

// Spec is a run: its cells (one for a batch, one per combination of a
// sweep, two arms for an A/B comparison), each played for Games games with
// Seed. It is stored with the run, so that any process can make its report.
type Spec struct {
	Kind  string `json:"kind"`
	Cells []Cell `json:"cells"`
	// Axes are a sweep's axes, in the order of its cells (sim.Grid).
	Axes  []sim.Axis `json:"axes,omitempty"`
	Games int        `json:"games"`
	Seed  uint64     `json:"seed"`
	// Chunk is the games of one job.
	Chunk int `json:"chunk"`
	// Detect is an A/B comparison's win-rate difference to size it for.
	Detect float64 `json:"detect,omitempty"`
	// MaxSteps bounds a game's actions (0: the game's own bound).
	MaxSteps int `json:"max_steps,omitempty"`
}

// Cell is one setting of a run: a game, its options and each seat's bot.
type Cell struct {
	Game    string         `json:"game"`
	Options engine.Options `json:"options"`
	Bots    []string       `json:"bots"`
}

// Env is what a process needs to play a cell: the games and the bots.
type Env struct {
	Games  engine.Catalog
	NewBot func(spec string) (engine.Bot, error)
}

// config is the sim.Config of a cell.
func (e Env) config(s *Spec, c Cell) (sim.Config, error) {
	g, ok := e.Games.Lookup(c.Game)
	if !ok {
		return sim.Config{}, fmt.Errorf("this worker has no game %q", c.Game)
	}
	cfg := sim.Config{Game: g, Options: c.Options, N: s.Games, Seed: s.Seed, MaxSteps: s.MaxSteps, Workers: 1}
	for _, spec := range c.Bots {
		if _, err := e.NewBot(spec); err != nil {
			return sim.Config{}, fmt.Errorf("bot %s: %w", spec, err)
		}
		cfg.Bots = append(cfg.Bots, func() (engine.Bot, error) { return e.NewBot(spec) })
	}
	return cfg, nil
}

// Check checks a spec before it is submitted: every cell's game, options,
// seats and bots, and the chunk size.
func (e Env) Check(s *Spec) error {
	switch {
	case len(s.Cells) == 0:
		return fmt.Errorf("lab run: no cells")
	case s.Games < 1:
		return fmt.Errorf("lab run: the games of a cell must be at least 1, got %d", s.Games)
	case s.Chunk < 1:
		return fmt.Errorf("lab run: the chunk must be at least one game, got %d", s.Chunk)
	case s.Kind == KindAB && len(s.Cells) != 2:
		return fmt.Errorf("lab run: an A/B run has two cells, got %d", len(s.Cells))
	case s.Kind == KindSweep && len(s.Cells) != len(sim.Grid(s.Axes)):
		return fmt.Errorf("lab run: a sweep over %d combinations has %d cells", len(sim.Grid(s.Axes)), len(s.Cells))
	}
	for i, c := range s.Cells {
		cfg, err := e.config(s, c)
		if err != nil {
			return fmt.Errorf("cell %d: %w", i, err)
		}
		if _, err := sim.PlayGames(cancelled(), cfg, 0, 1); err != nil && !isCancel(err) {
			return fmt.Errorf("cell %d (%s): %w", i, c.Game, err)
		}
	}
	return nil
}

// chunks lists the first game of each chunk of a cell.
func (s *Spec) chunks() []int {
	var out []int
	for f := 0; f < s.Games; f += s.Chunk {
		out = append(out, f)
	}
	return out
}

// Jobs is the number of jobs of the run.
func (s *Spec) Jobs() int { return len(s.Cells) * len(s.chunks()) }

// Total is the number of games of the run.
func (s *Spec) Total() int { return len(s.Cells) * s.Games }

// newRunID returns a random run ID.
func newRunID() string {
	var b [9]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102") + "-" + hex.EncodeToString(b[:])
}
