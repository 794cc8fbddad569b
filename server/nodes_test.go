package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"scramble/bot"
	"scramble/store"
	"scramble/store/postgres"
	"scramble/store/postgres/pgtest"
)

// The tests of this file run several servers (nodes) in this process, each
// on its own Postgres pool, on one fresh schema: what several scramble serve
// processes on one database do (docs/deploy.md). They need
// SCRAMBLE_TEST_POSTGRES (see docs/storage.md) and are skipped without it,
// except under CI=true.

// eventually is the generous bound of every wait for another node: the
// figures are a fraction of a second, the bound only catches a hang.
const eventually = 30 * time.Second

// nodeConfig tunes the nodes of a test.
type nodeConfig struct {
	botDelay time.Duration
	leaseTTL time.Duration
}

// newNodes starts n servers on one fresh Postgres schema.
func newNodes(t *testing.T, n int, nc nodeConfig) []*env {
	t.Helper()
	u := pgtest.Fresh(t, pgtest.URL(t))
	nodes := make([]*env, n)
	for i := range nodes {
		st, err := postgres.Open(t.Context(), u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		srv, err := New(Config{Hosts: testHosts,
			Games: testGames(), Store: st, NewBot: bot.New, BotDelay: nc.botDelay,
			LeaseTTL: nc.leaseTTL, Node: string(rune('A' + i)),
			Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil)).With("node", string(rune('A'+i))),
		})
		if err != nil {
			t.Fatal(err)
		}
		e := &env{t: t, srv: srv, ts: httptest.NewServer(srv.Handler()), store: st}
		t.Cleanup(e.close)
		nodes[i] = e
	}
	return nodes
}

// readUntil reads c's messages until a snapshot at version or later.
func readUntil(t *testing.T, c *websocket.Conn, version int) clientSnapshot {
	t.Helper()
	m := readWhere(t, c, fmt.Sprintf("version %d", version), func(m clientMessage) bool {
		return m.Type == "snapshot" && m.Snapshot.Version >= version
	})
	return *m.Snapshot
}

// readWhere reads c's messages until one that want accepts; what names it
// in the failure.
func readWhere(t *testing.T, c *websocket.Conn, what string, want func(clientMessage) bool) clientMessage {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), eventually)
	defer cancel()
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		var m clientMessage
		mustUnmarshal(t, data, &m)
		if want(m) {
			return m
		}
	}
}

// A player on one node and a spectator and the other player on another see
// each move made on either node, over their WebSockets (docs/deploy.md:
// updates cross nodes through LISTEN/NOTIFY).
func TestNodesPlayerAndSpectatorOnDifferentNodes(t *testing.T) {
	nodes := newNodes(t, 2, nodeConfig{botDelay: -1})
	a, b := nodes[0], nodes[1]
	m := a.create(map[string]any{"game": "toy", "seed": 3})
	tokA, tokB := m.Seats[0].Token, m.Seats[1].Token

	spec := b.dial(m.ID, "")
	seatB := b.dial(m.ID, tokB)
	for _, c := range []*websocket.Conn{spec, seatB} {
		if s := readUntil(t, c, 1); s.Version != 1 {
			t.Fatalf("first snapshot on node B at version %d, want 1", s.Version)
		}
	}
	// Seat A picks on node A: both watchers on node B hear of it.
	a.act(m.ID, tokA, map[string]any{"version": 1, "action": "pick 2"}, http.StatusOK)
	for _, c := range []*websocket.Conn{spec, seatB} {
		s := readUntil(t, c, 2)
		if v := toyViewOf(t, s); !v.Chosen[0] || v.Picks[0] != 0 {
			t.Fatalf("node B's watcher sees %+v: A's pick must show as made and stay secret", v)
		}
	}
	// Seat B picks on node B, through its WebSocket: the round ends there
	// (its die rolled and stored), and A's player on node A sees it.
	seatA := a.dial(m.ID, tokA)
	readUntil(t, seatA, 2)
	sendMessage(t, seatB, map[string]any{"type": "act", "version": 2, "action": "pick 1"})
	if s := readUntil(t, seatA, 4); s.Version != 4 || len(s.Legal) != 3 {
		t.Fatalf("node A after B's pick on node B: version %d, %d legal actions; want 4 and 3", s.Version, len(s.Legal))
	}
	if s := readUntil(t, spec, 4); s.Version != 4 {
		t.Fatalf("spectator on node B at version %d, want 4", s.Version)
	}
}

