package sqlite_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"scramble/engine"
	"scramble/store"
	"scramble/store/sqlite"
)

// open opens a store on path, closed when the test ends.
func open(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// newMatch creates an empty match with one seat.
func newMatch(t *testing.T, s *sqlite.Store, id string) {
	t.Helper()
	err := s.Create(t.Context(), &store.Match{ID: id, Game: "tinybob", Seats: []store.Seat{{Kind: store.Person}}})
	if err != nil {
		t.Fatal(err)
	}
}

// mv is the i-th move (1-based) of a match in these tests.
func mv(id string, i int) engine.Move {
	return engine.Move{Seat: engine.Seat(i % 3), Text: fmt.Sprintf("%s move %d", id, i)}
}

// movesOf are moves from+1 .. from+n of match id.
func movesOf(id string, from, n int) []engine.Move {
	ms := make([]engine.Move, n)
	for i := range ms {
		ms[i] = mv(id, from+i+1)
	}
	return ms
}

// waitFor polls cond until it holds, failing the test after a few seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// checkMatch fails the test unless match id holds exactly moves 1..version
// of movesOf and is at that version.
func checkMatch(t *testing.T, s *sqlite.Store, id string, version int) {
	t.Helper()
	m, err := s.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := s.Moves(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != version || len(ms) != version {
		t.Errorf("match %s: version %d with %d moves, want %d", id, m.Version, len(ms), version)
	}
	if want := movesOf(id, 0, version); version > 0 && !reflect.DeepEqual(ms, want) {
		t.Errorf("match %s: moves\n got %v\nwant %v", id, ms, want)
	}
}

// TestGroupCommitManyMatches has a goroutine per match append to its own
// match at once: every Append must succeed, no move may be lost or stored
// twice, the writes must have shared transactions, and all of it must be
// there after closing and reopening the file.
func TestGroupCommitManyMatches(t *testing.T) {
	const (
		matches = 64
		appends = 25
	)
	path := filepath.Join(t.TempDir(), "scramble.db")
	s := open(t, path)
	for i := range matches {
		newMatch(t, s, fmt.Sprintf("m%d", i))
	}
	before := s.Stats()
	var wg sync.WaitGroup
	for i := range matches {
		id := fmt.Sprintf("m%d", i)
		wg.Go(func() {
			v := 0
			for a := range appends {
				n := 1 + (i+a)%3
				if err := s.Append(t.Context(), id, v, movesOf(id, v, n), fmt.Sprintf("dice %d", v+n), nil); err != nil {
					t.Errorf("Append %s at %d: %v", id, v, err)
					return
				}
				v += n
			}
		})
	}
	wg.Wait()
	want := map[string]int{}
	for i := range matches {
		v := 0
		for a := range appends {
			v += 1 + (i+a)%3
		}
		want[fmt.Sprintf("m%d", i)] = v
	}
	for id, v := range want {
		checkMatch(t, s, id, v)
	}
	st := s.Stats()
	writes, commits := st.Writes-before.Writes, st.Commits-before.Commits
	if writes != matches*appends {
		t.Errorf("the writer committed %d writes, want %d", writes, matches*appends)
	}
	if commits >= writes || st.MaxBatch < 2 {
		t.Errorf("%d writes took %d commits (largest batch %d): no group commit", writes, commits, st.MaxBatch)
	}
	t.Logf("%d writes in %d commits, largest batch %d", writes, commits, st.MaxBatch)

	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, path)
	for id, v := range want {
		checkMatch(t, s, id, v)
		if m, _ := s.Get(t.Context(), id); m.Dice != fmt.Sprintf("dice %d", v) {
			t.Errorf("match %s: dice %q after reopening, want %q", id, m.Dice, fmt.Sprintf("dice %d", v))
		}
	}
}

// TestBatchFailuresStayApart puts writes that fail (a stale version, an
// unknown match, a taken ID, a missing seat, a move that breaks a
// constraint halfway) in one transaction with writes that succeed: each
// failure must undo only its own write.
func TestBatchFailuresStayApart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scramble.db")
	s := open(t, path)
	for _, id := range []string{"a", "b", "c", "half"} {
		newMatch(t, s, id)
	}
	// A stray row at seq 2 of "half": an Append of moves 1 and 2 updates
	// the match, inserts move 1, then fails on move 2.
	if _, err := raw(t, path).Exec("INSERT INTO moves (match_id, seq, seat, action) VALUES ('half', 2, 0, 'stray')"); err != nil {
		t.Fatal(err)
	}

	started, release, plugged := sqlite.Plug(s)
	<-started
	type write struct {
		name string
		do   func(context.Context) error
		ok   bool
	}
	appendTo := func(id string, from, n int) func(context.Context) error {
		return func(ctx context.Context) error { return s.Append(ctx, id, from, movesOf(id, from, n), "d", nil) }
	}
	writes := []write{
		{"a at 0", appendTo("a", 0, 2), true},
		{"a at 0 again", appendTo("a", 0, 1), false}, // stale once the first is in
		{"b at 0", appendTo("b", 0, 1), true},
		{"unknown", appendTo("nope", 0, 1), false},
		{"half", appendTo("half", 0, 2), false},
		{"duplicate create", func(ctx context.Context) error {
			return s.Create(ctx, &store.Match{ID: "a", Game: "x"})
		}, false},
		{"new match", func(ctx context.Context) error {
			return s.Create(ctx, &store.Match{ID: "new", Game: "tinybob", Seats: []store.Seat{{Kind: store.Bot, Bot: "random"}}})
		}, true},
		{"missing seat", func(ctx context.Context) error { return s.ClaimSeat(ctx, "c", 5) }, false},
		{"claim", func(ctx context.Context) error { return s.ClaimSeat(ctx, "c", 0) }, true},
		{"a at 2", appendTo("a", 2, 1), true},
		{"c at 0", appendTo("c", 0, 3), true},
	}
	errs := make([]error, len(writes))
	var wg sync.WaitGroup
	for i, w := range writes {
		// One at a time, so that they queue in this order.
		wg.Go(func() { errs[i] = w.do(t.Context()) })
		waitFor(t, "the write to queue", func() bool { return sqlite.Queued(s) == i+1 })
	}
	commits := s.Stats().Commits
	release()
	wg.Wait()
	if err := <-plugged; err != nil {
		t.Fatal(err)
	}
	for i, w := range writes {
		if (errs[i] == nil) != w.ok {
			t.Errorf("%s: %v, want success %t", w.name, errs[i], w.ok)
		}
	}
	for _, c := range []struct {
		name string
		err  error
		want error
	}{{"stale", errs[1], store.ErrConflict}, {"unknown", errs[3], store.ErrNotFound}} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.err, c.want)
		}
	}
	if got := s.Stats().Commits - commits; got != 2 {
		t.Errorf("the writes took %d commits after the plug's, want 2 (the plug's and one batch)", got)
	}
	checkMatch(t, s, "a", 3)
	checkMatch(t, s, "b", 1)
	checkMatch(t, s, "c", 3)
	if m, err := s.Get(t.Context(), "half"); err != nil || m.Version != 0 {
		t.Errorf("half: %+v, %v; want version 0: its failed write was not undone", m, err)
	}
	var n int
	if err := raw(t, path).QueryRow("SELECT COUNT(*) FROM moves WHERE match_id = 'half'").Scan(&n); err != nil || n != 1 {
		t.Errorf("half has %d move rows (%v), want only the stray one", n, err)
	}
	if m, err := s.Get(t.Context(), "c"); err != nil || !m.Seats[0].Claimed {
		t.Errorf("c: %+v, %v; want seat 0 claimed", m, err)
	}
	if m, err := s.Get(t.Context(), "a"); err != nil || m.Game != "tinybob" {
		t.Errorf("a: %+v, %v; the duplicate Create changed it", m, err)
	}
	if _, err := s.Get(t.Context(), "new"); err != nil {
		t.Errorf("new: %v", err)
	}
}

