package storetest

import (
	"reflect"
	"testing"

	"scramble/engine"
	"scramble/store"
)

// testReopen writes, closes the store and opens the same database again, as a
// restarted program would: everything written must be there, and writing must
// go on from where it stopped.
func testReopen(t *testing.T, open Opener) {
	s := open(t)
	closed := false
	t.Cleanup(func() {
		if !closed {
			s.Close()
		}
	})
	live, done := sample("m-live", base), sample("m-done", base.Add(1))
	mustCreate(t, s, live)
	mustCreate(t, s, done)
	if err := s.Append(ctx(t), live.ID, 0, moves("l", 0, 3), "dl", nil); err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimSeat(ctx(t), live.ID, 1); err != nil {
		t.Fatal(err)
	}
	r := &engine.Result{Returns: []float64{0, 1, 0}, Winner: "Luftwaffe", Cause: "victory", Rounds: 3}
	if err := s.Append(ctx(t), done.ID, 0, moves("d", 0, 2), "dd", r); err != nil {
		t.Fatal(err)
	}
	type snapshot struct {
		matches []*store.Match
		moves   [][]engine.Move
		lists   [][]store.Summary
	}
	take := func(s store.Store) snapshot {
		var snap snapshot
		for _, id := range []string{live.ID, done.ID} {
			snap.matches = append(snap.matches, mustGet(t, s, id))
			snap.moves = append(snap.moves, mustMoves(t, s, id))
		}
		for _, finished := range []bool{false, true} {
			l, err := s.List(ctx(t), store.ListQuery{Finished: finished, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			snap.lists = append(snap.lists, l)
		}
		return snap
	}
	before := take(s)
	closed = true
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}

	s = get(t, open)
	after := take(s)
	if !reflect.DeepEqual(after, before) {
		t.Errorf("after reopening:\n got %+v\nwant %+v", after, before)
	}
	more := moves("l", 3, 1)
	if err := s.Append(ctx(t), live.ID, 3, more, "dl4", nil); err != nil {
		t.Fatalf("Append after reopening: %v", err)
	}
	sameMoves(t, "Moves after reopening and appending", mustMoves(t, s, live.ID), append(before.moves[0], more...))
}
