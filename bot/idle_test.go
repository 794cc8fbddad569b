package bot_test

import (
	"context"
	"testing"

	"scramble/bot"
	"scramble/engine"
)

func TestIdleTakesThePassAction(t *testing.T) {
	s := dealtRace(t, []int{2, 3})
	d := decision(t, s, 0, 1)
	if d.Legal()[0] == racePass {
		t.Fatal("the test needs pass not to be the first legal action")
	}
	if a := (bot.Idle{}).Choose(d); a != racePass {
		t.Fatalf("idle chose %s, want pass", s.ActionString(0, a))
	}
}

func TestIdleWithoutPassTakesTheFirstLegalAction(t *testing.T) {
	s := newState(t, nimGame{}, "pile=7")
	d := decision(t, s, 0, 1)
	if a := (bot.Idle{}).Choose(d); a != d.Legal()[0] {
		t.Fatalf("idle chose %d, want the first legal action %d", a, d.Legal()[0])
	}
}

// The idle bot lets a driver take its passes (engine.Idler), also when
// wrapped by Stoppable as "scramble sim" wraps it; other bots do not.
func TestIdleIdles(t *testing.T) {
	random, err := bot.New("random")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		bot  engine.Bot
		want bool
	}{
		{bot.Idle{}, true},
		{bot.Stoppable(context.Background(), bot.Idle{}), true},
		{random, false},
		{bot.Stoppable(context.Background(), random), false},
	} {
		id, ok := c.bot.(engine.Idler)
		if got := ok && id.Idles(); got != c.want {
			t.Errorf("%s (%T) idles: %v, want %v", c.bot.Name(), c.bot, got, c.want)
		}
	}
}