// TestAppendCancelled checks a write whose context ends: already ended, it
// is refused at once; ending while queued, it is dropped unwritten; ending
// once the writer runs it, the caller waits for the commit and gets its
// real outcome.
func TestAppendCancelled(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "scramble.db"))
	newMatch(t, s, "m")

	ended, cancel := context.WithCancel(t.Context())
	cancel()
	if err := s.Append(ended, "m", 0, movesOf("m", 0, 1), "d", nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Append with an ended context: %v, want context.Canceled", err)
	}
	checkMatch(t, s, "m", 0)

	// Queued behind a plug, then cancelled.
	started, release, plugged := sqlite.Plug(s)
	<-started
	ctx, cancel := context.WithCancel(t.Context())
	res := make(chan error, 1)
	go func() { res <- s.Append(ctx, "m", 0, movesOf("m", 0, 1), "d", nil) }()
	waitFor(t, "the Append to queue", func() bool { return sqlite.Queued(s) == 1 })
	cancel()
	select {
	case err := <-res:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Append cancelled while queued: %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("an Append cancelled while queued did not return while the writer was busy")
	}
	// A deadline that passes while queued.
	short, cancelShort := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancelShort()
	go func() { res <- s.Append(short, "m", 0, movesOf("m", 0, 2), "d", nil) }()
	waitFor(t, "the Append to queue", func() bool { return sqlite.Queued(s) == 2 })
	<-short.Done()
	release()
	if err := <-plugged; err != nil {
		t.Fatal(err)
	}
	if err := <-res; !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Append whose deadline passed while queued: %v, want context.DeadlineExceeded", err)
	}
	checkMatch(t, s, "m", 0)

	// Taken by the writer, then cancelled: it is committed, and Append
	// says so.
	started1, release1, plugged1 := sqlite.Plug(s)
	<-started1
	ctx, cancel = context.WithCancel(t.Context())
	defer cancel()
	go func() { res <- s.Append(ctx, "m", 0, movesOf("m", 0, 1), "d", nil) }()
	waitFor(t, "the Append to queue", func() bool { return sqlite.Queued(s) == 1 })
	started2, release2, plugged2 := sqlite.Plug(s) // the same batch, after the Append
	waitFor(t, "the second plug to queue", func() bool { return sqlite.Queued(s) == 2 })
	release1()
	<-started2 // the Append has run in this batch's transaction
	cancel()
	select {
	case err := <-res:
		t.Fatalf("Append returned %v before its transaction committed", err)
	case <-time.After(50 * time.Millisecond):
	}
	release2()
	if err := <-res; err != nil {
		t.Errorf("Append cancelled after the writer took it: %v, want nil (it was committed)", err)
	}
	for _, p := range []<-chan error{plugged1, plugged2} {
		if err := <-p; err != nil {
			t.Fatal(err)
		}
	}
	checkMatch(t, s, "m", 1)
}

