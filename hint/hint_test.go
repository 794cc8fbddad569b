package hint

import (
	"context"
	"errors"
	"slices"
	"testing"

	"scramble/bot"
	"scramble/engine"
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
