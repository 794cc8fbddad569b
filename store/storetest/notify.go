package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"scramble/store"
)

// outbox returns s as a store.Outbox, or skips the test.
func outbox(t *testing.T, s store.Store) store.Outbox {
	t.Helper()
	o, ok := s.(store.Outbox)
	if !ok {
		t.Skipf("%T keeps no notifications", s)
	}
	return o
}

// pending counts the queued notifications or stops the test.
func pending(t *testing.T, o store.Outbox) int {
	t.Helper()
	n, err := o.Pending(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// testNotifySubscription: a seat's subscription is stored, replaced and
// removed; an unknown match is ErrNotFound.
func testNotifySubscription(t *testing.T, open Opener) {
	s := get(t, open)
	o := outbox(t, s)
	m := sample("m-sub", base)
	mustCreate(t, s, m)
	sub := store.Subscription{Webhook: "https://example.org/hook", Preset: "discord", Email: "a@example.org"}
	if err := o.SetSubscription(ctx(t), "nope", 0, sub); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetSubscription of an unknown match: %v, want ErrNotFound", err)
	}
	if _, err := o.Subscription(ctx(t), "nope", 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Subscription of an unknown match: %v, want ErrNotFound", err)
	}
	if got, err := o.Subscription(ctx(t), m.ID, 0); err != nil || !got.Empty() {
		t.Errorf("Subscription before any: %+v, %v; want empty", got, err)
	}
	if err := o.SetSubscription(ctx(t), m.ID, 0, sub); err != nil {
		t.Fatal(err)
	}
	if got, err := o.Subscription(ctx(t), m.ID, 0); err != nil || got != sub {
		t.Errorf("Subscription: %+v, %v; want %+v", got, err, sub)
	}
	if got, _ := o.Subscription(ctx(t), m.ID, 2); !got.Empty() {
		t.Errorf("seat 2 has seat 0's subscription: %+v", got)
	}
	sub2 := store.Subscription{Email: "b@example.org"}
	if err := o.SetSubscription(ctx(t), m.ID, 0, sub2); err != nil {
		t.Fatal(err)
	}
	if got, _ := o.Subscription(ctx(t), m.ID, 0); got != sub2 {
		t.Errorf("Subscription after a change: %+v; want %+v", got, sub2)
	}
	if err := o.SetSubscription(ctx(t), m.ID, 0, store.Subscription{}); err != nil {
		t.Fatal(err)
	}
	if got, _ := o.Subscription(ctx(t), m.ID, 0); !got.Empty() {
		t.Errorf("Subscription after removal: %+v; want empty", got)
	}
}

// testNotifyQueue: notes are queued with the moves that cause them, only for
// subscribed seats and only when the moves are stored; claims lease them;
// a retry and a give-up work as documented.
func testNotifyQueue(t *testing.T, open Opener) {
	s := get(t, open)
	o := outbox(t, s)
	m := sample("m-queue", base)
	mustCreate(t, s, m)
	if err := o.SetSubscription(ctx(t), m.ID, 0, store.Subscription{Webhook: "https://example.org/a"}); err != nil {
		t.Fatal(err)
	}
	notes := []store.Note{{Seat: 0, Kind: store.NoteTurn, Text: "your turn"}, {Seat: 2, Kind: store.NoteTurn, Text: "not subscribed"}}
	if err := o.AppendNotify(ctx(t), m.ID, 0, moves("a", 0, 2), "d2", nil, notes); err != nil {
		t.Fatal(err)
	}
	if n := pending(t, o); n != 1 {
		t.Fatalf("Pending after a move for a subscribed and an unsubscribed seat: %d, want 1", n)
	}
	// A stale append stores nothing and queues nothing.
	if err := o.AppendNotify(ctx(t), m.ID, 0, moves("b", 0, 1), "x", nil, notes); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale AppendNotify: %v, want ErrConflict", err)
	}
	if n := pending(t, o); n != 1 {
		t.Fatalf("Pending after a refused move: %d, want still 1", n)
	}

	now := time.Now()
	got, err := o.ClaimNotifications(ctx(t), "A", now, time.Minute, 10)
	if err != nil || len(got) != 1 {
		t.Fatalf("claim by A: %v, %v; want one", got, err)
	}
	n := got[0]
	if n.Match != m.ID || n.Seat != 0 || n.Kind != store.NoteTurn || n.Text != "your turn" || n.Attempts != 1 || n.Sub.Webhook != "https://example.org/a" {
		t.Errorf("claimed %+v", n)
	}
	if again, _ := o.ClaimNotifications(ctx(t), "B", now, time.Minute, 10); len(again) != 0 {
		t.Errorf("B claimed a notification A leases: %+v", again)
	}
	// A's lease ends: B takes the notification over, and A's late answer
	// changes nothing.
	later := now.Add(2 * time.Minute)
	again, err := o.ClaimNotifications(ctx(t), "B", later, time.Minute, 10)
	if err != nil || len(again) != 1 || again[0].Attempts != 2 {
		t.Fatalf("claim by B once A's lease ended: %+v, %v; want it, at attempt 2", again, err)
	}
	if err := o.Delivered(ctx(t), n.ID, "A"); err != nil {
		t.Fatal(err)
	}
	if p := pending(t, o); p != 1 {
		t.Errorf("A, no longer leasing, removed the notification (pending %d)", p)
	}
	if err := o.Retry(ctx(t), n.ID, "B", later.Add(10*time.Minute), "503 Service Unavailable"); err != nil {
		t.Fatal(err)
	}
	if c, _ := o.ClaimNotifications(ctx(t), "C", later.Add(5*time.Minute), time.Minute, 10); len(c) != 0 {
		t.Errorf("a retry was claimed before it was due: %+v", c)
	}
	c, err := o.ClaimNotifications(ctx(t), "C", later.Add(11*time.Minute), time.Minute, 10)
	if err != nil || len(c) != 1 {
		t.Fatalf("claim of the retry once due: %+v, %v", c, err)
	}
	if err := o.GiveUp(ctx(t), n.ID, "C", later.Add(11*time.Minute), "gave up: 503 Service Unavailable"); err != nil {
		t.Fatal(err)
	}
	if p := pending(t, o); p != 0 {
		t.Errorf("Pending after giving up: %d, want 0", p)
	}
	sub, _ := o.Subscription(ctx(t), m.ID, 0)
	if sub.LastError != "gave up: 503 Service Unavailable" || sub.Failed.IsZero() {
		t.Errorf("subscription after giving up: %+v; want the last error and when", sub)
	}

	// Enqueue without a move; a removed subscription shows as empty.
	if err := o.Enqueue(ctx(t), m.ID, []store.Note{{Seat: 0, Kind: store.NoteChat, Text: "chat"}}); err != nil {
		t.Fatal(err)
	}
	if err := o.SetSubscription(ctx(t), m.ID, 0, store.Subscription{}); err != nil {
		t.Fatal(err)
	}
	c, err = o.ClaimNotifications(ctx(t), "A", later.Add(time.Hour), time.Minute, 10)
	if err != nil || len(c) != 1 || !c[0].Sub.Empty() {
		t.Fatalf("claim after the subscription was removed: %+v, %v; want one with an empty subscription", c, err)
	}
	if err := o.Delivered(ctx(t), c[0].ID, "A"); err != nil {
		t.Fatal(err)
	}
	if p := pending(t, o); p != 0 {
		t.Errorf("Pending after delivery: %d", p)
	}
}

