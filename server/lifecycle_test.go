package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"scramble/store"
	"scramble/web"
)

// TestEvictAndReload drops an idle hub and checks the match comes back from
// the store on next use, as after a restart.
func TestEvictAndReload(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "toy", "seed": 3})
	e.act(m.ID, m.Seats[0].Token, map[string]any{"version": 1, "action": "pick 1"}, http.StatusOK)
	before := e.snapshot(m.ID, m.Seats[0].Token)

	// A hub with a WebSocket stays; once it is gone, the hub is dropped.
	c := e.dial(m.ID, "")
	readMessage(t, c)
	e.srv.evictIdle(time.Now().Add(time.Hour))
	if e.hubCount() != 1 {
		t.Fatal("a watched hub was dropped")
	}
	c.CloseNow()
	deadline := time.Now().Add(5 * time.Second)
	for e.hubCount() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the idle hub was not dropped")
		}
		e.srv.evictIdle(time.Now().Add(time.Hour))
		time.Sleep(time.Millisecond)
	}

	after := e.snapshot(m.ID, m.Seats[0].Token)
	if after.Version != before.Version || after.Board != before.Board {
		t.Fatalf("reloaded: %+v, want %+v", after, before)
	}
	e.act(m.ID, m.Seats[1].Token, map[string]any{"version": after.Version, "action": "pick 2"}, http.StatusOK)
}

func (e *env) hubCount() int {
	e.srv.mu.Lock()
	defer e.srv.mu.Unlock()
	return len(e.srv.hubs)
}

// TestRun serves on a loopback port, answers, and stops when its context
// is cancelled.
func TestRun(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	urls := make(chan string, 1)
	done := make(chan error, 1)
	ui := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "the UI") })
	go func() {
		done <- Run(ctx, "127.0.0.1:0", Config{Games: testGames(), Store: newMemStore(), UI: ui}, func(u string) { urls <- u })
	}()
	var u string
	select {
	case u = <-urls:
	case err := <-done:
		t.Fatal(err)
	}
	if !strings.HasPrefix(u, "http://127.0.0.1:") {
		t.Fatalf("url %q", u)
	}
	for path, want := range map[string]string{"/api/games": `"tinybob"`, "/": "the UI", "/api/nothing": `"error"`} {
		resp, err := http.Get(u + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(body), want) {
			t.Fatalf("GET %s: %s", path, body)
		}
	}
	resp, err := http.Post(u+"/api/games", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET" || !strings.Contains(string(body), `"error"`) {
		t.Fatalf("POST /api/games: %d %q %s", resp.StatusCode, resp.Header.Get("Allow"), body)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop")
	}
	if err := Run(t.Context(), "256.0.0.1:0", Config{Games: testGames(), Store: newMemStore()}, nil); err == nil || !strings.Contains(err.Error(), "cannot listen") {
		t.Fatalf("a bad address: %v", err)
	}
}

// TestCreateWithoutSetupDice has the store refuse the setup dice of a new
// match: the creation fails, and whoever opens the stored match rolls them.
func TestCreateWithoutSetupDice(t *testing.T) {
	st := newMemStore()
	e := newEnv(t, st)
	st.setFail(errors.New("disk full"))
	code, data := e.do("POST", "/api/matches", "", map[string]any{"game": "toy", "seed": 6})
	if code != http.StatusServiceUnavailable {
		t.Fatalf("create with a failing store: %d %s", code, data)
	}
	st.setFail(nil)
	list, _ := st.List(t.Context(), store.ListQuery{Limit: 10})
	if len(list) != 1 || list[0].Version != 0 {
		t.Fatalf("stored: %+v", list)
	}
	s := e.snapshot(list[0].ID, "")
	if s.Version != 1 || s.Current != -2 {
		t.Fatalf("opened: version %d current %d", s.Version, s.Current)
	}
	if rec, _ := st.Get(t.Context(), list[0].ID); rec.Version != 1 {
		t.Fatalf("the setup die was not stored: version %d", rec.Version)
	}
}

// TestTwoServersOneStore has two servers share a store: the one whose memory
// is behind gets a conflict from the store, answers 409 and catches up.
func TestTwoServersOneStore(t *testing.T) {
	st := newMemStore()
	a, b := newEnv(t, st), newEnv(t, st)
	m := a.create(map[string]any{"game": "toy", "seed": 12})
	tok := m.Seats[0].Token
	if s := b.snapshot(m.ID, tok); s.Version != 1 {
		t.Fatalf("b sees version %d", s.Version)
	}
	a.act(m.ID, tok, map[string]any{"version": 1, "action": "pick 1"}, http.StatusOK)
	b.act(m.ID, m.Seats[1].Token, map[string]any{"version": 1, "action": "pick 2"}, http.StatusConflict)
	if s := b.snapshot(m.ID, tok); s.Version != 2 || toyViewOf(t, s).Picks[0] != 1 {
		t.Fatalf("b after the conflict: %+v", s)
	}
	b.act(m.ID, m.Seats[1].Token, map[string]any{"version": 2, "action": "pick 2"}, http.StatusOK)
}

// TestWebUIMounted serves the real browser UI beside the API.
func TestWebUIMounted(t *testing.T) {
	srv, err := New(Config{Hosts: testHosts, Games: testGames(), Store: newMemStore(), UI: web.Handler()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for path, want := range map[string]string{"/": "text/html", "/m/abc": "text/html", "/api/games": "application/json", "/api/nope": "application/json"} {
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, want) {
			t.Fatalf("GET %s: %d %s", path, rec.Code, ct)
		}
	}
}
