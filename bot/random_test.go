package bot_test

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
)

func TestRandomIsUniformOverLegalActions(t *testing.T) {
	s := dealtRace(t, []int{2, 3})
	d := decision(t, s, 0, 5)
	const draws = 8000
	counts := map[engine.Action]int{}
	for range draws {
		a := bot.Random{}.Choose(d)
		checkLegal(t, bot.Random{}, d, a)
		counts[a]++
	}
	want := draws / len(d.Legal())
	for _, a := range d.Legal() {
		if got := counts[a]; got < want*9/10 || got > want*11/10 {
			t.Errorf("action %s drawn %d times of %d, want about %d", s.ActionString(0, a), got, draws, want)
		}
	}
}
