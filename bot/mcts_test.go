package bot_test

import (
	"reflect"
	"sync"
	"testing"
	"time"

	"scramble/bot"
	"scramble/engine"
)

func mcts(iterations int) *bot.MCTS {
	return bot.NewMCTS(bot.MCTSConfig{Iterations: iterations, C: bot.DefaultExploration})
}

// In nim the seat to move wins by leaving a multiple of 4; from a pile that
// is not one, exactly one move does. (Past 13 stones plain UCT with random
// playouts needs far more iterations: the tree holds no transpositions and a
// random playout says little about a deep position.)
func TestMCTSFindsTheOnlyWinningMove(t *testing.T) {
	m := mcts(2000)
	for pile := 5; pile <= 13; pile++ {
		if pile%4 == 0 {
			continue
		}
		s := newState(t, nimGame{}, "pile="+itoa(pile))
		want := engine.Action(pile % 4)
		for seed := range uint64(3) {
			d := decision(t, s, 0, seed)
			if a := m.Choose(d); a != want {
				t.Errorf("pile %d seed %d: mcts took %d, want %d; stats %+v", pile, seed, a, want, m.Search(d))
			}
		}
	}
}

func TestMCTSStatsShowTheWinningMove(t *testing.T) {
	s := newState(t, nimGame{}, "pile=5")
	st := mcts(3000).Search(decision(t, s, 0, 1))
	if st.Iterations != 3000 {
		t.Fatalf("ran %d iterations, want 3000", st.Iterations)
	}
	if len(st.Actions) != 3 {
		t.Fatalf("stats for %d actions, want 3: %+v", len(st.Actions), st)
	}
	visits := 0
	for _, a := range st.Actions {
		visits += a.Visits
	}
	if visits != st.Iterations {
		t.Fatalf("root visits add up to %d, want %d", visits, st.Iterations)
	}
	win := st.Actions[0] // take 1
	if win.Value < 0.9 || win.Visits < st.Iterations/2 {
		t.Fatalf("take 1 wins for sure, but it got %+v", win)
	}
	for _, a := range st.Actions[1:] {
		if a.Value > 0.5 {
			t.Fatalf("take %d loses to best play, but its value is %+v", a.Action, a)
		}
	}
}

func TestMCTSBeatsRandom(t *testing.T) {
	g := raceGame{}
	const games = 60
	score := 0.0
	for i := range uint64(games) {
		bots := []engine.Bot{mcts(200), bot.Random{}}
		seat := int(i % 2)
		if seat == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		score += play(t, newState(t, g), g, bots, i).Returns[seat]
	}
	if score < games*0.85 {
		t.Fatalf("mcts scored %.1f of %d against random", score, games)
	}
	t.Logf("mcts scored %.1f of %d against random", score, games)
}

func TestMCTSWinsAWonNimGame(t *testing.T) {
	// Greedy has no evaluator at nim and plays randomly; the first mover
	// wins from 13 stones with best play.
	g := nimGame{}
	for i := range uint64(10) {
		res := play(t, newState(t, g, "pile=13"), g, []engine.Bot{mcts(2000), bot.Greedy{}}, i)
		if res.Returns[0] != 1 {
			t.Fatalf("game %d: mcts lost a won position: %+v", i, res)
		}
	}
}

func TestMCTSIsDeterministic(t *testing.T) {
	s := dealtRace(t, []int{1, 3})
	m := mcts(500)
	a, b := m.Search(decision(t, s, 0, 42)), m.Search(decision(t, s, 0, 42))
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("same seed, different searches:\n%+v\n%+v", a, b)
	}
	if c := m.Search(decision(t, s, 0, 43)); reflect.DeepEqual(a, c) {
		t.Fatalf("different seeds gave identical searches; is d.Rand used? %+v", a)
	}
	// Whole games, with the bot's buffers reused between them.
	g := raceGame{}
	first := play(t, newState(t, g), g, []engine.Bot{m, mcts(100)}, 7)
	again := play(t, newState(t, g), g, []engine.Bot{m, mcts(100)}, 7)
	if !reflect.DeepEqual(first, again) {
		t.Fatalf("same seeds, different games: %+v and %+v", first, again)
	}
}

func TestMCTSNeverReturnsAnIllegalAction(t *testing.T) {
	for _, g := range []engine.Game{nimGame{}, raceGame{}, bidGame{}} {
		t.Run(g.Info().Name, func(t *testing.T) {
			bots := []*bot.MCTS{mcts(1), mcts(2), mcts(30)}
			n := uint64(0)
			randomPositions(t, g, 10, func(s engine.State, seat engine.Seat) {
				for _, m := range bots {
					n++
					d := decision(t, s, seat, n)
					checkLegal(t, m, d, m.Choose(d))
				}
			})
			for seed := range uint64(5) {
				play(t, newState(t, g), g, []engine.Bot{mcts(50), mcts(50)}, seed)
			}
		})
	}
	t.Run("race for three", func(t *testing.T) {
		g := raceGame{}
		for seed := range uint64(5) {
			s := newState(t, g, "seats=3")
			play(t, s, g, []engine.Bot{mcts(50), mcts(50), bot.Random{}}, seed)
		}
	})
}

