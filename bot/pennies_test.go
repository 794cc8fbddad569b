package bot_test

import (
	"fmt"

	"scramble/engine"
)

// pennies is a test game whose simultaneous choice comes after a decision,
// so a search that walks the simultaneous node as if sequential lets the
// later seat see the earlier seat's secret in its tree:
//
//   - seat 1 first cashes in (the game ends with the option cash, 0.6 by
//     default, for seat 1 and the rest for seat 0) or plays on;
//   - then, in secret and at the same time, seat 0 hides a coin (heads or
//     tails) and seat 1 calls it twice; seat 1 wins when both calls name the
//     coin, seat 0 otherwise, unless a die then rolls a 6, which gives the
//     game to the other seat (the noise of a game's dice).
//
// Playing on is worth 0.5 to seat 1 (call one side twice; seat 0 hides
// either at random), so cashing in 0.6 is right. A seat 1 that could see the
// coin would value playing on at 5/6; one whose second call ignored its
// first, at 1/3.
type penniesGame struct{}

// The actions: cash and play at the first decision, heads and tails after,
// and the second call's own heads and tails (so that a search must tell the
// two calls apart to make them agree).
const (
	penniesCash engine.Action = iota + 1
	penniesPlay
	penniesHeads
	penniesTails
	penniesHeadsAgain
	penniesTailsAgain
)

func (penniesGame) Info() engine.Info {
	return engine.Info{Name: "pennies", Title: "Pennies", Summary: "Cash in 0.6, or call a hidden coin twice.", MaxLength: 4}
}

func (penniesGame) Options() []engine.OptionSpec {
	return []engine.OptionSpec{{Name: "cash", Kind: engine.IntOption, Default: "60", Min: 0, Max: 100, Doc: "seat 1's return for cashing in, in hundredths"}}
}

func (penniesGame) New(o engine.Options) (engine.State, error) {
	return &penniesState{cash: float64(o.Int("cash")) / 100}, nil
}

type penniesState struct {
	cash           float64 // seat 1's return for cashing in
	cashed, played bool
	hidden         bool          // seat 0 has hidden its coin
	coin           engine.Action // heads or tails; 0 while unknown to the view's seat
	calls          int           // seat 1's calls made
	call           [2]engine.Action
	rolled         bool // the die is rolled
	six            bool // and showed a 6
}

func (s *penniesState) Seats() []engine.SeatInfo { return twoSeats() }

func (s *penniesState) Current() engine.Seat {
	switch {
	case s.cashed || s.rolled:
		return engine.Terminal
	case !s.played:
		return 1
	case s.hidden && s.calls == 2:
		return engine.Chance
	}
	return engine.Simultaneous
}

func (s *penniesState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	switch cur := s.Current(); {
	case cur == engine.Chance && seat == engine.Chance:
		return append(buf, 1, 6)
	case cur == 1 && seat == 1:
		return append(buf, penniesCash, penniesPlay)
	case cur != engine.Simultaneous:
		return buf
	case seat == 0 && !s.hidden, seat == 1 && s.calls == 0:
		return append(buf, penniesHeads, penniesTails)
	case seat == 1 && s.calls == 1:
		return append(buf, penniesHeadsAgain, penniesTailsAgain)
	}
	return buf
}

// ChanceOutcomes is the die: 6 (action 6) or not (action 1).
func (s *penniesState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.Current() != engine.Chance {
		return buf
	}
	return append(buf, engine.Outcome{Action: 1, Prob: 5.0 / 6}, engine.Outcome{Action: 6, Prob: 1.0 / 6})
}

func (s *penniesState) Apply(seat engine.Seat, a engine.Action) error {
	legal := s.Legal(seat, nil)
	if len(legal) == 0 {
		return engine.Illegal("P1", "seat %v may not act now", seat)
	}
	if a != legal[0] && a != legal[1] {
		return engine.Illegal("P2", "%d is not one of %v", a, legal)
	}
	switch {
	case seat == engine.Chance:
		s.rolled, s.six = true, a == 6
	case a == penniesCash:
		s.cashed = true
	case a == penniesPlay:
		s.played = true
	case seat == 0:
		s.hidden, s.coin = true, a
	default:
		s.call[s.calls] = a
		s.calls++
	}
	return nil
}

func (s *penniesState) ActionString(seat engine.Seat, a engine.Action) string {
	return [...]string{"?", "cash", "play", "heads", "tails", "heads again", "tails again"}[min(max(int(a), 0), 6)]
}

func (s *penniesState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	return parseNumber(text)
}

// View hides the coin from seat 1 and the calls from seat 0 until the end.
func (s *penniesState) View(seat engine.Seat) engine.View {
	v := *s
	if v.Current() != engine.Terminal {
		if seat != 0 {
			v.coin = 0
		}
		if seat != 1 {
			v.call = [2]engine.Action{}
		}
	}
	return penniesView{seat: seat, s: v}
}

func (s *penniesState) Clone() engine.State { c := *s; return &c }
func (s *penniesState) SetLog(*engine.Log)  {}
func (s *penniesState) String() string {
	return fmt.Sprintf("cashed %v played %v hidden %v coin %d calls %v rolled %v six %v", s.cashed, s.played, s.hidden, s.coin, s.call[:s.calls], s.rolled, s.six)
}

func (s *penniesState) Result() engine.Result {
	switch {
	case s.cashed:
		return engine.Result{Returns: []float64{1 - s.cash, s.cash}, Cause: "cashed in", Rounds: 1}
	case (s.call[0] == s.coin && s.call[1]-2 == s.coin) != s.six:
		return seatResult(2, 1, "called", 1)
	}
	return seatResult(2, 0, "miscalled", 1)
}

type penniesView struct {
	seat engine.Seat
	s    penniesState
}

func (v penniesView) ViewSeat() engine.Seat { return v.seat }
func (v penniesView) String() string        { return v.s.String() }

// Sample draws the hidden coin and calls afresh.
func (v penniesView) Sample(r *engine.Rand) engine.State {
	s := v.s
	if s.hidden && s.coin == 0 {
		s.coin = penniesHeads + engine.Action(r.IntN(2))
	}
	for i := range s.calls {
		if s.call[i] == 0 {
			s.call[i] = penniesHeads + engine.Action(2*i+r.IntN(2))
		}
	}
	return &s
}
