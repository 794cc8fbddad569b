package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// hintsOf reads the hint policy a seat's snapshot shows.
func hintsOf(t *testing.T, e *env, id, token string) string {
	t.Helper()
	code, data := e.do("GET", "/api/matches/"+id, token, nil)
	if code != http.StatusOK {
		t.Fatalf("snapshot: %d %s", code, data)
	}
	var s struct {
		Hints string `json:"hints"`
	}
	mustUnmarshal(t, data, &s)
	return s.Hints
}

// A match between people of two sides created with "hints allowed" keeps
// the choice in the store, shows it to every seat and spectator, and gives
// each seat its hints; the same match without it refuses them with the
// reason and shows "off"; a solo match shows "open" (issue 35 §4).
func TestHintsAllowedOption(t *testing.T) {
	path := tempDB(t)
	e := newEnv(t, openSQLite(t, path))
	off := e.create(map[string]any{"game": "toy", "seed": 1})
	on := e.create(map[string]any{"game": "toy", "seed": 1, "hints": true})
	solo := e.create(map[string]any{"game": "tinybob", "seed": 3})
	e.close()

	// A new server on the same file: the choice came from the store.
	e = newEnv(t, openSQLite(t, path))
	for _, c := range []struct {
		m    createdMatch
		want string
	}{{off, "off"}, {on, "allowed"}, {solo, "open"}} {
		for _, tok := range []string{c.m.Seats[0].Token, c.m.Spectator.Token} {
			if got := hintsOf(t, e, c.m.ID, tok); got != c.want {
				t.Errorf("match %s shows hints %q, want %q", c.m.ID, got, c.want)
			}
		}
	}
	if len(on.Seats) > 1 {
		if got := hintsOf(t, e, on.ID, on.Seats[1].Token); got != "allowed" {
			t.Errorf("the second seat sees hints %q, want allowed", got)
		}
	}

	code, data := e.do("GET", "/api/matches/"+off.ID+"/hint", off.Seats[0].Token, nil)
	if code != http.StatusForbidden || !strings.Contains(string(data), `created without \"hints allowed\"`) {
		t.Errorf("without the option: %d %s", code, data)
	}
	// With it, whichever seat is to move gets its hint; the other is told
	// it has no decision, never refused for the match.
	for i, seat := range on.Seats {
		code, data := e.do("GET", "/api/matches/"+on.ID+"/hint", seat.Token, nil)
		if code != http.StatusOK && (code != http.StatusConflict || !strings.Contains(string(data), "no decision")) {
			t.Errorf("seat %d with hints allowed: %d %s", i, code, data)
		}
	}
	// The option never reaches the game, which would refuse it.
	if code, data := e.do("POST", "/api/matches", "", map[string]any{"game": "toy", "options": map[string]string{"hints": "true"}}); code != http.StatusBadRequest || !strings.Contains(string(data), "unknown option") {
		t.Errorf("hints as a game option: %d %s", code, data)
	}
}

// A hint thinks in one of the server's bot workers: with every worker busy
// it waits, and a caller who gives up is told so, the search never started
// outside the pool (issue 35 §4; the search's own bound is tested in
// package hint).
func TestHintWaitsForABotWorker(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "tinybob", "seed": 3})
	s := e.srv
	for range cap(s.slots) {
		s.slots <- struct{}{}
	}
	defer func() {
		for range cap(s.slots) {
			s.slots.release()
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequest("GET", e.ts.URL+"/api/matches/"+m.ID+"/hint", nil).WithContext(ctx)
	req.Header.Set("Authorization", "Bearer "+m.Seats[0].Token)
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "before a bot worker was free") {
		t.Errorf("every worker busy: %d %s", rec.Code, rec.Body)
	}
}