// TestCloseWithPendingWrites closes the store while writes are queued: they
// are committed and answered, writes asked for after Close began fail with
// ErrClosed, and a reopened store has exactly the committed ones.
func TestCloseWithPendingWrites(t *testing.T) {
	const pending = 20
	path := filepath.Join(t.TempDir(), "scramble.db")
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range pending {
		newMatch(t, s, fmt.Sprintf("m%d", i))
	}
	newMatch(t, s, "late")
	started, release, plugged := sqlite.Plug(s)
	<-started
	errs := make([]error, pending)
	var wg sync.WaitGroup
	for i := range pending {
		id := fmt.Sprintf("m%d", i)
		wg.Go(func() { errs[i] = s.Append(t.Context(), id, 0, movesOf(id, 0, 2), "d", nil) })
	}
	waitFor(t, "the writes to queue", func() bool { return sqlite.Queued(s) == pending })
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	waitFor(t, "Close to begin", func() bool { return sqlite.Closing(s) })
	if err := s.Append(t.Context(), "late", 0, movesOf("late", 0, 1), "d", nil); !errors.Is(err, sqlite.ErrClosed) {
		t.Errorf("Append after Close began: %v, want ErrClosed", err)
	}
	select {
	case err := <-closed:
		t.Fatalf("Close returned (%v) while writes were pending", err)
	case <-time.After(20 * time.Millisecond):
	}
	release()
	if err := <-closed; err != nil {
		t.Fatalf("Close: %v", err)
	}
	wg.Wait()
	if err := <-plugged; err != nil {
		t.Fatal(err)
	}
	for i, err := range errs {
		if err != nil {
			t.Errorf("write %d queued before Close: %v", i, err)
		}
	}
	if err := s.Append(t.Context(), "late", 0, movesOf("late", 0, 1), "d", nil); !errors.Is(err, sqlite.ErrClosed) {
		t.Errorf("Append after Close: %v, want ErrClosed", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}

	s = open(t, path)
	for i := range pending {
		checkMatch(t, s, fmt.Sprintf("m%d", i), 2)
	}
	checkMatch(t, s, "late", 0)
}

// TestBatchIsBounded queues more writes than one transaction may hold.
func TestBatchIsBounded(t *testing.T) {
	n := sqlite.MaxBatch + 20
	s := open(t, filepath.Join(t.TempDir(), "scramble.db"))
	for i := range n {
		newMatch(t, s, fmt.Sprintf("m%d", i))
	}
	started, release, plugged := sqlite.Plug(s)
	<-started
	var wg sync.WaitGroup
	for i := range n {
		id := fmt.Sprintf("m%d", i)
		wg.Go(func() {
			if err := s.Append(t.Context(), id, 0, movesOf(id, 0, 1), "d", nil); err != nil {
				t.Errorf("Append %s: %v", id, err)
			}
		})
	}
	waitFor(t, "the writes to queue", func() bool { return sqlite.Queued(s) == n })
	before := s.Stats().Commits
	release()
	wg.Wait()
	if err := <-plugged; err != nil {
		t.Fatal(err)
	}
	st := s.Stats()
	if st.MaxBatch != uint64(sqlite.MaxBatch) || st.Commits-before != 3 {
		t.Errorf("the plug and %d writes took %d commits, the largest of %d writes; want 3, the largest of %d",
			n, st.Commits-before, st.MaxBatch, sqlite.MaxBatch)
	}
	for i := range n {
		checkMatch(t, s, fmt.Sprintf("m%d", i), 1)
	}
}
