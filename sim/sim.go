// Package sim plays many games of one game with bots and summarises them: win
// rates with confidence intervals, how games ended, scores, lengths and the
// means of the games' own statistics (engine.Result.Stats). It is the balance
// lab: Run plays one batch, Sweep a grid of options (sweep.go), Compare two
// arms with common random numbers and paired statistics (compare.go,
// paired.go), and ReadVariant reads a designer's variant file (variant.go);
// the sub-package plots draws the figures. docs/lab.md is the designer's
// guide.
//
// A run is repeatable: game i rolls its dice from engine.Derive(seed, 2*i) and
// its bots draw from engine.Derive(seed, 2*i+1), so the same seed gives the
// same report whatever the number of workers.
package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"scramble/engine"
)

// BotFactory makes a fresh bot for one seat. Run calls it once per worker and
// seat, so a bot is never shared between goroutines. A bot may be reused for
// many games; it must take all its randomness from Decision.Rand and keep
// nothing from one game to the next that changes its choices, or reports
// would depend on the number of workers.
type BotFactory func() (engine.Bot, error)

// Config describes a batch of games.
type Config struct {
	// Game is the game to play.
	Game engine.Game
	// Options are the game's options; missing ones take their defaults.
	Options engine.Options
	// Data replaces designed data files of the game by name, for a
	// designer's variant (engine.PrepareVariant); nil keeps the game's own.
	Data map[string][]byte
	// Bots holds one factory per seat, in seat order.
	Bots []BotFactory
	// BotsFor, when set and Bots is not, gives the factories for the
	// seats of the game as these options set it up. A sweep calls it for
	// each cell, so that an option that changes the seats (the number of
	// players, a scenario) gets bots for its own seats.
	BotsFor func(seats []engine.SeatInfo) ([]BotFactory, error)
	// N is the number of games.
	N int
	// Seed makes the run repeatable.
	Seed uint64
	// Workers is the number of games played at once; 0 means
	// runtime.NumCPU().
	Workers int
	// MaxSteps bounds the actions of one game (dice included); 0 means the
	// game's engine.Bound. A game that runs past it is an error.
	MaxSteps int
	// KeepGames keeps one GameRow per game in Report.Rows, for CSV output.
	KeepGames bool
	// Progress, when set, is called with the number of games finished, from
	// one goroutine at a time, a few times a second and once at the end.
	Progress func(done int)
}

// progressEvery is how often Run reports progress.
const progressEvery = 100 * time.Millisecond

