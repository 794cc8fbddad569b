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
