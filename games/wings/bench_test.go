package wings

import (
	"testing"
	"unsafe"

	"scramble/bot"
	"scramble/engine"
	"scramble/engine/enginetest"
)

// eightPlanes is a crowded furball of eight planes at two altitudes.
var eightPlanes = []string{
	"S1 spitfire1 0 300 300 0 4", "S2 spitfire1 0 320 380 20 4", "H1 hurricane1 0 260 220 340 5", "H2 hurricane1 0 200 320 10 4",
	"E1 bf109e 1 420 310 180 4", "E2 bf109e 1 440 240 150 5", "Z1 bf110c 1 400 420 200 4", "J1 ju88 1 520 330 170 4",
}

// The legal cards of one plane with where each ends (issue §7: at most
// 20 µs). Run: go test -run x -bench . -benchmem ./games/wings/
func BenchmarkLegalCards(b *testing.B) {
	s := testState(b, eightPlanes...)
	s.turn = 1
	s.planes[0].prev, s.planes[0].slot[0] = 0, 1
	var ends [maxCards][3]int32
	b.ReportAllocs()
	for b.Loop() {
		p := &s.planes[0]
		for c := range s.deckOf(p).cards {
			if s.planCheck(0, int8(c), false) == okPlan {
				x, y, h := moveBy(p.x, p.y, p.hdg, &s.deckOf(p).cards[c])
				ends[c] = [3]int32{x, y, h}
			}
		}
	}
	_ = ends
}

// Every firing and tailing check of one plane against the seven others
// (issue §7: at most 20 µs).
func BenchmarkFireChecks(b *testing.B) {
	s := testState(b, eightPlanes...)
	s.turn = 1
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for g := range s.air(&s.planes[0]).guns {
			for t := 1; t < 8; t++ {
				if _, ok := s.canFire(0, g, t); ok {
					n++
				}
				if s.tailGeometry(0, t) {
					n++
				}
			}
		}
	}
	_ = n
}

// Every firing check of all eight planes, every gun, against every other
// plane: the work of a whole fire phase's legal lists.
func BenchmarkFireChecksAll(b *testing.B) {
	s := testState(b, eightPlanes...)
	s.turn = 1
	b.ReportAllocs()
	for b.Loop() {
		for i := 0; i < 8; i++ {
			for g := range s.air(&s.planes[i]).guns {
				for t := 0; t < 8; t++ {
					s.canFire(i, g, t)
				}
			}
		}
	}
}

// A random game of each scenario in the engine's fast path (issue §7: at
// most 5 ms a game).
func BenchmarkRandomGame(b *testing.B) { benchGames(b, bot.Random{}) }

// benchGames plays a game of each scenario per iteration with bt on every
// seat, and reports the turns a game.
func benchGames(b *testing.B, bt engine.Bot) {
	g := New()
	for _, sc := range g.Options()[0].Choices {
		b.Run(sc, func(b *testing.B) {
			st, err := g.New(engine.Options{"scenario": sc})
			if err != nil {
				b.Fatal(err)
			}
			start := *st.(*State)
			s := new(State)
			bots := make([]engine.Bot, len(start.Seats()))
			for i := range bots {
				bots[i] = bt
			}
			steps := 0
			enginetest.BenchGames(b, func() engine.State { *s = start; return s }, bots, start.MaxLength(),
				func(r *engine.Result) { steps += r.Rounds })
			b.ReportMetric(float64(steps)/float64(b.N), "turns/game")
		})
	}
}

// A clone (issue §7: at most 4 KB).
func BenchmarkClone(b *testing.B) {
	s := testState(b, eightPlanes...)
	b.ReportAllocs()
	var c engine.State
	for b.Loop() {
		c = s.Clone()
	}
	_ = c
	b.ReportMetric(float64(unsafe.Sizeof(*s)), "bytes/state")
}

// The state, and so a clone, fits in 4 KB (issue §7).
func TestCloneSize(t *testing.T) {
	if n := unsafe.Sizeof(State{}); n > 4096 {
		t.Errorf("a State is %d bytes, more than 4 KB", n)
	}
}