// The same seat acts at the same version through two nodes at once, round
// after round: exactly one action is committed and the other answers 409,
// and the loser's node has refreshed from the store when it answers
// (docs/api.md: versions guard every action).
func TestNodesConcurrentActionsOnOneMatch(t *testing.T) {
	nodes := newNodes(t, 2, nodeConfig{botDelay: -1})
	m := nodes[0].create(map[string]any{"game": "toy", "seed": 4, "options": map[string]string{"rounds": "9"}})
	version := 1
	for round := range 9 {
		for seat := range 2 {
			tok := m.Seats[seat].Token
			// Both nodes hold the match at this version.
			for _, n := range nodes {
				if s := n.snapshot(m.ID, tok); s.Version != version {
					t.Fatalf("round %d seat %d: a node is at version %d, want %d", round, seat, s.Version, version)
				}
			}
			codes := make([]int, 2)
			var wg sync.WaitGroup
			for i, n := range nodes {
				wg.Go(func() {
					codes[i], _ = n.do("POST", "/api/matches/"+m.ID+"/actions", tok,
						map[string]any{"version": version, "action": []string{"pick 1", "pick 2"}[i]})
				})
			}
			wg.Wait()
			ok, conflict := 0, 0
			for _, c := range codes {
				switch c {
				case http.StatusOK:
					ok++
				case http.StatusConflict:
					conflict++
				}
			}
			if ok != 1 || conflict != 1 {
				t.Fatalf("round %d seat %d: answers %v, want one 200 and one 409", round, seat, codes)
			}
			moves, err := nodes[0].store.Moves(t.Context(), m.ID)
			if err != nil {
				t.Fatal(err)
			}
			version = len(moves)
			// The 409 came after the loser's node reloaded, so both
			// serve the stored version now, without waiting.
			for i, n := range nodes {
				if s := n.snapshot(m.ID, tok); s.Version != version {
					t.Fatalf("round %d seat %d: node %d at version %d after the race, the store at %d", round, seat, i, s.Version, version)
				}
			}
		}
	}
	if s := nodes[1].snapshot(m.ID, ""); !s.Finished || s.Version != 1+9*3 {
		t.Fatalf("after nine rounds: finished %v at version %d, want finished at %d", s.Finished, s.Version, 1+9*3)
	}
}

// A client that saw a version on one node acts on another node that has
// not heard of it yet: that node reads the store before judging the action
// instead of calling it "from the future". Node B here runs on the store
// without its Watcher, so it surely has not heard.
func TestNodesActOnANodeThatIsBehind(t *testing.T) {
	nodes := newNodes(t, 1, nodeConfig{botDelay: -1})
	a := nodes[0]
	b := newEnv(t, deaf{a.store})
	m := a.create(map[string]any{"game": "toy", "seed": 5})
	tokA, tokB := m.Seats[0].Token, m.Seats[1].Token
	if s := b.snapshot(m.ID, tokB); s.Version != 1 {
		t.Fatalf("node B loaded version %d, want 1", s.Version)
	}
	a.act(m.ID, tokA, map[string]any{"version": 1, "action": "pick 3"}, http.StatusOK)
	var s clientSnapshot
	mustUnmarshal(t, b.act(m.ID, tokB, map[string]any{"version": 2, "action": "pick 1"}, http.StatusOK), &s)
	if s.Version != 4 {
		t.Fatalf("after B's pick on node B: version %d, want 4 (both picks and the die)", s.Version)
	}
	// An action on a version the store has not reached is still refused.
	data := b.act(m.ID, tokB, map[string]any{"version": 9, "action": "pick 1"}, http.StatusConflict)
	if !strings.Contains(apiErr(t, data).Msg, "future") {
		t.Fatalf("an action on version 9 of a match at 4: %s", data)
	}
}

