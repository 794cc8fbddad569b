package hint

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/squadron"
	"scramble/games/tinybob"
)

// A hint for the RAF's first decision proposes at most three of its legal
// actions, the most searched first, with estimates in [0,1], and leaves the
// state as it was (issue 35 §4).
func TestSuggestTinybob(t *testing.T) {
	st, _, err := engine.Setup(tinybob.New(), engine.Options{"priority": "1"})
	if err != nil {
		t.Fatal(err)
	}
	before := st.String()
	cfg := bot.DefaultMCTSConfig()
	cfg.Iterations = 400 // no time bound: the same advice on any machine
	h, err := suggest(context.Background(), st, 0, engine.NewRand(1), cfg)
	if err != nil {
		t.Fatal(err)
	}
	legal := st.Legal(0, nil)
	if len(h.Suggestions) == 0 || len(h.Suggestions) > Top || h.Iterations == 0 {
		t.Fatalf("hint %+v", h)
	}
	for i, s := range h.Suggestions {
		if !slices.Contains(legal, s.Action) || s.Text != st.ActionString(0, s.Action) || s.Win < 0 || s.Win > 1 {
			t.Errorf("suggestion %d: %+v", i, s)
		}
		if i > 0 && s.Visits > h.Suggestions[i-1].Visits {
			t.Errorf("suggestion %d was searched more than the one before it", i)
		}
	}
	why := false
	for _, s := range h.Suggestions {
		why = why || s.Why != ""
	}
	if !why {
		t.Error("no suggestion says why, though the policy's choice is among the RAF's first moves")
	}
	if st.String() != before {
		t.Error("the hint changed the state")
	}
}

func TestSuggestNeedsADecision(t *testing.T) {
	st, _, err := engine.Setup(tinybob.New(), engine.Options{"priority": "1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Suggest(context.Background(), st, 3, engine.NewRand(1), 0); !errors.Is(err, ErrNoDecision) {
		t.Errorf("a seat with nothing to decide: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Suggest(ctx, st, 0, engine.NewRand(1), 0); err == nil {
		t.Error("a hint called off before it began gave advice")
	}
}

// A hint never thinks longer than MaxTime, whatever budget it is asked for
// (issue 35 §4: at most 2 s).
func TestHintBudgetIsBounded(t *testing.T) {
	for _, asked := range []time.Duration{0, -time.Second, time.Hour, MaxTime + 1, 500 * time.Millisecond} {
		got, cfg := bounded(asked)
		if got <= 0 || got > MaxTime || cfg.Time != got || cfg.Iterations != Iterations {
			t.Errorf("budget %v: bounded to %v, search time %v, %d iterations", asked, got, cfg.Time, cfg.Iterations)
		}
	}
	if got, _ := bounded(500 * time.Millisecond); got != 500*time.Millisecond {
		t.Errorf("a budget under the bound is kept, got %v", got)
	}
}

// countdown is a context whose deadline counts as passed after n looks at
// it: a stand-in for the clock that makes the test the same on any machine.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n--; c.n < 0 {
		return context.DeadlineExceeded
	}
	return nil
}

// The search stops when its deadline passes, in the middle of its
// iterations, and the hint is still given from what it found; a deadline
// passed before it began runs no playout at all. Neither case waits on the
// clock.
func TestHintStopsAtItsDeadline(t *testing.T) {
	st, _, err := engine.Setup(tinybob.New(), engine.Options{"priority": "1"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := bot.DefaultMCTSConfig()
	cfg.Iterations = Iterations // no time: only the context stops it
	h, err := suggest(&countdown{Context: context.Background(), n: 40}, st, 0, engine.NewRand(1), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if h.Iterations == 0 || h.Iterations >= Iterations || len(h.Suggestions) == 0 {
		t.Errorf("a deadline after a few looks: %d iterations (want some, fewer than %d), %d suggestions", h.Iterations, Iterations, len(h.Suggestions))
	}
	past, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	h, err = Suggest(past, st, 0, engine.NewRand(1), MaxTime)
	if err != nil || h.Iterations != 0 {
		t.Errorf("a deadline already passed: %d iterations, %v; want none and no error", h.Iterations, err)
	}
}

// A hint never depends on what its seat cannot see: over a state and a
// determinization of the seat's view (Yellow's hidden hand dealt anew), the
// same search gives the same advice, action for action and visit for visit
// (issue 35 §4: a seat learns no other seat's secret from a hint).
func TestHintSeesOnlyTheSeatsView(t *testing.T) {
	st, _, err := engine.Setup(squadron.New(), engine.Options{"example": "fight"})
	if err != nil {
		t.Fatal(err)
	}
	other := st.View(0).Sample(engine.NewRand(5))
	if other.View(0).String() != st.View(0).String() {
		t.Fatal("the determinization changed what seat 0 sees")
	}
	if other.View(1).String() == st.View(1).String() {
		t.Fatal("the determinization kept Yellow's hand: the test would prove nothing")
	}
	cfg := bot.DefaultMCTSConfig()
	cfg.Iterations = 200
	a, err := suggest(context.Background(), st, 0, engine.NewRand(3), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := suggest(context.Background(), other, 0, engine.NewRand(3), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Suggestions, b.Suggestions) {
		t.Errorf("the hint depends on Yellow's hidden hand:\n%+v\n%+v", a.Suggestions, b.Suggestions)
	}
}
