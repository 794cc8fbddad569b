package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// nim is a two-seat game for the tests, where tinybob has one seat: the seats
// take one or two stones in turn from a pile, and whoever takes the last stone
// wins. It has no dice.
type nim struct{}

func (nim) Info() engine.Info {
	return engine.Info{Name: "nim", Title: "Nim", Summary: "Take the last stone.", MaxLength: 100}
}

func (nim) Options() []engine.OptionSpec {
	return []engine.OptionSpec{{Name: "stones", Kind: engine.IntOption, Default: "7", Min: 1, Max: 50, Doc: "stones in the pile"}}
}

func (nim) New(o engine.Options) (engine.State, error) {
	return &nimState{stones: o.Int("stones")}, nil
}

type nimState struct {
	stones, turns int
	log           *engine.Log
}

func (s *nimState) Seats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "First", Side: "First"}, {Name: "Second", Side: "Second"}}
}

func (s *nimState) Current() engine.Seat {
	if s.stones == 0 {
		return engine.Terminal
	}
	return engine.Seat(s.turns % 2)
}

func (s *nimState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if seat != s.Current() || seat < 0 {
		return buf
	}
	for a := 1; a <= min(2, s.stones); a++ {
		buf = append(buf, engine.Action(a))
	}
	return buf
}

func (s *nimState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome { return buf }

func (s *nimState) Apply(seat engine.Seat, a engine.Action) error {
	if seat != s.Current() || seat < 0 || a < 1 || a > 2 || int(a) > s.stones {
		return engine.Illegal("N-1", "seat %s cannot take %d of %d stones now", seat, a, s.stones)
	}
	s.stones -= int(a)
	s.turns++
	if s.log != nil {
		s.log.Add(fmt.Sprintf("%d stones left", s.stones))
	}
	return nil
}

func (s *nimState) ActionString(seat engine.Seat, a engine.Action) string {
	return fmt.Sprintf("take %d", a)
}

func (s *nimState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	var n int
	if _, err := fmt.Sscanf(strings.TrimSpace(text), "take %d", &n); err != nil {
		return 0, engine.Illegal("N-1", "write take 1 or take 2")
	}
	return engine.Action(n), nil
}

func (s *nimState) View(seat engine.Seat) engine.View { return nimView{seat, *s} }

func (s *nimState) Clone() engine.State {
	c := *s
	c.log = nil
	return &c
}

func (s *nimState) Result() engine.Result {
	winner := 1 - s.turns%2 // the seat that took the last stone
	r := engine.Result{Returns: make([]float64, 2), Winner: s.Seats()[winner].Name, Cause: "last stone taken", Rounds: s.turns}
	r.Returns[winner] = 1
	return r
}

func (s *nimState) SetLog(l *engine.Log) { s.log = l }

func (s *nimState) String() string {
	return fmt.Sprintf("pile of %d stones, turn %d", s.stones, s.turns+1)
}

type nimView struct {
	seat engine.Seat
	s    nimState
}

func (v nimView) ViewSeat() engine.Seat            { return v.seat }
func (v nimView) Sample(*engine.Rand) engine.State { return v.s.Clone() }
func (v nimView) String() string                   { return "Nim: " + v.s.String() }
func (v nimView) MarshalJSON() ([]byte, error)     { return json.Marshal(v.s.String()) }

func TestNimKeepsTheGameContract(t *testing.T) {
	enginetest.Check(t, nim{}, enginetest.Config{Playouts: 5})
}