// deaf is a store with only the methods of store.Store: a server on it
// hears nothing of other nodes and takes no leases.
type deaf struct{ store.Store }

// The bots of a match are played by one node at a time, the one holding
// the match's lease; when that node shuts down, another takes the match
// over and plays it to the end (docs/deploy.md).
func TestNodesBotLeaseAndTakeover(t *testing.T) {
	nodes := newNodes(t, 2, nodeConfig{botDelay: 30 * time.Millisecond, leaseTTL: 600 * time.Millisecond})
	a, b := nodes[0], nodes[1]
	m := a.create(map[string]any{"game": "tinybob", "seed": 7, "seats": []map[string]string{{"kind": "bot", "bot": "random"}}})
	// Node B follows the match too, as a spectator's node would.
	spec := b.dial(m.ID, "")
	first := readUntil(t, spec, 0)

	leased := func(n *env) bool {
		n.srv.mu.Lock()
		h := n.srv.hubs[m.ID]
		n.srv.mu.Unlock()
		return h != nil && h.leased.Load()
	}
	if !leased(a) || leased(b) {
		t.Fatalf("after creation on node A: lease on A %v, on B %v; want A only", leased(a), leased(b))
	}
	// Node B sees the bot's moves; it never holds the lease while A runs.
	later := readUntil(t, spec, first.Version+2)
	if leased(b) {
		t.Fatal("node B holds the lease while node A plays")
	}
	if later.Finished {
		t.Fatalf("the match ended at version %d before node A could be stopped; pick a longer seed", later.Version)
	}
	a.close()
	// Node A is gone: only node B can move the match on past what the
	// store holds now.
	rec, err := b.store.Get(t.Context(), m.ID)
	if err != nil {
		t.Fatal(err)
	}
	at := rec.Version
	s := readUntil(t, spec, at+2)
	if !s.Finished && !leased(b) {
		t.Fatalf("node B moved the match on to version %d without holding its lease", s.Version)
	}
	moves, err := b.store.Moves(t.Context(), m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) < s.Version {
		t.Fatalf("store holds %d moves, node B showed version %d", len(moves), s.Version)
	}
}

