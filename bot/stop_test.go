package bot_test

import (
	"context"
	"testing"

	"scramble/bot"
	"scramble/engine"
)

// TestStoppedDecisionEndsSearch: a decision called off by its driver (a
// server shutting down) makes the searching bots answer at once with a
// legal action, whatever their budget; without the stop, a billion
// iterations would run for hours.
func TestStoppedDecisionEndsSearch(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for _, b := range []engine.Bot{
		bot.NewMCTS(bot.MCTSConfig{Iterations: 1_000_000_000, C: bot.DefaultExploration}),
		bot.Greedy{Samples: 1_000_000_000},
	} {
		s := newState(t, nimGame{})
		d := decision(t, s, s.Current(), 1).WithContext(ctx)
		if !d.Stopped() {
			t.Fatal("a decision with a done context is not stopped")
		}
		a := b.Choose(d)
		checkLegal(t, b, d, a)
	}
	s := newState(t, nimGame{})
	if d := decision(t, s, s.Current(), 1); d.Stopped() {
		t.Fatal("a decision without a context is stopped")
	}
	if d := decision(t, s, s.Current(), 1).WithContext(t.Context()); d.Stopped() {
		t.Fatal("a decision with a live context is stopped")
	}
}

// TestStoppableBindsEveryDecision: a bot wrapped by Stoppable sees each
// decision called off once its context is done, and keeps its name.
func TestStoppableBindsEveryDecision(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	inner := bot.NewMCTS(bot.MCTSConfig{Iterations: 1_000_000_000, C: bot.DefaultExploration})
	b := bot.Stoppable(ctx, inner)
	if b.Name() != inner.Name() {
		t.Errorf("Stoppable renamed %q to %q", inner.Name(), b.Name())
	}
	cancel()
	s := newState(t, nimGame{})
	d := decision(t, s, s.Current(), 1)
	checkLegal(t, b, d, b.Choose(d))
	if !d.Stopped() {
		t.Error("the decision given to the wrapped bot is not bound to the context")
	}
}
