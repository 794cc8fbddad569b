package postgres_test

import (
	"context"
	"testing"

	"scramble/store"
)

// A chat message stored through one store reaches Watch on another store of
// the same schema, naming the message and its side (a side with a space in
// its name included), so that a node can pass on a message posted on
// another node (docs/api.md, the chat).
func TestWatchHearsChatOfAnotherStore(t *testing.T) {
	a, b := twoStores(t)
	botMatch(t, a, "m1")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	wait, _ := watch(ctx, t, b)
	if c := wait(); c != (store.Change{}) {
		t.Fatalf("first change %+v, want the zero Change that says Watch is connected", c)
	}
	for i, side := range []string{"RAF", "Free French"} {
		m, err := a.AppendChat(t.Context(), "m1", store.ChatMessage{Side: side, Seat: 0, Text: "tally ho"})
		if err != nil {
			t.Fatal(err)
		}
		want := store.Change{ID: "m1", ChatSeq: i + 1, ChatSide: side}
		if c := wait(); c != want || m.Seq != i+1 {
			t.Fatalf("heard %+v for message %+v, want %+v", c, m, want)
		}
	}
	// A refused message notifies nobody: the next change heard is the
	// next commit.
	if _, err := a.AppendChat(t.Context(), "nope", store.ChatMessage{Side: "RAF", Text: "lost"}); err == nil {
		t.Fatal("a message to an unknown match was stored")
	}
	if _, err := a.AppendChat(t.Context(), "m1", store.ChatMessage{Side: "RAF", Text: "third"}); err != nil {
		t.Fatal(err)
	}
	if c := wait(); c != (store.Change{ID: "m1", ChatSeq: 3, ChatSide: "RAF"}) {
		t.Fatalf("heard %+v, want message 3 of the RAF", c)
	}
}
