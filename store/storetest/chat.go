package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"scramble/store"
)

// chatSay stores a message or stops the test.
func chatSay(t *testing.T, s store.Store, id, side string, seat int, text string) store.ChatMessage {
	t.Helper()
	m, err := s.AppendChat(ctx(t), id, store.ChatMessage{Side: side, Seat: seat, Text: text})
	if err != nil {
		t.Fatalf("AppendChat %s %q: %v", id, text, err)
	}
	return m
}

// mustChat reads messages or stops the test.
func mustChat(t *testing.T, s store.Store, id string, q store.ChatQuery) []store.ChatMessage {
	t.Helper()
	msgs, err := s.Chat(ctx(t), id, q)
	if err != nil {
		t.Fatalf("Chat %s %+v: %v", id, q, err)
	}
	if msgs == nil {
		t.Fatalf("Chat %s %+v: nil, want an empty list", id, q)
	}
	return msgs
}

// testChat stores messages of two sides of a match and reads them back: one
// numbering per match across its sides, each side reading its own only,
// oldest first, from a point and up to a limit; the stored record is what
// AppendChat returned.
func testChat(t *testing.T, open Opener) {
	s := get(t, open)
	mustCreate(t, s, sample("c1", base))
	mustCreate(t, s, sample("c2", base))
	if got := mustChat(t, s, "c1", store.ChatQuery{Side: "RAF"}); len(got) != 0 {
		t.Fatalf("chat of a new match: %+v", got)
	}
	before := time.Now().Add(-time.Second)
	var raf []store.ChatMessage
	for i, side := range []string{"RAF", "Luftwaffe", "RAF", "RAF", "Luftwaffe"} {
		m := chatSay(t, s, "c1", side, i%3, fmt.Sprintf("%s message %d: ünïcode ✈ \"quoted\"", side, i+1))
		if m.Seq != i+1 || m.Side != side || m.Seat != i%3 {
			t.Fatalf("message %d stored as %+v", i+1, m)
		}
		if m.Time.Before(before) || m.Time.After(time.Now().Add(time.Second)) || m.Time.Location() != time.UTC {
			t.Fatalf("message %d stamped %v, want about now, in UTC", i+1, m.Time)
		}
		if side == "RAF" {
			raf = append(raf, m)
		}
	}
	if m := chatSay(t, s, "c2", "RAF", 0, "another match"); m.Seq != 1 {
		t.Fatalf("the first message of another match is number %d, want 1", m.Seq)
	}
	if got := mustChat(t, s, "c1", store.ChatQuery{Side: "RAF"}); !reflect.DeepEqual(got, raf) {
		t.Fatalf("RAF chat:\n got %+v\nwant %+v", got, raf)
	}
	if got := mustChat(t, s, "c1", store.ChatQuery{Side: "RAF", After: 1, Limit: 1}); !reflect.DeepEqual(got, raf[1:2]) {
		t.Fatalf("RAF chat after 1, limit 1:\n got %+v\nwant %+v", got, raf[1:2])
	}
	if got := mustChat(t, s, "c1", store.ChatQuery{Side: "RAF", After: 4}); len(got) != 0 {
		t.Fatalf("RAF chat after the last message: %+v", got)
	}
	lw := mustChat(t, s, "c1", store.ChatQuery{Side: "Luftwaffe"})
	if len(lw) != 2 || lw[0].Seq != 2 || lw[1].Seq != 5 {
		t.Fatalf("Luftwaffe chat: %+v, want messages 2 and 5", lw)
	}
	if got := mustChat(t, s, "c1", store.ChatQuery{Side: "Nobody"}); len(got) != 0 {
		t.Fatalf("chat of a side that never spoke: %+v", got)
	}
}

// testChatRefused checks that a message without side or text, from a
// negative seat, or in an unknown match is refused and stores nothing.
func testChatRefused(t *testing.T, open Opener) {
	s := get(t, open)
	mustCreate(t, s, sample("c1", base))
	for name, m := range map[string]store.ChatMessage{
		"no side":       {Seat: 0, Text: "hello"},
		"no text":       {Side: "RAF", Seat: 0},
		"negative seat": {Side: "RAF", Seat: -1, Text: "hello"},
	} {
		if _, err := s.AppendChat(ctx(t), "c1", m); err == nil {
			t.Errorf("%s: stored", name)
		}
	}
	if _, err := s.AppendChat(ctx(t), "nope", store.ChatMessage{Side: "RAF", Text: "hello"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AppendChat to an unknown match: %v, want ErrNotFound", err)
	}
	if _, err := s.Chat(ctx(t), "nope", store.ChatQuery{Side: "RAF"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Chat of an unknown match: %v, want ErrNotFound", err)
	}
	if got := mustChat(t, s, "c1", store.ChatQuery{Side: "RAF"}); len(got) != 0 {
		t.Fatalf("refused messages were stored: %+v", got)
	}
	if m := chatSay(t, s, "c1", "RAF", 0, "first"); m.Seq != 1 {
		t.Fatalf("the first message after refusals is number %d, want 1", m.Seq)
	}
}

// testChatConcurrent sends messages to one match from many goroutines at
// once: every one is stored, each with its own number, numbered 1..n.
func testChatConcurrent(t *testing.T, open Opener) {
	s := get(t, open)
	mustCreate(t, s, sample("c1", base))
	const n = 24
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			_, errs[i] = s.AppendChat(ctx(t), "c1", store.ChatMessage{Side: "RAF", Seat: i % 3, Text: fmt.Sprint("message ", i)})
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	got := mustChat(t, s, "c1", store.ChatQuery{Side: "RAF"})
	seen := map[string]bool{}
	for i, m := range got {
		if m.Seq != i+1 {
			t.Fatalf("message %d of %d is number %d: %+v", i+1, len(got), m.Seq, got)
		}
		seen[m.Text] = true
	}
	if len(got) != n || len(seen) != n {
		t.Fatalf("stored %d messages (%d different), want %d", len(got), len(seen), n)
	}
}

// testChatReopen checks that messages outlive the store: reopened, it reads
// them back unchanged and numbers the next one after them.
func testChatReopen(t *testing.T, open Opener) {
	s := open(t)
	mustCreate(t, s, sample("c1", base))
	want := []store.ChatMessage{chatSay(t, s, "c1", "RAF", 0, "before"), chatSay(t, s, "c1", "RAF", 2, "the restart")}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s = get(t, open)
	if got := mustChat(t, s, "c1", store.ChatQuery{Side: "RAF"}); !reflect.DeepEqual(got, want) {
		t.Fatalf("after reopening:\n got %+v\nwant %+v", got, want)
	}
	if m := chatSay(t, s, "c1", "RAF", 1, "after"); m.Seq != 3 {
		t.Fatalf("the message after reopening is number %d, want 3", m.Seq)
	}
}
