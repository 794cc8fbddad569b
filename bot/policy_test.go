package bot_test

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
)

// advisedNim is nim whose view advises taking advice stones.
type advisedNim struct {
	*nimState
	advice engine.Action
}

func (s advisedNim) View(seat engine.Seat) engine.View {
	return advisedView{View: s.nimState.View(seat), advice: s.advice}
}

type advisedView struct {
	engine.View
	advice engine.Action
}

func (v advisedView) Advise([]engine.Action, *engine.Rand) engine.Action { return v.advice }

// TestPolicyFollowsAdvice: the policy bot plays the view's advice
// (bot.Advisor); advice that is not legal, or a view with none, gives a
// legal action all the same.
func TestPolicyFollowsAdvice(t *testing.T) {
	var b bot.Policy
	for _, advice := range []engine.Action{2, 3} {
		s := advisedNim{nimState: newState(t, nimGame{}).(*nimState), advice: advice}
		if got := b.Choose(decision(t, s, s.Current(), 1)); got != advice {
			t.Errorf("advised %d, the policy took %d", advice, got)
		}
	}
	s := advisedNim{nimState: newState(t, nimGame{}).(*nimState), advice: 99}
	d := decision(t, s, s.Current(), 1)
	checkLegal(t, b, d, b.Choose(d))
	plain := newState(t, nimGame{})
	d = decision(t, plain, plain.Current(), 1)
	checkLegal(t, b, d, b.Choose(d))
}

// countingNim is nim whose view counts the advice asked of it and advises
// taking one stone.
type countingNim struct {
	*nimState
	asked *int
}

func (s countingNim) View(seat engine.Seat) engine.View {
	return countingView{View: s.nimState.View(seat), asked: s.asked}
}

func (s countingNim) Clone() engine.State {
	c := *s.nimState
	return countingNim{nimState: &c, asked: s.asked}
}

type countingView struct {
	engine.View
	asked *int
}

func (v countingView) Sample(r *engine.Rand) engine.State {
	return countingNim{nimState: v.View.Sample(r).(*nimState), asked: v.asked}
}

func (v countingView) Advise([]engine.Action, *engine.Rand) engine.Action {
	*v.asked++
	return 1
}

// TestMCTSGuidedPlayouts: with rollout=policy (the default) MCTS plays its
// playouts by the game's policy (bot.Advisor); with rollout=random it never
// asks for advice.
func TestMCTSGuidedPlayouts(t *testing.T) {
	for _, guided := range []bool{true, false} {
		asked := 0
		s := countingNim{nimState: newState(t, nimGame{}).(*nimState), asked: &asked}
		cfg := bot.DefaultMCTSConfig()
		cfg.Iterations, cfg.RandomPlayouts = 50, !guided
		m := bot.NewMCTS(cfg)
		d := decision(t, s, s.Current(), 1)
		checkLegal(t, m, d, m.Choose(d))
		if guided && asked < 50 || !guided && asked > 0 {
			t.Errorf("guided=%v: the policy was asked %d times in 50 iterations", guided, asked)
		}
	}
}

// pickState is a one-decision game for the widening test: seat 0 picks one
// of 50 numbers and wins by picking 7; its views advise 7.
type pickState struct{ picked engine.Action }

