package postgres_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"scramble/engine"
	"scramble/store"
	"scramble/store/postgres"
	"scramble/store/postgres/pgtest"
)

// twoStores opens two stores on one fresh schema, as two server processes
// on one database would.
func twoStores(t *testing.T) (*postgres.Store, *postgres.Store) {
	t.Helper()
	a, b, _ := twoStoresURL(t)
	return a, b
}

// twoStoresURL is twoStores that also returns the schema's URL.
func twoStoresURL(t *testing.T) (*postgres.Store, *postgres.Store, string) {
	t.Helper()
	u := pgtest.Fresh(t, pgtest.URL(t))
	a, err := postgres.Open(t.Context(), u)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { a.Close() })
	b, err := postgres.Open(t.Context(), u)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { b.Close() })
	return a, b, u
}

// botMatch stores a live match with one bot seat.
func botMatch(t *testing.T, s store.Store, id string) {
	t.Helper()
	m := &store.Match{ID: id, Game: "g", Seats: []store.Seat{{Kind: store.Bot, Bot: "random"}}}
	if err := s.Create(t.Context(), m); err != nil {
		t.Fatalf("Create %s: %v", id, err)
	}
}

// watch runs s.Watch until ctx ends; wait returns the next change heard
// (failing the test after 30 s of silence) and done what Watch returned.
func watch(ctx context.Context, t *testing.T, s *postgres.Store) (wait func() store.Change, done <-chan error) {
	changes := make(chan store.Change, 16)
	errc := make(chan error, 1)
	go func() { errc <- s.Watch(ctx, func(c store.Change) { changes <- c }) }()
	return func() store.Change {
		t.Helper()
		select {
		case c := <-changes:
			return c
		case <-time.After(30 * time.Second):
			t.Fatal("no change heard in 30s")
			return store.Change{}
		}
	}, errc
}

// An Append committed through one store reaches Watch on another store of
// the same schema, after the zero Change that says the watch is connected
// (docs/deploy.md: live updates cross nodes through LISTEN/NOTIFY).
func TestWatchHearsAppendsOfAnotherStore(t *testing.T) {
	a, b := twoStores(t)
	botMatch(t, a, "m1")
	ctx, cancel := context.WithCancel(t.Context())
	wait, done := watch(ctx, t, b)
	if c := wait(); c != (store.Change{}) {
		t.Fatalf("first change %+v, want the zero Change that says Watch is connected", c)
	}
	mv := []engine.Move{{Seat: 0, Text: "a"}, {Seat: 0, Text: "b"}}
	if err := a.Append(t.Context(), "m1", 0, mv, "d", nil); err != nil {
		t.Fatal(err)
	}
	if c := wait(); c != (store.Change{ID: "m1", Version: 2}) {
		t.Fatalf("heard %+v, want m1 at version 2", c)
	}
	// A refused Append notifies nobody: the next change heard is the
	// next commit.
	if err := a.Append(t.Context(), "m1", 0, mv[:1], "d", nil); err == nil {
		t.Fatal("a stale Append succeeded")
	}
	if err := a.Append(t.Context(), "m1", 2, mv[:1], "d", nil); err != nil {
		t.Fatal(err)
	}
	if c := wait(); c != (store.Change{ID: "m1", Version: 3}) {
		t.Fatalf("heard %+v, want m1 at version 3 (nothing for the stale Append)", c)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Watch returned %v after its context ended, want nil", err)
	}
}

