package server

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// waitVersion polls until the match is past version v.
func waitVersion(t *testing.T, e *env, id string, v int) clientSnapshot {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := e.snapshot(id, "")
		if s.Version > v || s.Finished {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("match %s stayed at version %d", id, s.Version)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestLeaveAndTakeBack: a person leaves and the stand-in chosen at creation
// plays the seat on; the person cannot act meanwhile; the same link takes it
// back; after a restart the stand-in still plays; a match finished with the
// stand-in in the seat says so.
func TestLeaveAndTakeBack(t *testing.T) {
	path := tempDB(t)
	e := newEnv(t, openSQLite(t, path))
	m := e.create(map[string]any{"game": "toy", "seed": 4, "options": map[string]string{"rounds": "4"},
		"seats": []map[string]string{{"kind": "person", "standin": "random"}, {"kind": "person"}}})
	a, b := m.Seats[0].Token, m.Seats[1].Token
	leave := func(tok string, want int) []byte {
		t.Helper()
		code, data := e.do("POST", "/api/matches/"+m.ID+"/leave", tok, "{}")
		if code != want {
			t.Fatalf("leave: %d %s, want %d", code, data, want)
		}
		return data
	}
	var s clientSnapshot
	mustUnmarshal(t, leave(a, http.StatusOK), &s)
	if s.Seats[0].Kind != "bot" || !s.Seats[0].Standin || s.Seats[0].Bot != "random" {
		t.Fatalf("seat 0 after leaving: %+v", s.Seats[0])
	}
	leave(a, http.StatusConflict)                  // twice
	leave(m.Spectator.Token, http.StatusForbidden) // not a seat
	code, data := e.do("POST", "/api/matches/"+m.ID+"/actions", a, map[string]any{"version": s.Version, "id": 1})
	if code != http.StatusConflict || !strings.Contains(string(data), "take it back") {
		t.Errorf("acting on a seat the stand-in plays: %d %s", code, data)
	}
	// B picks; the stand-in picks for A: round 1 is over.
	v := s.Version
	pick(e, m.ID, b, 2)
	s = waitVersion(t, e, m.ID, v+1)
	deadline := time.Now().Add(10 * time.Second)
	for len(e.snapshot(m.ID, b).Legal) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the stand-in did not play seat 0")
		}
		time.Sleep(5 * time.Millisecond)
	}

	// Taken back with the same link: now A must pick, no bot does.
	code, data = e.do("POST", "/api/matches/"+m.ID+"/return", a, "{}")
	s = clientSnapshot{}
	mustUnmarshal(t, data, &s)
	if code != http.StatusOK || s.Seats[0].Kind != "person" || s.Seats[0].Standin {
		t.Fatalf("return: %d %s", code, data)
	}
	if len(s.Legal) == 0 {
		// The stand-in had picked for this round already: B ends it.
		pick(e, m.ID, b, 1)
	}
	time.Sleep(50 * time.Millisecond) // a bot that still played would have by now
	if s2 := e.snapshot(m.ID, a); len(s2.Legal) == 0 {
		t.Fatal("a bot played the seat after its person took it back")
	}
	pick(e, m.ID, a, 1)

	// Leave again, restart: the stand-in plays on from the store.
	leave(a, http.StatusOK)
	e.close()
	e2 := newEnv(t, openSQLite(t, path))
	for {
		s = e2.snapshot(m.ID, b)
		if s.Finished {
			break
		}
		if len(s.Legal) > 0 {
			// The stand-in may pick for A between this snapshot and B's
			// act: a stale answer then, and B looks again.
			if code, data := e2.do("POST", "/api/matches/"+m.ID+"/actions", b, map[string]any{"version": s.Version, "id": 3}); code != http.StatusOK && code != http.StatusConflict {
				t.Fatalf("B's pick: %d %s", code, data)
			}
			continue
		}
		time.Sleep(5 * time.Millisecond)
	}
	if !s.Seats[0].Standin || s.Seats[1].Standin {
		t.Errorf("the finished match's seats %+v; want seat 0 marked as played by its stand-in", s.Seats)
	}
	if code, _ := e2.do("POST", "/api/matches/"+m.ID+"/return", a, "{}"); code != http.StatusConflict {
		t.Errorf("taking a seat back after the end: %d, want 409", code)
	}
}

// TestStandinChecked: a stand-in over the server's limits is refused at
// creation.
func TestStandinChecked(t *testing.T) {
	e := newEnv(t, openSQLite(t, tempDB(t)))
	code, data := e.do("POST", "/api/matches", "", map[string]any{"game": "toy",
		"seats": []map[string]string{{"kind": "person", "standin": "mcts:iterations=999999999"}, {"kind": "person"}}})
	if code != http.StatusBadRequest || !strings.Contains(string(data), "stand-in") {
		t.Errorf("an over-limit stand-in: %d %s", code, data)
	}
}
