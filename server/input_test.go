package server

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"scramble/engine"
)

// TestIllegalActionQuotesAPrefix sends long action texts: an error quotes
// only a short prefix of them, never the whole text (issue 7 §1).
func TestIllegalActionQuotesAPrefix(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "tinybob", "seed": 3})
	s := e.snapshot(m.ID, "")
	tok := m.Seats[0].Token
	for _, n := range []int{300, maxActionText + 1, 60 << 10} {
		text := "attack " + strings.Repeat("z", n)
		code, data := e.do("POST", "/api/matches/"+m.ID+"/actions", tok, map[string]any{"version": s.Version, "action": text})
		if code != http.StatusUnprocessableEntity && code != http.StatusBadRequest {
			t.Fatalf("%d bytes: got %d %s", n, code, data)
		}
		msg := apiErr(t, data).Msg
		if len(msg) > 300 || strings.Contains(msg, strings.Repeat("z", quotedPrefix)) {
			t.Fatalf("%d bytes: the error echoes the text (%d bytes): %s", n, len(msg), msg)
		}
		if len(text) > maxActionText && !strings.Contains(msg, `"attack zz`) {
			t.Fatalf("%d bytes: the error does not quote the text's start: %s", n, msg)
		}
	}
	if got := e.snapshot(m.ID, ""); got.Version != s.Version {
		t.Fatalf("refused actions changed the match: version %d, want %d", got.Version, s.Version)
	}
}

func TestQuotePrefix(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"short", `"short"`},
		{strings.Repeat("a", quotedPrefix), `"` + strings.Repeat("a", quotedPrefix) + `"`},
		{strings.Repeat("a", quotedPrefix+1), `"` + strings.Repeat("a", quotedPrefix) + `"…`},
		// A character cut in two is left out whole.
		{strings.Repeat("a", quotedPrefix-1) + "é!", `"` + strings.Repeat("a", quotedPrefix-1) + `"…`},
	} {
		if got := quotePrefix(c.in); got != c.want {
			t.Errorf("quotePrefix(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestFutureVersion: a version ahead of the match is not called stale but
// gets its own message, over HTTP and WebSocket (issue 7 §2).
func TestFutureVersion(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "tinybob", "seed": 3})
	s := e.snapshot(m.ID, "")
	data := e.act(m.ID, m.Seats[0].Token, map[string]any{"version": s.Version + 5, "id": 0}, http.StatusConflict)
	msg := apiErr(t, data).Msg
	if strings.Contains(msg, "stale") || !strings.Contains(msg, "future") || !strings.Contains(msg, fmt.Sprint(s.Version)) {
		t.Fatalf("future version: %s", msg)
	}
	c := e.dial(m.ID, m.Seats[0].Token)
	readMessage(t, c)
	sendMessage(t, c, map[string]any{"type": "act", "version": s.Version + 1, "id": 0})
	if ws, _ := readMessage(t, c); ws.Type != "error" || strings.Contains(ws.Error, "stale") || !strings.Contains(ws.Error, "future") {
		t.Fatalf("future version over WebSocket: %+v", ws)
	}
}

// TestWebSocketErrorsNameTheMessage: a malformed WebSocket message is
// called a message, not a request body (issue 7 §2).
func TestWebSocketErrorsNameTheMessage(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "tinybob", "seed": 3})
	c := e.dial(m.ID, m.Seats[0].Token)
	readMessage(t, c)
	for _, bad := range []any{"not an object", map[string]any{"type": "act", "colour": "red"}} {
		sendMessage(t, c, bad)
		msg, _ := readMessage(t, c)
		if msg.Type != "error" || strings.Contains(msg.Error, "request body") || !strings.Contains(msg.Error, "WebSocket message") {
			t.Fatalf("%v: %+v", bad, msg)
		}
	}
}

// TestSlowBodyIsCut: a client that sends its headers, then trickles its body,
// is cut off by the read timeout instead of holding the connection (issue 7
// §1). The timeout is short here; the wait is for the server to act, not a
// budget.
func TestSlowBodyIsCut(t *testing.T) {
	_, addr := serveTimeouts(t, Timeouts{Read: 200 * time.Millisecond, ReadHeader: 100 * time.Millisecond})
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
	// Keep trickling until the server hangs up: it must, long before the
	// body is complete.
	closed := make(chan struct{})
	go func() {
		defer close(closed)
		rd := bufio.NewReader(conn)
		for {
			if _, err := rd.ReadByte(); err != nil {
				return
			}
		}
	}()
	for i := 0; ; i++ {
		select {
		case <-closed:
			return
		case <-time.After(20 * time.Millisecond):
		}
		if _, err := conn.Write([]byte(" ")); err != nil {
			return
		}
		if i > 100000 {
			t.Fatal("the server kept a slow body's connection open")
		}
	}
}

