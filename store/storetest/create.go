package storetest

import (
	"errors"
	"reflect"
	"strconv"
	"testing"
	"time"

	"scramble/engine"
	"scramble/store"
)

// sameMatch fails the test unless got equals want in every field.
func sameMatch(t *testing.T, what string, got, want *store.Match) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func testCreateGet(t *testing.T, open Opener) {
	s := get(t, open)
	m := sample("m-full", base)
	mustCreate(t, s, m)
	sameMatch(t, "Get after Create", mustGet(t, s, m.ID), m)
	if ms := mustMoves(t, s, m.ID); len(ms) != 0 {
		t.Errorf("a new match has moves %+v", ms)
	}

	// Edge values: the seed 2^63, no seats, no options, times with
	// nanoseconds, a result given at creation.
	odd := &store.Match{
		ID: "m-odd", Game: "tinybob", Options: engine.Options{}, Seed: 1 << 63,
		Created: base.Add(987654321 * time.Nanosecond), Updated: base.Add(time.Hour),
		Dice:   "",
		Result: &engine.Result{Returns: []float64{0.5, 0.5}, Cause: "draw by agreement", Rounds: 7},
	}
	mustCreate(t, s, odd)
	if odd.Created.Nanosecond()%1000 != 0 || odd.Created.Location() != time.UTC {
		t.Errorf("Create did not round Created to the microsecond in UTC: %v", odd.Created)
	}
	sameMatch(t, "Get after Create", mustGet(t, s, odd.ID), odd)

	for _, seed := range []uint64{0, 1, 1<<63 - 1, 1 << 63, 1<<63 + 1, 1<<64 - 1} {
		m := sample("m-seed", base)
		m.ID = "m-seed-" + strconv.FormatUint(seed, 10)
		m.Seed = seed
		mustCreate(t, s, m)
		if got := mustGet(t, s, m.ID).Seed; got != seed {
			t.Errorf("seed %d came back as %d", seed, got)
		}
	}
}

func testCreateFillsDefaults(t *testing.T, open Opener) {
	s := get(t, open)
	m := sample("m-defaults", time.Time{})
	m.Updated = time.Time{}
	m.Version = 7
	before := time.Now().Add(-time.Second)
	mustCreate(t, s, m)
	after := time.Now().Add(time.Second)
	if m.Version != 0 {
		t.Errorf("Create left Version %d, want 0", m.Version)
	}
	if m.Created.Before(before) || m.Created.After(after) {
		t.Errorf("Create set Created %v, want about now", m.Created)
	}
	if !m.Updated.Equal(m.Created) {
		t.Errorf("Create set Updated %v, want Created %v", m.Updated, m.Created)
	}
	sameMatch(t, "Get after Create", mustGet(t, s, m.ID), m)
}

func testCreateRefused(t *testing.T, open Opener) {
	s := get(t, open)
	m := sample("m-dup", base)
	mustCreate(t, s, m)
	again := sample("m-dup", base.Add(time.Hour))
	again.Game = "other"
	if err := s.Create(ctx(t), again); err == nil {
		t.Errorf("Create with an ID in use succeeded")
	}
	sameMatch(t, "Get after a refused Create", mustGet(t, s, m.ID), m)

	for name, bad := range map[string]*store.Match{
		"no ID":        {Game: "tinybob"},
		"no game":      {ID: "m-nogame"},
		"seat no kind": {ID: "m-nokind", Game: "tinybob", Seats: []store.Seat{{}}},
	} {
		err := s.Create(ctx(t), bad)
		if err == nil {
			t.Errorf("Create of a match with %s succeeded", name)
		}
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			t.Errorf("Create of a match with %s: %v, want a plain error", name, err)
		}
	}
	if _, err := s.Get(ctx(t), "m-nokind"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused Create left a match behind (Get: %v)", err)
	}
}

func testNotFound(t *testing.T, open Opener) {
	s := get(t, open)
	mustCreate(t, s, sample("m-exists", base))
	const id = "no-such-match"
	check := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s of an unknown match: %v, want ErrNotFound", what, err)
		}
	}
	_, err := s.Get(ctx(t), id)
	check("Get", err)
	_, err = s.Moves(ctx(t), id)
	check("Moves", err)
	check("ClaimSeat", s.ClaimSeat(ctx(t), id, 0))
	check("Append", s.Append(ctx(t), id, 0, moves("x", 0, 1), "d", nil))
}

func testClaimSeat(t *testing.T, open Opener) {
	s := get(t, open)
	m := sample("m-claim", base)
	mustCreate(t, s, m)
	for range 2 { // claiming twice is harmless
		if err := s.ClaimSeat(ctx(t), m.ID, 0); err != nil {
			t.Fatalf("ClaimSeat 0: %v", err)
		}
	}
	got := mustGet(t, s, m.ID)
	want := []bool{true, false, true}
	for i, seat := range got.Seats {
		if seat.Claimed != want[i] {
			t.Errorf("seat %d claimed = %t, want %t", i, seat.Claimed, want[i])
		}
	}
	m.Seats[0].Claimed = true
	sameMatch(t, "Get after ClaimSeat", got, m)
	for _, seat := range []int{-1, 3, 99} {
		err := s.ClaimSeat(ctx(t), m.ID, seat)
		if err == nil {
			t.Errorf("ClaimSeat %d of a 3-seat match succeeded", seat)
		}
		if errors.Is(err, store.ErrConflict) {
			t.Errorf("ClaimSeat %d: %v, not a conflict", seat, err)
		}
	}
}

func testJoinSeat(t *testing.T, open Opener) {
	s := get(t, open)
	m := sample("m-join", base)
	mustCreate(t, s, m)
	if err := s.JoinSeat(ctx(t), m.ID, 0, hash("joined")); err != nil {
		t.Fatalf("JoinSeat 0: %v", err)
	}
	got := mustGet(t, s, m.ID)
	if seat := got.Seats[0]; !seat.Claimed || seat.TokenHash != hash("joined") {
		t.Errorf("after JoinSeat, seat 0 is claimed=%t with hash %q, want claimed with the new hash", seat.Claimed, seat.TokenHash)
	}
	// Taken, a bot's, claimed from the start: refused, nothing changed.
	for _, seat := range []int{0, 1, 2} {
		if err := s.JoinSeat(ctx(t), m.ID, seat, hash("late")); !errors.Is(err, store.ErrConflict) {
			t.Errorf("JoinSeat %d: %v, want a conflict", seat, err)
		}
	}
	if got := mustGet(t, s, m.ID); got.Seats[0].TokenHash != hash("joined") || got.Seats[1].TokenHash != hash("seat1") {
		t.Error("a refused JoinSeat changed a seat's token")
	}
	if err := s.JoinSeat(ctx(t), "no-such-match", 0, hash("x")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("JoinSeat of an unknown match: %v, want not found", err)
	}
}
