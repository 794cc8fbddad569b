package storetest

import (
	"reflect"
	"testing"
	"time"

	"scramble/engine"
	"scramble/store"
)

// summary is the Summary of a stored match.
func summary(m *store.Match) store.Summary {
	return store.Summary{
		ID: m.ID, Game: m.Game, Created: m.Created, Updated: m.Updated,
		Version: m.Version, Result: m.Result, Seats: m.Seats,
	}
}

func testList(t *testing.T, open Opener) {
	s := get(t, open)
	for _, finished := range []bool{false, true} {
		if l, err := s.List(ctx(t), finished, 10); err != nil || len(l) != 0 {
			t.Errorf("List(finished=%t) of an empty store = %+v, %v; want none", finished, l, err)
		}
	}

	// Created out of order; "fin-*" finish.
	ids := []string{"live-b", "fin-a", "live-c", "live-a", "fin-b"}
	hours := []int{2, 1, 3, 1, 5}
	for i, id := range ids {
		m := sample(id, base.Add(time.Duration(hours[i])*time.Hour))
		if i == 2 {
			m.Seats = nil // a match without seats lists too
		}
		mustCreate(t, s, m)
		if id[:3] == "fin" {
			r := &engine.Result{Returns: []float64{1, 0, 0}, Winner: "RAF", Cause: "victory", Rounds: i}
			if err := s.Append(ctx(t), id, 0, moves(id, 0, 2), "d", r); err != nil {
				t.Fatal(err)
			}
		}
	}
	sums := map[string]store.Summary{}
	for _, id := range ids {
		sums[id] = summary(mustGet(t, s, id))
	}
	// Newest first; live-a and live-b's tie at one hour is broken by ID,
	// descending.
	expect := func(finished bool, limit int, want ...string) {
		t.Helper()
		got, err := s.List(ctx(t), finished, limit)
		if err != nil {
			t.Fatalf("List(finished=%t, %d): %v", finished, limit, err)
		}
		var wantSums []store.Summary
		for _, id := range want {
			wantSums = append(wantSums, sums[id])
		}
		if !reflect.DeepEqual(got, wantSums) {
			t.Errorf("List(finished=%t, %d):\n got %+v\nwant %+v", finished, limit, got, wantSums)
		}
	}
	expect(false, 10, "live-c", "live-b", "live-a")
	expect(false, 2, "live-c", "live-b")
	expect(false, 1, "live-c")
	expect(false, 0, "live-c", "live-b", "live-a") // limit <= 0: no limit
	expect(true, 10, "fin-b", "fin-a")
	expect(true, 1, "fin-b")
}
