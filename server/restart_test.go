package server

import (
	"net/http"
	"testing"
	"time"

	"scramble/engine"
)

// TestRestartPersonMatch closes the server mid-match and opens a new one on
// the same SQLite file: nothing is lost and play continues, with the same
// dice as if there had been no restart.
func TestRestartPersonMatch(t *testing.T) {
	path := tempDB(t)
	e := newEnv(t, openSQLite(t, path))
	m := e.create(map[string]any{"game": "tinybob", "seed": 17})
	tok := m.Seats[0].Token
	r := engine.NewRand(1)
	s := e.snapshot(m.ID, tok)
	for i := 0; i < 8 && !s.Finished; i++ {
		a := s.Legal[r.IntN(len(s.Legal))]
		mustUnmarshal(t, e.act(m.ID, tok, map[string]any{"version": s.Version, "id": a.ID}, http.StatusOK), &s)
	}
	before := e.snapshot(m.ID, tok)
	e.close()

	e2 := newEnv(t, openSQLite(t, path))
	after := e2.snapshot(m.ID, tok)
	if after.Version != before.Version || after.Board != before.Board || len(after.Legal) != len(before.Legal) {
		t.Fatalf("after the restart:\n%+v\nbefore:\n%+v", after, before)
	}
	s = after
	for !s.Finished {
		a := s.Legal[r.IntN(len(s.Legal))]
		mustUnmarshal(t, e2.act(m.ID, tok, map[string]any{"version": s.Version, "id": a.ID}, http.StatusOK), &s)
	}

	// The whole game replays to the same end, with the same dice as a match
	// never interrupted.
	code, data := e2.do("GET", "/api/matches/"+m.ID+"/replay", "", nil)
	if code != http.StatusOK {
		t.Fatalf("replay: %d %s", code, data)
	}
	loaded, err := engine.LoadMatch(data, testGames())
	if err != nil {
		t.Fatal(err)
	}
	g, _ := testGames().Lookup("tinybob")
	ref, err := engine.NewMatch(g, nil, 17)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range loaded.History() {
		if mv.Seat == engine.Chance {
			if _, err := ref.RollDice(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := ref.ApplyText(mv.Seat, mv.Text); err != nil {
			t.Fatal(err)
		}
	}
	if !sameMoves(ref.History(), loaded.History()) {
		t.Fatal("the dice after the restart differ from an uninterrupted match")
	}
}

// TestRestartBotMatch stops a bot-vs-bot match half-way; the new server
// resumes the bots by itself, and the match ends exactly as an uninterrupted
// one does.
func TestRestartBotMatch(t *testing.T) {
	path := tempDB(t)
	st := openSQLite(t, path)
	e := newEnvDelay(t, st, time.Millisecond)
	body := map[string]any{"game": "tinybob", "seed": 5, "seats": []map[string]string{{"kind": "bot", "bot": "random"}}}
	m := e.create(body)
	deadline := time.Now().Add(30 * time.Second)
	for e.snapshot(m.ID, "").Version < 20 {
		if time.Now().After(deadline) {
			t.Fatal("the bot does not play")
		}
		time.Sleep(time.Millisecond)
	}
	e.close()
	mid, err := st.Get(t.Context(), m.ID)
	if err != nil || mid.Result != nil {
		t.Fatalf("the match should be stopped half-way: %+v %v", mid, err)
	}

	e2 := newEnv(t, openSQLite(t, path))
	final := e2.waitFinished(m.ID, 30*time.Second)
	if final.Version <= mid.Version {
		t.Fatalf("the bots did not resume: version %d, was %d", final.Version, mid.Version)
	}
	got, _ := e2.store.Moves(t.Context(), m.ID)

	ref := newEnv(t, newMemStore())
	rm := ref.create(body)
	ref.waitFinished(rm.ID, 30*time.Second)
	want, _ := ref.store.Moves(t.Context(), rm.ID)
	if !sameMoves(got, want) {
		t.Fatalf("the restarted match (%d moves) differs from an uninterrupted one (%d moves)", len(got), len(want))
	}
}
