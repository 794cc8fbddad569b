package sim_test

import (
	"context"
	"testing"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/boba"
	"scramble/games/tinybob"
	"scramble/sim"
)

// benchRun measures sim.Run end to end per game: options, seeding, play,
// tally and report, on one worker. Run:
//
//	go test -run '^$' -bench 'BenchmarkRun' -benchmem -cpu 1 ./sim/
func benchRun(b *testing.B, g engine.Game, opts engine.Options, newBot sim.BotFactory) {
	cfg := sim.Config{Game: g, Options: opts, Bots: []sim.BotFactory{newBot}, N: b.N, Seed: 1, Workers: 1}
	b.ReportAllocs()
	b.ResetTimer()
	rep, err := sim.Run(context.Background(), cfg)
	if err != nil {
		b.Fatal(err)
	}
	if rep.Games != b.N {
		b.Fatalf("report of %d games, want %d", rep.Games, b.N)
	}
	b.ReportMetric(rep.MeanRounds, "rounds/game")
}

func idle() (engine.Bot, error)   { return bot.Idle{}, nil }
func random() (engine.Bot, error) { return bot.New("random") }

// BenchmarkRunTinybobIdle is the figure of issue 13 §1: a Tiny Battle of
// Britain game with the idle bot through the whole sim path.
func BenchmarkRunTinybobIdle(b *testing.B) { benchRun(b, tinybob.New(), nil, idle) }

// BenchmarkRunTinybobRandom is the same with the uniform random bot.
func BenchmarkRunTinybobRandom(b *testing.B) { benchRun(b, tinybob.New(), nil, random) }

// BenchmarkRunBobaRandom is a campaign of The Battle of Britain—Again! with
// the random bot through the whole sim path: it must not get slower.
func BenchmarkRunBobaRandom(b *testing.B) { benchRun(b, boba.New(), nil, random) }
