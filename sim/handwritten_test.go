package sim_test

import (
	"context"
	"math/bits"
	"testing"

	"scramble/engine"
	"scramble/games/tinybob"
	"scramble/sim"
)

// handTB is a minimal hand-written simulator of Tiny Battle of Britain with
// default options and the idle policy (the RAF never buys, acts or
// disrupts), the reference that issue 13 §1 measures the sim path against.
// It knows nothing of the engine API: plain arrays, one loop, no
// allocation. It rolls its dice in the order the game rolls them and draws
// each from the same faces, so with the same dice stream it plays the very
// game the engine plays (TestHandWrittenMatchesEngine).
type handTB struct {
	loc      [5]int8 // location dice, rows 1-5 (0 = destroyed)
	col, val [5]int8 // the Luftwaffe dice: column (0 = at the location) and value
	priority int8
	round    int
}

// die rolls one of the faces in mask (bits 1..6) as the game does: one
// bounded draw, the k-th face of the mask.
func die(r *engine.Rand, mask uint8) int8 {
	if mask == 0b1111110 {
		return int8(1 + r.IntN(6))
	}
	for k := r.IntN(bits.OnesCount8(mask)); k > 0; k-- {
		mask &= mask - 1
	}
	return int8(bits.TrailingZeros8(mask))
}

// alive is the mask of faces naming a location still standing.
func (g *handTB) alive() uint8 {
	var m uint8
	for r, v := range g.loc {
		if v > 0 {
			m |= 1 << (r + 1)
		}
	}
	return m
}

// lost reports whether the RAF has lost (TB-18): Airfields or two locations
// destroyed.
func (g *handTB) lost() bool {
	if g.loc[4] == 0 {
		return true
	}
	n := 0
	for _, v := range g.loc {
		if v == 0 {
			n++
		}
	}
	return n >= 2
}

// play plays one game from its start and returns whether the RAF won.
func (g *handTB) play(r *engine.Rand) bool {
	*g = handTB{loc: [5]int8{3, 3, 3, 3, 3}, col: [5]int8{4, 4, 4, 4, 4}, val: [5]int8{3, 3, 3, 3, 3}}
	g.priority = die(r, 0b0111110) - 1
	for wave := 4; ; wave-- {
		for range 4 {
			g.round++
			// Phase 4: reinforcement row and effect.
			row := die(r, 0b1111110) - 1
			if row == 5 {
				row = g.priority
			}
			if g.col[row] >= g.loc[2] {
				if die(r, 0b1111110)%2 == 0 {
					g.val[row] = min(6, g.val[row]+1)
				} else {
					g.col[row]--
				}
			}
			// Phase 5: move, then raid in row order.
			var raiders [5]bool
			for k := range g.col {
				if g.col[k] > 0 {
					g.col[k]--
					raiders[k] = g.col[k] == 0
				} else {
					raiders[k] = true
				}
			}
			for k, raids := range raiders {
				if !raids {
					continue
				}
				t := int8(k)
				if g.loc[t] == 0 {
					if t = die(r, g.alive()|1<<6) - 1; t == 5 {
						t = g.priority
					}
				}
				rolled := 0
				if g.loc[1] > g.val[k] {
					rolled = 1
				}
				destroyed := false
				for range 2 - rolled {
					if g.loc[t]--; g.loc[t] == 0 {
						destroyed = true
						break
					}
				}
				if !destroyed && rolled > 0 && die(r, 0b1111110) <= g.val[k] {
					g.loc[t]--
					destroyed = g.loc[t] == 0
				}
				if destroyed {
					if g.lost() {
						return false
					}
					if t == g.priority {
						g.priority = die(r, g.alive()) - 1
					}
				}
			}
			// Clean-up: the dice that raided go back.
			for k := range g.col {
				if g.col[k] == 0 {
					g.col[k], g.val[k] = 4, 3
				}
			}
		}
		if wave == 1 {
			return true
		}
	}
}

func (g *handTB) score() int {
	n := 0
	for _, v := range g.loc {
		n += int(v)
	}
	return n
}

// TestHandWrittenMatchesEngine: the reference simulator plays the engine's
// games, game for game, from the same dice streams, so the figures compared
// in docs/perf.md are of the same work.
func TestHandWrittenMatchesEngine(t *testing.T) {
	const n = 2000
	rep, err := sim.Run(context.Background(), sim.Config{
		Game: tinybob.New(), Bots: []sim.BotFactory{idle}, N: n, Seed: 5, Workers: 1, KeepGames: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var g handTB
	var dice engine.Rand
	for i, row := range rep.Rows {
		dice.SeedStream(5, row.SeedIndex)
		won := g.play(&dice)
		if won != (row.Returns[0] == 1) || g.round != row.Rounds || g.score() != row.Score {
			t.Fatalf("game %d: hand-written won=%v rounds %d score %d; engine %+v", i, won, g.round, g.score(), row)
		}
	}
}

// BenchmarkHandWrittenTinybobIdle is the reference: per game, seed the dice,
// play, count the win and the rounds.
//
//	go test -run '^$' -bench 'BenchmarkHandWritten' -benchmem -cpu 1 ./sim/
func BenchmarkHandWrittenTinybobIdle(b *testing.B) {
	var g handTB
	var dice engine.Rand
	wins, rounds := 0, 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		dice.SeedStream(1, 2*uint64(i))
		if g.play(&dice) {
			wins++
		}
		rounds += g.round
	}
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
}
