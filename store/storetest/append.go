package storetest

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"scramble/engine"
	"scramble/store"
)

// sameMoves fails the test unless got equals want.
func sameMoves(t *testing.T, what string, got, want []engine.Move) {
	t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func testAppendAndMoves(t *testing.T, open Opener) {
	s := get(t, open)
	m := sample("m-moves", base)
	mustCreate(t, s, m)
	before := time.Now().Add(-time.Second)
	first, second := moves("a", 0, 3), moves("b", 3, 1)
	if err := s.Append(ctx(t), m.ID, 0, first, "dice-3", nil); err != nil {
		t.Fatalf("Append at 0: %v", err)
	}
	if err := s.Append(ctx(t), m.ID, 3, second, "dice-4", nil); err != nil {
		t.Fatalf("Append at 3: %v", err)
	}
	sameMoves(t, "Moves", mustMoves(t, s, m.ID), append(first, second...))

	got := mustGet(t, s, m.ID)
	if got.Updated.Before(before) {
		t.Errorf("Append left Updated at %v, before the append", got.Updated)
	}
	m.Version, m.Dice, m.Updated = 4, "dice-4", got.Updated
	sameMatch(t, "Get after Append", got, m)

	// Another match's moves stay apart.
	other := sample("m-other", base)
	mustCreate(t, s, other)
	if err := s.Append(ctx(t), other.ID, 0, moves("o", 0, 2), "x", nil); err != nil {
		t.Fatal(err)
	}
	sameMoves(t, "Moves after another match moved", mustMoves(t, s, m.ID), append(first, second...))
}

func testAppendConflict(t *testing.T, open Opener) {
	s := get(t, open)
	m := sample("m-conflict", base)
	mustCreate(t, s, m)
	done := moves("a", 0, 2)
	if err := s.Append(ctx(t), m.ID, 0, done, "dice-2", nil); err != nil {
		t.Fatal(err)
	}
	want := mustGet(t, s, m.ID)
	result := &engine.Result{Returns: []float64{1, 0, 0}, Winner: "RAF", Cause: "victory"}
	for _, from := range []int{0, 1, 3, 10} {
		err := s.Append(ctx(t), m.ID, from, moves("stale", from, 2), "dice-stale", result)
		if !errors.Is(err, store.ErrConflict) {
			t.Errorf("Append at version %d of a match at 2: %v, want ErrConflict", from, err)
		}
	}
	if err := s.Append(ctx(t), m.ID, -1, moves("neg", 0, 1), "d", nil); err == nil {
		t.Errorf("Append at version -1 succeeded")
	}
	sameMatch(t, "Get after refused Appends", mustGet(t, s, m.ID), want)
	sameMoves(t, "Moves after refused Appends", mustMoves(t, s, m.ID), done)
}

func testAppendResult(t *testing.T, open Opener) {
	s := get(t, open)
	m := sample("m-result", base)
	mustCreate(t, s, m)
	if err := s.Append(ctx(t), m.ID, 0, moves("a", 0, 2), "d2", nil); err != nil {
		t.Fatal(err)
	}
	if r := mustGet(t, s, m.ID).Result; r != nil {
		t.Fatalf("live match has result %+v", r)
	}
	result := &engine.Result{Returns: []float64{0, 1, 0.5}, Winner: "Luftwaffe", Cause: "Airfields destroyed", Score: -3, Rounds: 12}
	if err := s.Append(ctx(t), m.ID, 2, moves("a", 2, 1), "d3", result); err != nil {
		t.Fatal(err)
	}
	got := mustGet(t, s, m.ID)
	if got.Version != 3 || got.Dice != "d3" || !reflect.DeepEqual(got.Result, result) {
		t.Errorf("after the last move: version %d, dice %q, result %+v; want 3, d3, %+v", got.Version, got.Dice, got.Result, result)
	}
}
