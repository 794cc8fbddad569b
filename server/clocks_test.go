package server

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"scramble/bot"
	"scramble/store"
)

// fakeClock is an injected clock that moves only when told.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// clockSnapshot is the part of a snapshot the clock tests read.
type clockSnapshot struct {
	Version int `json:"version"`
	Seats   []struct {
		Kind    string `json:"kind"`
		Standin bool   `json:"standin"`
		Clock   *struct {
			LeftMS   int64      `json:"left_ms"`
			Deadline *time.Time `json:"deadline"`
		} `json:"clock"`
	} `json:"seats"`
	Legal []struct {
		ID int `json:"id"`
	} `json:"legal"`
}

// TestClockRunsOutToTheStandin: a toy match on the live preset "15 min + 30
// s a move": both seats' clocks run while both are to choose; B chooses at
// once, A does not; at 13 minutes A is warned by webhook; at 15 minutes A's
// stand-in takes the seat and plays on. Time is an injected clock and the
// sweep is called by the test: nothing sleeps on the wall clock's account.
func TestClockRunsOutToTheStandin(t *testing.T) {
	st := openSQLite(t, tempDB(t))
	fc := &fakeClock{now: t0}
	rcv := newHookReceiver(t)
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

	code, data := e.do("POST", "/api/matches", "", map[string]any{"game": "toy", "clock": "nope"})
	if code != http.StatusBadRequest || !strings.Contains(string(data), "preset") {
		t.Errorf("an unknown clock: %d %s", code, data)
	}
	m := e.create(map[string]any{"game": "toy", "seed": 2, "clock": "15 min + 30 s a move",
		"seats": []map[string]string{{"kind": "person", "standin": "random"}, {"kind": "person"}}})
	a, b := m.Seats[0].Token, m.Seats[1].Token
	if code, data := e.do("PUT", "/api/matches/"+m.ID+"/notify", a, map[string]string{"webhook": rcv.URL}); code != http.StatusOK {
		t.Fatalf("register: %d %s", code, data)
	}
	var s clockSnapshot
	mustUnmarshal(t, func() []byte { _, d := e.do("GET", "/api/matches/"+m.ID, a, nil); return d }(), &s)
	for i, seat := range s.Seats {
		if seat.Clock == nil || seat.Clock.Deadline == nil || !seat.Clock.Deadline.Equal(t0.Add(15*time.Minute)) {
			t.Fatalf("seat %d's clock at the start: %+v; want 15 min to a deadline", i, seat.Clock)
		}
	}
	fc.set(t0.Add(time.Minute))
	pick(e, m.ID, b, 2)
	_, data = e.do("GET", "/api/matches/"+m.ID, b, nil)
	s = clockSnapshot{}
	mustUnmarshal(t, data, &s)
	if c := s.Seats[1].Clock; c.Deadline != nil || c.LeftMS != (14*time.Minute+30*time.Second).Milliseconds() {
		t.Errorf("B's clock after choosing in a minute: %+v; want stopped at 14:30", c)
	}

	fc.set(t0.Add(12 * time.Minute))
	srv.sweepClocks(t.Context())
	fc.set(t0.Add(13*time.Minute + time.Second))
	srv.sweepClocks(t.Context())
	if got := rcv.next(t); got.Kind != store.NoteClock || got.Seat != 0 || !strings.Contains(got.Text, "runs out in 2m") {
		t.Errorf("warning %+v", got)
	}
	fc.set(t0.Add(15 * time.Minute))
	srv.sweepClocks(t.Context())
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, data = e.do("GET", "/api/matches/"+m.ID, b, nil)
		s = clockSnapshot{}
		mustUnmarshal(t, data, &s)
		if s.Seats[0].Standin && len(s.Legal) > 0 {
			break // A's stand-in chose: round 2, B to choose
		}
		if time.Now().After(deadline) {
			t.Fatalf("A's stand-in did not play after A's time ran out: %s", data)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if c := s.Seats[0].Clock; c.Deadline != nil {
		t.Errorf("A's clock still runs with its stand-in in the seat: %+v", c)
	}
}

// TestClockSurvivesRestart: the deadline is stored, not a timer: a server
// started after the deadline (the first one closed) hands the seat over.
func TestClockSurvivesRestart(t *testing.T) {
	path := tempDB(t)
	fc := &fakeClock{now: t0}
	start := func() *env {
		st := openSQLite(t, path)
		srv, err := New(Config{Games: testGames(), Store: st, NewBot: bot.New, BotDelay: -1,
			Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil)), Clock: ClockConfig{Now: fc.Now, Tick: -1}})
		if err != nil {
			t.Fatal(err)
		}
		e := &env{t: t, srv: srv, ts: httptest.NewServer(srv.Handler()), store: st}
		t.Cleanup(e.close)
		return e
	}
	e := start()
	m := e.create(map[string]any{"game": "toy", "seed": 2, "clock": "15 min + 30 s a move",
		"seats": []map[string]string{{"kind": "person", "standin": "random"}, {"kind": "person"}}})
	pick(e, m.ID, m.Seats[1].Token, 1)
	e.close()
	e.store.Close()

	fc.set(t0.Add(time.Hour))
	e2 := start()
	e2.srv.sweepClocks(t.Context())
	deadline := time.Now().Add(10 * time.Second)
	for !e2.snapshot(m.ID, "").Seats[0].Standin || e2.snapshot(m.ID, "").Version < 4 {
		if time.Now().After(deadline) {
			t.Fatal("after the restart the seat out of time was not handed to its stand-in")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
