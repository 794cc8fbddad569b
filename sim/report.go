package sim

import (
	"encoding/json"
	"io"
	"sort"
	"time"

	"scramble/engine"
)

// Report summarises a batch of games. Its JSON form (the field tags below) is
// stable: scripts may rely on it.
type Report struct {
	// Game is the game's short name.
	Game string `json:"game"`
	// Options are the game's complete options, defaults included.
	Options engine.Options `json:"options"`
	// Seed is the run's seed.
	Seed uint64 `json:"seed"`
	// Games is the number of games played.
	Games int `json:"games"`
	// Seats holds each seat's results, in seat order.
	Seats []SeatStats `json:"seats"`
	// Causes counts the games by how they ended (engine.Result.Cause), most
	// frequent first, ties by name.
	Causes []CauseCount `json:"causes"`
	// MeanScore is the mean engine.Result.Score over all games.
	MeanScore float64 `json:"mean_score"`
	// MeanRounds is the mean number of rounds a game lasted.
	MeanRounds float64 `json:"mean_rounds"`
	// Rounds counts the games by the round they ended in, in increasing
	// order of rounds; rounds no game ended in are left out.
	Rounds []RoundsCount `json:"rounds"`
	// Scores counts the games by their score (engine.Result.Score), in
	// increasing order of score; scores no game had are left out.
	Scores []ScoreCount `json:"scores"`
	// Stats summarises the game's own statistics (engine.Result.Stats),
	// each with its mean over all games and over the games each seat won,
	// in the order they were first seen (by game, then by their place in
	// the game's list); empty for a game that reports none.
	Stats []StatSummary `json:"stats"`
	// ElapsedSeconds is the wall-clock time of the run.
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	// GamesPerSecond is Games divided by ElapsedSeconds.
	GamesPerSecond float64 `json:"games_per_second"`
	// Rows holds one row per game, in game order, when Config.KeepGames was
	// set; it is left out of the JSON otherwise.
	Rows []GameRow `json:"rows,omitempty"`
}

// SeatStats is one seat's results over a batch.
type SeatStats struct {
	// Seat is the seat's number.
	Seat int `json:"seat"`
	// Name is the seat's name ("RAF").
	Name string `json:"name"`
	// Bot is the name of the bot that played the seat.
	Bot string `json:"bot"`
	// Wins counts the games the seat won: its return was over one half
	// (engine.Result.Returns: 1 win, 0.5 draw, 0 loss).
	Wins int `json:"wins"`
	// Draws counts the games where its return was exactly one half.
	Draws int `json:"draws"`
	// WinRate is Wins divided by the number of games.
	WinRate float64 `json:"win_rate"`
	// WinInterval is the 95% Wilson score interval of WinRate.
	WinInterval Interval `json:"win_interval"`
	// MeanScoreWon is the mean score of the games the seat won, 0 if none.
	MeanScoreWon float64 `json:"mean_score_won"`
}

