package storetest

import (
	"errors"
	"testing"
	"time"

	"scramble/engine"
	"scramble/store"
)

// testSetSeatKind: a person's seat handed to a bot and back keeps its token
// hash, and the change survives a reopen.
func testSetSeatKind(t *testing.T, open Opener) {
	s := open(t)
	sw, ok := s.(store.SeatSwitcher)
	if !ok {
		s.Close()
		t.Skipf("%T cannot switch seats", s)
	}
	m := sample("m-switch", base)
	mustCreate(t, s, m)
	if err := sw.SetSeatKind(ctx(t), "nope", 0, store.Bot, "random"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown match: %v, want ErrNotFound", err)
	}
	if err := sw.SetSeatKind(ctx(t), m.ID, 9, store.Bot, "random"); err == nil {
		t.Error("an unknown seat was switched")
	}
	if err := sw.SetSeatKind(ctx(t), m.ID, 0, store.Bot, "mcts:iterations=100"); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = get(t, open)
	got := mustGet(t, s, m.ID).Seats[0]
	if got.Kind != store.Bot || got.Bot != "mcts:iterations=100" || got.TokenHash != hash("seat0") {
		t.Errorf("seat after the switch and a reopen: %+v", got)
	}
	if err := s.(store.SeatSwitcher).SetSeatKind(ctx(t), m.ID, 0, store.Person, "mcts:iterations=100"); err != nil {
		t.Fatal(err)
	}
	if got := mustGet(t, s, m.ID).Seats[0]; got.Kind != store.Person || got.TokenHash != hash("seat0") {
		t.Errorf("seat taken back: %+v", got)
	}
}

