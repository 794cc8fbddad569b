package bot_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"scramble/engine"
)

// This file holds three tiny games that implement the engine API in full, so
// the bots can be tested on positions whose best play is known:
//
//   - nim: two seats take 1 to 3 stones from a pile; whoever takes the last
//     stone wins. Perfect information, no chance. A pile that is a multiple
//     of 4 loses for the seat to move.
//   - race: 1 to 4 seats race to a goal. Each seat is dealt a hidden boost
//     card (1 to 3) at setup; on its turn a seat may pass, step (+1), roll a
//     die (a 1 moves back 2, else forward by the roll; 3 on average) or play
//     its boost card once (+card). Chance, hidden information, a pass action
//     and an evaluator.
//   - bid: two seats secretly and simultaneously bid 1 to 3; the higher bid
//     wins, equal bids draw. Bidding 3 dominates.

// newState sets up g with the given "key=value" options.
func newState(t testing.TB, g engine.Game, opts ...string) engine.State {
	t.Helper()
	o, err := engine.ParseOptionArgs(opts)
	if err != nil {
		t.Fatal(err)
	}
	o, err = engine.ResolveOptions(g.Options(), o)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func twoSeats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "first", Side: "first"}, {Name: "second", Side: "second"}}
}

func seatResult(n int, winner int, cause string, rounds int) engine.Result {
	res := engine.Result{Returns: make([]float64, n), Cause: cause, Rounds: rounds}
	switch {
	case winner >= 0:
		res.Returns[winner] = 1
		res.Winner = [...]string{"seat 0", "seat 1", "seat 2", "seat 3"}[winner]
	case n > 1:
		for i := range res.Returns {
			res.Returns[i] = 0.5
		}
	}
	return res
}

// parseNumber reads a small whole number from text such as "take 2".
func parseNumber(text string) (engine.Action, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return 0, engine.Illegal("", "empty action")
	}
	n, err := strconv.Atoi(f[len(f)-1])
	if err != nil {
		return 0, engine.Illegal("", "%q is not an action", text)
	}
	return engine.Action(n), nil
}

// --- nim ---

type nimGame struct{}

func (nimGame) Info() engine.Info {
	return engine.Info{Name: "nim", Title: "Nim", Summary: "Take 1 to 3 stones; the last stone wins.", MaxLength: 100}
}

func (nimGame) Options() []engine.OptionSpec {
	return []engine.OptionSpec{{Name: "pile", Kind: engine.IntOption, Default: "21", Min: 1, Max: 100, Doc: "stones at the start"}}
}

func (nimGame) New(o engine.Options) (engine.State, error) {
	return &nimState{pile: o.Int("pile"), winner: -1}, nil
}

type nimState struct {
	pile   int
	mover  engine.Seat
	winner engine.Seat
	taken  int
}

func (s *nimState) Seats() []engine.SeatInfo { return twoSeats() }

func (s *nimState) Current() engine.Seat {
	if s.pile == 0 {
		return engine.Terminal
	}
	return s.mover
}

func (s *nimState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if s.pile == 0 || seat != s.mover {
		return buf
	}
	for k := 1; k <= min(3, s.pile); k++ {
		buf = append(buf, engine.Action(k))
	}
	return buf
}

func (s *nimState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome { return buf }

func (s *nimState) Apply(seat engine.Seat, a engine.Action) error {
	if s.pile == 0 || seat != s.mover {
		return engine.Illegal("N1", "seat %v may not act now", seat)
	}
	if a < 1 || a > 3 || int(a) > s.pile {
		return engine.Illegal("N2", "cannot take %d of %d stones", a, s.pile)
	}
	s.pile -= int(a)
	s.taken++
	if s.pile == 0 {
		s.winner = seat
	}
	s.mover = 1 - s.mover
	return nil
}

func (s *nimState) ActionString(seat engine.Seat, a engine.Action) string {
	return fmt.Sprintf("take %d", a)
}

func (s *nimState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	return parseNumber(text)
}

func (s *nimState) View(seat engine.Seat) engine.View { return nimView{seat: seat, s: *s} }
func (s *nimState) Clone() engine.State               { c := *s; return &c }
func (s *nimState) SetLog(*engine.Log)                {}
func (s *nimState) String() string                    { return fmt.Sprintf("pile %d, seat %v to move", s.pile, s.mover) }

func (s *nimState) Result() engine.Result {
	return seatResult(2, int(s.winner), "last stone", s.taken)
}

type nimView struct {
	seat engine.Seat
	s    nimState
}

func (v nimView) ViewSeat() engine.Seat            { return v.seat }
func (v nimView) Sample(*engine.Rand) engine.State { c := v.s; return &c }
func (v nimView) String() string                   { return v.s.String() }

// --- race ---

const (
	racePass engine.Action = iota
	raceStep
	raceRoll
	raceBoost
)

var raceActions = []string{"pass", "step", "roll", "boost"}

const raceMaxSeats = 4

type raceGame struct{}

func (raceGame) Info() engine.Info {
	return engine.Info{Name: "race", Title: "Dice race", Summary: "Race to the goal with a die and a hidden boost.",
		MaxLength: 2*1000 + raceMaxSeats}
}

func (raceGame) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "seats", Kind: engine.IntOption, Default: "2", Min: 1, Max: raceMaxSeats, Doc: "number of seats"},
		{Name: "goal", Kind: engine.IntOption, Default: "30", Min: 1, Max: 1000, Doc: "squares to the goal"},
		{Name: "turns", Kind: engine.IntOption, Default: "200", Min: 1, Max: 1000, Doc: "turns before a draw"},
	}
}

