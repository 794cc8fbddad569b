package server

import (
	"fmt"
	"strconv"
	"strings"

	"scramble/engine"
)

// toyGame is a small two-seat game with what tinybob lacks: hidden
// simultaneous choices. A coin is tossed at setup (a chance node before
// anyone acts); then each round both seats secretly pick 1..3, a die is
// rolled, and a seat whose pick plus the die is even scores its pick. With
// the option team=1 two seats that never act join them, A's wingman (seat
// 2, side A) and B's wingman (seat 3, side B): two sides of two seats, for
// the chat.
type toyGame struct{}

func (toyGame) Info() engine.Info {
	return engine.Info{Name: "toy", Title: "Toy", Summary: "a test game with secret picks", MaxLength: 1 + 9*3}
}

func (toyGame) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "rounds", Kind: engine.IntOption, Default: "3", Min: 1, Max: 9, Doc: "rounds"},
		{Name: "team", Kind: engine.IntOption, Default: "0", Min: 0, Max: 1, Doc: "1 adds a wingman to each side, seats 2 and 3"},
	}
}

func (toyGame) New(o engine.Options) (engine.State, error) {
	o, err := engine.ResolveOptions(toyGame{}.Options(), o)
	if err != nil {
		return nil, err
	}
	return &toyState{rounds: o.Int("rounds"), team: o.Int("team") == 1}, nil
}

type toyState struct {
	rounds, round int
	tossed, team  bool
	picks         [2]int
	score         [2]int
	log           *engine.Log
}

func (s *toyState) Seats() []engine.SeatInfo {
	seats := []engine.SeatInfo{{Name: "A", Side: "A"}, {Name: "B", Side: "B"}}
	if s.team {
		seats = append(seats, engine.SeatInfo{Name: "A's wingman", Side: "A"}, engine.SeatInfo{Name: "B's wingman", Side: "B"})
	}
	return seats
}

func (s *toyState) Current() engine.Seat {
	switch {
	case !s.tossed:
		return engine.Chance
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
	switch {
	case seat == engine.Chance && !s.tossed:
		s.tossed = true
		s.add(fmt.Sprintf("coin shows %d", a))
	case seat == engine.Chance:
		for i := range s.picks {
			if (s.picks[i]+int(a))%2 == 0 {
				s.score[i] += s.picks[i]
			}
		}
		s.add(fmt.Sprintf("picks %d and %d; roll %d", s.picks[0], s.picks[1], a))
		s.picks = [2]int{}
		s.round++
	default:
		s.picks[seat] = int(a)
		s.add(fmt.Sprintf("seat %d has picked", seat))
	}
	return nil
}

func (s *toyState) add(text string) {
	if s.log != nil {
		s.log.Add(text)
	}
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
	t := strings.TrimSpace(text)
	n, err := strconv.Atoi(strings.TrimPrefix(t, word))
	if err != nil || !strings.HasPrefix(t, word) {
		return 0, engine.Illegal("T-2", "cannot read %q; type %sN", text, word)
	}
	return engine.Action(n), nil
}

func (s *toyState) View(seat engine.Seat) engine.View {
	v := &toyView{seat: seat, Team: s.team, Round: s.round, Score: s.score}
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

func (s *toyState) Result() engine.Result {
	r := engine.Result{Returns: []float64{0.5, 0.5}, Cause: "draw", Rounds: s.round}
	switch {
	case s.score[0] > s.score[1]:
		r.Returns, r.Winner, r.Cause = []float64{1, 0}, "A", "points"
	case s.score[1] > s.score[0]:
		r.Returns, r.Winner, r.Cause = []float64{0, 1}, "B", "points"
	}
	if s.team {
		r.Returns = append(r.Returns, r.Returns[0], r.Returns[1])
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
	Team   bool    `json:"team"`
	Round  int     `json:"round"`
	Score  [2]int  `json:"score"`
	Chosen [2]bool `json:"chosen"`
	Picks  [2]int  `json:"picks"`
}

func (v *toyView) ViewSeat() engine.Seat { return v.seat }

func (v *toyView) Sample(r *engine.Rand) engine.State {
	s := &toyState{rounds: 3, tossed: true, team: v.Team, round: v.Round, score: v.Score, picks: v.Picks}
	for i := range s.picks {
		if v.Chosen[i] && s.picks[i] == 0 {
			s.picks[i] = 1 + r.IntN(3)
		}
	}
	return s
}

func (v *toyView) String() string {
	return fmt.Sprintf("round %d score %v chosen %v picks %v", v.Round, v.Score, v.Chosen, v.Picks)
}