func TestMCTSAtASimultaneousNode(t *testing.T) {
	m := mcts(1000)
	s := newState(t, bidGame{})
	if a := m.Choose(decision(t, s, 0, 1)); a != 3 {
		t.Fatalf("first to bid chose %d, want the dominant 3", a)
	}
	if a := m.Choose(decision(t, s, 1, 1)); a != 3 {
		t.Fatalf("seat 1, asked first, chose %d, want 3", a)
	}
	for bid := engine.Action(1); bid <= 3; bid++ {
		s := newState(t, bidGame{})
		if err := s.Apply(0, bid); err != nil {
			t.Fatal(err)
		}
		if a := m.Choose(decision(t, s, 1, 1)); a != 3 {
			t.Fatalf("after a hidden bid of %d, seat 1 chose %d, want 3", bid, a)
		}
	}
}

// A simultaneous choice below the root is decoupled: the seats of a
// simultaneous node choose in the tree each on what it may see, so seat 1
// does not call pennies' coin knowing it (it would value playing on at 1),
// and its second call follows its first (else about 1/3). Playing on is
// worth 0.5 (a little less as the search explores): taken over cashing in
// 0.3, refused for 0.6. Walked as if sequential, the search valued it at
// 0.83 and played on for 0.6.
func TestMCTSSimultaneousChoicesAreDecoupled(t *testing.T) {
	s := newState(t, penniesGame{}, "cash=30")
	st := mcts(4000).Search(decision(t, s, 1, 1))
	play := st.Actions[1]
	if play.Action != penniesPlay || play.Visits < 3000 || play.Value < 0.38 || play.Value > 0.62 {
		t.Fatalf("playing on valued %.3f over %d visits, want about 0.5 over most; stats %+v", play.Value, play.Visits, st)
	}
	s = newState(t, penniesGame{})
	if a := mcts(4000).Choose(decision(t, s, 1, 1)); a != penniesCash {
		t.Fatalf("seat 1 chose %d, want to cash in the 0.6 (%d); stats %+v", a, penniesCash, mcts(4000).Search(decision(t, s, 1, 1)))
	}
}

// The search plans on samples of the seat's view: after a hidden bid of 3 it
// cannot know that bidding 1 is hopeless.
func TestMCTSSeesOnlyItsView(t *testing.T) {
	s := newState(t, bidGame{})
	if err := s.Apply(0, 3); err != nil {
		t.Fatal(err)
	}
	st := mcts(3000).Search(decision(t, s, 1, 1))
	one := st.Actions[0]
	if one.Action != 1 || one.Visits == 0 {
		t.Fatalf("no statistics for bid 1: %+v", st)
	}
	// Against a uniformly drawn bid, bidding 1 draws one time in three.
	if one.Value < 0.1 || one.Value > 0.25 {
		t.Fatalf("bid 1 valued %.3f, want about 1/6 (0 would mean it saw the hidden bid)", one.Value)
	}
}

func TestMCTSTimeBudget(t *testing.T) {
	m := bot.NewMCTS(bot.MCTSConfig{Time: 20 * time.Millisecond, C: 1.4})
	s := dealtRace(t, []int{2, 2})
	start := time.Now()
	st := m.Search(decision(t, s, 0, 1))
	// The upper bound only catches a search that ignores its budget: a
	// loaded machine may hold the process for seconds.
	if el := time.Since(start); el < 20*time.Millisecond || el > time.Minute {
		t.Fatalf("a 20ms search took %v", el)
	}
	if st.Iterations < 10 {
		t.Fatalf("a 20ms search ran only %d iterations", st.Iterations)
	}
	both := bot.NewMCTS(bot.MCTSConfig{Iterations: 50, Time: time.Hour, C: 1.4})
	if st := both.Search(decision(t, s, 0, 1)); st.Iterations != 50 {
		t.Fatalf("iterations=50 with an hour to spare ran %d iterations", st.Iterations)
	}
}