func (s *pickState) Seats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "Picker", Side: "Picker"}}
}
func (s *pickState) Current() engine.Seat {
	if s.picked >= 0 {
		return engine.Terminal
	}
	return 0
}
func (s *pickState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if seat != s.Current() {
		return buf
	}
	for a := range engine.Action(50) {
		buf = append(buf, a)
	}
	return buf
}
func (s *pickState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome { return buf }
func (s *pickState) Apply(seat engine.Seat, a engine.Action) error {
	if seat != s.Current() || a < 0 || a >= 50 {
		return engine.Illegal("P-1", "pick a number 0-49")
	}
	s.picked = a
	return nil
}
func (s *pickState) ActionString(engine.Seat, engine.Action) string { return "pick" }
func (s *pickState) ParseAction(engine.Seat, string) (engine.Action, error) {
	return 0, engine.Illegal("P-1", "no text form")
}
func (s *pickState) View(seat engine.Seat) engine.View { return pickView{s: *s, seat: seat} }
func (s *pickState) Clone() engine.State               { c := *s; return &c }
func (s *pickState) SetLog(*engine.Log)                {}
func (s *pickState) String() string                    { return "pick a number" }
func (s *pickState) Result() engine.Result {
	win := 0.0
	if s.picked == 7 {
		win = 1
	}
	return engine.Result{Returns: []float64{win}}
}

type pickView struct {
	s    pickState
	seat engine.Seat
}

func (v pickView) ViewSeat() engine.Seat                              { return v.seat }
func (v pickView) String() string                                     { return v.s.String() }
func (v pickView) Sample(*engine.Rand) engine.State                   { c := v.s; return &c }
func (v pickView) Advise([]engine.Action, *engine.Rand) engine.Action { return 7 }

// TestMCTSWidensProgressively: with guided playouts a node holds at most
// 1 + √visits children and tries the advised action first, so 100
// iterations over 50 actions try at most 11 of them and spend most on the
// advice; with random playouts every action is tried.
func TestMCTSWidensProgressively(t *testing.T) {
	for _, guided := range []bool{true, false} {
		cfg := bot.DefaultMCTSConfig()
		cfg.Iterations, cfg.RandomPlayouts = 100, !guided
		s := &pickState{picked: -1}
		st := bot.NewMCTS(cfg).Search(decision(t, s, 0, 1))
		tried, best := 0, st.Actions[0]
		for _, a := range st.Actions {
			if a.Visits > 0 {
				tried++
			}
			if a.Visits > best.Visits {
				best = a
			}
		}
		switch {
		case guided && (tried > 11 || best.Action != 7 || best.Visits < 50):
			t.Errorf("guided: %d actions tried, the most visited is %d with %d visits", tried, best.Action, best.Visits)
		case !guided && tried != 50:
			t.Errorf("random playouts: %d of 50 actions tried", tried)
		}
	}
}

// coinState is a one-decision game of pure luck: seat 0 picks one of ten
// numbers, then a coin decides the game whatever the pick, except that
// picking winner (if 0..9) wins for sure. Its views advise 3.
type coinState struct {
	picked, coin, winner engine.Action
}

func (s *coinState) Seats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "Picker", Side: "Picker"}}
}
func (s *coinState) Current() engine.Seat {
	switch {
	case s.picked < 0:
		return 0
	case s.coin < 0 && s.picked != s.winner:
		return engine.Chance
	}
	return engine.Terminal
}
func (s *coinState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	switch {
	case seat != s.Current():
		return buf
	case seat == engine.Chance:
		return append(buf, 0, 1)
	}
	for a := range engine.Action(10) {
		buf = append(buf, a)
	}
	return buf
}
func (s *coinState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.Current() != engine.Chance {
		return buf
	}
	return append(buf, engine.Outcome{Action: 0, Prob: 0.5}, engine.Outcome{Action: 1, Prob: 0.5})
}
func (s *coinState) Apply(seat engine.Seat, a engine.Action) error {
	if seat != s.Current() || a < 0 || a >= 10 || seat == engine.Chance && a > 1 {
		return engine.Illegal("C-1", "pick 0-9, or a coin face 0-1")
	}
	if seat == engine.Chance {
		s.coin = a
	} else {
		s.picked = a
	}
	return nil
}
func (s *coinState) ActionString(engine.Seat, engine.Action) string { return "pick" }
func (s *coinState) ParseAction(engine.Seat, string) (engine.Action, error) {
	return 0, engine.Illegal("C-1", "no text form")
}
func (s *coinState) View(seat engine.Seat) engine.View { return coinView{s: *s, seat: seat} }
func (s *coinState) Clone() engine.State               { c := *s; return &c }
func (s *coinState) SetLog(*engine.Log)                {}
func (s *coinState) String() string                    { return "pick a number, toss a coin" }
func (s *coinState) Result() engine.Result {
	if s.picked == s.winner || s.coin == 1 {
		return engine.Result{Returns: []float64{1}}
	}
	return engine.Result{Returns: []float64{0}}
}

type coinView struct {
	s    coinState
	seat engine.Seat
}

func (v coinView) ViewSeat() engine.Seat                              { return v.seat }
func (v coinView) String() string                                     { return v.s.String() }
func (v coinView) Sample(*engine.Rand) engine.State                   { c := v.s; return &c }
func (v coinView) Advise([]engine.Action, *engine.Rand) engine.Action { return 3 }

