package server

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"scramble/bot"
)

// TestWebSocketCaps: open WebSockets are capped per client address, per
// match and in total, and one over a cap is refused before the upgrade
// with a status and a message that says which cap; closing one frees its
// place.
func TestWebSocketCaps(t *testing.T) {
	srv, err := New(Config{Games: testGames(), Store: newMemStore(), NewBot: bot.New, BotDelay: -1,
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
		Sockets: SocketLimits{PerAddress: 2, PerMatch: 3, Total: 4}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	// The test's clients all come from 127.0.0.1: X-Test-Addr stands for
	// the address each would come from.
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a := r.Header.Get("X-Test-Addr"); a != "" {
			r.RemoteAddr = a + ":1234"
		}
		srv.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	e := &env{t: t, srv: srv, ts: ts}
	m1, m2 := teamMatch(e), teamMatch(e)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dial := func(match, addr string) (*websocket.Conn, int, string) {
		t.Helper()
		u := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/matches/" + match + "/ws"
		c, resp, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: http.Header{"X-Test-Addr": {addr}}})
		if err != nil {
			if resp == nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			return nil, resp.StatusCode, string(body)
		}
		t.Cleanup(func() { c.CloseNow() })
		if _, _, err := c.Read(ctx); err != nil { // the first snapshot
			t.Fatal(err)
		}
		return c, http.StatusSwitchingProtocols, ""
	}
	mustOpen := func(match, addr string) *websocket.Conn {
		t.Helper()
		c, code, body := dial(match, addr)
		if c == nil {
			t.Fatalf("socket from %s to %s refused: %d %s", addr, match, code, body)
		}
		return c
	}
	mustRefuse := func(match, addr string, status int, says string) {
		t.Helper()
		c, code, body := dial(match, addr)
		if c != nil || code != status || !strings.Contains(body, says) {
			t.Fatalf("socket from %s to %s: %d %s, want %d saying %q", addr, match, code, body, status, says)
		}
	}
	a1 := mustOpen(m1.ID, "10.0.0.1")
	mustOpen(m1.ID, "10.0.0.1")
	mustRefuse(m2.ID, "10.0.0.1", http.StatusTooManyRequests, "from your address")
	mustOpen(m1.ID, "10.0.0.2")
	mustRefuse(m1.ID, "10.0.0.3", http.StatusServiceUnavailable, "this match")
	mustOpen(m2.ID, "10.0.0.3")
	mustRefuse(m2.ID, "10.0.0.4", http.StatusServiceUnavailable, "this server")
	// Closing one frees its place, for its address and the rest.
	a1.CloseNow()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, code, body := dial(m2.ID, "10.0.0.4")
		if c != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a closed socket's place is not freed: %d %s", code, body)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
