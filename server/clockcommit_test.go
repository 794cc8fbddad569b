package server

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"scramble/store"
)

// clockSpy is a store whose separate clock writes fail once armed: a server
// that writes a move's (or a seat change's) clocks apart from it, where a
// crash between the two would lose or double-count time, is caught.
type clockSpy struct {
	store.Store
	armed atomic.Bool
}

func (s *clockSpy) Commit(ctx context.Context, id string, w store.Write) error {
	return s.Store.(store.Committer).Commit(ctx, id, w)
}

func (s *clockSpy) SetSeatKind(ctx context.Context, id string, seat int, kind store.SeatKind, bot string) error {
	return s.Store.(store.SeatSwitcher).SetSeatKind(ctx, id, seat, kind, bot)
}

func (s *clockSpy) SetClocks(ctx context.Context, id string, clocks string, next time.Time) error {
	if s.armed.Load() {
		return errors.New("clocks written apart from the change that moved them")
	}
	return s.Store.(store.Clocker).SetClocks(ctx, id, clocks, next)
}

func (s *clockSpy) Clocks(ctx context.Context, id string) (string, error) {
	return s.Store.(store.Clocker).Clocks(ctx, id)
}

func (s *clockSpy) DueClocks(ctx context.Context, now time.Time, limit int) ([]string, error) {
	return s.Store.(store.Clocker).DueClocks(ctx, now, limit)
}

// TestClocksCommittedWithTheMove: a move's clocks and a seat change's are
// stored in the transaction of the move or the change (store.Write), never
// by a write of their own: a server restarted afterwards finds B's clock
// stopped by B's move and A's stopped by A's leaving.
func TestClocksCommittedWithTheMove(t *testing.T) {
	bothStores(t, func(t *testing.T, st store.Store) {
		fc := &fakeClock{now: t0}
		spy := &clockSpy{Store: st}
		e := newClockEnv(t, spy, fc)
		m := e.create(map[string]any{"game": "toy", "seed": 2, "clock": "15 min + 30 s a move",
			"seats": []map[string]string{{"kind": "person", "standin": "random"}, {"kind": "person"}}})
		spy.armed.Store(true)
		fc.set(t0.Add(time.Minute))
		pick(e, m.ID, m.Seats[1].Token, 2)
		fc.set(t0.Add(3 * time.Minute))
		v := e.snapshot(m.ID, "").Version
		if code, data := e.do("POST", "/api/matches/"+m.ID+"/leave", m.Seats[0].Token, "{}"); code != http.StatusOK {
			t.Fatalf("leave: %d %s", code, data)
		}
		waitVersion(t, e, m.ID, v) // the stand-in's pick for A
		e.close()

		e2 := newClockEnv(t, st, fc)
		s := e2.snapshot(m.ID, "")
		// B's pick stopped its clock at 14:30 (with the increment); the
		// stand-in's pick for A began round 2 at 3 minutes.
		if c := s.Seats[1].Clock; c == nil || c.LeftMS != (14*time.Minute+30*time.Second).Milliseconds() ||
			c.Deadline == nil || !c.Deadline.Equal(t0.Add(17*time.Minute+30*time.Second)) {
			t.Errorf("B's clock after a restart: %+v; want 14:30 left, running from 3 minutes", c)
		}
		if c := s.Seats[0].Clock; c == nil || c.Deadline != nil || c.LeftMS != (12*time.Minute).Milliseconds() {
			t.Errorf("A's clock after a restart: %+v; want stopped at 12:00 by leaving (no increment)", c)
		}
	})
}

// TestReturnedSeatKeepsItsClock: a seat taken back from its stand-in keeps
// the bank it had left when it was handed over; one that ran out of time
// comes back with TimeControl.ReturnBank (one increment, 30 s here), and
// its clock runs again while it is to act.
func TestReturnedSeatKeepsItsClock(t *testing.T) {
	bothStores(t, func(t *testing.T, st store.Store) {
		fc := &fakeClock{now: t0}
		e := newClockEnv(t, st, fc)
		m := e.create(map[string]any{"game": "toy", "seed": 2, "options": map[string]string{"rounds": "9"}, "clock": "15 min + 30 s a move",
			"seats": []map[string]string{{"kind": "person", "standin": "random"}, {"kind": "person", "standin": "random"}}})
		a, b := m.Seats[0].Token, m.Seats[1].Token
		retake := func(now time.Time) clientSnapshot {
			t.Helper()
			fc.set(now)
			code, data := e.do("POST", "/api/matches/"+m.ID+"/return", a, "{}")
			if code != http.StatusOK {
				t.Fatalf("return: %d %s", code, data)
			}
			var s clientSnapshot
			mustUnmarshal(t, data, &s)
			return s
		}

		// A leaves after 4 minutes of its first turn (its stand-in picks)
		// and comes back at 10; B's pick at 12 begins round 2.
		fc.set(t0.Add(4 * time.Minute))
		v0 := e.snapshot(m.ID, b).Version
		if code, data := e.do("POST", "/api/matches/"+m.ID+"/leave", a, "{}"); code != http.StatusOK {
			t.Fatalf("leave: %d %s", code, data)
		}
		s := waitVersion(t, e, m.ID, v0)
		retake(t0.Add(10 * time.Minute))
		fc.set(t0.Add(12 * time.Minute))
		pick(e, m.ID, b, 1)
		pick(e, m.ID, b, 1) // round 2's at once: only A's clock runs on
		s = e.snapshot(m.ID, a)
		if c := s.Seats[0].Clock; c == nil || c.LeftMS != (11*time.Minute).Milliseconds() || c.Deadline == nil ||
			!c.Deadline.Equal(t0.Add(23*time.Minute)) {
			t.Errorf("A taken back: %+v; want the 11:00 it had left, running from round 2", c)
		}

		// A's time runs out: the stand-in takes the seat and picks;
		// taken back, A has one increment, which runs in round 4.
		fc.set(t0.Add(23 * time.Minute))
		e.srv.sweepClocks(t.Context())
		if s := e.snapshot(m.ID, b); !s.Seats[0].Standin {
			t.Fatalf("A out of time is not its stand-in's: %+v", s.Seats[0])
		}
		waitVersion(t, e, m.ID, s.Version)
		retake(t0.Add(24 * time.Minute))
		fc.set(t0.Add(25 * time.Minute))
		pick(e, m.ID, b, 1)
		if c := e.snapshot(m.ID, a).Seats[0].Clock; c == nil || c.LeftMS != (30*time.Second).Milliseconds() ||
			c.Deadline == nil || !c.Deadline.Equal(t0.Add(25*time.Minute+30*time.Second)) {
			t.Errorf("A taken back after its time ran out: %+v; want 30 s (one increment) running from round 4", c)
		}
	})
}
