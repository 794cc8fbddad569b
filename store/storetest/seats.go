package storetest

import (
	"errors"
	"testing"
	"time"

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
