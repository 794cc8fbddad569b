package server

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"scramble/bot"
	"scramble/notify"
	"scramble/store"
	"scramble/store/postgres"
	"scramble/store/postgres/pgtest"
)

// hookReceiver is a webhook endpoint that keeps the bodies it receives.
type hookReceiver struct {
	*httptest.Server
	mu     sync.Mutex
	bodies []notify.Body
	got    chan notify.Body
}

func newHookReceiver(t *testing.T) *hookReceiver {
	r := &hookReceiver{got: make(chan notify.Body, 100)}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		data, _ := io.ReadAll(req.Body)
		var b notify.Body
		if err := json.Unmarshal(data, &b); err != nil {
			t.Errorf("webhook body %s: %v", data, err)
		}
		r.mu.Lock()
		r.bodies = append(r.bodies, b)
		r.mu.Unlock()
		r.got <- b
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.Close)
	return r
}

// next waits for the next notification.
func (r *hookReceiver) next(t *testing.T) notify.Body {
	t.Helper()
	select {
	case b := <-r.got:
		return b
	case <-time.After(10 * time.Second):
		t.Fatal("no notification arrived within 10 s")
		return notify.Body{}
	}
}

// newNotifyEnv starts a server on st whose notifications may reach local
// receivers, polled often.
func newNotifyEnv(t *testing.T, st store.Store, cfg NotifyConfig) *env {
	t.Helper()
	cfg.AllowPrivate = true
	if cfg.Poll == 0 {
		cfg.Poll = 20 * time.Millisecond
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = "http://scramble.test/"
	}
	srv, err := New(Config{
		Games: testGames(), Store: st, NewBot: bot.New, BotDelay: -1,
		Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil)), Notify: cfg,
	})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, srv: srv, ts: httptest.NewServer(srv.Handler()), store: st}
	t.Cleanup(e.close)
	return e
}

