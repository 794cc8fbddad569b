package engine_test

import (
	"fmt"
	"strconv"
	"strings"

	"scramble/engine"
)

// toyGame is a small two-seat game used to test the engine itself: each round
// both seats secretly pick 1..3 at the same time, then a die is rolled; a seat
// whose pick plus the die is even scores its pick. Three rounds; most points
// wins.
type toyGame struct{}

func (toyGame) Info() engine.Info {
	return engine.Info{Name: "toy", Title: "Toy", Summary: "a test game", MaxLength: 3 * 3}
}

func (toyGame) Options() []engine.OptionSpec {
	return []engine.OptionSpec{{Name: "rounds", Kind: engine.IntOption, Default: "3", Min: 1, Max: 9, Doc: "rounds"}}
}

func (toyGame) New(o engine.Options) (engine.State, error) {
	return &toyState{rounds: o.Int("rounds")}, nil
}

type toyState struct {
	rounds, round int
	picks         [2]int
	score         [2]int
	log           *engine.Log
}

func (s *toyState) Seats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "A", Side: "A"}, {Name: "B", Side: "B"}}
}

func (s *toyState) Current() engine.Seat {
	switch {
	case s.round >= s.rounds:
		return engine.Terminal
	case s.picks[0] == 0 || s.picks[1] == 0:
		return engine.Simultaneous
	}
	return engine.Chance
}

func (s *toyState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	switch cur := s.Current(); {
	case cur == engine.Chance && seat == engine.Chance:
		for f := 1; f <= 6; f++ {
			buf = append(buf, engine.Action(f))
		}
	case cur == engine.Simultaneous && (seat == 0 || seat == 1) && s.picks[seat] == 0:
		buf = append(buf, 1, 2, 3)
	}
	return buf
}

func (s *toyState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	for f := 1; f <= 6; f++ {
		buf = append(buf, engine.Outcome{Action: engine.Action(f), Prob: 1.0 / 6})
	}
	return buf
}

func (s *toyState) Apply(seat engine.Seat, a engine.Action) error {
	ok := false
	for _, l := range s.Legal(seat, nil) {
		ok = ok || l == a
	}
	if !ok {
		return engine.Illegal("T-1", "seat %s cannot play %d now", seat, a)
	}
	if seat == engine.Chance {
		for i := range s.picks {
			if (s.picks[i]+int(a))%2 == 0 {
				s.score[i] += s.picks[i]
			}
		}
		if s.log != nil {
			s.log.Add(fmt.Sprintf("picks %d and %d; roll %d", s.picks[0], s.picks[1], a))
		}
		s.picks = [2]int{}
		s.round++
		return nil
	}
	s.picks[seat] = int(a)
	return nil
}

func (s *toyState) ActionString(seat engine.Seat, a engine.Action) string {
	if seat == engine.Chance {
		return "roll " + strconv.Itoa(int(a))
	}
	return "pick " + strconv.Itoa(int(a))
}

func (s *toyState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	word := "pick "
	if seat == engine.Chance {
		word = "roll "
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(text), word))
	if err != nil || !strings.HasPrefix(strings.TrimSpace(text), word) {
		return 0, engine.Illegal("", "cannot read %q; type %sN", text, word)
	}
	return engine.Action(n), nil
}

func (s *toyState) View(seat engine.Seat) engine.View {
	v := &toyView{seat: seat, Round: s.round, Score: s.score}
	for i := range s.picks {
		v.Chosen[i] = s.picks[i] != 0
		if engine.Seat(i) == seat {
			v.Picks[i] = s.picks[i]
		}
	}
	return v
}

func (s *toyState) Clone() engine.State {
	c := *s
	c.log = nil
	return &c
}

func (s *toyState) Result() engine.Result { return pointsResult(s.score, s.round) }

// pointsResult is the result of a two-seat game of the tests won on points:
// seat A or B with more, or a draw.
func pointsResult(score [2]int, rounds int) engine.Result {
	r := engine.Result{Returns: []float64{0.5, 0.5}, Cause: "draw", Rounds: rounds}
	switch {
	case score[0] > score[1]:
		r.Returns, r.Winner, r.Cause = []float64{1, 0}, "A", "points"
	case score[1] > score[0]:
		r.Returns, r.Winner, r.Cause = []float64{0, 1}, "B", "points"
	}
	return r
}

func (s *toyState) SetLog(l *engine.Log) { s.log = l }

func (s *toyState) String() string {
	return fmt.Sprintf("round %d/%d picks %v score %v", s.round, s.rounds, s.picks, s.score)
}

// toyView hides the other seat's pick until the die reveals both.
type toyView struct {
	seat   engine.Seat
	Round  int
	Score  [2]int
	Chosen [2]bool
	Picks  [2]int
}

func (v *toyView) ViewSeat() engine.Seat { return v.seat }

func (v *toyView) Sample(r *engine.Rand) engine.State {
	s := &toyState{rounds: 3, round: v.Round, score: v.Score, picks: v.Picks}
	for i := range s.picks {
		if v.Chosen[i] && s.picks[i] == 0 {
			s.picks[i] = 1 + r.IntN(3)
		}
	}
	return s
}

// SampleOpen takes back the other seat's hidden pick while the picks are
// being made (engine.OpenSampler); once both are in, the die is next and
// nothing is open.
func (v *toyView) SampleOpen(r *engine.Rand) engine.State {
	s := v.Sample(r).(*toyState)
	if v.Chosen[0] && v.Chosen[1] {
		return s
	}
	for i := range s.picks {
		if engine.Seat(i) != v.seat && v.Picks[i] == 0 {
			s.picks[i] = 0
		}
	}
	return s
}

func (v *toyView) String() string {
	return fmt.Sprintf("round %d score %v chosen %v picks %v", v.Round, v.Score, v.Chosen, v.Picks)
}

type toyCatalog struct{}

func (toyCatalog) Lookup(name string) (engine.Game, bool) { return toyGame{}, name == "toy" }