// Interval is a confidence interval for a proportion.
type Interval struct {
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// CauseCount is the number of games that ended for one cause.
type CauseCount struct {
	Cause string `json:"cause"`
	Games int    `json:"games"`
}

// RoundsCount is the number of games that ended in a given round.
type RoundsCount struct {
	Rounds int `json:"rounds"`
	Games  int `json:"games"`
}

// ScoreCount is the number of games that ended with a given score.
type ScoreCount struct {
	Score int `json:"score"`
	Games int `json:"games"`
}

// GameRow is the result of one game of a batch.
type GameRow struct {
	// Game is the game's index in the batch, from 0.
	Game int `json:"game"`
	// SeedIndex is the game's dice stream: its dice came from
	// engine.Derive(seed, SeedIndex) and its bots drew from
	// engine.Derive(seed, SeedIndex+1).
	SeedIndex uint64 `json:"seed_index"`
	// Returns holds each seat's payoff.
	Returns []float64 `json:"returns"`
	// Cause, Score, Rounds and Stats are the game's engine.Result fields.
	Cause  string        `json:"cause"`
	Score  int           `json:"score"`
	Rounds int           `json:"rounds"`
	Stats  []engine.Stat `json:"stats,omitempty"`
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error { return writeJSON(w, r) }

// writeJSON writes v as indented JSON: every JSON form of the lab.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// tally accumulates results. It counts in integers only (and sums the
// statistics exactly), so merging the tallies of several workers in any
// order gives the same totals.
type tally struct {
	games     int
	wins      []int
	draws     []int
	wonScore  []int64
	scoreSum  int64
	roundsSum int64
	causes    causeCounts
	rounds    counts
	scores    counts
	stats     map[string]*statTally
}

func newTally(seats int) *tally {
	return &tally{
		wins: make([]int, seats), draws: make([]int, seats), wonScore: make([]int64, seats),
		stats: map[string]*statTally{},
	}
}

// add counts the result of game number game; it fails, counting nothing, on
// statistics it cannot sum.
func (t *tally) add(game int, r *engine.Result) error {
	if len(r.Stats) > 0 {
		if err := checkStats(r.Stats); err != nil {
			return err
		}
	}
	t.games++
	for seat, ret := range r.Returns {
		switch {
		case ret > 0.5:
			t.wins[seat]++
			t.wonScore[seat] += int64(r.Score)
		case ret == 0.5:
			t.draws[seat]++
		}
	}
	t.scoreSum += int64(r.Score)
	t.roundsSum += int64(r.Rounds)
	t.causes.add(r.Cause, 1)
	t.rounds.add(r.Rounds)
	t.scores.add(r.Score)
	for i, st := range r.Stats {
		s := t.stats[st.Name]
		if s == nil {
			s = newStatTally(len(t.wins), game, i)
			t.stats[st.Name] = s
		} else if game < s.first {
			s.first, s.pos = game, i
		}
		s.add(st.Value, r.Returns)
	}
	return nil
}

func (t *tally) merge(o *tally) {
	t.games += o.games
	for i := range t.wins {
		t.wins[i] += o.wins[i]
		t.draws[i] += o.draws[i]
		t.wonScore[i] += o.wonScore[i]
	}
	t.scoreSum += o.scoreSum
	t.roundsSum += o.roundsSum
	for _, c := range o.causes {
		t.causes.add(c.Cause, c.Games)
	}
	t.rounds.merge(&o.rounds)
	t.scores.merge(&o.scores)
	for name, os := range o.stats {
		if s := t.stats[name]; s != nil {
			s.merge(os)
		} else {
			t.stats[name] = os
		}
	}
}

func newReport(game string, opts engine.Options, seed uint64, seats []engine.SeatInfo, bots []string, t *tally, rows []GameRow, elapsed time.Duration) *Report {
	r := &Report{
		Game: game, Options: opts, Seed: seed, Games: t.games,
		MeanScore:      ratio(t.scoreSum, t.games),
		MeanRounds:     ratio(t.roundsSum, t.games),
		Stats:          statSummaries(t.stats),
		ElapsedSeconds: elapsed.Seconds(),
		Rows:           rows,
	}
	if s := elapsed.Seconds(); s > 0 {
		r.GamesPerSecond = float64(t.games) / s
	}
	for i, info := range seats {
		r.Seats = append(r.Seats, SeatStats{
			Seat: i, Name: info.Name, Bot: bots[i],
			Wins: t.wins[i], Draws: t.draws[i],
			WinRate:      ratio(int64(t.wins[i]), t.games),
			WinInterval:  Wilson(t.wins[i], t.games),
			MeanScoreWon: ratio(t.wonScore[i], t.wins[i]),
		})
	}
	r.Causes = append([]CauseCount(nil), t.causes...)
	sort.Slice(r.Causes, func(i, j int) bool {
		a, b := r.Causes[i], r.Causes[j]
		if a.Games != b.Games {
			return a.Games > b.Games
		}
		return a.Cause < b.Cause
	})
	for _, c := range t.rounds.sorted() {
		r.Rounds = append(r.Rounds, RoundsCount{Rounds: c[0], Games: c[1]})
	}
	for _, c := range t.scores.sorted() {
		r.Scores = append(r.Scores, ScoreCount{Score: c[0], Games: c[1]})
	}
	return r
}

// ratio returns sum/n, or 0 when n is 0.
func ratio(sum int64, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(sum) / float64(n)
}