func (raceGame) New(o engine.Options) (engine.State, error) {
	return &raceState{n: o.Int("seats"), goal: o.Int("goal"), maxTurns: o.Int("turns"), winner: -1}, nil
}

type raceState struct {
	n, goal, maxTurns int
	pos               [raceMaxSeats]int
	card              [raceMaxSeats]int // 0: not dealt, or hidden in a view
	used              [raceMaxSeats]bool
	dealt             int // seats dealt a card so far
	mover             int
	rolling           bool // the mover's die is to be rolled
	turns             int
	winner            int
	log               *engine.Log
}

func (s *raceState) Seats() []engine.SeatInfo {
	seats := make([]engine.SeatInfo, s.n)
	for i := range seats {
		seats[i] = engine.SeatInfo{Name: "runner " + strconv.Itoa(i), Side: strconv.Itoa(i)}
	}
	return seats
}

func (s *raceState) Current() engine.Seat {
	switch {
	case s.winner >= 0 || s.turns >= s.maxTurns:
		return engine.Terminal
	case s.dealt < s.n || s.rolling:
		return engine.Chance
	}
	return engine.Seat(s.mover)
}

func (s *raceState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	cur := s.Current()
	switch {
	case seat != cur:
	case cur == engine.Chance:
		for _, o := range s.ChanceOutcomes(nil) {
			buf = append(buf, o.Action)
		}
	case cur >= 0:
		// Pass comes last, so that taking it is a choice, not an accident.
		buf = append(buf, raceStep, raceRoll)
		if !s.used[s.mover] {
			buf = append(buf, raceBoost)
		}
		buf = append(buf, racePass)
	}
	return buf
}

func (s *raceState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	switch {
	case s.Current() != engine.Chance:
	case s.dealt < s.n:
		for c := 1; c <= 3; c++ {
			buf = append(buf, engine.Outcome{Action: engine.Action(c), Prob: 1.0 / 3})
		}
	default:
		for f := 1; f <= 6; f++ {
			buf = append(buf, engine.Outcome{Action: engine.Action(f), Prob: 1.0 / 6})
		}
	}
	return buf
}

func (s *raceState) Apply(seat engine.Seat, a engine.Action) error {
	cur := s.Current()
	if seat != cur || cur == engine.Terminal {
		return engine.Illegal("R1", "seat %v may not act now (%v is to act)", seat, cur)
	}
	if cur == engine.Chance {
		if s.dealt < s.n {
			if a < 1 || a > 3 {
				return engine.Illegal("R2", "no boost card %d", a)
			}
			s.card[s.dealt] = int(a)
			s.dealt++
			return nil
		}
		if a < 1 || a > 6 {
			return engine.Illegal("R3", "a die shows no %d", a)
		}
		s.rolling = false
		if a == 1 {
			s.pos[s.mover] = max(0, s.pos[s.mover]-2)
		} else {
			s.pos[s.mover] += int(a)
		}
		s.endTurn()
		return nil
	}
	switch a {
	case racePass:
	case raceStep:
		s.pos[s.mover]++
	case raceRoll:
		s.rolling = true
		return nil
	case raceBoost:
		if s.used[s.mover] {
			return engine.Illegal("R4", "the boost card is already played")
		}
		s.pos[s.mover] += s.card[s.mover]
		s.used[s.mover] = true
	default:
		return engine.Illegal("R5", "no action %d", a)
	}
	s.endTurn()
	return nil
}

func (s *raceState) endTurn() {
	if s.pos[s.mover] >= s.goal {
		s.winner = s.mover
	}
	if s.log != nil {
		s.log.Add(fmt.Sprintf("runner %d is on %d", s.mover, s.pos[s.mover]))
	}
	s.mover = (s.mover + 1) % s.n
	s.turns++
}

func (s *raceState) ActionString(seat engine.Seat, a engine.Action) string {
	if seat == engine.Chance || a < 0 || int(a) >= len(raceActions) {
		return strconv.Itoa(int(a))
	}
	return raceActions[a]
}

func (s *raceState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	for i, name := range raceActions {
		if strings.EqualFold(strings.TrimSpace(text), name) {
			return engine.Action(i), nil
		}
	}
	return parseNumber(text)
}

