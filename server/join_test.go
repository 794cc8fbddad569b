package server

import (
	"net/http"
	"testing"
)

// POST /api/matches/{id}/join gives an open seat of a public, live match to
// whoever asks from the lobby (issue 34 §3): a new token in the seat's
// cookie, which then acts for the seat, while the seat's first link stops
// working; a taken seat, a bot's seat and an unlisted match are refused.
func TestJoinOpenSeat(t *testing.T) {
	e := newEnv(t, newMemStore())
	defer e.close()
	pub := e.create(map[string]any{"game": "toy", "public": true,
		"seats": []map[string]string{{"kind": "person"}, {"kind": "bot", "bot": "idle"}}})
	resp := e.request("POST", "/api/matches/"+pub.ID+"/join", "", map[string]int{"seat": 0})
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("join: %d", resp.StatusCode)
	}
	var token string
	for _, c := range resp.Cookies() {
		if c.Name == cookieName(pub.ID) {
			token = c.Value
		}
	}
	if token == "" {
		t.Fatal("join set no seat cookie")
	}
	if s := e.snapshot(pub.ID, token); s.Seat != 0 {
		t.Errorf("the joined token opens seat %d, want 0", s.Seat)
	}
	if code, _ := e.do("GET", "/api/matches/"+pub.ID, pub.Seats[0].Token, nil); code != http.StatusForbidden {
		t.Errorf("the seat's first link still opens it after a join: %d", code)
	}
	for _, c := range []struct {
		id   string
		seat int
		want int
	}{
		{pub.ID, 0, http.StatusConflict}, // taken now
		{pub.ID, 1, http.StatusConflict}, // a bot's
		{pub.ID, 5, http.StatusBadRequest},
	} {
		if code, body := e.do("POST", "/api/matches/"+c.id+"/join", "", map[string]int{"seat": c.seat}); code != c.want {
			t.Errorf("join seat %d: %d %s, want %d", c.seat, code, body, c.want)
		}
	}
	private := e.create(map[string]any{"game": "toy", "seats": []map[string]string{{"kind": "person"}, {"kind": "person"}}})
	if code, _ := e.do("POST", "/api/matches/"+private.ID+"/join", "", map[string]int{"seat": 0}); code != http.StatusForbidden {
		t.Errorf("join of an unlisted match: %d, want 403", code)
	}
}
