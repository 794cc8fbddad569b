package sim

import (
	"fmt"
	"math"
	"math/big"
	"sort"

	"scramble/engine"
)

// StatSummary is one of the games' own statistics (engine.Result.Stats) over
// a batch. A game that does not report the statistic is left out of its
// means.
type StatSummary struct {
	// Name is the statistic's key ("british losses").
	Name string `json:"name"`
	// Games counts the games that reported it.
	Games int `json:"games"`
	// Mean is its mean over those games.
	Mean float64 `json:"mean"`
	// WonGames holds, per seat in seat order, how many of those games the
	// seat won.
	WonGames []int `json:"won_games"`
	// MeanWon holds, per seat in seat order, its mean over the games the
	// seat won, 0 where WonGames is 0.
	MeanWon []float64 `json:"mean_won"`
}

// checkStats rejects what a report cannot sum: a value that is not finite
// and a name reported twice.
func checkStats(stats []engine.Stat) error {
	for i, st := range stats {
		if math.IsNaN(st.Value) || math.IsInf(st.Value, 0) {
			return fmt.Errorf("statistic %q is %v: statistics must be finite", st.Name, st.Value)
		}
		for _, prev := range stats[:i] {
			if prev.Name == st.Name {
				return fmt.Errorf("statistic %q is reported twice", st.Name)
			}
		}
	}
	return nil
}

// statTally accumulates one statistic. Its sums are exact, so merging the
// tallies of several workers in any order gives the same means.
type statTally struct {
	first, pos int // the first game that reported it and its place there
	games      int
	sum        exactSum
	won        []int // per seat
	wonSum     []exactSum
}

func newStatTally(seats, game, pos int) *statTally {
	return &statTally{first: game, pos: pos, won: make([]int, seats), wonSum: make([]exactSum, seats)}
}

// before reports whether t was seen before o: by game, then by place.
func (t *statTally) before(o *statTally) bool {
	if t.first != o.first {
		return t.first < o.first
	}
	return t.pos < o.pos
}

func (t *statTally) add(v float64, returns []float64) {
	t.games++
	t.sum.add(v)
	for seat, ret := range returns {
		if ret > 0.5 {
			t.won[seat]++
			t.wonSum[seat].add(v)
		}
	}
}

func (t *statTally) merge(o *statTally) {
	if o.before(t) {
		t.first, t.pos = o.first, o.pos
	}
	t.games += o.games
	t.sum.merge(&o.sum)
	for i := range t.won {
		t.won[i] += o.won[i]
		t.wonSum[i].merge(&o.wonSum[i])
	}
}

// statSummaries returns the statistics in the order they were first seen: by the
// first game that reported each, then by its place in that game's list.
func statSummaries(stats map[string]*statTally) []StatSummary {
	names := make([]string, 0, len(stats))
	for name := range stats {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return stats[names[i]].before(stats[names[j]]) })
	out := make([]StatSummary, 0, len(names))
	for _, name := range names {
		t := stats[name]
		s := StatSummary{Name: name, Games: t.games, Mean: t.sum.mean(t.games), WonGames: t.won}
		for i := range t.won {
			s.MeanWon = append(s.MeanWon, t.wonSum[i].mean(t.won[i]))
		}
		out = append(out, s)
	}
	return out
}

// exactSum adds float64 values without rounding, so that the total does not
// depend on the order of the additions: whole numbers in an int64 (the common
// case, with no allocation), the rest in a big.Float wide enough to hold any
// sum of float64s exactly.
type exactSum struct {
	whole int64
	rest  *big.Float // nil until a value is not a small whole number
}

// exactPrec is wide enough for every bit a sum of float64s can have: from
// 2^-1074 to 2^1024, and 100 more bits for carries.
const exactPrec = 1074 + 1024 + 100

func (s *exactSum) add(v float64) {
	if v == math.Trunc(v) && math.Abs(v) <= 1<<53 && s.addWhole(int64(v)) {
		return
	}
	s.addBig(new(big.Float).SetFloat64(v))
}

// addWhole adds n to the whole part unless that would overflow.
func (s *exactSum) addWhole(n int64) bool {
	if (n > 0 && s.whole > math.MaxInt64-n) || (n < 0 && s.whole < math.MinInt64-n) {
		return false
	}
	s.whole += n
	return true
}

func (s *exactSum) addBig(x *big.Float) {
	if s.rest == nil {
		s.rest = new(big.Float).SetPrec(exactPrec)
	}
	s.rest.Add(s.rest, x)
}

func (s *exactSum) merge(o *exactSum) {
	if !s.addWhole(o.whole) {
		s.addBig(new(big.Float).SetInt64(o.whole))
	}
	if o.rest != nil {
		s.addBig(o.rest)
	}
}

// mean returns the sum divided by n, or 0 when n is 0.
func (s *exactSum) mean(n int) float64 {
	if n == 0 {
		return 0
	}
	if s.rest == nil {
		return float64(s.whole) / float64(n)
	}
	t := new(big.Float).SetPrec(exactPrec).SetInt64(s.whole)
	t.Add(t, s.rest)
	t.Quo(t, new(big.Float).SetInt64(int64(n)))
	f, _ := t.Float64()
	return f
}
