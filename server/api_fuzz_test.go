package server

// Fuzz targets for what clients send the server: the bodies of
// POST /api/matches, POST /api/matches/{id}/claim and
// POST /api/matches/{id}/actions, and WebSocket messages. A request is
// either served or refused with a 4xx status and a JSON error; it never
// gets a 5xx, never panics, and a refused action leaves the match at its
// version. Their seeds (testdata/fuzz and the f.Add calls) run as ordinary
// tests; .ci/fuzz runs each target for a few seconds:
//
//	go test -run '^$' -fuzz '^FuzzActionBody$' -fuzztime 30s ./server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/catalog"
)

// fuzzBots builds the bot a spec names only to check the spec; it always
// plays the idle bot, so a fuzzed "mcts:iterations=1000000000" cannot hold
// a core for the rest of the run.
func fuzzBots(spec string) (engine.Bot, error) {
	if _, err := bot.New(spec); err != nil {
		return nil, err
	}
	return bot.New("idle")
}

// fuzzEnv is a server on the in-memory store with every game of the
// catalog, called through its handler, and one Tiny Battle of Britain match
// whose seat the fuzzed requests play.
type fuzzEnv struct {
	srv     *Server
	handler http.Handler
	clients atomic.Uint32

	mu    sync.Mutex
	id    string
	token string
}