func (s *raceState) View(seat engine.Seat) engine.View {
	v := *s
	v.log = nil
	for i := range v.dealt {
		if engine.Seat(i) != seat && !v.used[i] {
			v.card[i] = 0
		}
	}
	return raceView{seat: seat, s: v}
}

func (s *raceState) Clone() engine.State  { c := *s; c.log = nil; return &c }
func (s *raceState) SetLog(l *engine.Log) { s.log = l }

func (s *raceState) String() string {
	return fmt.Sprintf("positions %v cards %v used %v, runner %d to move, turn %d",
		s.pos[:s.n], s.card[:s.n], s.used[:s.n], s.mover, s.turns)
}

func (s *raceState) Result() engine.Result {
	cause := "goal"
	if s.winner < 0 {
		cause = "turn limit"
	}
	return seatResult(s.n, s.winner, cause, s.turns)
}

// PassAction names pass for the seat to move.
func (s *raceState) PassAction(seat engine.Seat) (engine.Action, bool) {
	return racePass, seat >= 0 && seat == s.Current()
}

// Evaluate is the seat's progress: its share of the goal alone, or its lead
// over the best rival mapped to [0,1].
func (s *raceState) Evaluate(seat engine.Seat) float64 {
	if seat < 0 || int(seat) >= s.n {
		return 0
	}
	if s.Current() == engine.Terminal {
		return s.Result().Returns[seat]
	}
	if s.n == 1 {
		return min(1, float64(s.pos[0])/float64(s.goal))
	}
	rival := 0
	for i := range s.n {
		if i != int(seat) {
			rival = max(rival, s.pos[i])
		}
	}
	return 0.5 + float64(s.pos[seat]-rival)/float64(2*s.goal)
}

type raceView struct {
	seat engine.Seat
	s    raceState
}

func (v raceView) ViewSeat() engine.Seat { return v.seat }
func (v raceView) String() string        { return v.s.String() }

// Sample deals every hidden boost card afresh.
func (v raceView) Sample(r *engine.Rand) engine.State {
	s := v.s
	for i := range s.dealt {
		if s.card[i] == 0 {
			s.card[i] = 1 + r.IntN(3)
		}
	}
	return &s
}

// --- bid ---

type bidGame struct{}

func (bidGame) Info() engine.Info {
	return engine.Info{Name: "bid", Title: "Bid", Summary: "Bid 1 to 3 in secret; the higher bid wins.", MaxLength: 2}
}

func (bidGame) Options() []engine.OptionSpec { return nil }

func (bidGame) New(engine.Options) (engine.State, error) { return &bidState{}, nil }

type bidState struct {
	bid    [2]int // 0: not chosen, or hidden in a view
	chosen [2]bool
}

func (s *bidState) Seats() []engine.SeatInfo { return twoSeats() }

func (s *bidState) Current() engine.Seat {
	if s.chosen[0] && s.chosen[1] {
		return engine.Terminal
	}
	return engine.Simultaneous
}

func (s *bidState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if seat < 0 || seat > 1 || s.chosen[seat] {
		return buf
	}
	return append(buf, 1, 2, 3)
}

func (s *bidState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome { return buf }

func (s *bidState) Apply(seat engine.Seat, a engine.Action) error {
	if seat < 0 || seat > 1 || s.chosen[seat] {
		return engine.Illegal("B1", "seat %v may not bid now", seat)
	}
	if a < 1 || a > 3 {
		return engine.Illegal("B2", "no bid %d", a)
	}
	s.bid[seat], s.chosen[seat] = int(a), true
	return nil
}

func (s *bidState) ActionString(seat engine.Seat, a engine.Action) string {
	return "bid " + strconv.Itoa(int(a))
}

func (s *bidState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	return parseNumber(text)
}

func (s *bidState) View(seat engine.Seat) engine.View {
	v := *s
	for i := range v.bid {
		if engine.Seat(i) != seat && v.Current() != engine.Terminal {
			v.bid[i] = 0
		}
	}
	return bidView{seat: seat, s: v}
}

func (s *bidState) Clone() engine.State { c := *s; return &c }
func (s *bidState) SetLog(*engine.Log)  {}
func (s *bidState) String() string      { return fmt.Sprintf("bids %v chosen %v", s.bid, s.chosen) }

func (s *bidState) Result() engine.Result {
	winner := -1
	switch {
	case s.bid[0] > s.bid[1]:
		winner = 0
	case s.bid[1] > s.bid[0]:
		winner = 1
	}
	return seatResult(2, winner, "bids", 1)
}

type bidView struct {
	seat engine.Seat
	s    bidState
}

func (v bidView) ViewSeat() engine.Seat { return v.seat }
func (v bidView) String() string        { return v.s.String() }

// Sample draws every hidden bid afresh.
func (v bidView) Sample(r *engine.Rand) engine.State {
	s := v.s
	for i := range s.bid {
		if s.chosen[i] && s.bid[i] == 0 {
			s.bid[i] = 1 + r.IntN(3)
		}
	}
	return &s
}
