package bot_test

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
)

// oneRunner is a one-seat race position.
func oneRunner(pos, card int, used bool) *raceState {
	s := &raceState{n: 1, goal: 30, maxTurns: 200, dealt: 1, winner: -1}
	s.pos[0], s.card[0], s.used[0] = pos, card, used
	return s
}

func TestGreedyPicksTheBestAction(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    *raceState
		want engine.Action
	}{
		// Rolling moves 3 on average, stepping 1, passing 0.
		{"roll far from the goal", oneRunner(0, 2, true), raceRoll},
		// Boost (+3) lands on the goal for sure; stepping does not, and
		// rolling fails one time in three (32 samples make a tie unlikely).
		{"boost rather than step", oneRunner(27, 3, false), raceBoost},
		// Step and boost both win at once; step comes first.
		{"step onto the goal", oneRunner(29, 2, false), raceStep},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(20) {
				d := decision(t, tc.s, 0, seed)
				if a := (bot.Greedy{Samples: 32}).Choose(d); a != tc.want {
					t.Fatalf("seed %d: greedy chose %s, want %s", seed, tc.s.ActionString(0, a), tc.s.ActionString(0, tc.want))
				}
			}
		})
	}
}

func TestGreedyWithoutEvaluatorPlaysRandomly(t *testing.T) {
	s := newState(t, nimGame{}, "pile=9")
	seen := map[engine.Action]bool{}
	for seed := range uint64(60) {
		d := decision(t, s, 0, seed)
		a := bot.Greedy{}.Choose(d)
		checkLegal(t, bot.Greedy{}, d, a)
		seen[a] = true
	}
	if len(seen) != 3 {
		t.Fatalf("greedy without an evaluator chose only %v of take 1..3", seen)
	}
}

func TestGreedyBeatsIdle(t *testing.T) {
	g := raceGame{}
	wins := 0.0
	const games = 40
	for i := range uint64(games) {
		bots := []engine.Bot{bot.Greedy{}, bot.Idle{}}
		seat := int(i % 2)
		if seat == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		wins += play(t, newState(t, g), g, bots, i).Returns[seat]
	}
	if wins < games*0.9 {
		t.Fatalf("greedy scored %.1f of %d against idle", wins, games)
	}
}