// testClocks: a match's clocks are stored, replaced, and found when due.
func testClocks(t *testing.T, open Opener) {
	s := get(t, open)
	c, ok := s.(store.Clocker)
	if !ok {
		t.Skipf("%T keeps no clocks", s)
	}
	m, other := sample("m-clock", base), sample("m-clock2", base.Add(1))
	mustCreate(t, s, m)
	mustCreate(t, s, other)
	if err := c.SetClocks(ctx(t), "nope", "{}", base); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("clocks of an unknown match: %v, want ErrNotFound", err)
	}
	if got, err := c.Clocks(ctx(t), m.ID); got != "" || err != nil {
		t.Errorf("clocks before any: %q, %v", got, err)
	}
	if err := c.SetClocks(ctx(t), m.ID, `{"a":1}`, base.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := c.SetClocks(ctx(t), other.ID, `{"b":1}`, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Clocks(ctx(t), m.ID); got != `{"a":1}` {
		t.Errorf("clocks %q", got)
	}
	if ids, err := c.DueClocks(ctx(t), base.Add(time.Minute), 10); err != nil || len(ids) != 0 {
		t.Errorf("due before the hour: %v, %v", ids, err)
	}
	if ids, err := c.DueClocks(ctx(t), base.Add(time.Hour), 10); err != nil || len(ids) != 1 || ids[0] != m.ID {
		t.Errorf("due at the hour: %v, %v; want only %s", ids, err, m.ID)
	}
	if err := c.SetClocks(ctx(t), m.ID, `{"a":2}`, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if ids, _ := c.DueClocks(ctx(t), base.Add(48*time.Hour), 10); len(ids) != 0 {
		t.Errorf("due with no clock running: %v", ids)
	}
}

// testCommit: a Write's moves, result, clocks, seat change and notifications
// are stored together, and a Write that is refused (stale, or naming a seat
// that does not exist) stores none of them: the clocks never disagree with
// the moves.
func testCommit(t *testing.T, open Opener) {
	s := get(t, open)
	c, ok := s.(store.Committer)
	if !ok {
		t.Skipf("%T has no Commit", s)
	}
	m := sample("m-commit", base)
	mustCreate(t, s, m)
	o, _ := s.(store.Outbox)
	if o != nil {
		if err := o.SetSubscription(ctx(t), m.ID, 0, store.Subscription{Webhook: "https://example.org/hook"}); err != nil {
			t.Fatal(err)
		}
	}
	next := base.Add(time.Hour)
	w := store.Write{
		From: 0, Moves: moves("c", 0, 2), Dice: "pcg:3:4",
		Notes:  []store.Note{{Seat: 0, Kind: store.NoteTurn, Text: "your turn"}},
		Clocks: &store.ClockWrite{Clocks: `{"v":2}`, Next: next},
		Seat:   &store.SeatChange{Seat: 0, Kind: store.Bot, Bot: "random"},
	}
	if err := c.Commit(ctx(t), "nope", w); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Commit to an unknown match: %v, want ErrNotFound", err)
	}
	if err := c.Commit(ctx(t), m.ID, w); err != nil {
		t.Fatal(err)
	}
	got := mustGet(t, s, m.ID)
	if got.Version != 2 || got.Dice != "pcg:3:4" || got.Seats[0].Kind != store.Bot || got.Seats[0].Bot != "random" {
		t.Errorf("after the commit: version %d, dice %q, seat 0 %+v", got.Version, got.Dice, got.Seats[0])
	}
	if cl, ok := s.(store.Clocker); ok {
		if doc, _ := cl.Clocks(ctx(t), m.ID); doc != `{"v":2}` {
			t.Errorf("clocks after the commit: %q", doc)
		}
		if ids, _ := cl.DueClocks(ctx(t), next, 10); len(ids) != 1 {
			t.Errorf("due at the committed next look: %v", ids)
		}
	}
	if o != nil {
		if n, _ := o.Pending(ctx(t)); n != 1 {
			t.Errorf("%d notifications queued, want 1", n)
		}
	}

	// A stale write and one naming no such seat change nothing at all.
	stale := store.Write{From: 0, Moves: moves("x", 0, 1), Dice: "pcg:9:9", Clocks: &store.ClockWrite{Clocks: `{"v":"stale"}`}}
	if err := c.Commit(ctx(t), m.ID, stale); !errors.Is(err, store.ErrConflict) {
		t.Errorf("stale Commit: %v, want ErrConflict", err)
	}
	bad := store.Write{From: 2, Moves: moves("y", 2, 1), Dice: "pcg:9:9",
		Clocks: &store.ClockWrite{Clocks: `{"v":"bad"}`}, Seat: &store.SeatChange{Seat: 9, Kind: store.Bot, Bot: "random"}}
	if err := c.Commit(ctx(t), m.ID, bad); err == nil {
		t.Error("a Commit naming seat 9 of 3 was stored")
	}
	if got := mustGet(t, s, m.ID); got.Version != 2 || got.Dice != "pcg:3:4" {
		t.Errorf("after the refused commits: version %d, dice %q; want 2, pcg:3:4", got.Version, got.Dice)
	}
	if cl, ok := s.(store.Clocker); ok {
		if doc, _ := cl.Clocks(ctx(t), m.ID); doc != `{"v":2}` {
			t.Errorf("clocks after the refused commits: %q, want the committed ones", doc)
		}
	}

	// A write with no moves: the result of a seat lost on time.
	res := &engine.Result{Returns: []float64{0, 1, 1}, Winner: "British", Cause: "lost on time"}
	if err := c.Commit(ctx(t), m.ID, store.Write{From: 2, Dice: "pcg:3:4", Result: res, Clocks: &store.ClockWrite{Clocks: `{"v":3}`}}); err != nil {
		t.Fatal(err)
	}
	got = mustGet(t, s, m.ID)
	if got.Version != 2 || got.Result == nil || got.Result.Cause != "lost on time" || len(mustMoves(t, s, m.ID)) != 2 {
		t.Errorf("after a result with no moves: version %d, result %+v", got.Version, got.Result)
	}
	if l, _ := s.List(ctx(t), store.ListQuery{Finished: true}); len(l) != 1 || l[0].ID != m.ID {
		t.Errorf("finished list: %+v", l)
	}
	// The recorded result ends the match: a move at its version (from a
	// server that has not heard of the result yet) is refused.
	if err := c.Commit(ctx(t), m.ID, store.Write{From: 2, Moves: moves("z", 2, 1), Dice: "pcg:5:5"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a move after the recorded result: %v, want ErrConflict", err)
	}
	if err := s.Append(ctx(t), m.ID, 2, moves("z", 2, 1), "pcg:5:5", nil); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Append after the recorded result: %v, want ErrConflict", err)
	}
	if got := mustGet(t, s, m.ID); got.Version != 2 || got.Result == nil {
		t.Errorf("after the refused moves: version %d, result %+v", got.Version, got.Result)
	}
}