// A lease is held by one node at a time; its holder renews it; once it
// expires another node takes it, and the old holder's Renew no longer
// returns it (docs/deploy.md: each bot seat is played by one node).
func TestLeaseOneNodeAtATime(t *testing.T) {
	a, b := twoStores(t)
	ctx := t.Context()
	botMatch(t, a, "m1")
	botMatch(t, a, "m2")
	if err := a.Create(ctx, &store.Match{ID: "people", Game: "g", Seats: []store.Seat{{Kind: store.Person}}}); err != nil {
		t.Fatal(err)
	}
	if ok, err := a.Lease(ctx, "nope", "A", time.Minute); ok || err == nil {
		t.Errorf("lease on an unknown match: %v, %v; want ErrNotFound", ok, err)
	}
	orphans, err := b.Orphans(ctx, 10)
	if err != nil || !slices.Equal(orphans, []string{"m1", "m2"}) {
		t.Fatalf("Orphans before any lease = %v, %v; want the two bot matches", orphans, err)
	}
	if ok, err := a.Lease(ctx, "m1", "A", time.Minute); !ok || err != nil {
		t.Fatalf("A's first lease on m1: %v, %v", ok, err)
	}
	if ok, err := b.Lease(ctx, "m1", "B", time.Minute); ok || err != nil {
		t.Fatalf("B leased m1 while A holds it: %v, %v", ok, err)
	}
	if ok, err := a.Lease(ctx, "m1", "A", time.Minute); !ok || err != nil {
		t.Fatalf("A could not renew its own lease: %v, %v", ok, err)
	}
	if orphans, _ := b.Orphans(ctx, 10); !slices.Equal(orphans, []string{"m2"}) {
		t.Fatalf("Orphans with m1 leased = %v, want [m2]", orphans)
	}
	// A short lease that lapses goes to B.
	if ok, err := a.Lease(ctx, "m2", "A", 50*time.Millisecond); !ok || err != nil {
		t.Fatalf("A's lease on m2: %v, %v", ok, err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		ok, err := b.Lease(ctx, "m2", "B", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("B never took m2 after A's lease expired")
		}
		time.Sleep(20 * time.Millisecond)
	}
	held, err := a.Renew(ctx, "A", time.Minute)
	if err != nil || !slices.Equal(held, []string{"m1"}) {
		t.Fatalf("A's Renew = %v, %v; want only m1 (m2 went to B)", held, err)
	}
	if err := a.Unlease(ctx, "m2", "A"); err != nil {
		t.Fatal(err)
	}
	if held, _ := b.Renew(ctx, "B", time.Minute); !slices.Equal(held, []string{"m2"}) {
		t.Fatalf("A's Unlease of a lease it lost freed it: B holds %v", held)
	}
	if err := a.Unlease(ctx, "m1", "A"); err != nil {
		t.Fatal(err)
	}
	if ok, err := b.Lease(ctx, "m1", "B", time.Minute); !ok || err != nil {
		t.Fatalf("B could not lease m1 after A gave it up: %v, %v", ok, err)
	}
}

// When Watch's connection is cut (here by pg_terminate_backend, as a
// restart of Postgres or a network fault would), it connects again by
// itself, says so with a zero Change, and hears the next commits.
func TestWatchReconnects(t *testing.T) {
	a, b, u := twoStoresURL(t)
	botMatch(t, a, "m1")
	wait, _ := watch(t.Context(), t, b)
	if c := wait(); c != (store.Change{}) {
		t.Fatalf("first change %+v, want the zero Change", c)
	}
	admin, err := pgx.Connect(t.Context(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(context.Background())
	var killed int
	err = admin.QueryRow(t.Context(), `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE query = 'LISTEN "scramble_moves:' || current_schema() || '"'`).Scan(&killed)
	if err != nil || killed != 1 {
		t.Fatalf("terminated %d listening sessions (%v), want 1", killed, err)
	}
	if c := wait(); c != (store.Change{}) {
		t.Fatalf("after the cut: %+v, want the zero Change of the new connection", c)
	}
	if err := a.Append(t.Context(), "m1", 0, []engine.Move{{Seat: 0, Text: "a"}}, "d", nil); err != nil {
		t.Fatal(err)
	}
	if c := wait(); c != (store.Change{ID: "m1", Version: 1}) {
		t.Fatalf("after reconnecting heard %+v, want m1 at version 1", c)
	}
}
