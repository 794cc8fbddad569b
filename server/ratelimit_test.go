package server

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"scramble/store"
)

// TestRateLimitCreations: one address may create only so many matches; the
// next is refused with 429 and a Retry-After, and changes nothing (issue 7
// §1: 500 anonymous creations all passed).
func TestRateLimitCreations(t *testing.T) {
	st := newMemStore()
	srv, err := New(Config{Hosts: testHosts, Games: testGames(), Store: st, Logger: quietLog(),
		RateLimits: RateLimits{Creations: Rate{Events: 3, Per: time.Hour}}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	create := func(addr string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/api/matches", strings.NewReader(`{"game":"tinybob"}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = addr
		w := httptest.NewRecorder()
		srv.Handler().ServeHTTP(w, req)
		return w
	}
	for i := range 3 {
		if w := create("192.0.2.1:1000"); w.Code != http.StatusCreated {
			t.Fatalf("creation %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	w := create("192.0.2.1:2000") // another port, the same client
	if w.Code != http.StatusTooManyRequests || !strings.Contains(w.Body.String(), "too many match creations") || !strings.Contains(w.Body.String(), "3 every 1h") {
		t.Fatalf("fourth creation: %d %s", w.Code, w.Body)
	}
	secs, err := strconv.Atoi(w.Header().Get("Retry-After"))
	if err != nil || secs < 1 || secs > 3600 {
		t.Fatalf("Retry-After %q", w.Header().Get("Retry-After"))
	}
	if l, _ := st.List(t.Context(), store.ListQuery{}); len(l) != 3 {
		t.Fatalf("%d matches stored, want 3", len(l))
	}
	// Another address has its own allowance.
	if w := create("192.0.2.2:1000"); w.Code != http.StatusCreated {
		t.Fatalf("another client: %d %s", w.Code, w.Body)
	}
}

// TestRateLimitRequestsAndActions: every request counts against the
// request limit, and actions, over HTTP and WebSocket, against theirs.
func TestRateLimitRequestsAndActions(t *testing.T) {
	srv, err := New(Config{Hosts: testHosts, Games: testGames(), Store: newMemStore(), Logger: quietLog(),
		RateLimits: RateLimits{Actions: Rate{Events: 2, Per: time.Hour}}})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, srv: srv, ts: httptest.NewServer(srv.Handler()), store: srv.store}
	t.Cleanup(e.close)
	m := e.create(map[string]any{"game": "tinybob", "seed": 3})
	tok := m.Seats[0].Token
	s := e.snapshot(m.ID, tok)
	e.act(m.ID, tok, map[string]any{"version": s.Version + 100, "id": 0}, http.StatusConflict) // refused, but counted
	e.act(m.ID, tok, map[string]any{"version": s.Version + 100, "id": 0}, http.StatusConflict)
	data := e.act(m.ID, tok, map[string]any{"version": s.Version, "id": s.Legal[0].ID}, http.StatusTooManyRequests)
	if !strings.Contains(apiErr(t, data).Msg, "too many actions") {
		t.Fatalf("third action: %s", data)
	}
	c := e.dial(m.ID, tok)
	readMessage(t, c)
	sendMessage(t, c, map[string]any{"type": "act", "version": s.Version, "id": s.Legal[0].ID})
	if msg, raw := readMessage(t, c); msg.Type != "error" || !strings.Contains(msg.Error, "too many actions") || !strings.Contains(string(raw), `"retry_after"`) {
		t.Fatalf("WebSocket action over the limit: %s", raw)
	}
	if got := e.snapshot(m.ID, tok); got.Version != s.Version {
		t.Fatalf("refused actions changed the match: version %d, want %d", got.Version, s.Version)
	}

	all, err := New(Config{Hosts: testHosts, Games: testGames(), Store: newMemStore(), Logger: quietLog(),
		RateLimits: RateLimits{Requests: Rate{Events: 5, Per: time.Hour}}})
	if err != nil {
		t.Fatal(err)
	}
	defer all.Close()
	codes := []int{}
	for range 6 {
		w := httptest.NewRecorder()
		all.Handler().ServeHTTP(w, httptest.NewRequest("GET", "/api/games", nil))
		codes = append(codes, w.Code)
		if w.Code == http.StatusTooManyRequests && w.Header().Get("Retry-After") == "" {
			t.Fatal("429 without Retry-After")
		}
	}
	if codes[4] != http.StatusOK || codes[5] != http.StatusTooManyRequests {
		t.Fatalf("statuses of six requests under a limit of five: %v", codes)
	}
}

func TestRateText(t *testing.T) {
	for in, want := range map[string]Rate{
		"20/1s": {20, time.Second}, "10/1m": {10, time.Minute}, "off": {}, "": {},
	} {
		var r Rate
		if err := r.UnmarshalText([]byte(in)); err != nil || r != want {
			t.Errorf("%q: %+v, %v", in, r, err)
		}
	}
	for _, bad := range []string{"20", "0/1s", "x/1s", "5/soon", "5/-1s"} {
		var r Rate
		if err := r.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("%q accepted as %+v", bad, r)
		}
	}
	for r, want := range map[Rate]string{
		{10, time.Minute}: "10/1m", {10, time.Hour}: "10/1h", {3, 90 * time.Second}: "3/1m30s", {20, time.Second}: "20/1s", {}: "off",
	} {
		if s := r.String(); s != want {
			t.Errorf("%+v.String() = %q, want %q", r, s, want)
		}
		var back Rate
		if err := back.UnmarshalText([]byte(r.String())); err != nil || back != r {
			t.Errorf("%q reads back as %+v, %v", r.String(), back, err)
		}
	}
}

func TestClientKey(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.1:80":                "192.0.2.1",
		"[2001:db8:1:2:3:4:5:6]:443":  "2001:db8:1:2::/64",
		"[2001:db8:1:2:ff:4:5:6]:443": "2001:db8:1:2::/64",
		"not an address":              "not an address",
	} {
		if got := clientKey(in); got != want {
			t.Errorf("clientKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRateLimiterForgets(t *testing.T) {
	rl := newRateLimiter(RateLimits{Requests: Rate{1, time.Hour}})
	if rl.allow(limitRequests, "192.0.2.1:1") != nil || rl.allow(limitRequests, "192.0.2.1:1") == nil {
		t.Fatal("a bucket of one allowed two or none")
	}
	rl.forget(time.Now().Add(time.Second))
	if len(rl.by) != 0 {
		t.Fatalf("%d clients remembered after forget", len(rl.by))
	}
}

// BenchmarkRateLimit is the cost the rate limiter adds to each request
// (docs/perf.md): go test ./server -run '^$' -bench RateLimit
func BenchmarkRateLimit(b *testing.B) {
	rl := newRateLimiter(RateLimits{Requests: Rate{Events: 1 << 30, Per: time.Second}})
	addrs := []string{"192.0.2.1:1", "192.0.2.2:1", "[2001:db8::1]:1", "198.51.100.7:1"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := rl.allow(limitRequests, addrs[i%len(addrs)]); err != nil {
			b.Fatal(err)
		}
	}
}
