package engine_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// raceGame is a small two-seat game with passes, to test engine.Advancer: in
// each of its rounds seat 0 and then seat 1 may pass or bet, then one die is
// rolled for each seat that bet, and a bet wins the die's face in points when
// the face is even. Most points after the rounds wins.
type raceGame struct {
	// wrap, when set, wraps each new state (a defect, or hiding Advancer).
	wrap func(*raceState) engine.State
}

func (raceGame) Info() engine.Info {
	return engine.Info{Name: "race", Title: "Race", Summary: "a test game with passes", MaxLength: 4 * 4}
}

func (raceGame) Options() []engine.OptionSpec {
	return []engine.OptionSpec{{Name: "rounds", Kind: engine.IntOption, Default: "4", Min: 1, Max: 9, Doc: "rounds"}}
}

func (g raceGame) New(o engine.Options) (engine.State, error) {
	s := &raceState{rounds: o.Int("rounds")}
	if g.wrap != nil {
		return g.wrap(s), nil
	}
	return s, nil
}

type raceState struct {
	rounds, round int
	step          int // 0, 1: that seat decides; 2, 3: that seat's die; 4: the end
	bet           [2]bool
	score         [2]int
}

const (
	racePass = engine.Action(0)
	raceBet  = engine.Action(1)
)

func (s *raceState) Seats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "A", Side: "A"}, {Name: "B", Side: "B"}}
}

func (s *raceState) Current() engine.Seat {
	switch s.step {
	case 0, 1:
		return engine.Seat(s.step)
	case 2, 3:
		return engine.Chance
	}
	return engine.Terminal
}

func (s *raceState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	switch cur := s.Current(); {
	case seat != cur:
	case cur == engine.Chance:
		buf = append(buf, 1, 2, 3, 4, 5, 6)
	case cur >= 0:
		buf = append(buf, racePass, raceBet)
	}
	return buf
}

func (s *raceState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.Current() != engine.Chance {
		return buf
	}
	for f := 1; f <= 6; f++ {
		buf = append(buf, engine.Outcome{Action: engine.Action(f), Prob: 1.0 / 6})
	}
	return buf
}

func (s *raceState) Apply(seat engine.Seat, a engine.Action) error {
	cur := s.Current()
	switch {
	case seat != cur || cur == engine.Terminal:
		return engine.Illegal("R-1", "seat %s does not act now", seat)
	case cur == engine.Chance && (a < 1 || a > 6):
		return engine.Illegal("R-2", "a die shows 1 to 6, not %d", a)
	case cur >= 0 && a != racePass && a != raceBet:
		return engine.Illegal("R-3", "pass (0) or bet (1), not %d", a)
	}
	s.do(a)
	return nil
}

// do applies a checked action and moves to the next node, skipping the dice
// of seats that passed.
func (s *raceState) do(a engine.Action) {
	switch s.step {
	case 0, 1:
		s.bet[s.step] = a == raceBet
	default:
		if a%2 == 0 {
			s.score[s.step-2] += int(a)
		}
	}
	for s.step++; s.step < 4 && s.step >= 2 && !s.bet[s.step-2]; s.step++ {
	}
	if s.step == 4 {
		if s.round++; s.round < s.rounds {
			s.step, s.bet = 0, [2]bool{}
		}
	}
}

// Roll draws a die as Rand.Sample draws from ChanceOutcomes.
func (s *raceState) Roll(r *engine.Rand) { s.do(engine.Action(1 + r.IntN(6))) }

func (s *raceState) PassAction(seat engine.Seat) (engine.Action, bool) {
	return racePass, seat == s.Current() && seat >= 0
}

// Advance rolls dice and takes the passes of passing seats, as
// engine.Advancer asks.
func (s *raceState) Advance(r *engine.Rand, passing uint64, budget int) (engine.Seat, int) {
	n := 0
	for ; n < budget; n++ {
		switch cur := s.Current(); {
		case cur == engine.Chance:
			s.Roll(r)
		case cur >= 0 && passing>>cur&1 != 0:
			s.do(racePass)
		default:
			return cur, n
		}
	}
	return s.Current(), n
}

func (s *raceState) ActionString(seat engine.Seat, a engine.Action) string {
	if seat == engine.Chance {
		return "roll " + strconv.Itoa(int(a))
	}
	return [...]string{"pass", "bet"}[a&1]
}

