package main

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/games/catalog"
)

// interrupter stands for a long search: on its first decision it cancels the
// run's context, as Ctrl-C or SIGTERM does through main's
// signal.NotifyContext, and records whether the decision it is in was called
// off by that.
type interrupter struct {
	cancel  context.CancelFunc
	calls   int
	stopped bool
}

func (b *interrupter) Name() string { return "interrupter" }

func (b *interrupter) Choose(d *engine.Decision) engine.Action {
	b.calls++
	if b.calls == 1 {
		b.cancel()
		b.stopped = d.Stopped()
	}
	return d.Legal()[0]
}

// TestSimStopsSearchOnSignal: an interrupt reaches the bot inside the game
// being played (engine.Decision.Stopped), not only the loop between games, so
// a search of minutes ends at once; the run then ends with the cancellation
// as its error. Before, sim checked the context between games only and
// ignored SIGTERM until a campaign was over.
func TestSimStopsSearchOnSignal(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	b := &interrupter{cancel: cancel}
	a := &app{
		games:  catalog.Of(nim{}),
		newBot: func(string) (engine.Bot, error) { return b, nil },
		stderr: io.Discard,
	}
	var out strings.Builder
	err := a.run(ctx, strings.NewReader(""), &out, []string{"sim", "nim", "-n", "1000", "--workers", "1", "--bot", "interrupter"})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("sim after an interrupt: got error %v, want the cancellation", err)
	}
	if !b.stopped {
		t.Error("the decision in progress was not called off by the interrupt")
	}
	if b.calls >= 1000 {
		t.Errorf("sim went on for %d decisions after the interrupt", b.calls)
	}
}
