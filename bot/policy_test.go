package bot_test

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
)

// advisedNim is nim whose view advises taking advice stones.
type advisedNim struct {
	*nimState
	advice engine.Action
}

func (s advisedNim) View(seat engine.Seat) engine.View {
	return advisedView{View: s.nimState.View(seat), advice: s.advice}
}

type advisedView struct {
	engine.View
	advice engine.Action
}

func (v advisedView) Advise([]engine.Action, *engine.Rand) engine.Action { return v.advice }

// TestPolicyFollowsAdvice: the policy bot plays the view's advice
// (bot.Advisor); advice that is not legal, or a view with none, gives a
// legal action all the same.
func TestPolicyFollowsAdvice(t *testing.T) {
	var b bot.Policy
	for _, advice := range []engine.Action{2, 3} {
		s := advisedNim{nimState: newState(t, nimGame{}).(*nimState), advice: advice}
		if got := b.Choose(decision(t, s, s.Current(), 1)); got != advice {
			t.Errorf("advised %d, the policy took %d", advice, got)
		}
	}
	s := advisedNim{nimState: newState(t, nimGame{}).(*nimState), advice: 99}
	d := decision(t, s, s.Current(), 1)
	checkLegal(t, b, d, b.Choose(d))
	plain := newState(t, nimGame{})
	d = decision(t, plain, plain.Current(), 1)
	checkLegal(t, b, d, b.Choose(d))
}
