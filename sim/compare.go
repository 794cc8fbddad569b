package sim

import (
	"context"
	"fmt"
)

// Comparison is an A/B test: two arms (two option sets, two bots, two
// versions of a game) played over the same games with common random
// numbers, and the difference B − A of each figure with its 95% interval,
// its p-value and the games needed to detect a given difference. Its JSON
// form is stable.
type Comparison struct {
	// Games is the number of games of each arm; Seed their seed.
	Games int    `json:"games"`
	Seed  uint64 `json:"seed"`
	// Detect is the difference in win rate the figures DetectGames are
	// sized for (0.02: two percentage points).
	Detect float64 `json:"detect"`
	// A and B are the arms' reports, without per-game rows.
	A *Report `json:"a"`
	B *Report `json:"b"`
	// Metrics holds one paired difference per figure: each seat's win
	// rate, the score, the rounds, then the game's statistics that every
	// game of both arms reported.
	Metrics []Metric `json:"metrics"`
}

// Metric is the paired difference of one figure.
type Metric struct {
	// Name says what is compared: "win rate RAF", "score", "rounds" or
	// "stat british losses".
	Name string `json:"name"`
	Paired
	// DetectGames, for a win rate, is the number of games per arm needed to
	// detect a difference of Comparison.Detect with 80% power; 0 for other
	// figures.
	DetectGames int `json:"detect_games,omitempty"`
	// ObservedGames is the number of games per arm needed to detect a
	// difference the size of the observed one with 80% power; 0 when no
	// difference was observed.
	ObservedGames int `json:"observed_games"`
}

// Compare plays the arms a and b over the same games: b is played with a's
// N, Seed and Workers, so game i of both arms rolls its dice from the same
// stream and its bots draw from the same stream (common random numbers),
// and the figures are compared game by game (paired). The arms must have
// the same number of seats. detect is the win-rate difference to size the
// comparison for (e.g. 0.02); Progress, when set on a, counts the games of
// both arms.
func Compare(ctx context.Context, a, b Config, detect float64) (*Comparison, error) {
	if a.N < 2 {
		return nil, fmt.Errorf("sim: a comparison needs at least 2 games, got %d", a.N)
	}
	if detect < 0 || detect > 1 {
		return nil, fmt.Errorf("sim: the win-rate difference to detect must be within 0..1, got %g", detect)
	}
	b.N, b.Seed, b.Workers = a.N, a.Seed, a.Workers
	a.KeepGames, b.KeepGames = true, true
	if progress := a.Progress; progress != nil {
		n := a.N
		b.Progress = func(done int) { progress(n + done) }
	}
	ra, err := Run(ctx, a)
	if err != nil {
		return nil, fmt.Errorf("arm A: %w", err)
	}
	rb, err := Run(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("arm B: %w", err)
	}
	return CompareReports(ra, rb, detect)
}

// CompareReports pairs two arms' reports played over the same games (the
// same N and Seed), each with its Rows, as Compare does; it drops the rows.
func CompareReports(ra, rb *Report, detect float64) (*Comparison, error) {
	if ra.Games != rb.Games || len(ra.Rows) != ra.Games || len(rb.Rows) != rb.Games {
		return nil, fmt.Errorf("sim: the arms have %d and %d games (%d and %d rows): compare arms of the same games, kept", ra.Games, rb.Games, len(ra.Rows), len(rb.Rows))
	}
	if len(ra.Seats) != len(rb.Seats) {
		return nil, fmt.Errorf("arm A has %d seats and arm B %d: compare games with the same seats", len(ra.Seats), len(rb.Seats))
	}
	c := &Comparison{Games: ra.Games, Seed: ra.Seed, Detect: detect, A: ra, B: rb}
	c.Metrics = metrics(ra, rb, detect)
	ra.Rows, rb.Rows = nil, nil
	return c, nil
}

// metrics pairs the games of two reports figure by figure.
func metrics(ra, rb *Report, detect float64) []Metric {
	n := ra.Games
	col := func(r *Report, f func(GameRow) float64) []float64 {
		x := make([]float64, n)
		for i, g := range r.Rows {
			x[i] = f(g)
		}
		return x
	}
	var out []Metric
	add := func(name string, f func(GameRow) float64, win bool) {
		m := Metric{Name: name, Paired: PairedDiff(col(ra, f), col(rb, f))}
		if win {
			m.DetectGames = GamesToDetect(m.SD, detect)
		}
		if m.Diff != 0 {
			m.ObservedGames = GamesToDetect(m.SD, abs(m.Diff))
		}
		out = append(out, m)
	}
	for seat, s := range ra.Seats {
		add("win rate "+s.Name, func(g GameRow) float64 {
			if g.Returns[seat] > 0.5 {
				return 1
			}
			return 0
		}, true)
	}
	add("score", func(g GameRow) float64 { return float64(g.Score) }, false)
	add("rounds", func(g GameRow) float64 { return float64(g.Rounds) }, false)
	for _, st := range ra.Stats {
		if !everyGameHas(ra, st.Name) || !everyGameHas(rb, st.Name) {
			continue
		}
		add("stat "+st.Name, func(g GameRow) float64 { v, _ := statOf(g, st.Name); return v }, false)
	}
	return out
}

func everyGameHas(r *Report, name string) bool {
	for _, g := range r.Rows {
		if _, ok := statOf(g, name); !ok {
			return false
		}
	}
	return true
}

func statOf(g GameRow, name string) (float64, bool) {
	for _, st := range g.Stats {
		if st.Name == name {
			return st.Value, true
		}
	}
	return 0, false
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
