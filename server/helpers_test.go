package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/catalog"
	"scramble/games/tinybob"
	"scramble/store"
	"scramble/store/sqlite"
)

// testGames is the catalog the tests serve: the real tinybob and the toy.
func testGames() *catalog.Catalog { return catalog.Of(tinybob.New(), toyGame{}) }

// env is a server under test behind httptest.
type env struct {
	t     *testing.T
	srv   *Server
	ts    *httptest.Server
	store store.Store
}

// newEnv starts a server on st with no bot delay.
func newEnv(t *testing.T, st store.Store) *env {
	t.Helper()
	return newEnvDelay(t, st, -1)
}

// newEnvDelay starts a server on st with the given bot delay.
func newEnvDelay(t *testing.T, st store.Store, delay time.Duration) *env {
	t.Helper()
	srv, err := New(Config{Hosts: testHosts,
		Games: testGames(), Store: st, NewBot: bot.New, BotDelay: delay,
		Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, srv: srv, ts: httptest.NewServer(srv.Handler()), store: st}
	t.Cleanup(e.close)
	return e
}

// close stops the server; it is safe to call twice.
func (e *env) close() {
	e.ts.Close()
	e.srv.Close()
}

// testWriter sends the server's log to the test's log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// openSQLite opens (or reopens) a SQLite store at path, closed at the end of
// the test.
func openSQLite(t testing.TB, path string) store.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// tempDB is a SQLite file path in the test's temporary folder.
func tempDB(t testing.TB) string { return filepath.Join(t.TempDir(), "scramble.db") }

// do sends a request with an optional bearer token and JSON body (a string
// is sent as it is) and returns the status and body.
func (e *env) do(method, path, token string, body any) (int, []byte) {
	e.t.Helper()
	resp := e.request(method, path, token, body)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return resp.StatusCode, data
}

// request sends a request and returns the response.
func (e *env) request(method, path, token string, body any) *http.Response {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, e.ts.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := e.ts.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	return resp
}

// create makes a match and returns the answer.
func (e *env) create(body any) createdMatch {
	e.t.Helper()
	code, data := e.do("POST", "/api/matches", "", body)
	if code != http.StatusCreated {
		e.t.Fatalf("create: %d %s", code, data)
	}
	var out createdMatch
	mustUnmarshal(e.t, data, &out)
	return out
}

// snapshot gets the match as token's seat sees it.
func (e *env) snapshot(id, token string) clientSnapshot {
	e.t.Helper()
	code, data := e.do("GET", "/api/matches/"+id, token, nil)
	if code != http.StatusOK {
		e.t.Fatalf("snapshot: %d %s", code, data)
	}
	var s clientSnapshot
	mustUnmarshal(e.t, data, &s)
	return s
}

// act plays an action and expects status want; it returns the body.
func (e *env) act(id, token string, body any, want int) []byte {
	e.t.Helper()
	code, data := e.do("POST", "/api/matches/"+id+"/actions", token, body)
	if code != want {
		e.t.Fatalf("act %v: got %d %s, want %d", body, code, data, want)
	}
	return data
}

// waitFinished polls until the match is over.
func (e *env) waitFinished(id string, within time.Duration) clientSnapshot {
	e.t.Helper()
	deadline := time.Now().Add(within)
	for {
		s := e.snapshot(id, "")
		if s.Finished {
			return s
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("match %s not finished after %s; at version %d", id, within, s.Version)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// dial opens the match's WebSocket with an optional token in the query.
func (e *env) dial(id, token string) *websocket.Conn {
	e.t.Helper()
	u := "ws" + strings.TrimPrefix(e.ts.URL, "http") + "/api/matches/" + id + "/ws"
	if token != "" {
		u += "?token=" + token
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	c.SetReadLimit(1 << 20)
	e.t.Cleanup(func() { c.CloseNow() })
	return c
}

// read reads one WebSocket message.
func readMessage(t *testing.T, c *websocket.Conn) (clientMessage, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, data, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var m clientMessage
	mustUnmarshal(t, data, &m)
	return m, data
}

// send writes one WebSocket message.
func sendMessage(t *testing.T, c *websocket.Conn, v any) {
	t.Helper()
	data, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.Write(ctx, websocket.MessageText, data); err != nil {
		t.Fatal(err)
	}
}

func mustUnmarshal(t testing.TB, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%v in %s", err, data)
	}
}

// apiErr reads an error body.
func apiErr(t *testing.T, data []byte) apiError {
	t.Helper()
	var e apiError
	mustUnmarshal(t, data, &e)
	if e.Msg == "" {
		t.Fatalf("error body has no message: %s", data)
	}
	return e
}

// toyView decodes the toy's view from a snapshot.
func toyViewOf(t *testing.T, s clientSnapshot) toyView {
	t.Helper()
	var v toyView
	mustUnmarshal(t, s.View, &v)
	return v
}

// seatOf is a shorthand for a seat number.
func seatOf(n int) engine.Seat { return engine.Seat(n) }

// ptr returns a pointer to v.
func ptr[T any](v T) *T { return &v }

// clientSnapshot is a Snapshot as a client reads it.
type clientSnapshot struct {
	ID       string          `json:"id"`
	Game     string          `json:"game"`
	Version  int             `json:"version"`
	Seat     engine.Seat     `json:"seat"`
	Seats    []SeatState     `json:"seats"`
	Current  engine.Seat     `json:"current"`
	View     json.RawMessage `json:"view"`
	Board    string          `json:"board"`
	Legal    []LegalAction   `json:"legal"`
	Events   []engine.Event  `json:"events"`
	Result   *engine.Result  `json:"result"`
	Finished bool            `json:"finished"`
}

// clientMessage is a WebSocket message as a client reads it.
type clientMessage struct {
	Type     string          `json:"type"`
	Snapshot *clientSnapshot `json:"snapshot"`
	Message  *chatMessage    `json:"message"`
	Error    string          `json:"error"`
	Rule     string          `json:"rule"`
}

// testHosts are the host names the tests' servers answer to besides the
// loopback ones: httptest.NewRequest's default Host, example.com.
var testHosts = []string{"example.com"}
