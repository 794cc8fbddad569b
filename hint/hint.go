// Package hint answers "what would a good player do?" for one seat: a
// search (bot.MCTS guided by the game's own policy) that sees only what the
// seat sees proposes the seat's three best actions, each with its estimated
// chance of winning, within a bounded time (issue 35 §4).
package hint

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"scramble/bot"
	"scramble/engine"
)

// MaxTime bounds the thinking of one hint.
const MaxTime = 2 * time.Second

// Iterations is the search's budget when time does not cut it first: the
// budget the lab found the guided search's strength flat from in most
// games (docs/bots.md).
const Iterations = 1600

// Top is the number of actions a hint proposes.
const Top = 3

// Suggestion is one action a hint proposes.
type Suggestion struct {
	// Action is the legal action and Text its text form.
	Action engine.Action `json:"action"`
	Text   string        `json:"text"`
	// Win is the search's estimate of the seat's return after the action,
	// its chance of winning in a game scored by wins (0 to 1).
	Win float64 `json:"win"`
	// Visits is how many of the search's iterations took the action.
	Visits int `json:"visits"`
	// Why is one line on the choice, where the game's policy can say it.
	Why string `json:"why,omitempty"`
}

// Hint is a search's advice for one decision.
type Hint struct {
	Seat        engine.Seat  `json:"seat"`
	Suggestions []Suggestion `json:"suggestions"`
	// Iterations is the number of iterations the search ran in its time.
	Iterations int `json:"iterations"`
}

// ErrNoDecision is returned when the seat has nothing to decide.
var ErrNoDecision = errors.New("this seat has no decision to make now: a hint is for the seat whose turn it is")

// Suggest searches st for seat, which must have legal actions, for at most
// budget (MaxTime when 0 or more) and Iterations iterations, and returns the
// Top actions the search valued most. The search plans on states sampled
// from seat's view (engine.Decision hides the rest), so a hint can tell a
// seat nothing its own view does not already hold. The state is not
// changed. rng seeds the search.
func Suggest(ctx context.Context, st engine.State, seat engine.Seat, rng *engine.Rand, budget time.Duration) (Hint, error) {
	budget, cfg := bounded(budget)
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	return suggest(ctx, st, seat, rng, cfg)
}

// bounded returns the time a hint asked for budget may take (MaxTime when
// budget is 0, negative or more) and the search's settings for it.
func bounded(budget time.Duration) (time.Duration, bot.MCTSConfig) {
	if budget <= 0 || budget > MaxTime {
		budget = MaxTime
	}
	cfg := bot.DefaultMCTSConfig()
	cfg.Iterations, cfg.Time = Iterations, budget
	return budget, cfg
}

// suggest is Suggest with the search's settings given: tests bound it by
// iterations alone, so that it gives the same advice on any machine.
func suggest(ctx context.Context, st engine.State, seat engine.Seat, rng *engine.Rand, cfg bot.MCTSConfig) (Hint, error) {
	legal := st.Legal(seat, nil)
	if len(legal) == 0 {
		return Hint{}, ErrNoDecision
	}
	m := bot.NewMCTS(cfg)
	dec := engine.NewDecision(st.Clone(), seat, legal, rng).WithContext(ctx)
	stats := m.Search(dec)
	if err := ctx.Err(); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return Hint{}, fmt.Errorf("the hint was called off: %w", err)
	}
	advice, advised := engine.Action(-1), false
	if adv, ok := dec.View().(bot.Advisor); ok {
		advice, advised = adv.Advise(slices.Clone(legal), engine.NewRand(1)), true
	}
	acts := slices.Clone(stats.Actions)
	slices.SortStableFunc(acts, func(a, b bot.ActionStats) int {
		if c := cmp.Compare(b.Visits, a.Visits); c != 0 {
			return c
		}
		return cmp.Compare(b.Value, a.Value)
	})
	h := Hint{Seat: seat, Iterations: stats.Iterations}
	for _, a := range acts[:min(Top, len(acts))] {
		s := Suggestion{Action: a.Action, Text: st.ActionString(seat, a.Action), Win: a.Value, Visits: a.Visits}
		if advised && a.Action == advice {
			s.Why = "the game's own rules of thumb (the policy bot) choose it too"
		}
		h.Suggestions = append(h.Suggestions, s)
	}
	return h, nil
}
