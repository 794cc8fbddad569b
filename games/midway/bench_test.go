package midway

import (
	"reflect"
	"testing"
	"unsafe"

	"scramble/bot"
	"scramble/engine"
	"scramble/engine/enginetest"
)

// benchGames plays b.N random games of mode in the engine's fast path
// (engine.Player.Play), each from a copy of a fresh state with the dice
// reseeded.
// Run: go test -run x -bench Game -benchmem ./games/midway/
func benchGames(b *testing.B, opts engine.Options) {
	st, err := New().New(opts)
	if err != nil {
		b.Fatal(err)
	}
	start := *st.(*State)
	s := new(State)
	bots := []engine.Bot{bot.Random{}, bot.Random{}}
	rounds := 0
	enginetest.BenchGames(b, func() engine.State { *s = start; return s }, bots, start.MaxLength(),
		func(r *engine.Result) { rounds += r.Rounds })
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
}

// BenchmarkRandomGameHunt measures a whole random game of Aircraft Carrier
// Hunt.
func BenchmarkRandomGameHunt(b *testing.B) { benchGames(b, engine.Options{"mode": "hunt"}) }

// BenchmarkRandomGameDomination measures a whole random game of Domination
// (9 points).
func BenchmarkRandomGameDomination(b *testing.B) {
	benchGames(b, engine.Options{"mode": "domination"})
}

// BenchmarkClone measures a state copy.
func BenchmarkClone(b *testing.B) {
	st, _ := New().New(nil)
	b.ReportAllocs()
	for b.Loop() {
		_ = st.Clone()
	}
	b.ReportMetric(float64(unsafe.Sizeof(State{})), "bytes/state")
}

// midGame returns a Hunt position in round 2 at the Initiative holder's
// activation, reached by random play from a fixed seed.
func midGame(tb testing.TB) *State {
	for seed := uint64(0); ; seed++ {
		st, _ := New().New(nil)
		s := st.(*State)
		r := engine.NewRand(seed)
		for s.Current() != engine.Terminal && !(s.round == 2 && s.step == stActivate) {
			cur := s.Current()
			if cur == engine.Chance {
				s.Roll(r)
				continue
			}
			if cur == engine.Simultaneous {
				cur = 0
				if len(s.Legal(0, nil)) == 0 {
					cur = 1
				}
			}
			l := s.Legal(cur, nil)
			if err := s.Apply(cur, l[r.IntN(len(l))]); err != nil {
				tb.Fatal(err)
			}
		}
		if s.Current() != engine.Terminal {
			return s
		}
	}
}

// BenchmarkMCTSIterations measures the MCTS bot's search speed on a
// mid-game Hunt position (round 2, an activation); it reports iterations
// per second.
func BenchmarkMCTSIterations(b *testing.B) {
	s := midGame(b)
	m := bot.NewMCTS(bot.DefaultMCTSConfig())
	d := engine.NewDecision(s, s.Current(), nil, engine.NewRand(2))
	b.ReportAllocs()
	iterations := 0
	for b.Loop() {
		iterations += m.Search(d).Iterations
	}
	b.ReportMetric(float64(iterations)/b.Elapsed().Seconds(), "iterations/s")
}

// TestStateIsSmallValue checks the clone budget (issue §6): the state is at
// most 1 KB and holds no pointer, slice, map or interface but the event log
// and the read-only data it is played on, so a copy shares nothing that
// changes.
func TestStateIsSmallValue(t *testing.T) {
	if n := unsafe.Sizeof(State{}); n > 1024 {
		t.Errorf("State is %d bytes, over 1 KB", n)
	}
	var check func(path string, ty reflect.Type)
	check = func(path string, ty reflect.Type) {
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface, reflect.Chan, reflect.Func, reflect.String:
			if path != "State.log" && path != "State.d" {
				t.Errorf("%s is a %s: a clone would share it", path, ty.Kind())
			}
		case reflect.Struct:
			for i := range ty.NumField() {
				check(path+"."+ty.Field(i).Name, ty.Field(i).Type)
			}
		case reflect.Array:
			check(path+"[]", ty.Elem())
		}
	}
	check("State", reflect.TypeOf(State{}))
	st, _ := New().New(nil)
	c := st.Clone().(*State)
	c.planes[0].pos = at(9, 9)
	if st.(*State).planes[0].pos == at(9, 9) {
		t.Error("a clone shares its planes with the original")
	}
}

// decisionPositions plays a game of mode with the policy on both seats and
// returns n of its decisions spread over the game (every third decision
// with a choice, placements included), each a copy of the state and the
// seat to decide (a secret bid or plan is one decision of each seat).
func decisionPositions(tb testing.TB, mode string, n int) (states []engine.State, seats []engine.Seat) {
	st, err := New().New(engine.Options{"mode": mode})
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*State)
	dice := engine.NewRand(4)
	k := 0
	for len(states) < n && s.Current() != engine.Terminal {
		cur := s.Current()
		if cur == engine.Chance {
			s.Roll(dice)
			continue
		}
		seat := cur
		if cur == engine.Simultaneous {
			for sd := range engine.Seat(numSides) {
				if len(s.Legal(sd, nil)) > 0 {
					seat = sd
					break
				}
			}
		}
		legal := s.Legal(seat, nil)
		if len(legal) > 1 {
			if k%3 == 0 {
				states, seats = append(states, s.Clone()), append(seats, seat)
			}
			k++
		}
		if err := s.Apply(seat, s.View(seat).(*View).Advise(legal, dice)); err != nil {
			tb.Fatal(err)
		}
	}
	return states, seats
}

// BenchmarkMCTSDecision times one decision of the search of the ladder
// (mcts:c=0.1) at each budget of the curve in docs/bots.md, at decisions
// spread over a game of each mode played by the policy: ns/op is the CPU of
// one decision on one core.
// Run: go test -run x -bench MCTSDecision -benchtime 12x -cpu 1 ./games/midway/
func BenchmarkMCTSDecision(b *testing.B) {
	for _, mode := range []string{"hunt", "domination"} {
		for _, it := range []string{"25", "100", "400", "1600"} {
			b.Run(mode+"/iterations="+it, func(b *testing.B) {
				states, seats := decisionPositions(b, mode, 12)
				m, err := bot.New("mcts:c=0.1,iterations=" + it)
				if err != nil {
					b.Fatal(err)
				}
				r := engine.NewRand(1)
				b.ResetTimer()
				for i := range b.N {
					j := i % len(states)
					m.Choose(engine.NewDecision(states[j].Clone(), seats[j], nil, r))
				}
			})
		}
	}
}
