package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"scramble/store"
)

// TestMatchStartedNotification: when the last open seat of a match is
// taken, every other registered person's seat is told that the match has
// begun (issue 36 §1), once: a seat opened again, or an earlier seat taken,
// sends nothing.
func TestMatchStartedNotification(t *testing.T) {
	bothStores(t, func(t *testing.T, st store.Store) {
		e := newNotifyEnv(t, st, NotifyConfig{})
		rcv := newHookReceiver(t)
		m := e.create(map[string]any{"game": "toy", "seed": 3, "options": map[string]string{"team": "1"},
			"seats": []map[string]string{{"kind": "person"}, {"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}}})
		claim := func(seat int) {
			t.Helper()
			code, data := e.do("POST", "/api/matches/"+m.ID+"/claim", "", map[string]any{"seat": seat, "token": m.Seats[seat].Token})
			if code != http.StatusOK {
				t.Fatalf("claim seat %d: %d %s", seat, code, data)
			}
		}
		for _, seat := range []int{0, 1} {
			if code, data := e.do("PUT", "/api/matches/"+m.ID+"/notify", m.Seats[seat].Token, map[string]string{"webhook": rcv.URL}); code != http.StatusOK {
				t.Fatalf("register: %d %s", code, data)
			}
		}
		claim(0)
		claim(1)
		claim(0)
		if n := pendingNotes(t, st); n != 0 {
			t.Fatalf("%d notifications queued with seat 2 still open", n)
		}
		claim(2) // the last open seat: the match begins
		got := map[int]string{}
		for range 2 {
			n := rcv.next(t)
			if n.Kind != store.NoteStart {
				t.Fatalf("notification %+v, want the start", n)
			}
			got[n.Seat] = n.Text
		}
		if !strings.Contains(got[0], "has begun") || !strings.Contains(got[1], "has begun") {
			t.Errorf("start notifications %v", got)
		}
		claim(2)
		claim(1)
		select {
		case n := <-rcv.got:
			t.Errorf("a second start notification: %+v", n)
		case <-time.After(100 * time.Millisecond):
		}
	})
}

// TestStandinSeatToldOfTheEnd: a person who left their seat to its
// stand-in is not told of its turns, but is told that the match ended.
func TestStandinSeatToldOfTheEnd(t *testing.T) {
	e := newNotifyEnv(t, openSQLite(t, tempDB(t)), NotifyConfig{})
	rcv := newHookReceiver(t)
	m := e.create(map[string]any{"game": "toy", "seed": 3, "options": map[string]string{"rounds": "2"},
		"seats": []map[string]string{{"kind": "person", "standin": "random"}, {"kind": "person"}}})
	a, b := m.Seats[0].Token, m.Seats[1].Token
	if code, data := e.do("PUT", "/api/matches/"+m.ID+"/notify", a, map[string]string{"webhook": rcv.URL}); code != http.StatusOK {
		t.Fatalf("register: %d %s", code, data)
	}
	if code, data := e.do("POST", "/api/matches/"+m.ID+"/leave", a, "{}"); code != http.StatusOK {
		t.Fatalf("leave: %d %s", code, data)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !e.snapshot(m.ID, b).Finished {
		if time.Now().After(deadline) {
			t.Fatal("the match did not end")
		}
		if s := e.snapshot(m.ID, b); len(s.Legal) > 0 {
			if code, data := e.do("POST", "/api/matches/"+m.ID+"/actions", b, map[string]any{"version": s.Version, "id": 1}); code != http.StatusOK && code != http.StatusConflict {
				t.Fatalf("B's pick: %d %s", code, data)
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	if n := rcv.next(t); n.Kind != store.NoteEnd || n.Seat != 0 {
		t.Errorf("notification %+v; want only the end, for seat 0", n)
	}
}