// testNotifyConcurrentClaims: nodes claiming at once never share a
// notification, and together they get every one.
func testNotifyConcurrentClaims(t *testing.T, open Opener) {
	s := get(t, open)
	o := outbox(t, s)
	m := sample("m-claims", base)
	mustCreate(t, s, m)
	if err := o.SetSubscription(ctx(t), m.ID, 1, store.Subscription{Email: "x@example.org"}); err != nil {
		t.Fatal(err)
	}
	const total = 60
	for i := range total {
		if err := o.Enqueue(ctx(t), m.ID, []store.Note{{Seat: 1, Kind: store.NoteTurn, Text: fmt.Sprint(i)}}); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	var mu sync.Mutex
	seen := map[int64]string{}
	var wg sync.WaitGroup
	for k := range 4 {
		node := fmt.Sprintf("node-%d", k)
		wg.Go(func() {
			for {
				c, err := o.ClaimNotifications(ctx(t), node, now, time.Hour, 7)
				if err != nil {
					t.Error(err)
					return
				}
				if len(c) == 0 {
					return
				}
				mu.Lock()
				for _, n := range c {
					if prev, ok := seen[n.ID]; ok {
						t.Errorf("notification %d claimed by %s and %s", n.ID, prev, node)
					}
					seen[n.ID] = node
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(seen) != total {
		t.Errorf("the nodes claimed %d notifications, want %d", len(seen), total)
	}
}

// testNotifyReopen: queued notifications and subscriptions survive a restart.
func testNotifyReopen(t *testing.T, open Opener) {
	s := open(t)
	o := outbox(t, s)
	m := sample("m-notify-reopen", base)
	mustCreate(t, s, m)
	if err := o.SetSubscription(ctx(t), m.ID, 0, store.Subscription{Webhook: "https://example.org/r"}); err != nil {
		t.Fatal(err)
	}
	if err := o.AppendNotify(ctx(t), m.ID, 0, moves("a", 0, 1), "d", nil, []store.Note{{Seat: 0, Kind: store.NoteTurn, Text: "t"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = get(t, open)
	o = outbox(t, s)
	c, err := o.ClaimNotifications(ctx(t), "A", time.Now(), time.Minute, 10)
	if err != nil || len(c) != 1 || c[0].Sub.Webhook != "https://example.org/r" {
		t.Fatalf("claim after reopening: %+v, %v; want the queued notification", c, err)
	}
}
