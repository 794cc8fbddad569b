package storetest

import (
	"errors"
	"testing"

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