func (s *raceState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	text = strings.TrimSpace(text)
	if seat == engine.Chance {
		if n, err := strconv.Atoi(strings.TrimPrefix(text, "roll ")); err == nil && strings.HasPrefix(text, "roll ") {
			return engine.Action(n), nil
		}
		return 0, engine.Illegal("", "cannot read %q; type roll N", text)
	}
	switch text {
	case "pass":
		return racePass, nil
	case "bet":
		return raceBet, nil
	}
	return 0, engine.Illegal("", "cannot read %q; type pass or bet", text)
}

func (s *raceState) View(seat engine.Seat) engine.View { return &raceView{seat: seat, s: *s} }

func (s *raceState) Clone() engine.State { c := *s; return &c }

func (s *raceState) Result() engine.Result {
	r := pointsResult(s.score, s.round)
	r.Score = s.score[0]
	return r
}

func (s *raceState) SetLog(*engine.Log) {}

func (s *raceState) String() string {
	return fmt.Sprintf("round %d/%d step %d bets %v score %v", s.round, s.rounds, s.step, s.bet, s.score)
}

// raceView shows everything: the game hides nothing.
type raceView struct {
	seat engine.Seat
	s    raceState
}

func (v *raceView) ViewSeat() engine.Seat            { return v.seat }
func (v *raceView) Sample(*engine.Rand) engine.State { return v.s.Clone() }
func (v *raceView) String() string                   { return v.s.String() }
func (v *raceView) MarshalJSON() ([]byte, error)     { return []byte(strconv.Quote(v.s.String())), nil }

// plainState hides every optional interface of a state: the Player then
// lists the chance outcomes, samples them and asks every bot.
type plainState struct{ engine.State }

// plainRace is the race game without its fast paths.
func plainRace(s *raceState) engine.State { return plainState{s} }

// idler is the idle bot of the tests; it counts the times it is asked.
type idler struct {
	idles bool
	asked *int
}

func (idler) Name() string { return "idler" }
func (b idler) Choose(d *engine.Decision) engine.Action {
	*b.asked++
	a, _ := d.Pass()
	return a
}
func (b idler) Idles() bool { return b.idles }

// better bets whenever it can: it is never idle.
type better struct{}

func (better) Name() string                          { return "better" }
func (better) Choose(*engine.Decision) engine.Action { return raceBet }

func TestHarnessPassesOnRace(t *testing.T) {
	enginetest.Check(t, raceGame{}, enginetest.Config{Playouts: 30, Seed: 3})
}

// TestAdvanceSameGames: a state that plays on by itself (engine.Advancer)
// plays, from each seed, the game the plain path plays (ChanceOutcomes,
// Rand.Sample, every bot asked): the same final state, the same result. The
// Player does not ask an idle bot (engine.Idler) when the state can take its
// passes, and asks one that says it does not idle.
func TestAdvanceSameGames(t *testing.T) {
	cases := map[string]struct {
		bots func(asked *int) []engine.Bot
		// askedFast: whether the Player asks the idlers on the fast path.
		askedFast bool
	}{
		"both idle":       {func(n *int) []engine.Bot { return []engine.Bot{idler{true, n}, idler{true, n}} }, false},
		"idle and better": {func(n *int) []engine.Bot { return []engine.Bot{idler{true, n}, better{}} }, false},
		"better and idle": {func(n *int) []engine.Bot { return []engine.Bot{better{}, idler{true, n}} }, false},
		"idle but asks":   {func(n *int) []engine.Bot { return []engine.Bot{idler{false, n}, better{}} }, true},
	}
	// One Player for all the cases: it must notice the new bots.
	var fast, plain engine.Player
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			var askedFast, askedPlain int
			for seed := range uint64(200) {
				fs, _ := raceGame{}.New(engine.Options{"rounds": "4"})
				ps, _ := raceGame{wrap: plainRace}.New(engine.Options{"rounds": "4"})
				fr, err := fast.Play(fs, c.bots(&askedFast), engine.NewRand(seed), engine.NewRand(seed+1), 0)
				if err != nil {
					t.Fatal(err)
				}
				pr, err := plain.Play(ps, c.bots(&askedPlain), engine.NewRand(seed), engine.NewRand(seed+1), 0)
				if err != nil {
					t.Fatal(err)
				}
				if fs.String() != ps.String() || fmt.Sprint(fr) != fmt.Sprint(pr) {
					t.Fatalf("seed %d: fast path %s %+v, plain path %s %+v", seed, fs, fr, ps, pr)
				}
			}
			if askedPlain == 0 {
				t.Fatal("the plain path never asked the idle bots: the test tests nothing")
			}
			if want := map[bool]int{true: askedPlain, false: 0}[c.askedFast]; askedFast != want {
				t.Errorf("idle bots asked %d times on the fast path, want %d (%d on the plain path)", askedFast, want, askedPlain)
			}
		})
	}
}