func TestTimeoutDefaults(t *testing.T) {
	hs := httpServer(http.NotFoundHandler(), Timeouts{Write: time.Second})
	d := DefaultTimeouts()
	if hs.ReadHeaderTimeout != d.ReadHeader || hs.ReadTimeout != d.Read || hs.IdleTimeout != d.Idle || hs.WriteTimeout != time.Second {
		t.Fatalf("http.Server timeouts: %+v", hs)
	}
	if hs.ReadTimeout <= 0 || hs.WriteTimeout <= 0 || hs.MaxHeaderBytes <= 0 {
		t.Fatal("a timeout or header limit is unset")
	}
}

// TestIllegalTextShortensEcho: a game's parse error that repeats the text,
// quoted or bare, repeats only its prefix once the server has passed it on.
func TestIllegalTextShortensEcho(t *testing.T) {
	text := strings.Repeat("x", 200)
	for _, reason := range []string{fmt.Sprintf("cannot read %q: no such action", text), "cannot read " + text} {
		ae := illegalText(&engine.IllegalError{Rule: "TB-1", Reason: reason}, text)
		if strings.Contains(ae.Msg, text[:quotedPrefix+1]) || !strings.Contains(ae.Msg, "…") || ae.Rule != "TB-1" || ae.Status != http.StatusUnprocessableEntity {
			t.Errorf("%.30s…: %+v", reason, ae)
		}
	}
}

// TestWebSocketOutlivesRequestTimeouts: the http.Server's read and write
// timeouts are for requests; a WebSocket, which outlives its upgrade request,
// clears them and keeps its own, so it still works after they have passed.
func TestWebSocketOutlivesRequestTimeouts(t *testing.T) {
	srv, addr := serveTimeouts(t, Timeouts{Read: 50 * time.Millisecond, Write: 50 * time.Millisecond})
	m, err := srv.createMatch(t.Context(), &createRequest{Game: "tinybob", Seed: ptr(uint64(3))})
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := websocket.Dial(t.Context(), "ws://"+addr+"/api/matches/"+m.ID+"/ws?token="+m.Seats[0].Token, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	first, _ := readMessage(t, c)
	time.Sleep(200 * time.Millisecond) // past both timeouts
	sendMessage(t, c, map[string]any{"type": "act", "version": first.Snapshot.Version, "id": first.Snapshot.Legal[0].ID})
	if msg, raw := readMessage(t, c); msg.Type != "snapshot" || msg.Snapshot.Version <= first.Snapshot.Version {
		t.Fatalf("an action after the request timeouts: %s", raw)
	}
}

// TestLongCreateInputsAreNotEchoed: a match creation whose game, option,
// seat kind or bot is thousands of bytes long is refused with an error that
// quotes only a prefix of it (issue 7 §1, as for action text).
func TestLongCreateInputsAreNotEchoed(t *testing.T) {
	e := newEnv(t, newMemStore())
	long := strings.Repeat("q", 5000)
	for name, body := range map[string]string{
		"game":          `{"game":"` + long + `"}`,
		"option value":  `{"game":"tinybob","options":{"aces":"` + long + `"}}`,
		"option name":   `{"game":"tinybob","options":{"` + long + `":"1"}}`,
		"seat kind":     `{"game":"tinybob","seats":[{"kind":"` + long + `"}]}`,
		"person's bot":  `{"game":"tinybob","seats":[{"kind":"person","bot":"` + long + `"}]}`,
		"bot spec":      `{"game":"tinybob","seats":[{"kind":"bot","bot":"` + long + `"}]}`,
		"bot's setting": `{"game":"tinybob","seats":[{"kind":"bot","bot":"mcts:c=` + long + `"}]}`,
	} {
		code, data := e.do("POST", "/api/matches", "", body)
		msg := apiErr(t, data).Msg
		if code != http.StatusBadRequest || len(msg) > 300 || strings.Contains(msg, long[:quotedPrefix+1]) {
			t.Errorf("%s: %d, a %d-byte error: %.120s", name, code, len(msg), msg)
		}
	}
}

// serveTimeouts serves a new server on a loopback port through the real
// http.Server with the timeouts t, until the test ends; it returns the
// server and its address.
func serveTimeouts(t *testing.T, to Timeouts) (*Server, string) {
	t.Helper()
	srv, err := New(Config{Hosts: testHosts, Games: testGames(), Store: newMemStore(), Logger: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, l, httpServer(srv.Handler(), to), srv.Close) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return srv, l.Addr().String()
}