// The search allocates nothing per iteration beyond what the game's
// View.Sample and Result allocate.
func TestMCTSIterationsDoNotAllocate(t *testing.T) {
	s := dealtRace(t, []int{2, 2})
	d := decision(t, s, 0, 1)
	v := d.View()
	perIteration := testing.AllocsPerRun(100, func() {
		st := v.Sample(d.Rand)
		_ = st.Result()
	})
	const iterations = 2000
	m := mcts(iterations)
	m.Search(d) // fill the bot's buffers
	got := testing.AllocsPerRun(5, func() { m.Choose(d) })
	if limit := perIteration*iterations + 20; got > limit {
		t.Fatalf("a search of %d iterations made %.0f allocations; the game accounts for %.0f", iterations, got, perIteration*iterations)
	}
}

func itoa(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

// One bot may serve several games at once (run with -race).
func TestMCTSIsSafeForConcurrentUse(t *testing.T) {
	m := mcts(300)
	s := dealtRace(t, []int{3, 1})
	want := m.Search(decision(t, s, 0, 11))
	var wg sync.WaitGroup
	got := make([]bot.Stats, 4)
	for i := range got {
		wg.Go(func() { got[i] = m.Search(decision(t, s, 0, 11)) })
	}
	wg.Wait()
	for i := range got {
		if !reflect.DeepEqual(got[i], want) {
			t.Fatalf("goroutine %d searched differently:\n%+v\n%+v", i, got[i], want)
		}
	}
}

// With a depth cut-off, a playout stops early and is scored by the game's
// evaluation: on a one-seat race the root values are the evaluation's
// fractions of the way to the goal, not the 0 or 1 of finished games.
func TestMCTSDepthScoresCutPlayoutsWithTheEvaluation(t *testing.T) {
	s := dealtRace(t, []int{1}, "seats=1")
	cut := bot.NewMCTS(bot.MCTSConfig{Iterations: 200, C: bot.DefaultExploration, Depth: 1})
	st := cut.Search(decision(t, s, 0, 1))
	fractional := false
	for _, a := range st.Actions {
		if a.Visits > 0 && a.Value > 0 && a.Value < 1 {
			fractional = true
		}
	}
	if !fractional {
		t.Fatalf("depth=1 playouts should be scored by the evaluation (between 0 and 1): %+v", st.Actions)
	}
	if got := cut.Name(); got != "mcts:iterations=200,depth=1" {
		t.Fatalf("name %q", got)
	}
	b, err := bot.New("mcts:depth=12")
	if err != nil || b.Name() != "mcts:depth=12" {
		t.Fatalf("mcts:depth=12 parses to %v, %v", b, err)
	}
}

// nudgeState is a one-decision game whose returns differ by hundredths, as
// an evaluation's do: action a returns 0.5 + 0.002·a, for a in 0..4.
type nudgeState struct{ pickState }

func (s *nudgeState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if seat != s.Current() {
		return buf
	}
	return append(buf, 0, 1, 2, 3, 4)
}
func (s *nudgeState) Clone() engine.State { c := *s; return &c }
func (s *nudgeState) View(seat engine.Seat) engine.View {
	return nudgeView{s: *s, seat: seat}
}
func (s *nudgeState) Result() engine.Result {
	return engine.Result{Returns: []float64{0.5 + 0.002*float64(s.picked)}}
}

type nudgeView struct {
	s    nudgeState
	seat engine.Seat
}

func (v nudgeView) ViewSeat() engine.Seat            { return v.seat }
func (v nudgeView) String() string                   { return "pick a number" }
func (v nudgeView) Sample(*engine.Rand) engine.State { c := v.s; return &c }

// TestMCTSExplorationIsRelativeToTheSpread: with RelativeC
// (explore=relative) the exploration constant is relative to the spread of
// the returns seen, so with the default constant the search follows returns
// that differ by a few thousandths (an evaluation's scale) as it would wins
// and losses: the best action gets the most visits, over twice the worst's.
// With the constant taken absolutely (returns in [0,1], the default) the
// visits would spread about evenly.
func TestMCTSExplorationIsRelativeToTheSpread(t *testing.T) {
	s := &nudgeState{pickState{picked: -1}}
	m := bot.NewMCTS(bot.MCTSConfig{Iterations: 500, C: bot.DefaultExploration, Depth: bot.DefaultDepth, RelativeC: true})
	if m.Name() != "mcts:iterations=500,explore=relative" {
		t.Errorf("name %q", m.Name())
	}
	st := m.Search(decision(t, s, 0, 1))
	best, worst := st.Actions[4], st.Actions[0]
	for _, a := range st.Actions[:4] {
		if a.Visits >= best.Visits {
			t.Errorf("action %d has %d visits, the best (4) %d: %+v", a.Action, a.Visits, best.Visits, st.Actions)
		}
	}
	if best.Visits < 2*worst.Visits {
		t.Errorf("the best action has %d visits, the worst %d: %+v", best.Visits, worst.Visits, st.Actions)
	}
}
