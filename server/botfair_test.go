package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"scramble/engine"
)

// gateBot records that it was asked to move (its spec names its match),
// then waits for the test to let it answer.
type gateBot struct {
	name    string
	entered chan<- string
	proceed <-chan struct{}
}

func (b gateBot) Name() string { return b.name }

func (b gateBot) Choose(d *engine.Decision) engine.Action {
	b.entered <- b.name
	select {
	case <-b.proceed:
	case <-time.After(time.Minute): // a failed test's bots end
	}
	return d.Legal()[0]
}

// fairEnv is a server with one bot worker whose bots are gateBots, and a
// way to create matches from a given client address.
type fairEnv struct {
	t       *testing.T
	srv     *Server
	entered chan string
	proceed chan struct{}
}

func newFairEnv(t *testing.T, limits BotLimits) *fairEnv {
	f := &fairEnv{t: t, entered: make(chan string, 100), proceed: make(chan struct{})}
	srv, err := New(Config{Hosts: testHosts, Games: testGames(), Store: newMemStore(), BotDelay: -1, BotWorkers: 1,
		Logger: quietLog(), BotLimits: limits,
		NewBot: func(spec string) (engine.Bot, error) {
			return gateBot{name: spec, entered: f.entered, proceed: f.proceed}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	f.srv = srv
	t.Cleanup(func() {
		close(f.proceed) // every bot answers at once
		srv.Close()
	})
	return f
}

// create makes a toy match from the client address addr with the given
// seats ("" a person, else a bot's spec) and returns the status and body.
func (f *fairEnv) create(addr string, seats ...string) (int, string) {
	var b strings.Builder
	b.WriteString(`{"game":"toy","seats":[`)
	for i, s := range seats {
		if i > 0 {
			b.WriteString(",")
		}
		if s == "" {
			b.WriteString(`{"kind":"person"}`)
		} else {
			b.WriteString(`{"kind":"bot","bot":"` + s + `"}`)
		}
	}
	b.WriteString("]}")
	r := httptest.NewRequest("POST", "/api/matches", strings.NewReader(b.String()))
	r.Header.Set("Content-Type", "application/json")
	r.RemoteAddr = addr + ":5000"
	w := httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(w, r)
	return w.Code, w.Body.String()
}

func (f *fairEnv) mustCreate(addr string, seats ...string) {
	f.t.Helper()
	if code, body := f.create(addr, seats...); code != http.StatusCreated {
		f.t.Fatalf("create from %s: %d %s", addr, code, body)
	}
}

// waitQueued waits until people matches and botOnly matches wait for the
// worker.
func (f *fairEnv) waitQueued(people, botOnly int) {
	f.t.Helper()
	for range 5000 {
		if p, b := f.srv.botq.waiting(); p == people && b == botOnly {
			return
		}
		time.Sleep(time.Millisecond)
	}
	p, b := f.srv.botq.waiting()
	f.t.Fatalf("queued: %d with people, %d bots only; want %d and %d", p, b, people, botOnly)
}

// next lets the bot that is thinking answer and returns the one that
// thinks next.
func (f *fairEnv) next() string {
	f.t.Helper()
	f.proceed <- struct{}{}
	select {
	case name := <-f.entered:
		return name
	case <-time.After(30 * time.Second):
		f.t.Fatal("no bot was given the worker")
		return ""
	}
}

// TestBotWorkersFair reproduces issue 33's starved person: one address's
// bot-only matches fill the queue for the one bot worker, then another
// person's match needs a bot move. The person's bot is served next, before
// every bot-only match that asked earlier, and the bot-only matches then
// take turns by address (a second address's match before the first's
// second one), not in the order they asked.
func TestBotWorkersFair(t *testing.T) {
	f := newFairEnv(t, BotLimits{})
	f.mustCreate("10.0.0.1", "gate:x1", "gate:x1")
	if got := <-f.entered; got != "gate:x1" {
		t.Fatalf("first bot: %s", got)
	}
	// Each waits in turn, so the order they asked in is known.
	f.mustCreate("10.0.0.1", "gate:x2", "gate:x2")
	f.waitQueued(0, 1)
	f.mustCreate("10.0.0.1", "gate:x3", "gate:x3")
	f.waitQueued(0, 2)
	f.mustCreate("10.0.0.2", "gate:y1", "gate:y1")
	f.waitQueued(0, 3)
	f.mustCreate("10.0.0.3", "", "gate:person") // a person and a bot
	f.waitQueued(1, 3)
	var order []string
	for range 4 {
		order = append(order, f.next())
	}
	want := []string{"gate:person", "gate:x2", "gate:y1", "gate:x3"}
	if strings.Join(order, " ") != strings.Join(want, " ") {
		t.Fatalf("the worker went to %v; want %v", order, want)
	}
}

// TestBotOnlyMatchesBounded: one address may have BotOnlyMatches matches of
// bots only playing; one more is refused with 429 and a message that says
// why, while another address, and a match with a person, are served.
func TestBotOnlyMatchesBounded(t *testing.T) {
	f := newFairEnv(t, BotLimits{BotOnlyMatches: 2})
	f.mustCreate("10.0.0.1", "gate:a", "gate:a")
	f.mustCreate("10.0.0.1", "gate:b", "gate:b")
	code, body := f.create("10.0.0.1", "gate:c", "gate:c")
	if code != http.StatusTooManyRequests || !strings.Contains(body, "bots only") || !strings.Contains(body, "--bot-only-matches") {
		t.Fatalf("a third bot-only match: %d %s; want 429 naming the limit", code, body)
	}
	f.mustCreate("10.0.0.2", "gate:d", "gate:d")
	f.mustCreate("10.0.0.1", "", "gate:e")
}