// TestMCTSKeepsTheAdviceUnlessBeaten: with KeepAdvice (mcts:choose=advice)
// and guided playouts, Choose keeps the game's advice unless the search shows another action better beyond
// its noise. Where every pick is a coin toss, a short search's most
// visited action is mostly an accident of the coins: over 50 seeds Choose
// keeps the advice (3) in at least 35, and far more often than the most
// visited action is the advice. Where one pick (7) wins for sure, the
// search finds it and Choose takes it.
func TestMCTSKeepsTheAdviceUnlessBeaten(t *testing.T) {
	m := bot.NewMCTS(bot.MCTSConfig{Iterations: 40, C: bot.DefaultExploration, KeepAdvice: true})
	kept, mostVisited := 0, 0
	for seed := range uint64(50) {
		s := &coinState{picked: -1, coin: -1, winner: -1}
		if m.Choose(decision(t, s, 0, seed)) == 3 {
			kept++
		}
		st := m.Search(decision(t, s, 0, seed))
		best := st.Actions[0]
		for _, a := range st.Actions {
			if a.Visits > best.Visits {
				best = a
			}
		}
		if best.Action == 3 {
			mostVisited++
		}
	}
	if kept < 35 || kept < mostVisited+10 {
		t.Errorf("every pick is a coin toss: Choose kept the advice in %d of 50 searches, the most visited action was the advice in %d", kept, mostVisited)
	}
	m = bot.NewMCTS(bot.MCTSConfig{Iterations: 400, C: bot.DefaultExploration, KeepAdvice: true})
	s := &coinState{picked: -1, coin: -1, winner: 7}
	if a := m.Choose(decision(t, s, 0, 1)); a != 7 {
		t.Errorf("7 wins for sure, but mcts took %d: %+v", a, m.Search(decision(t, s, 0, 1)).Actions)
	}
	b, err := bot.New("mcts:choose=advice")
	if err != nil || b.Name() != "mcts:choose=advice" {
		t.Errorf("mcts:choose=advice builds %v, %v", b, err)
	}
}

// askedPennies is pennies (pennies_test.go) whose views advise the first
// legal action and count how often they are asked; its state counts the
// advice asked of it, and with seatAdvice set advises any seat itself
// (seatPennies, a bot.SeatAdvisor).
type askedPennies struct {
	*penniesState
	views, states *int
	seatAdvice    bool
}

func (s askedPennies) View(seat engine.Seat) engine.View {
	return askedPenniesView{penniesView: s.penniesState.View(seat).(penniesView), p: s}
}

func (s askedPennies) Clone() engine.State { return s.with(s.penniesState.Clone().(*penniesState)) }

// with returns the kind of s (askedPennies, or seatPennies with seatAdvice
// set) on the position ps.
func (s askedPennies) with(ps *penniesState) engine.State {
	c := s
	c.penniesState = ps
	if s.seatAdvice {
		return seatPennies{c}
	}
	return c
}

type askedPenniesView struct {
	penniesView
	p askedPennies
}

func (v askedPenniesView) Sample(r *engine.Rand) engine.State {
	return v.p.with(v.penniesView.Sample(r).(*penniesState))
}

func (v askedPenniesView) Advise(legal []engine.Action, _ *engine.Rand) engine.Action {
	*v.p.views++
	return legal[0]
}

type seatPennies struct{ askedPennies }

func (s seatPennies) AdviseSeat(seat engine.Seat, legal []engine.Action, _ *engine.Rand) engine.Action {
	*s.states++
	return legal[0]
}

// TestMCTSAsksTheStateForAnySeat: a state that advises any seat
// (bot.SeatAdvisor) is asked in the search's playouts, at pennies'
// simultaneous node too, and no view is built to ask; a state that does not
// leaves the search asking the seats' views there.
func TestMCTSAsksTheStateForAnySeat(t *testing.T) {
	for _, seatAdvice := range []bool{true, false} {
		views, states := 0, 0
		ps := newState(t, penniesGame{}, "cash=30").(*penniesState)
		s := askedPennies{penniesState: ps, views: &views, states: &states, seatAdvice: seatAdvice}.with(ps)
		cfg := bot.DefaultMCTSConfig()
		cfg.Iterations = 200
		m := bot.NewMCTS(cfg)
		d := decision(t, s, 1, 1)
		checkLegal(t, m, d, m.Choose(d))
		// The tree soon holds all of pennies' few positions, so advice is
		// asked a few dozen times, not at every iteration.
		switch {
		case seatAdvice && (states < 10 || views > 0):
			t.Errorf("with AdviseSeat: the state was asked %d times and the views %d in 200 iterations; want the state only", states, views)
		case !seatAdvice && views < 10:
			t.Errorf("without AdviseSeat: the views were asked %d times in 200 iterations; want them asked at the simultaneous node", views)
		}
	}
}