// TestAdvanceKeepsTheBound: with the fast path a game of n actions still
// fails under a bound of n-1 actions and passes under a bound of n, as on the
// plain path.
func TestAdvanceKeepsTheBound(t *testing.T) {
	var asked int
	bots := []engine.Bot{idler{true, &asked}, better{}}
	for seed := range uint64(50) {
		// The game's length, counted on the plain path by Match.
		m, err := engine.NewMatch(raceGame{}, engine.Options{"rounds": "3"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		length := 0
		for cur := m.State().Current(); cur != engine.Terminal; cur = m.State().Current() {
			a := racePass
			switch {
			case cur == engine.Chance:
				a = m.State().(*raceState).ChanceOutcomes(nil)[0].Action
			case cur == 1:
				a = raceBet
			}
			if err := m.Apply(cur, a); err != nil {
				t.Fatal(err)
			}
			length++
		}
		for _, bound := range []int{length - 1, length, length + 1} {
			var fast, plain engine.Player
			fs, _ := raceGame{}.New(engine.Options{"rounds": "3"})
			ps, _ := raceGame{wrap: plainRace}.New(engine.Options{"rounds": "3"})
			// The dice do not change the length: only the bets do.
			_, ferr := fast.Play(fs, bots, engine.NewRand(seed), engine.NewRand(0), bound)
			_, perr := plain.Play(ps, bots, engine.NewRand(seed), engine.NewRand(0), bound)
			if (ferr == nil) != (perr == nil) || (ferr == nil) != (bound >= length) {
				t.Fatalf("seed %d, game of %d actions, bound %d: fast path error %v, plain path error %v", seed, length, bound, ferr, perr)
			}
		}
	}
}

// crookedRoll draws its dice from the top of the die down: a fast path that
// plays other games than Roll.
type crookedRoll struct{ *raceState }

func (s crookedRoll) Advance(r *engine.Rand, passing uint64, budget int) (engine.Seat, int) {
	n := 0
	for ; n < budget && s.Current() == engine.Chance; n++ {
		s.do(engine.Action(6 - r.IntN(6)))
	}
	return s.Current(), n
}
func (s crookedRoll) Clone() engine.State { return crookedRoll{s.raceState.Clone().(*raceState)} }

// passesTooFar takes passes for seats that are not passing.
type passesTooFar struct{ *raceState }

func (s passesTooFar) Advance(r *engine.Rand, _ uint64, budget int) (engine.Seat, int) {
	return s.raceState.Advance(r, 0b11, budget)
}
func (s passesTooFar) Clone() engine.State { return passesTooFar{s.raceState.Clone().(*raceState)} }

func TestHarnessCatchesBadAdvance(t *testing.T) {
	cases := map[string]struct {
		wrap func(*raceState) engine.State
		want string
	}{
		"other dice":            {func(s *raceState) engine.State { return crookedRoll{s} }, "Advance"},
		"passes for everybody":  {func(s *raceState) engine.State { return passesTooFar{s} }, "Advance(passing 0"},
		"advances without Roll": {func(s *raceState) engine.State { return noRoll{s} }, "not an engine.Roller"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			r := &recorder{}
			func() {
				defer func() { _ = recover() }()
				enginetest.Check(r, raceGame{wrap: c.wrap}, enginetest.Config{Playouts: 5})
			}()
			if !strings.Contains(r.msg, c.want) {
				t.Fatalf("harness said %q, want it to mention %q", r.msg, c.want)
			}
		})
	}
}

// noRoll is an Advancer that hides its Roll.
type noRoll struct{ *raceState }

func (s noRoll) Roll()               {}
func (s noRoll) Clone() engine.State { return noRoll{s.raceState.Clone().(*raceState)} }
