package storetest

import (
	"testing"

	"scramble/store"
)

// CheckUpgradedMatch checks a store just opened on a database of schema
// version 1 that held the one live match id, stored with seed 7: migration 2
// has added the public column, and the match reads back unlisted (nobody
// chose to list it), so a public list leaves it out and a full list holds it.
// Migration 4 has added the chat table: the old match takes a message and
// reads it back. Each store's upgrade test builds such a database with its own driver.
func CheckUpgradedMatch(t *testing.T, s store.Store, id string) {
	t.Helper()
	m, err := s.Get(ctx(t), id)
	if err != nil || m.Public || m.Seed != 7 {
		t.Fatalf("the old match after the upgrade: %+v, %v", m, err)
	}
	if l, err := s.List(ctx(t), store.ListQuery{PublicOnly: true}); err != nil || len(l) != 0 {
		t.Fatalf("public list after the upgrade: %+v, %v", l, err)
	}
	if l, err := s.List(ctx(t), store.ListQuery{}); err != nil || len(l) != 1 || l[0].ID != id {
		t.Fatalf("full list after the upgrade: %+v, %v", l, err)
	}
	said := chatSay(t, s, id, "RAF", 0, "still here")
	if got := mustChat(t, s, id, store.ChatQuery{Side: "RAF"}); len(got) != 1 || got[0] != said || said.Seq != 1 {
		t.Fatalf("chat of the old match after the upgrade: %+v, want [%+v] numbered 1", got, said)
	}
}
