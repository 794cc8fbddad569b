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

// countingNim is nim whose view counts the advice asked of it and advises
// taking one stone.
type countingNim struct {
	*nimState
	asked *int
}

func (s countingNim) View(seat engine.Seat) engine.View {
	return countingView{View: s.nimState.View(seat), asked: s.asked}
}

func (s countingNim) Clone() engine.State {
	c := *s.nimState
	return countingNim{nimState: &c, asked: s.asked}
}

type countingView struct {
	engine.View
	asked *int
}

func (v countingView) Sample(r *engine.Rand) engine.State {
	return countingNim{nimState: v.View.Sample(r).(*nimState), asked: v.asked}
}

func (v countingView) Advise([]engine.Action, *engine.Rand) engine.Action {
	*v.asked++
	return 1
}

// TestMCTSGuidedPlayouts: with rollout=policy (the default) MCTS plays its
// playouts by the game's policy (bot.Advisor); with rollout=random it never
// asks for advice.
func TestMCTSGuidedPlayouts(t *testing.T) {
	for _, guided := range []bool{true, false} {
		asked := 0
		s := countingNim{nimState: newState(t, nimGame{}).(*nimState), asked: &asked}
		cfg := bot.DefaultMCTSConfig()
		cfg.Iterations, cfg.RandomPlayouts = 50, !guided
		m := bot.NewMCTS(cfg)
		d := decision(t, s, s.Current(), 1)
		checkLegal(t, m, d, m.Choose(d))
		if guided && asked < 50 || !guided && asked > 0 {
			t.Errorf("guided=%v: the policy was asked %d times in 50 iterations", guided, asked)
		}
	}
}
