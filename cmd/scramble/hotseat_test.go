package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/games/catalog"
)

// pennies is a two-seat game with secret simultaneous choices, for the
// hot-seat tests: each round both seats pick 1 or 2 at once; First scores
// when the picks match, Second when they differ; after the rounds, the
// higher score wins. A seat's view shows its own pick only.
type pennies struct{}

func (pennies) Info() engine.Info {
	return engine.Info{Name: "pennies", Title: "Pennies", Summary: "Match or differ, in secret.", MaxLength: 100}
}

func (pennies) Options() []engine.OptionSpec {
	return []engine.OptionSpec{{Name: "rounds", Kind: engine.IntOption, Default: "1", Min: 1, Max: 9, Doc: "rounds"}}
}

func (pennies) New(o engine.Options) (engine.State, error) {
	return &penniesState{rounds: o.Int("rounds")}, nil
}

type penniesState struct {
	rounds, round int
	picks, score  [2]int
	log           *engine.Log
}

func (s *penniesState) Seats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "First", Side: "First"}, {Name: "Second", Side: "Second"}}
}

func (s *penniesState) Current() engine.Seat {
	if s.round == s.rounds {
		return engine.Terminal
	}
	return engine.Simultaneous
}

func (s *penniesState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if s.Current() != engine.Simultaneous || seat < 0 || seat > 1 || s.picks[seat] != 0 {
		return buf
	}
	return append(buf, 1, 2)
}

func (s *penniesState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome { return buf }

func (s *penniesState) Apply(seat engine.Seat, a engine.Action) error {
	if len(s.Legal(seat, nil)) == 0 || a < 1 || a > 2 {
		return engine.Illegal("P-1", "seat %s cannot pick %d now", seat, a)
	}
	s.picks[seat] = int(a)
	if s.picks[0] == 0 || s.picks[1] == 0 {
		return nil
	}
	w := 1
	if s.picks[0] == s.picks[1] {
		w = 0
	}
	s.score[w]++
	if s.log != nil {
		s.log.Add(fmt.Sprintf("First picked %d, Second %d: %s scores", s.picks[0], s.picks[1], s.Seats()[w].Name))
	}
	s.picks = [2]int{}
	s.round++
	return nil
}

func (s *penniesState) ActionString(seat engine.Seat, a engine.Action) string {
	return fmt.Sprintf("pick %d", a)
}

func (s *penniesState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	var n int
	if _, err := fmt.Sscanf(strings.TrimSpace(text), "pick %d", &n); err != nil {
		return 0, engine.Illegal("P-1", "write pick 1 or pick 2")
	}
	return engine.Action(n), nil
}

func (s *penniesState) View(seat engine.Seat) engine.View { return penniesView{seat, *s} }

func (s *penniesState) Clone() engine.State {
	c := *s
	c.log = nil
	return &c
}

func (s *penniesState) Result() engine.Result {
	r := engine.Result{Returns: []float64{0.5, 0.5}, Cause: "rounds played", Rounds: s.round}
	switch {
	case s.score[0] > s.score[1]:
		r.Returns, r.Winner = []float64{1, 0}, "First"
	case s.score[1] > s.score[0]:
		r.Returns, r.Winner = []float64{0, 1}, "Second"
	}
	return r
}

func (s *penniesState) SetLog(l *engine.Log) { s.log = l }

func (s *penniesState) String() string {
	return fmt.Sprintf("round %d of %d, picks %v, score %v", s.round+1, s.rounds, s.picks, s.score)
}

type penniesView struct {
	seat engine.Seat
	s    penniesState
}

func (v penniesView) ViewSeat() engine.Seat            { return v.seat }
func (v penniesView) Sample(*engine.Rand) engine.State { return v.s.Clone() }
func (v penniesView) MarshalJSON() ([]byte, error)     { return json.Marshal(v.String()) }

// Brief would show between two steps of one person's decision; a person
// taking over the keyboard must see the whole board instead.
func (v penniesView) Brief() string { return "(a brief)" }

func (v penniesView) String() string {
	own := "none"
	if v.seat >= 0 && v.s.picks[v.seat] != 0 {
		own = fmt.Sprintf("pick %d", v.s.picks[v.seat])
	}
	return fmt.Sprintf("Pennies round %d, score %d-%d, your pick: %s", v.s.round+1, v.s.score[0], v.s.score[1], own)
}

// Two people at one keyboard: each turn begins with a cleared screen and a
// handover; each person sees their own view, and the other's secret choice
// only as "(a secret choice)" until the game reveals it; the end names each
// person's outcome.
func TestPlayHotSeat(t *testing.T) {
	a := newTestApp()
	a.games = catalog.Of(pennies{})
	var out strings.Builder
	script := "\npick 2\n\npick 1\nquit\n"
	if err := a.play(t.Context(), strings.NewReader(script), &out, []string{"pennies", "--hotseat"}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	wantAll(t, got, "People at this keyboard play First (seat 1) and Second (seat 2), in turn.",
		clearScreen+"Pass the keyboard to First.", clearScreen+"Pass the keyboard to Second.",
		"First picked 2, Second 1: Second scores", "First lost, Second won.")
	second := got[strings.Index(got, "Pass the keyboard to Second"):]
	second = second[:strings.Index(second, "Second> ")]
	wantAll(t, second, "First: (a secret choice)", "Pennies round 1, score 0-0, your pick: none")
	if strings.Contains(second, "(a brief)") {
		t.Errorf("Second is shown First's brief instead of the board:\n%s", second)
	}
	if strings.Contains(second, "First: pick") {
		t.Errorf("Second sees First's secret pick:\n%s", second)
	}
}

// --bot SEAT=human gives that seat to a second person; the other seats keep
// their bots or people as given.
func TestPlayHumanSpec(t *testing.T) {
	a := newTestApp()
	a.games = catalog.Of(pennies{})
	var out strings.Builder
	if err := a.play(t.Context(), strings.NewReader("\npick 1\n\npick 1\n"), &out, []string{"pennies", "--bot", "2=human"}); err != nil {
		t.Fatal(err)
	}
	wantAll(t, out.String(), "People at this keyboard play First (seat 1) and Second (seat 2)", "First won, Second lost.")
}
