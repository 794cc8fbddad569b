package sim

import (
	"fmt"
	"strconv"

	"scramble/engine"
)

// draws is a one-seat test game that shows which random streams a game was
// given: the seat picks a number 0-999 (a random bot draws it from its
// stream), then a 1000-sided die is rolled. The score is the die plus the
// option bonus, the statistic "pick" is the seat's pick, and the seat wins
// when the die shows the option line (default 500) or more.
type draws struct{}

func (draws) Info() engine.Info {
	return engine.Info{Name: "draws", Title: "Draws", Summary: "Shows the streams.", MaxLength: 2}
}

func (draws) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "bonus", Kind: engine.IntOption, Default: "0", Min: 0, Max: 100, Doc: "added to the score"},
		{Name: "line", Kind: engine.IntOption, Default: "500", Min: 0, Max: 1000, Doc: "the lowest winning die"},
	}
}

func (draws) New(o engine.Options) (engine.State, error) {
	return &drawState{bonus: o.Int("bonus"), line: o.Int("line"), pick: -1, die: -1}, nil
}

type drawState struct {
	bonus, line, pick, die int
}

func (s *drawState) Seats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "Picker", Side: "Picker"}}
}

func (s *drawState) Current() engine.Seat {
	switch {
	case s.pick < 0:
		return 0
	case s.die < 0:
		return engine.Chance
	}
	return engine.Terminal
}

func (s *drawState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if seat == 0 && s.Current() == 0 {
		for a := range 1000 {
			buf = append(buf, engine.Action(a))
		}
	}
	return buf
}

func (s *drawState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	for a := range 1000 {
		buf = append(buf, engine.Outcome{Action: engine.Action(a), Prob: 1.0 / 1000})
	}
	return buf
}

func (s *drawState) Apply(seat engine.Seat, a engine.Action) error {
	if seat != s.Current() || seat == engine.Terminal || a < 0 || a >= 1000 {
		return engine.Illegal("", "not now")
	}
	if seat == 0 {
		s.pick = int(a)
	} else {
		s.die = int(a)
	}
	return nil
}

func (s *drawState) ActionString(engine.Seat, engine.Action) string { return "" }
func (s *drawState) ParseAction(_ engine.Seat, text string) (engine.Action, error) {
	n, err := strconv.Atoi(text)
	return engine.Action(n), err
}
func (s *drawState) View(engine.Seat) engine.View { return nil }
func (s *drawState) Clone() engine.State          { c := *s; return &c }
func (s *drawState) SetLog(*engine.Log)           {}
func (s *drawState) String() string               { return fmt.Sprint(s.pick, s.die) }

func (s *drawState) Result() engine.Result {
	r := engine.Result{Returns: []float64{0}, Score: s.die + s.bonus, Rounds: 1, Cause: "rolled",
		Stats: []engine.Stat{{Name: "pick", Value: float64(s.pick)}}}
	if s.die >= s.line {
		r.Returns[0] = 1
	}
	return r
}
