package bot_test

import (
	"testing"

	"scramble/bot"
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