// Run plays cfg.N games and returns their report. It stops at the first game
// that fails (a bot's illegal action, a game past its bound) with an error that
// names the game, and when ctx is cancelled.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Game == nil {
		return nil, errors.New("sim: no game given")
	}
	if cfg.N <= 0 {
		return nil, fmt.Errorf("sim: the number of games must be positive, got %d", cfg.N)
	}
	info := cfg.Game.Info()
	// The options are checked and compiled once for the whole run.
	prep, opts, err := engine.PrepareVariant(cfg.Game, cfg.Options, cfg.Data)
	if err != nil {
		return nil, err
	}
	probe, err := prep.NewState(nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", info.Name, err)
	}
	seats := probe.Seats()
	if cfg.Bots == nil && cfg.BotsFor != nil {
		if cfg.Bots, err = cfg.BotsFor(seats); err != nil {
			return nil, err
		}
	}
	if len(cfg.Bots) != len(seats) {
		return nil, seatsError(info.Name, len(seats), len(cfg.Bots))
	}
	bound := cfg.MaxSteps
	if bound <= 0 {
		bound = engine.Bound(cfg.Game, probe)
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, cfg.N)

	// Make every worker's bots first, so that a bad factory fails before any
	// game is played.
	botSets := make([][]engine.Bot, workers)
	for w := range botSets {
		botSets[w], err = makeBots(cfg.Bots)
		if err != nil {
			return nil, err
		}
	}

	r := &run{cfg: cfg, prep: prep, bound: bound, seats: len(seats), chunk: chunkSize(cfg.N, workers)}
	if cfg.KeepGames {
		r.rows = make([]GameRow, cfg.N)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	start := time.Now()
	stopProgress := r.reportProgress()
	tallies := make([]*tally, workers)
	var wg sync.WaitGroup
	for w := range workers {
		tallies[w] = newTally(len(seats))
		wg.Go(func() {
			if err := r.work(ctx, botSets[w], tallies[w]); err != nil {
				r.fail(err)
				cancel()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	stopProgress()

	if r.err != nil {
		return nil, r.err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("simulation stopped after %d of %d games: %w", r.done.Load(), cfg.N, err)
	}
	total := newTally(len(seats))
	for _, t := range tallies {
		total.merge(t)
	}
	bots := make([]string, len(seats))
	for i, b := range botSets[0] {
		bots[i] = b.Name()
	}
	return newReport(info.Name, opts, cfg.Seed, seats, bots, total, r.rows, elapsed), nil
}

// seatsError says that a game has not as many seats as bots were given.
func seatsError(game string, seats, bots int) error {
	return fmt.Errorf("%s has %s but %s given: give one bot per seat, or one bot for every seat", game, count(seats, "seat"), count(bots, "bot"))
}

// count writes n and word, with an s unless n is 1.
func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func makeBots(factories []BotFactory) ([]engine.Bot, error) {
	bots := make([]engine.Bot, len(factories))
	for i, f := range factories {
		if f == nil {
			return nil, fmt.Errorf("sim: no bot given for seat %d", i)
		}
		b, err := f()
		if err != nil {
			return nil, fmt.Errorf("bot for seat %d: %w", i, err)
		}
		bots[i] = b
	}
	return bots, nil
}

// run is the shared state of one Run: the next game to play, the count of
// games done, the first error and the per-game rows.
type run struct {
	cfg   Config
	prep  engine.Prepared
	bound int
	seats int
	chunk int // games claimed at a time

	next atomic.Int64
	done atomic.Int64
	rows []GameRow // each worker writes only the rows of its own games

	mu  sync.Mutex
	err error
}

// maxChunk is the most games a worker claims at a time: enough that claiming
// and counting cost nothing per game.
const maxChunk = 64

// chunkSize is the number of games a worker claims at a time: at most
// maxChunk, and small enough that each worker gets about 16 claims, so the
// workers finish together even when games are slow (a campaign, a search).
func chunkSize(n, workers int) int {
	return max(1, min(maxChunk, n/(16*workers)))
}

// work plays games until none are left, ctx is cancelled (checked before
// each game) or one fails. Game
// i rolls its dice from the sub-stream 2i of the seed and its bots draw from
// 2i+1, whichever worker plays it. The worker reuses one state, two sources
// one engine.Player and one engine.Result for all its games.
func (r *run) work(ctx context.Context, bots []engine.Bot, t *tally) error {
	var (
		p             engine.Player
		s             engine.State
		dice, botRand engine.Rand
		res           engine.Result // each game's, written over by the next
		err           error
	)
	seed, n, chunk := r.cfg.Seed, r.cfg.N, int64(r.chunk)
	// Bots that idle (engine.Idler) draw nothing: their source is not
	// seeded.
	seedBots := !idle(bots)
	for {
		first := int(r.next.Add(chunk) - chunk)
		if first >= n {
			return nil
		}
		last := min(first+int(chunk), n)
		for i := first; i < last; i++ {
			// ctx.Err is an atomic load: checked before every game, so a
			// cancelled run stops after the games under way.
			if ctx.Err() != nil {
				r.done.Add(int64(i - first))
				return nil // Run reports the cancellation
			}
			stream := 2 * uint64(i)
			if s, err = r.prep.NewState(s); err != nil {
				return fmt.Errorf("game %d: %w", i, err)
			}
			dice.SeedStream(seed, stream)
			if seedBots {
				botRand.SeedStream(seed, stream+1)
			}
			if err := p.PlayInto(&res, s, bots, &dice, &botRand, r.bound); err != nil {
				return fmt.Errorf("game %d (seed %d, dice stream %d): %w", i, seed, stream, err)
			}
			if len(res.Returns) != r.seats {
				return fmt.Errorf("game %d: the result has %d returns for %d seats", i, len(res.Returns), r.seats)
			}
			if err := t.add(i, &res); err != nil {
				return fmt.Errorf("game %d (seed %d, dice stream %d): %w", i, seed, stream, err)
			}
			if r.rows != nil {
				r.rows[i] = GameRow{
					Game: i, SeedIndex: stream, Returns: append([]float64(nil), res.Returns...),
					Cause: res.Cause, Score: res.Score, Rounds: res.Rounds,
					Stats: append([]engine.Stat(nil), res.Stats...),
				}
			}
		}
		r.done.Add(int64(last - first))
	}
}

// idle reports whether every bot idles (engine.Idler).
func idle(bots []engine.Bot) bool {
	for _, b := range bots {
		if id, ok := b.(engine.Idler); !ok || !id.Idles() {
			return false
		}
	}
	return true
}

// fail records the first error of the run.
func (r *run) fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err == nil {
		r.err = err
	}
}

// reportProgress starts calling cfg.Progress in the background and returns
// the function that stops it, after one last call with the final count.
func (r *run) reportProgress() (stop func()) {
	if r.cfg.Progress == nil {
		return func() {}
	}
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
				r.cfg.Progress(int(r.done.Load()))
			}
		}
	}()
	return func() {
		close(quit)
		<-finished
		r.cfg.Progress(int(r.done.Load()))
	}
}