// bothStores runs f on a new SQLite store and, with SCRAMBLE_TEST_POSTGRES,
// a new Postgres one.
func bothStores(t *testing.T, f func(t *testing.T, st store.Store)) {
	t.Run("sqlite", func(t *testing.T) { f(t, openSQLite(t, tempDB(t))) })
	t.Run("postgres", func(t *testing.T) {
		st, err := postgres.Open(t.Context(), pgtest.Fresh(t, pgtest.URL(t)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		f(t, st)
	})
}

// pick plays a toy pick for the seat of tok.
func pick(e *env, id, tok string, n int) {
	e.t.Helper()
	s := e.snapshot(id, tok)
	e.act(id, tok, map[string]any{"version": s.Version, "id": n}, http.StatusOK)
}

func pendingNotes(t *testing.T, st store.Store) int {
	t.Helper()
	n, err := st.(store.Outbox).Pending(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestNotifyTurnAndEnd: a seat registered by its token is told by webhook
// when it becomes its turn and when the match ends, but not while its
// WebSocket is open.
func TestNotifyTurnAndEnd(t *testing.T) {
	bothStores(t, func(t *testing.T, st store.Store) {
		rcv := newHookReceiver(t)
		e := newNotifyEnv(t, st, NotifyConfig{})
		m := e.create(map[string]any{"game": "toy", "seed": 3, "options": map[string]string{"rounds": "3"}})
		a, b := m.Seats[0].Token, m.Seats[1].Token
		code, data := e.do("PUT", "/api/matches/"+m.ID+"/notify", b, map[string]string{"webhook": rcv.URL + "/hook"})
		if code != http.StatusOK {
			t.Fatalf("register: %d %s", code, data)
		}
		code, data = e.do("GET", "/api/matches/"+m.ID+"/notify", b, nil)
		var sub store.Subscription
		mustUnmarshal(t, data, &sub)
		if code != http.StatusOK || sub.Webhook != rcv.URL+"/hook" || sub.Preset != "json" {
			t.Fatalf("registration read back: %d %s", code, data)
		}

		// B chooses, then A ends round 1: in round 2 B is to choose again, and
		// is told (a seat is not told of the turn its own move gave it).
		pick(e, m.ID, b, 1)
		pick(e, m.ID, a, 1)
		got := rcv.next(t)
		if got.Match != m.ID || got.Seat != 1 || got.Kind != store.NoteTurn || !strings.Contains(got.Text, "http://scramble.test/m/"+m.ID) {
			t.Errorf("turn notification %+v", got)
		}

		// The receiver has the body before the deliverer records it.
		for deadline := time.Now().Add(5 * time.Second); pendingNotes(t, st) != 0 && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
		}

		// With B's WebSocket open, round 3 queues nothing.
		c := e.dial(m.ID, b)
		readMessage(t, c)
		pick(e, m.ID, b, 2)
		pick(e, m.ID, a, 2)
		if n := pendingNotes(t, st); n != 0 {
			t.Errorf("%d notifications queued for a connected seat", n)
		}
		c.CloseNow()
		waitGone(t, e, m.ID)

		pick(e, m.ID, b, 3)
		pick(e, m.ID, a, 3)
		got = rcv.next(t)
		if got.Kind != store.NoteEnd || got.Seat != 1 {
			t.Errorf("end notification %+v", got)
		}
		select {
		case extra := <-rcv.got:
			t.Errorf("an extra notification %+v", extra)
		case <-time.After(100 * time.Millisecond):
		}
	})
}

// waitGone waits until the match's hub has no WebSocket left.
func waitGone(t *testing.T, e *env, id string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		e.srv.mu.Lock()
		h := e.srv.hubs[id]
		e.srv.mu.Unlock()
		h.mu.Lock()
		n := len(h.subs)
		h.mu.Unlock()
		if n == 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the WebSocket stayed subscribed")
}

// TestNotifyRegistrationChecks: registrations are per seat, checked, and
// removable.
func TestNotifyRegistrationChecks(t *testing.T) {
	st := openSQLite(t, tempDB(t))
	srv, err := New(Config{Games: testGames(), Store: st, BotDelay: -1, Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, srv: srv, ts: httptest.NewServer(srv.Handler()), store: st}
	t.Cleanup(e.close)
	m := e.create(map[string]any{"game": "toy"})
	path := "/api/matches/" + m.ID + "/notify"
	tok := m.Seats[0].Token
	for _, c := range []struct {
		token string
		body  any
		code  int
		says  string
	}{
		{"", map[string]string{"webhook": "https://example.org/h"}, http.StatusForbidden, "spectators"},
		{m.Spectator.Token, map[string]string{"webhook": "https://example.org/h"}, http.StatusForbidden, "spectators"},
		{tok, map[string]string{"webhook": "http://127.0.0.1:9/h"}, http.StatusBadRequest, "private"},
		{tok, map[string]string{"webhook": "ftp://example.org/h"}, http.StatusBadRequest, "https://"},
		{tok, map[string]string{"webhook": "https://example.org/h", "preset": "teams"}, http.StatusBadRequest, "discord"},
		{tok, map[string]string{"email": "a@example.org"}, http.StatusBadRequest, "mail server"},
		{tok, map[string]string{"webhook": "https://discord.com/api/webhooks/1/x", "preset": "discord"}, http.StatusOK, ""},
	} {
		code, data := e.do("PUT", path, c.token, c.body)
		if code != c.code || !strings.Contains(string(data), c.says) {
			t.Errorf("PUT %v with %q: %d %s; want %d saying %q", c.body, c.token, code, data, c.code, c.says)
		}
	}
	// The other seat has none; removing leaves none.
	_, data := e.do("GET", path, m.Seats[1].Token, nil)
	if strings.Contains(string(data), "discord") {
		t.Errorf("seat 1 sees seat 0's registration: %s", data)
	}
	if code, data := e.do("DELETE", path, tok, nil); code != http.StatusNoContent {
		t.Errorf("DELETE: %d %s", code, data)
	}
	if _, data := e.do("GET", path, tok, nil); strings.TrimSpace(string(data)) != "{}" {
		t.Errorf("after DELETE: %s", data)
	}
}
