package server

import (
	"net/http"
	"strings"
	"testing"

	"scramble/store"
)

// TestRematchSwapped: once a toy match has ended, seat 0 asks for a rematch
// with swapped seats: a new match of the same game and options, seat 0's
// stand-in goes with its person to seat 1, and seat 1 (registered) is sent
// its new link, which opens seat 0 of the new match.
func TestRematchSwapped(t *testing.T) {
	rcv := newHookReceiver(t)
	e := newNotifyEnv(t, openSQLite(t, tempDB(t)), NotifyConfig{})
	m := e.create(map[string]any{"game": "toy", "seed": 1, "options": map[string]string{"rounds": "1"},
		"seats": []map[string]string{{"kind": "person", "standin": "random"}, {"kind": "person"}}})
	a, b := m.Seats[0].Token, m.Seats[1].Token
	if code, data := e.do("POST", "/api/matches/"+m.ID+"/rematch", a, map[string]bool{"swap": true}); code != http.StatusConflict {
		t.Errorf("a rematch before the end: %d %s", code, data)
	}
	if code, data := e.do("PUT", "/api/matches/"+m.ID+"/notify", b, map[string]string{"webhook": rcv.URL}); code != http.StatusOK {
		t.Fatalf("register: %d %s", code, data)
	}
	pick(e, m.ID, a, 1)
	pick(e, m.ID, b, 1)
	if !e.snapshot(m.ID, "").Finished {
		t.Fatal("the one-round match did not end")
	}
	rcv.next(t) // B's "ended"
	if code, _ := e.do("POST", "/api/matches/"+m.ID+"/rematch", m.Spectator.Token, map[string]bool{}); code != http.StatusForbidden {
		t.Errorf("a spectator's rematch: %d, want 403", code)
	}
	code, data := e.do("POST", "/api/matches/"+m.ID+"/rematch", a, map[string]bool{"swap": true})
	if code != http.StatusCreated {
		t.Fatalf("rematch: %d %s", code, data)
	}
	var re rematchAnswer
	mustUnmarshal(t, data, &re)
	if re.ID == m.ID || re.You != 1 || len(re.Seats) != 2 || re.Seats[1].Bot != "random" {
		t.Errorf("rematch answer %s", data)
	}
	got := rcv.next(t)
	if got.Kind != store.NoteRematch || got.Seat != 1 || !strings.Contains(got.Text, re.Seats[0].Link) {
		t.Errorf("B's rematch notification %+v; want the link of seat 0 of %s", got, re.ID)
	}
	s := e.snapshot(re.ID, re.Seats[0].Token)
	if s.Game != "toy" || s.Seat != 0 || s.Finished {
		t.Errorf("the rematch as B sees it: %+v", s)
	}
}
