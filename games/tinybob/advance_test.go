package tinybob

import (
	"fmt"
	"testing"

	"scramble/engine"
)

// plainState is a game without its fast paths (engine.Roller,
// engine.Advancer): the Player then lists each die's faces
// (ChanceOutcomes), draws one with Rand.Sample and applies it with Apply,
// and asks the bot at every decision. It keeps the pass (engine.Passer),
// which the idle bot takes.
type plainState struct {
	engine.State
	passer engine.Passer
}

func (p plainState) PassAction(seat engine.Seat) (engine.Action, bool) {
	return p.passer.PassAction(seat)
}

// idleAdvancing is the idle bot that lets the state take its passes
// (engine.Idler), as bot.Idle does.
type idleAdvancing struct{ idleBot }

func (idleAdvancing) Idles() bool { return true }

// The fast paths play, from each dice stream, the very game the plain path
// plays: the same final state and result, game by game, under several setups
// (TB-5 … TB-9 options). With the idle bot that is Advance (the state rolls
// its own dice and takes the RAF's passes); with the random bot, which the
// Player asks at every decision, Roll. The dice are drawn as Rand.Sample
// draws from ChanceOutcomes, so the streams are used the same way.
func TestAdvancePlaysThePlainGames(t *testing.T) {
	bots := map[string][2]engine.Bot{
		"idle":   {idleAdvancing{}, idleBot{}},
		"random": {randomBot{}, randomBot{}},
	}
	for oi, o := range []engine.Options{nil,
		{"priority": "5", "aces": "6", "resources": "6"},
		{"raf": "6,6,0,6,6", "reserve": "0", "warning": "1", "fuel": "6", "antiair": "6"},
		{"luftwaffe": "1", "raf": "3,3,3,3,0", "reserve": "6", "aces": "3"},
	} {
		for name, b := range bots {
			var fast, plain engine.Player
			for seed := range uint64(1000) {
				fs, ps := newGame(t, o), newGame(t, o)
				fr, err := fast.Play(fs, []engine.Bot{b[0]}, engine.NewRand(seed), engine.NewRand(seed+1), maxLength)
				if err != nil {
					t.Fatal(err)
				}
				pr, err := plain.Play(plainState{ps, ps}, []engine.Bot{b[1]}, engine.NewRand(seed), engine.NewRand(seed+1), maxLength)
				if err != nil {
					t.Fatal(err)
				}
				if fs.String() != ps.String() || fmt.Sprint(fr) != fmt.Sprint(pr) {
					t.Fatalf("options %d, %s bot, seed %d:\nfast  %+v\n%s\nplain %+v\n%s", oi, name, seed, fr, fs, pr, ps)
				}
			}
		}
	}
}

// Advance stops at the RAF's decisions when the RAF does not pass, and
// after its budget; with budget 0 it applies nothing.
func TestAdvanceStops(t *testing.T) {
	s := newGame(t, nil)
	if cur, n := s.Advance(engine.NewRand(1), 0, 0); n != 0 || cur != engine.Chance || s.step != stSetupPriority {
		t.Fatalf("budget 0: %s after %d actions, step %d", cur, n, s.step)
	}
	cur, n := s.Advance(engine.NewRand(1), 0, 100)
	if cur != rafSeat || n < 1 || stepInfo[s.step].seat != rafSeat {
		t.Fatalf("not passing: stopped at %s after %d actions, step %d", cur, n, s.step)
	}
	if cur, n := s.Advance(engine.NewRand(1), 0, 100); cur != rafSeat || n != 0 {
		t.Fatalf("at the RAF's decision, not passing: %s after %d actions", cur, n)
	}
	if cur, n := s.Advance(engine.NewRand(1), 1, 3); n != 3 || cur != s.Current() {
		t.Fatalf("passing with budget 3: %s after %d actions", cur, n)
	}
	if cur, _ := s.Advance(engine.NewRand(1), 1, maxLength); cur != engine.Terminal || s.Result().Cause == "" {
		t.Fatalf("passing: stopped at %s, result %+v", cur, s.Result())
	}
}
