package sim_test

import (
	"context"
	"reflect"
	"testing"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/tinybob"
	"scramble/sim"
)

// askedIdle is the idle bot without engine.Idler: the Player asks it at
// every decision.
type askedIdle struct{}

func (askedIdle) Name() string                            { return "idle" }
func (askedIdle) Choose(d *engine.Decision) engine.Action { return bot.Idle{}.Choose(d) }

// A run whose idle bot lets the state take its passes (engine.Idler, the fast
// path of engine.Advancer) reports the same games, game by game, as a run
// whose idle bot is asked at every decision.
func TestIdleFastPathSameReport(t *testing.T) {
	run := func(f sim.BotFactory) *sim.Report {
		rep, err := sim.Run(context.Background(), sim.Config{
			Game: tinybob.New(), Bots: []sim.BotFactory{f}, N: 3000, Seed: 11, Workers: 2, KeepGames: true,
		})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	fast := run(idle)
	asked := run(func() (engine.Bot, error) { return askedIdle{}, nil })
	if !reflect.DeepEqual(fast.Rows, asked.Rows) {
		for i := range fast.Rows {
			if !reflect.DeepEqual(fast.Rows[i], asked.Rows[i]) {
				t.Fatalf("game %d: fast path %+v, asked %+v", i, fast.Rows[i], asked.Rows[i])
			}
		}
	}
	fast.ElapsedSeconds, fast.GamesPerSecond = 0, 0
	asked.ElapsedSeconds, asked.GamesPerSecond = 0, 0
	if !reflect.DeepEqual(fast, asked) {
		t.Errorf("the reports differ:\n%+v\n%+v", fast, asked)
	}
}
