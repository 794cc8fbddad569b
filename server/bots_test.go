package server

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"scramble/engine"
)

// TestBotVsBot lets bots play every seat: the matches finish on their own.
func TestBotVsBot(t *testing.T) {
	e := newEnv(t, newMemStore())
	for _, c := range []struct {
		game string
		bots []string
	}{
		{"tinybob", []string{"random"}},
		{"tinybob", []string{"greedy"}},
		{"toy", []string{"random", "mcts:iterations=50"}},
	} {
		seats := make([]map[string]string, len(c.bots))
		for i, b := range c.bots {
			seats[i] = map[string]string{"kind": "bot", "bot": b}
		}
		m := e.create(map[string]any{"game": c.game, "seed": 11, "seats": seats})
		for i, s := range m.Seats {
			if s.Token != "" || s.Link != "" || s.Bot != c.bots[i] {
				t.Fatalf("bot seat %d: %+v", i, s)
			}
		}
		s := e.waitFinished(m.ID, 30*time.Second)
		if s.Result == nil || len(s.Legal) != 0 || s.Current != engine.Terminal {
			t.Fatalf("%s %v: finished snapshot %+v", c.game, c.bots, s)
		}
		rec, err := e.store.Get(t.Context(), m.ID)
		if err != nil || rec.Result == nil || rec.Version != s.Version {
			t.Fatalf("%s %v: stored %+v %v", c.game, c.bots, rec, err)
		}
	}
}

// TestPersonVsBot has a person pick against a bot in the toy: the bot picks
// after the person, and the watcher sees every step.
func TestPersonVsBot(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "toy", "seed": 4, "seats": []map[string]string{{"kind": "person"}, {"kind": "bot", "bot": "random"}}})
	c := e.dial(m.ID, m.Seats[0].Token)
	// Wait for the bot's pick (at a simultaneous node every move changes
	// the version, so acting beside it could be stale), then pick.
	botPicked := func(msg clientMessage) bool {
		return msg.Snapshot != nil && len(msg.Snapshot.Legal) > 0 && toyViewOf(t, *msg.Snapshot).Chosen[1]
	}
	msg, _ := readMessage(t, c)
	for !botPicked(msg) {
		msg, _ = readMessage(t, c)
	}
	for round := 0; round < 3; round++ {
		s := msg.Snapshot
		sendMessage(t, c, map[string]any{"type": "act", "version": s.Version, "action": "pick 2"})
		for {
			msg, _ = readMessage(t, c)
			if msg.Type != "snapshot" {
				t.Fatalf("round %d: %+v", round, msg)
			}
			v := toyViewOf(t, *msg.Snapshot)
			if msg.Snapshot.Finished || (v.Round == round+1 && botPicked(msg)) {
				break
			}
		}
	}
	if !msg.Snapshot.Finished {
		t.Fatalf("after three rounds: %+v", msg.Snapshot)
	}
}

// TestBotMovesAreDeterministic checks that a bot match replays identically:
// the dice come from the match seed and the bots draw from sub-streams of it.
func TestBotMovesAreDeterministic(t *testing.T) {
	var runs [2][]engine.Move
	for i := range runs {
		e := newEnv(t, newMemStore())
		m := e.create(map[string]any{"game": "tinybob", "seed": 21, "seats": []map[string]string{{"kind": "bot", "bot": "random"}}})
		e.waitFinished(m.ID, 30*time.Second)
		runs[i], _ = e.store.Moves(t.Context(), m.ID)
	}
	if !sameMoves(runs[0], runs[1]) {
		t.Fatalf("two runs differ:\n%v\n%v", runs[0], runs[1])
	}
}

// TestReplay checks both replay endpoints on a finished match.
func TestReplay(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "toy", "seed": 8, "public": true, "seats": []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}})
	final := e.waitFinished(m.ID, 30*time.Second)

	code, data := e.do("GET", "/api/matches/"+m.ID+"/replay", "", nil)
	if code != http.StatusOK {
		t.Fatalf("replay: %d %s", code, data)
	}
	var f engine.SaveFile
	mustUnmarshal(t, data, &f)
	if len(f.Moves) != final.Version || f.Result == nil {
		t.Fatalf("save file: %d moves, result %v; want %d moves", len(f.Moves), f.Result, final.Version)
	}
	if _, err := engine.LoadMatch(data, testGames()); err != nil {
		t.Fatalf("the save file does not load: %v", err)
	}

	for step := 0; step <= final.Version; step++ {
		code, data := e.do("GET", "/api/matches/"+m.ID+"/replay/"+strconv.Itoa(step), "", nil)
		if code != http.StatusOK {
			t.Fatalf("step %d: %d %s", step, code, data)
		}
		var s clientSnapshot
		mustUnmarshal(t, data, &s)
		if s.Version != step || s.Seat != engine.Spectator || len(s.Legal) != 0 {
			t.Fatalf("step %d: %+v", step, s)
		}
		if s.Finished != (step == final.Version) {
			t.Fatalf("step %d: finished %v", step, s.Finished)
		}
	}
	code, _ = e.do("GET", "/api/matches/"+m.ID+"/replay/"+strconv.Itoa(final.Version+1), "", nil)
	if code != http.StatusNotFound {
		t.Fatalf("step past the end: %d", code)
	}

	_, data = e.do("GET", "/api/matches?status=finished", "", nil)
	var list matchPage
	mustUnmarshal(t, data, &list)
	if len(list.Matches) != 1 {
		t.Fatalf("finished list: %s", data)
	}
}

// TestCloseStopsBots checks that Close returns while bots are waiting.
func TestCloseStopsBots(t *testing.T) {
	e := newEnvDelay(t, newMemStore(), time.Hour)
	e.create(map[string]any{"game": "tinybob", "seats": []map[string]string{{"kind": "bot", "bot": "random"}}})
	done := make(chan struct{})
	go func() {
		e.close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not stop the bots")
	}
}

func sameMoves(a, b []engine.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Seat != b[i].Seat || a[i].Text != b[i].Text {
			return false
		}
	}
	return true
}
