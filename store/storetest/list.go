package storetest

import (
	"fmt"
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
		Version: m.Version, Result: m.Result, Seats: m.Seats, Public: m.Public,
	}
}

func testList(t *testing.T, open Opener) {
	s := get(t, open)
	for _, finished := range []bool{false, true} {
		if l, err := s.List(ctx(t), store.ListQuery{Finished: finished, Limit: 10}); err != nil || len(l) != 0 {
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
		got, err := s.List(ctx(t), store.ListQuery{Finished: finished, Limit: limit})
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

// testListPublicPaged lists public matches only, and pages through lists
// with cursors: every match comes once, in order, however the pages fall,
// also when several matches share a creation time.
func testListPublicPaged(t *testing.T, open Opener) {
	s := get(t, open)
	var all, public []string                       // newest first
	minutes := []int{0, 1, 2, 3, 4, 4, 5, 5, 6, 7} // m4 and m5, m6 and m7 share a time
	for i := 9; i >= 0; i-- {
		id := fmt.Sprintf("m%d", i)
		m := sample(id, base.Add(time.Duration(minutes[i])*time.Minute))
		m.Public = i%3 != 0
		mustCreate(t, s, m)
		if got := mustGet(t, s, id); got.Public != m.Public {
			t.Fatalf("Get %s: public %t, want %t", id, got.Public, m.Public)
		}
	}
	full, err := s.List(ctx(t), store.ListQuery{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range full {
		all = append(all, m.ID)
		if m.Public {
			public = append(public, m.ID)
		}
	}
	if len(all) != 10 || len(public) != 6 {
		t.Fatalf("List: %v (public %v); want 10 matches, 6 public", all, public)
	}
	for _, publicOnly := range []bool{false, true} {
		want := all
		if publicOnly {
			want = public
		}
		for _, size := range []int{1, 2, 3, 4, 10, 11} {
			var got []string
			q := store.ListQuery{PublicOnly: publicOnly, Limit: size}
			for pages := 0; ; pages++ {
				page, err := s.List(ctx(t), q)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range page {
					if publicOnly && !m.Public {
						t.Fatalf("a public list holds %s, which is not public", m.ID)
					}
					got = append(got, m.ID)
				}
				if len(page) < size || pages > len(want) {
					break
				}
				c := store.CursorOf(page[len(page)-1])
				q.After = &c
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("public only %t, pages of %d: %v, want %v", publicOnly, size, got, want)
			}
		}
	}
	// Finished matches page apart from live ones.
	if err := s.Append(ctx(t), "m1", 0, moves("m1", 0, 1), "d", &engine.Result{Winner: "RAF"}); err != nil {
		t.Fatal(err)
	}
	fin, err := s.List(ctx(t), store.ListQuery{Finished: true, PublicOnly: true, Limit: 5})
	if err != nil || len(fin) != 1 || fin[0].ID != "m1" {
		t.Fatalf("finished public: %+v, %v", fin, err)
	}
}
