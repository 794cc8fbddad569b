package server

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"scramble/bot"
	"scramble/engine"
	"scramble/store"
)

// newClockEnv starts a server on st with an injected clock, no clock sweep
// of its own and notifications to local receivers.
func newClockEnv(t *testing.T, st store.Store, fc *fakeClock) *env {
	t.Helper()
	srv, err := New(Config{
		Games: testGames(), Store: st, NewBot: bot.New, BotDelay: -1,
		Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil)),
		Notify: NotifyConfig{AllowPrivate: true, Poll: 20 * time.Millisecond},
		Clock:  ClockConfig{Now: fc.Now, Tick: -1},
	})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, srv: srv, ts: httptest.NewServer(srv.Handler()), store: st}
	t.Cleanup(e.close)
	return e
}

// TestClockLoseOnTime: under the policy "the seat loses" (issue 36 §2), a
// seat whose clock runs out loses the match on time: the match ends with a
// recorded result (B won, cause "lost on time"), both seats are notified,
// nobody can act, the stand-in does not play on, the match is listed as
// finished, and the replay and a restarted server show the same result.
func TestClockLoseOnTime(t *testing.T) {
	bothStores(t, func(t *testing.T, st store.Store) {
		fc := &fakeClock{now: t0}
		e := newClockEnv(t, st, fc)
		rcv := newHookReceiver(t)
		m := e.create(map[string]any{"game": "toy", "seed": 2, "clock": "15 min + 30 s a move", "on_timeout": "lose",
			"seats": []map[string]string{{"kind": "person", "standin": "random"}, {"kind": "person"}}})
		a, b := m.Seats[0].Token, m.Seats[1].Token
		for _, tok := range []string{a, b} {
			if code, data := e.do("PUT", "/api/matches/"+m.ID+"/notify", tok, map[string]string{"webhook": rcv.URL}); code != http.StatusOK {
				t.Fatalf("register: %d %s", code, data)
			}
		}
		fc.set(t0.Add(time.Minute))
		pick(e, m.ID, b, 2)
		v := e.snapshot(m.ID, b).Version

		fc.set(t0.Add(15*time.Minute - time.Second))
		e.srv.sweepClocks(t.Context())
		if s := e.snapshot(m.ID, a); s.Finished {
			t.Fatal("the match ended a second before A's deadline")
		}
		if n := rcv.next(t); n.Kind != store.NoteClock || n.Seat != 0 { // 2 minutes before
			t.Fatalf("warning %+v", n)
		}
		fc.set(t0.Add(15 * time.Minute))
		e.srv.sweepClocks(t.Context())
		check := func(e *env, when string) {
			t.Helper()
			s := e.snapshot(m.ID, a)
			r := s.Result
			if !s.Finished || s.Current != engine.Terminal || r == nil || r.Cause != CauseLostOnTime || r.Winner != "B" ||
				len(r.Returns) != 2 || r.Returns[0] != 0 || r.Returns[1] != 1 {
				t.Fatalf("%s: finished %v, current %v, result %+v; want B won, A lost on time", when, s.Finished, s.Current, r)
			}
			if len(s.Legal) != 0 || s.Version != v || s.Seats[0].Kind != "person" || s.Seats[0].Standin {
				t.Errorf("%s: legal %v, version %d (want %d), seat 0 %+v: nobody may play on", when, s.Legal, s.Version, v, s.Seats[0])
			}
		}
		check(e, "after the deadline")
		got := map[int]string{}
		for range 2 {
			n := rcv.next(t)
			if n.Kind != store.NoteEnd {
				t.Fatalf("notification %+v, want the end", n)
			}
			got[n.Seat] = n.Text
		}
		for seat := range 2 {
			if !strings.Contains(got[seat], "A ran out of time") {
				t.Errorf("seat %d's end notification: %q", seat, got[seat])
			}
		}
		code, data := e.do("POST", "/api/matches/"+m.ID+"/actions", a, map[string]any{"version": v, "id": 1})
		if code != http.StatusConflict {
			t.Errorf("acting after losing on time: %d %s", code, data)
		}
		if code, data := e.do("POST", "/api/matches/"+m.ID+"/leave", a, "{}"); code != http.StatusConflict {
			t.Errorf("leaving a finished match: %d %s", code, data)
		}
		time.Sleep(50 * time.Millisecond) // a stand-in, wrongly started, would have moved by now
		check(e, "a moment later")

		list, err := st.List(t.Context(), store.ListQuery{Finished: true})
		if err != nil || len(list) != 1 || list[0].Result == nil || list[0].Result.Cause != CauseLostOnTime {
			t.Errorf("finished list: %+v, %v", list, err)
		}
		code, data = e.do("GET", "/api/matches/"+m.ID+"/replay", "", nil)
		var rf struct {
			engine.SaveFile
			Ended *engine.Result `json:"ended"`
		}
		if code != http.StatusOK {
			t.Fatalf("replay: %d %s", code, data)
		}
		mustUnmarshal(t, data, &rf)
		if rf.Ended == nil || rf.Ended.Cause != CauseLostOnTime || rf.Result != nil {
			t.Errorf("replay file: result %+v, ended %+v; want only ended", rf.Result, rf.Ended)
		}
		if _, err := rf.SaveFile.Load(testGames()); err != nil {
			t.Errorf("the replay's save file does not load: %v", err)
		}
		code, data = e.do("GET", "/api/matches/"+m.ID+"/replay/"+strconv.Itoa(v), "", nil)
		var last clientSnapshot
		mustUnmarshal(t, data, &last)
		if code != http.StatusOK || last.Result == nil || last.Result.Cause != CauseLostOnTime {
			t.Errorf("the replay's last step: %d %s", code, data)
		}
		mustUnmarshal(t, func() []byte { _, d := e.do("GET", "/api/matches/"+m.ID+"/replay/1", "", nil); return d }(), &last)
		if last.Result != nil || last.Finished {
			t.Errorf("the replay's step 1 shows the end: %+v", last.Result)
		}
		e.close()
		check(newClockEnv(t, st, fc), "after a restart")
	})
}

// TestTimeoutResult: the sides of the seats out lose, the others win; with
// every side out, nobody wins.
func TestTimeoutResult(t *testing.T) {
	seats := []seatRecord{{Side: "A"}, {Side: "B"}, {Side: "A"}, {Side: "C"}}
	r := timeoutResult(seats, []int{2})
	if b, _ := json.Marshal(r.Returns); string(b) != "[0,1,0,1]" || r.Winner != "B and C" {
		t.Errorf("A out: %+v", r)
	}
	r = timeoutResult(seats[:2], []int{0, 1})
	if r.Winner != "" || r.Returns[0] != 0 || r.Returns[1] != 0 {
		t.Errorf("both out: %+v", r)
	}
}
