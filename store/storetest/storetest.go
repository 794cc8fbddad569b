// Package storetest is the conformance suite every store.Store implementation
// must pass. Each implementation's tests call Run with a function that opens
// its store.
package storetest

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"scramble/engine"
	"scramble/store"
)

// Opener opens the store under test for the test t.
//
// The first call for a given t must return a store over a new, empty database;
// later calls for the same t (after the suite has closed the earlier store)
// must reopen that same database, as a restarted program would. The suite
// closes every store it opens.
type Opener func(t *testing.T) store.Store

// Run runs the conformance suite, each check as a subtest.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		test func(*testing.T, Opener)
	}{
		{"CreateGet", testCreateGet},
		{"CreateFillsDefaults", testCreateFillsDefaults},
		{"CreateRefused", testCreateRefused},
		{"AppendAndMoves", testAppendAndMoves},
		{"AppendConflict", testAppendConflict},
		{"AppendResult", testAppendResult},
		{"ConcurrentAppends", testConcurrentAppends},
		{"RacingAppends", testRacingAppends},
		{"List", testList},
		{"ListPublicPaged", testListPublicPaged},
		{"NotFound", testNotFound},
		{"ClaimSeat", testClaimSeat},
		{"JoinSeat", testJoinSeat},
		{"Reopen", testReopen},
		{"Chat", testChat},
		{"ChatRefused", testChatRefused},
		{"ChatConcurrent", testChatConcurrent},
		{"ChatReopen", testChatReopen},
		{"NotifySubscription", testNotifySubscription},
		{"NotifyQueue", testNotifyQueue},
		{"NotifyConcurrentClaims", testNotifyConcurrentClaims},
		{"NotifyReopen", testNotifyReopen},
		{"SetSeatKind", testSetSeatKind},
		{"Clocks", testClocks},
		{"Commit", testCommit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.test(t, open) })
	}
}

// get opens the store for t and closes it when t ends.
func get(t *testing.T, open Opener) store.Store {
	t.Helper()
	s := open(t)
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// ctx is the context of a test's store calls.
func ctx(t *testing.T) context.Context { return t.Context() }

// base is a fixed time the suite builds matches at.
var base = time.Date(2024, 3, 1, 12, 0, 0, 123456000, time.UTC)

// sample returns a complete match with every field set: three seats of both
// kinds, options, a seed above 2^63 and a spectator hash.
func sample(id string, created time.Time) *store.Match {
	return &store.Match{
		ID:   id,
		Game: "tinybob",
		Options: engine.Options{
			"days": "3", "variant": "historical", "odd": `quote " and ünïcode`,
		},
		Seed: math.MaxUint64 - 12345, // above 2^63: has no signed 64-bit twin
		Seats: []store.Seat{
			{Kind: store.Person, TokenHash: hash("seat0")},
			{Kind: store.Bot, Bot: "mcts:iterations=500", TokenHash: hash("seat1")},
			{Kind: store.Person, TokenHash: hash("seat2"), Claimed: true},
		},
		SpectatorHash: hash("spectator"),
		Created:       created,
		Updated:       created.Add(time.Second),
		Dice:          "pcg:1:2",
	}
}

// hash stands in for a SHA-256 hex digest.
func hash(s string) string { return fmt.Sprintf("%064x", []byte(s)) }

// moves returns n moves starting after version from, tagged with tag.
func moves(tag string, from, n int) []engine.Move {
	ms := make([]engine.Move, n)
	for i := range ms {
		seat := engine.Seat((from + i) % 3)
		if (from+i)%4 == 0 {
			seat = engine.Chance
		}
		ms[i] = engine.Move{Seat: seat, Text: fmt.Sprintf("%s move %d", tag, from+i+1)}
	}
	return ms
}

// mustCreate stores m or stops the test.
func mustCreate(t *testing.T, s store.Store, m *store.Match) {
	t.Helper()
	if err := s.Create(ctx(t), m); err != nil {
		t.Fatalf("Create %s: %v", m.ID, err)
	}
}

// mustGet reads a match or stops the test.
func mustGet(t *testing.T, s store.Store, id string) *store.Match {
	t.Helper()
	m, err := s.Get(ctx(t), id)
	if err != nil {
		t.Fatalf("Get %s: %v", id, err)
	}
	return m
}

// mustMoves reads a match's moves or stops the test.
func mustMoves(t *testing.T, s store.Store, id string) []engine.Move {
	t.Helper()
	ms, err := s.Moves(ctx(t), id)
	if err != nil {
		t.Fatalf("Moves %s: %v", id, err)
	}
	return ms
}