func newFuzzEnv(f *testing.F) *fuzzEnv {
	f.Helper()
	srv, err := New(Config{Hosts: testHosts,
		Games: catalog.New(), Store: newMemStore(), NewBot: fuzzBots, BotDelay: -1,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(srv.Close)
	e := &fuzzEnv{srv: srv, handler: srv.Handler()}
	if err := e.newMatch(); err != nil {
		f.Fatal(err)
	}
	return e
}

// client returns a new client address in 10.0.0.0/8 (or 127.0.0.0/8 for
// loopback). Each request of the fuzzer comes from an address of its own, so
// that a limit on the requests of one client does not answer them all with
// 429 before they reach the decoders.
func (e *fuzzEnv) client(loopback bool) net.IP {
	n := e.clients.Add(1)
	first := byte(10)
	if loopback {
		first = 127
	}
	return net.IPv4(first, byte(n>>16), byte(n>>8), byte(n))
}

// call serves one request and returns its status and body.
func (e *fuzzEnv) call(method, path, token string, body []byte) (int, []byte) {
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	req.RemoteAddr = net.JoinHostPort(e.client(false).String(), "40000")
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// newMatch creates the Tiny Battle of Britain match the fuzzed requests
// play (again, once the last one is over).
func (e *fuzzEnv) newMatch() error {
	code, body := e.call("POST", "/api/matches", "", []byte(`{"game":"tinybob","seed":7}`))
	if code != http.StatusCreated {
		return fmt.Errorf("creating the match: %d %s", code, body)
	}
	var out struct {
		ID    string `json:"id"`
		Seats []struct {
			Token string `json:"token"`
		} `json:"seats"`
	}
	if err := json.Unmarshal(body, &out); err != nil || len(out.Seats) == 0 {
		return fmt.Errorf("creating the match: the answer %s names no seat (%v)", body, err)
	}
	e.id, e.token = out.ID, out.Seats[0].Token
	return nil
}

// fuzzState is the part of a snapshot the targets read.
type fuzzState struct {
	Version  int  `json:"version"`
	Finished bool `json:"finished"`
}

// state reads the match's version, starting a new match if it is over.
func (e *fuzzEnv) state(t *testing.T) fuzzState {
	t.Helper()
	for range 2 {
		code, body := e.call("GET", "/api/matches/"+e.id, e.token, nil)
		if code != http.StatusOK {
			t.Fatalf("snapshot: %d %s", code, body)
		}
		var st fuzzState
		if err := json.Unmarshal(body, &st); err != nil {
			t.Fatalf("snapshot: %v in %s", err, body)
		}
		if !st.Finished {
			return st
		}
		if err := e.newMatch(); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("a new match is already over")
	return fuzzState{}
}

// fill replaces the placeholders a fuzzed body may hold with the match's
// current version and its seat token, so fuzzing gets past the version
// check to the game's own decoder.
func (e *fuzzEnv) fill(body []byte, version int) []byte {
	body = bytes.ReplaceAll(body, []byte("{{version}}"), []byte(strconv.Itoa(version)))
	return bytes.ReplaceAll(body, []byte("{{token}}"), []byte(e.token))
}

// fuzzCheckAnswer fails t unless the answer is a success or a 4xx with a JSON
// error message.
func fuzzCheckAnswer(t *testing.T, what string, code int, body []byte) {
	t.Helper()
	switch {
	case code >= 500:
		t.Fatalf("%s: server fault %d: %s", what, code, body)
	case code >= 400:
		var ae struct {
			Error string `json:"error"`
		}
		if err := json.Unmarshal(body, &ae); err != nil || ae.Error == "" {
			t.Fatalf("%s: refused with %d but no JSON error message: %s", what, code, body)
		}
	case code < 200 || code >= 300:
		t.Fatalf("%s: unexpected status %d: %s", what, code, body)
	}
}

// FuzzCreateMatch posts fuzzed bodies to POST /api/matches: each creates a
// match that can then be read, or is refused with a 4xx.
func FuzzCreateMatch(f *testing.F) {
	for _, s := range []string{
		`{"game":"tinybob"}`,
		`{"game":"tinybob","options":{"aces":"2","waves":"3"},"seed":11}`,
		`{"game":"boba","options":{"days":"1","length":"20"},"seats":[{"kind":"bot","bot":"greedy"}]}`,
		`{"game":"boba","options":{"luftwaffe":"seat"},"seats":[{"kind":"person"},{"kind":"bot","bot":"random"}]}`,
		`{"game":"tinybob","seats":[{"kind":"bot","bot":"mcts:iterations=1000000000"}]}`,
		`{"game":"tinybob","seats":[{"kind":"person","bot":"idle"}]}`,
		`{"game":"chess"}`,
		`{"game":"tinybob","options":{"aces":"99"}}`,
		`{"game":"tinybob","seed":-1}`,
		`{"game":"tinybob"} {"game":"boba"}`,
		`[]`, ``, `null`,
	} {
		f.Add([]byte(s))
	}
	e := newFuzzEnv(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		code, out := e.call("POST", "/api/matches", "", body)
		fuzzCheckAnswer(t, "create "+fuzzQuote(body), code, out)
		if code != http.StatusCreated {
			return
		}
		var m struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(out, &m); err != nil || m.ID == "" {
			t.Fatalf("create %s: answer %s does not name the match (%v)", fuzzQuote(body), out, err)
		}
		code, out = e.call("GET", "/api/matches/"+m.ID, "", nil)
		if code != http.StatusOK {
			t.Fatalf("the new match %s cannot be read: %d %s", m.ID, code, out)
		}
	})
}

// FuzzActionBody posts fuzzed bodies to the claim and action endpoints of
// a live match ({{version}} and {{token}} in a body stand for the match's
// version and its seat's token). A refused request leaves the match at its
// version.
func FuzzActionBody(f *testing.F) {
	for _, s := range []string{
		`{"version":{{version}},"action":"end"}`,
		`{"version":{{version}},"action":"done"}`,
		`{"version":{{version}},"action":"raise 1"}`,
		`{"version":{{version}},"action":"attack 1 1"}`,
		`{"version":{{version}},"id":0}`,
		`{"version":{{version}},"id":-1}`,
		`{"version":{{version}},"id":9223372036854775807}`,
		`{"version":{{version}},"action":"end","id":0}`,
		`{"version":-1,"action":"end"}`,
		`{"action":"end"}`,
		`{"version":{{version}},"action":"` + strings.Repeat("x", 70000) + `"}`,
		`{"version":{{version}},"action":"\u0000"}`,
	} {
		f.Add(false, []byte(s))
	}
	for _, s := range []string{`{"token":"{{token}}"}`, `{"token":"{{token}}","seat":0}`, `{"token":"{{token}}","seat":1}`, `{"token":"nope"}`, `{}`} {
		f.Add(true, []byte(s))
	}
	e := newFuzzEnv(f)
	f.Fuzz(func(t *testing.T, claim bool, body []byte) {
		e.mu.Lock()
		defer e.mu.Unlock()
		before := e.state(t)
		filled := e.fill(body, before.Version)
		path := "/api/matches/" + e.id + "/actions"
		if claim {
			path = "/api/matches/" + e.id + "/claim"
		}
		code, out := e.call("POST", path, e.token, filled)
		what := "POST " + path + " " + fuzzQuote(filled)
		fuzzCheckAnswer(t, what, code, out)
		if code >= 400 || claim {
			if after := e.state(t); after.Version != before.Version {
				t.Fatalf("%s: answered %d but the match moved from version %d to %d", what, code, before.Version, after.Version)
			}
		}
	})
}

// FuzzWSMessage sends fuzzed WebSocket messages to a live match from its
// seat ({{version}} stands for the match's version): each is played and
// answered with a new snapshot, or refused with an error message and no
// change, or (when over the size limit) closes the connection.
func FuzzWSMessage(f *testing.F) {
	for _, s := range []string{
		`{"type":"act","version":{{version}},"action":"end"}`,
		`{"type":"act","version":{{version}},"action":"done"}`,
		`{"type":"act","version":{{version}},"id":0}`,
		`{"type":"act","version":{{version}},"id":-5}`,
		`{"type":"act","version":-1,"action":"end"}`,
		`{"type":"ping"}`,
		`{"type":"act"}`,
		`{"type":"act","version":{{version}},"action":"end","extra":1}`,
		`not json`, ``,
	} {
		f.Add([]byte(s))
	}
	e := newFuzzEnv(f)
	ts := httptest.NewServer(e.handler)
	f.Cleanup(ts.Close)
	f.Fuzz(func(t *testing.T, msg []byte) {
		e.mu.Lock()
		defer e.mu.Unlock()
		before := e.state(t)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		u := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/matches/" + e.id + "/ws?token=" + e.token
		// Each connection from a loopback address of its own (see client).
		dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: e.client(true)}}
		c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{
			HTTPClient: &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}},
		})
		if err != nil {
			t.Fatalf("dial: %v", err)
		}
		defer c.CloseNow()
		c.SetReadLimit(4 << 20)
		if _, _, err := c.Read(ctx); err != nil { // the snapshot on connect
			t.Fatalf("first message: %v", err)
		}
		filled := e.fill(msg, before.Version)
		if err := c.Write(ctx, websocket.MessageText, filled); err != nil {
			t.Fatalf("write: %v", err)
		}
		_, data, err := c.Read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) == websocket.StatusMessageTooBig && len(filled) > wsReadLimit {
				return
			}
			// A text frame that is not UTF-8 is closed with 1007, and must
			// change nothing.
			if websocket.CloseStatus(err) == websocket.StatusInvalidFramePayloadData && !utf8.Valid(filled) {
				if after := e.state(t); after.Version != before.Version {
					t.Fatalf("message %s closed the socket but the match moved from version %d to %d", fuzzQuote(filled), before.Version, after.Version)
				}
				return
			}
			t.Fatalf("message %s: no answer: %v", fuzzQuote(filled), err)
		}
		var m struct {
			Type     string     `json:"type"`
			Error    string     `json:"error"`
			Snapshot *fuzzState `json:"snapshot"`
		}
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("message %s: answer is not JSON: %v in %s", fuzzQuote(filled), err, data)
		}
		after := e.state(t)
		switch {
		case m.Type == "error" && m.Error != "":
			if after.Version != before.Version {
				t.Fatalf("message %s was refused (%s) but the match moved from version %d to %d", fuzzQuote(filled), m.Error, before.Version, after.Version)
			}
		case m.Type == "snapshot" && m.Snapshot != nil:
			if m.Snapshot.Version <= before.Version {
				t.Fatalf("message %s: answered with a snapshot at version %d, not after %d", fuzzQuote(filled), m.Snapshot.Version, before.Version)
			}
		default:
			t.Fatalf("message %s: unexpected answer %s", fuzzQuote(filled), data)
		}
	})
}

// fuzzQuote quotes at most the first 80 bytes of b, for failure messages.
func fuzzQuote(b []byte) string {
	if len(b) <= 80 {
		return strconv.Quote(string(b))
	}
	return strconv.Quote(string(b[:80])) + "... (" + strconv.Itoa(len(b)) + " bytes)"
}