// The load test drives several nodes from outside, as scramble loadtest
// --url A --url B does: every match ends and no action is refused.
func TestNodesLoadTestAgainstTwoNodes(t *testing.T) {
	nodes := newNodes(t, 2, nodeConfig{botDelay: -1})
	rep, err := LoadTest(t.Context(), LoadConfig{
		URLs: []string{nodes[0].ts.URL, nodes[1].ts.URL + "/"}, Matches: 6, Total: 12,
		Duration: maxLoadDuration, Ramp: time.Millisecond, Seed: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", rep)
	if rep.Started != 12 || rep.Finished != 12 || rep.Errors != 0 || rep.Actions == 0 {
		t.Fatalf("12 matches on two nodes: started %d, finished %d, %d actions, %d errors (first: %s)", rep.Started, rep.Finished, rep.Actions, rep.Errors, rep.FirstError)
	}
	for i, n := range nodes {
		live, err := n.store.List(t.Context(), store.ListQuery{Finished: true})
		if err != nil || len(live) != 12 {
			t.Fatalf("node %d lists %d finished matches (%v), want 12", i, len(live), err)
		}
	}
}

// A match whose lease this node holds but whose hub was dropped (a reload
// that failed) is loaded again by the lease keeper, and its bots play on
// without anyone opening it: no other node would adopt it while the lease
// is renewed.
func TestNodesLeasedMatchReloadedByItself(t *testing.T) {
	n := newNodes(t, 1, nodeConfig{botDelay: 20 * time.Millisecond, leaseTTL: 300 * time.Millisecond})[0]
	m := n.create(map[string]any{"game": "tinybob", "seed": 8, "seats": []map[string]string{{"kind": "bot", "bot": "random"}}})
	n.srv.mu.Lock()
	h := n.srv.hubs[m.ID]
	n.srv.mu.Unlock()
	h.mu.Lock()
	h.loaded.Store(false) // as a failed reload leaves it; its bots stop
	h.mu.Unlock()
	rec, err := n.store.Get(t.Context(), m.ID)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(eventually)
	for {
		now, err := n.store.Get(t.Context(), m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if now.Version > rec.Version+1 || now.Result != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the dropped match stayed at version %d", now.Version)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !h.leased.Load() {
		t.Fatal("the node gave up the lease of a live match it plays")
	}
}

// TestNodesCrossNodeLatency measures how long a move made on node A takes
// to reach a spectator's WebSocket on node B, run only with SCRAMBLE_LOAD=1
// (docs/perf.md, "Several nodes on one Postgres"):
//
//	SCRAMBLE_LOAD=1 go test ./server -run TestNodesCrossNodeLatency -v
//
// It plays 200 actions one after another, each on A over HTTP, and times
// from sending it to B's snapshot of the new version. It asserts nothing
// about time; it reports the quantiles.
func TestNodesCrossNodeLatency(t *testing.T) {
	if os.Getenv("SCRAMBLE_LOAD") != "1" {
		t.Skip("a measurement: set SCRAMBLE_LOAD=1 to run it")
	}
	nodes := newNodes(t, 2, nodeConfig{botDelay: -1})
	a, b := nodes[0], nodes[1]
	var local, remote []time.Duration
	for seed := 1; len(remote) < 200; seed++ {
		m := a.create(map[string]any{"game": "tinybob", "seed": seed})
		tok := m.Seats[0].Token
		spec := b.dial(m.ID, "")
		s := readUntil(t, spec, 0)
		for !s.Finished && len(remote) < 200 {
			cur := a.snapshot(m.ID, tok)
			if len(cur.Legal) == 0 {
				t.Fatalf("match %s at version %d: no legal action", m.ID, cur.Version)
			}
			start := time.Now()
			var acked clientSnapshot
			mustUnmarshal(t, a.act(m.ID, tok, map[string]any{"version": cur.Version, "id": cur.Legal[0].ID}, http.StatusOK), &acked)
			local = append(local, time.Since(start))
			s = readUntil(t, spec, acked.Version)
			remote = append(remote, time.Since(start))
		}
	}
	q := func(ds []time.Duration, p float64) time.Duration {
		ds = slices.Clone(ds)
		slices.Sort(ds)
		return ds[min(len(ds)-1, int(p*float64(len(ds))))]
	}
	t.Logf("%d actions: acknowledged on A p50 %s p99 %s; seen on B p50 %s p99 %s max %s",
		len(remote), q(local, .5), q(local, .99), q(remote, .5), q(remote, .99), q(remote, 1))
}

// After the watch (re)connects it reports the zero Change, since notices
// sent meanwhile are lost: the node then checks every match it holds
// against the store and brings its subscribers up to date. Node B runs on
// the store without its Watcher, so only the call made here tells it.
func TestNodesResyncAfterTheWatchReconnects(t *testing.T) {
	a := newNodes(t, 1, nodeConfig{botDelay: -1})[0]
	b := newEnv(t, deaf{a.store})
	m := a.create(map[string]any{"game": "toy", "seed": 6})
	spec := b.dial(m.ID, "")
	readUntil(t, spec, 1)
	a.act(m.ID, m.Seats[0].Token, map[string]any{"version": 1, "action": "pick 2"}, http.StatusOK)
	b.srv.heard(store.Change{})
	if s := readUntil(t, spec, 2); s.Version != 2 {
		t.Fatalf("node B's spectator at version %d after the resync, want 2", s.Version)
	}
}
