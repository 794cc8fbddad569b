package bot_test

import (
	"fmt"
	"testing"

	"scramble/engine"
)

// guess is a test game of one simultaneous node, at which the engine asks
// seat 0 before seat 1, so seat 1 always decides with seat 0's choice made
// and hidden:
//
//   - seat 0 takes a sure 1 (guessSure) or nothing (guessNothing);
//   - seat 1 bets that seat 0 took the sure 1 (guessBet, worth 0.6 if so and
//     0 if not) or takes 0.4 whatever seat 0 did (guessSafe).
//
// Seat 0 takes the 1, so betting is right for seat 1. A search whose samples
// draw seat 0's hidden choice uniformly values the bet at 0.3 and plays
// safe; one whose samples leave that choice open (engine.OpenSampler)
// chooses it for seat 0 as seat 0 would, and bets.
type guessGame struct{}

// The actions of the two seats.
const (
	guessSure engine.Action = iota + 1
	guessNothing
	guessBet
	guessSafe
)

func (guessGame) Info() engine.Info {
	return engine.Info{Name: "guess", Title: "Guess", Summary: "Bet on what the other seat took in secret.", MaxLength: 2}
}

func (guessGame) Options() []engine.OptionSpec { return nil }

func (guessGame) New(engine.Options) (engine.State, error) { return &guessState{}, nil }

type guessState struct {
	took, bet engine.Action // 0 while not chosen, or hidden from the view's seat
	chose     [2]bool       // each seat has chosen
}

func (s *guessState) Seats() []engine.SeatInfo { return twoSeats() }

func (s *guessState) Current() engine.Seat {
	if s.chose[0] && s.chose[1] {
		return engine.Terminal
	}
	return engine.Simultaneous
}

func (s *guessState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	switch {
	case seat == 0 && !s.chose[0]:
		return append(buf, guessSure, guessNothing)
	case seat == 1 && !s.chose[1]:
		return append(buf, guessBet, guessSafe)
	}
	return buf
}

func (s *guessState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome { return buf }

func (s *guessState) Apply(seat engine.Seat, a engine.Action) error {
	legal := s.Legal(seat, nil)
	if len(legal) == 0 {
		return engine.Illegal("G1", "seat %v may not act now", seat)
	}
	if a != legal[0] && a != legal[1] {
		return engine.Illegal("G2", "%d is not one of %v", a, legal)
	}
	if seat == 0 {
		s.took = a
	} else {
		s.bet = a
	}
	s.chose[seat] = true
	return nil
}

func (s *guessState) ActionString(seat engine.Seat, a engine.Action) string {
	return [...]string{"?", "sure", "nothing", "bet", "safe"}[min(max(int(a), 0), 4)]
}

func (s *guessState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	return parseNumber(text)
}

// View hides each seat's choice from the other until the end; that a seat
// has chosen is public.
func (s *guessState) View(seat engine.Seat) engine.View {
	v := *s
	if v.Current() != engine.Terminal {
		if seat != 0 {
			v.took = 0
		}
		if seat != 1 {
			v.bet = 0
		}
	}
	return guessView{seat: seat, s: v}
}

func (s *guessState) Clone() engine.State { c := *s; return &c }
func (s *guessState) SetLog(*engine.Log)  {}
func (s *guessState) String() string {
	return fmt.Sprintf("took %d bet %d chose %v", s.took, s.bet, s.chose)
}

func (s *guessState) Result() engine.Result {
	r := engine.Result{Returns: []float64{0, 0.4}, Cause: "safe", Rounds: 1}
	if s.took == guessSure {
		r.Returns[0] = 1
	}
	if s.bet == guessBet {
		r.Returns[1], r.Cause = 0, "lost the bet"
		if s.took == guessSure {
			r.Returns[1], r.Cause = 0.6, "won the bet"
		}
	}
	return r
}

// guessView can leave seat 0's choice open (engine.OpenSampler).
type guessView struct {
	seat engine.Seat
	s    guessState
}

func (v guessView) ViewSeat() engine.Seat { return v.seat }
func (v guessView) String() string        { return v.s.String() }

// Sample draws the hidden choices uniformly.
func (v guessView) Sample(r *engine.Rand) engine.State {
	s := v.s
	if s.chose[0] && s.took == 0 {
		s.took = guessSure + engine.Action(r.IntN(2))
	}
	if s.chose[1] && s.bet == 0 {
		s.bet = guessBet + engine.Action(r.IntN(2))
	}
	return &s
}

// SampleOpen takes back the other seat's hidden choice.
func (v guessView) SampleOpen(r *engine.Rand) engine.State {
	s := v.s
	if s.chose[0] && s.took == 0 {
		s.chose[0] = false
	}
	if s.chose[1] && s.bet == 0 {
		s.chose[1] = false
	}
	return &s
}

// guessWithoutOpen is guess played through views without SampleOpen, as a
// game that cannot leave a choice open gives.
type guessWithoutOpen struct{ *guessState }

func (s guessWithoutOpen) View(seat engine.Seat) engine.View {
	return sampleOnly{s.guessState.View(seat).(guessView)}
}

func (s guessWithoutOpen) Clone() engine.State {
	return guessWithoutOpen{s.guessState.Clone().(*guessState)}
}

// sampleOnly is a guess view without SampleOpen.
type sampleOnly struct{ v guessView }

func (o sampleOnly) ViewSeat() engine.Seat              { return o.v.ViewSeat() }
func (o sampleOnly) String() string                     { return o.v.String() }
func (o sampleOnly) Sample(r *engine.Rand) engine.State { return o.v.Sample(r) }

// TestMCTSChoosesForSeatsAtTheSameNode (issue 13 §4): where the view can
// leave open what the other seat chose in secret at the same node, the
// search chooses it as that seat would and bets; a view that only draws it
// uniformly leads the search to play safe.
func TestMCTSChoosesForSeatsAtTheSameNode(t *testing.T) {
	s := newState(t, guessGame{}).(*guessState)
	if err := s.Apply(0, guessSure); err != nil {
		t.Fatal(err)
	}
	if a := mcts(400).Choose(decision(t, s, 1, 1)); a != guessBet {
		t.Errorf("with the choice left open seat 1 chose %s, want bet; stats %+v", s.ActionString(1, a), mcts(400).Search(decision(t, s, 1, 1)))
	}
	closed := guessWithoutOpen{s}
	if a := mcts(400).Choose(decision(t, closed, 1, 1)); a != guessSafe {
		t.Errorf("with the choice drawn uniformly seat 1 chose %s, want safe; stats %+v", s.ActionString(1, a), mcts(400).Search(decision(t, closed, 1, 1)))
	}
}
