package sim

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// coins is a small game for the tests: each round the seat to move calls heads
// or tails and a coin is flipped. A seat whose calls hit the target first wins;
// when the misses reach the target times the seats, the game ends: a loss for
// one seat, a draw for two. With the option stats=on the result reports the
// misses, the share of calls that hit (a fraction) and, when a seat won, its
// lead; stats=nan and stats=twice report what a report cannot sum.
type coins struct{}

func (coins) Info() engine.Info {
	return engine.Info{Name: "coins", Title: "Coins", Summary: "Call the coin.", MaxLength: 200}
}

func (coins) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "target", Kind: engine.IntOption, Default: "3", Min: 1, Max: 10, Doc: "hits to win"},
		{Name: "seats", Kind: engine.IntOption, Default: "1", Min: 1, Max: 2, Doc: "callers"},
		{Name: "stats", Kind: engine.ChoiceOption, Default: "off", Choices: []string{"off", "on", "nan", "twice"}, Doc: "the statistics reported"},
	}
}

func (coins) New(o engine.Options) (engine.State, error) {
	n := o.Int("seats")
	return &coinState{target: o.Int("target"), hits: make([]int, n), call: -1, stats: o["stats"]}, nil
}

type coinState struct {
	stats                  string
	target, misses, rounds int
	hits                   []int
	call                   engine.Action // the pending call, -1 when none
	log                    *engine.Log
}

func (s *coinState) Seats() []engine.SeatInfo {
	seats := make([]engine.SeatInfo, len(s.hits))
	for i := range seats {
		seats[i] = engine.SeatInfo{Name: fmt.Sprintf("Caller %d", i+1), Side: fmt.Sprint(i)}
	}
	return seats
}

func (s *coinState) over() bool {
	for _, h := range s.hits {
		if h >= s.target {
			return true
		}
	}
	return s.misses >= s.target*len(s.hits)
}

func (s *coinState) Current() engine.Seat {
	switch {
	case s.over():
		return engine.Terminal
	case s.call >= 0:
		return engine.Chance
	}
	return engine.Seat(s.rounds % len(s.hits))
}

func (s *coinState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if cur := s.Current(); cur == seat && cur != engine.Terminal {
		return append(buf, 0, 1)
	}
	return buf
}

func (s *coinState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	return append(buf, engine.Outcome{Action: 0, Prob: 0.5}, engine.Outcome{Action: 1, Prob: 0.5})
}

func (s *coinState) Apply(seat engine.Seat, a engine.Action) error {
	if cur := s.Current(); seat != cur || cur == engine.Terminal || a < 0 || a > 1 {
		return engine.Illegal("", "not now")
	}
	if seat != engine.Chance {
		s.call = a
		return nil
	}
	mover := s.rounds % len(s.hits)
	if a == s.call {
		s.hits[mover]++
	} else {
		s.misses++
	}
	if s.log != nil {
		s.log.Add(fmt.Sprintf("the coin shows %s", side(a)))
	}
	s.call = -1
	s.rounds++
	return nil
}

func side(a engine.Action) string { return [...]string{"heads", "tails"}[a] }

func (s *coinState) ActionString(seat engine.Seat, a engine.Action) string { return side(a) }

func (s *coinState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	switch strings.TrimSpace(text) {
	case "heads":
		return 0, nil
	case "tails":
		return 1, nil
	}
	return 0, engine.Illegal("", "say heads or tails")
}

func (s *coinState) View(seat engine.Seat) engine.View { return coinView{seat, s.Clone().(*coinState)} }

func (s *coinState) Clone() engine.State {
	c := *s
	c.hits = append([]int(nil), s.hits...)
	c.log = nil
	return &c
}

func (s *coinState) Result() engine.Result {
	r := s.outcome()
	s.addStats(&r)
	return r
}

func (s *coinState) outcome() engine.Result {
	r := engine.Result{Returns: make([]float64, len(s.hits)), Rounds: s.rounds, Cause: "out of misses"}
	for i, h := range s.hits {
		if h >= s.target {
			r.Returns[i], r.Winner, r.Cause, r.Score = 1, fmt.Sprint(i), "target reached", 10*h-s.misses
			return r
		}
		r.Score += h
	}
	if len(s.hits) > 1 {
		for i := range r.Returns {
			r.Returns[i] = 0.5
		}
	}
	return r
}

// addStats fills r.Stats as the option stats says.
func (s *coinState) addStats(r *engine.Result) {
	if s.stats == "off" {
		return
	}
	hits, best, second := 0, 0, 0
	for _, h := range s.hits {
		hits += h
		switch {
		case h > best:
			best, second = h, best
		case h > second:
			second = h
		}
	}
	r.Stats = []engine.Stat{{Name: "misses", Value: float64(s.misses)}, {Name: "hit share", Value: float64(hits) / float64(s.rounds)}}
	if r.Winner != "" {
		r.Stats = append(r.Stats, engine.Stat{Name: "lead", Value: float64(best - second)})
	}
	switch s.stats {
	case "nan":
		r.Stats[1].Value = math.NaN()
	case "twice":
		r.Stats = append(r.Stats, r.Stats[0])
	}
}

func (s *coinState) SetLog(l *engine.Log) { s.log = l }

func (s *coinState) String() string {
	return fmt.Sprintf("hits %v misses %d rounds %d call %d", s.hits, s.misses, s.rounds, s.call)
}

type coinView struct {
	seat engine.Seat
	s    *coinState
}

func (v coinView) ViewSeat() engine.Seat            { return v.seat }
func (v coinView) Sample(*engine.Rand) engine.State { return v.s.Clone() }
func (v coinView) String() string                   { return v.s.String() }
func (v coinView) MarshalJSON() ([]byte, error)     { return []byte(fmt.Sprintf("%q", v.s.String())), nil }

// randomBot picks a legal action at random.
type randomBot struct{}

func (randomBot) Name() string { return "random" }
func (randomBot) Choose(d *engine.Decision) engine.Action {
	return d.Legal()[d.Rand.IntN(len(d.Legal()))]
}

func newRandom() (engine.Bot, error) { return randomBot{}, nil }

func TestCoinsKeepsTheGameContract(t *testing.T) {
	enginetest.Check(t, coins{}, enginetest.Config{Playouts: 5})
	enginetest.Check(t, coins{}, enginetest.Config{Playouts: 5, Options: engine.Options{"seats": "2"}})
}
