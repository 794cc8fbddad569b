package server

import (
	"encoding/json"
	"slices"
	"testing"
	"time"
)

// t0 is the injected clock's start; no test sleeps.
var t0 = time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)

// TestClockRunsOnlyOnTurn: the correspondence preset "3 days + 12 h a move,
// at most 5 days": a seat's bank runs only while it is to act, it gains the
// increment after each turn up to the cap, and the other seat's clock stands
// meanwhile.
func TestClockRunsOnlyOnTurn(t *testing.T) {
	tc := TimePresets["3 days + 12 h a move, at most 5 days"]
	if err := tc.Check(); err != nil {
		t.Fatal(err)
	}
	c := NewClocks(tc, 2)
	c.Update(t0, []bool{true, false})
	if got := c.Deadline(0); !got.Equal(t0.Add(72 * time.Hour)) {
		t.Errorf("seat 0's deadline %v, want 3 days on", got)
	}
	if !c.Deadline(1).IsZero() {
		t.Error("seat 1's clock runs while seat 0 is to act")
	}
	// Seat 0 takes 10 hours: 62 h + 12 h = 74 h.
	now := t0.Add(10 * time.Hour)
	c.Update(now, []bool{false, true})
	if got := c.Left(0, now); got != 74*time.Hour {
		t.Errorf("seat 0 left %s after a 10 h move, want 74h", got)
	}
	// Seat 1 answers in an hour, over and over: its bank stops at the cap.
	for range 6 {
		now = now.Add(time.Hour)
		c.Update(now, []bool{false, false})
		c.Update(now, []bool{false, true})
	}
	if got := c.Left(1, now); got != 120*time.Hour {
		t.Errorf("seat 1 left %s after quick moves, want the 5-day cap", got)
	}
	if got := c.Left(0, now.Add(100*time.Hour)); got != 74*time.Hour {
		t.Errorf("seat 0's clock ran while it was not to act: %s", got)
	}
}

// TestClockSimultaneous: at a simultaneous decision every seat still to
// choose runs its own clock; one that has chosen stops.
func TestClockSimultaneous(t *testing.T) {
	c := NewClocks(TimeControl{Bank: 10 * time.Minute, Increment: time.Minute, OnTimeout: "bot"}, 3)
	c.Update(t0, []bool{true, true, true})
	c.Update(t0.Add(2*time.Minute), []bool{false, true, true}) // seat 0 chose
	now := t0.Add(5 * time.Minute)
	if got := []time.Duration{c.Left(0, now), c.Left(1, now), c.Left(2, now)}; !slices.Equal(got, []time.Duration{9 * time.Minute, 5 * time.Minute, 5 * time.Minute}) {
		t.Errorf("left %v, want [9m 5m 5m]", got)
	}
}

// TestClockWarningAndTimeout: a seat is warned once, Warn before its
// deadline, then runs out; Next names when to look.
func TestClockWarningAndTimeout(t *testing.T) {
	c := NewClocks(TimeControl{Bank: time.Hour, Warn: 10 * time.Minute, OnTimeout: "lose"}, 2)
	c.Update(t0, []bool{false, true})
	if got := c.Next(); !got.Equal(t0.Add(50 * time.Minute)) {
		t.Errorf("next %v, want the warning at 50 min", got)
	}
	if w, o := c.Due(t0.Add(49 * time.Minute)); len(w)+len(o) != 0 {
		t.Errorf("due early: %v %v", w, o)
	}
	if w, o := c.Due(t0.Add(51 * time.Minute)); !slices.Equal(w, []int{1}) || len(o) != 0 {
		t.Errorf("at 51 min: warn %v out %v; want seat 1 warned", w, o)
	}
	if w, _ := c.Due(t0.Add(52 * time.Minute)); len(w) != 0 {
		t.Errorf("warned twice: %v", w)
	}
	if got := c.Next(); !got.Equal(t0.Add(time.Hour)) {
		t.Errorf("next after the warning %v, want the deadline", got)
	}
	if _, o := c.Due(t0.Add(time.Hour)); !slices.Equal(o, []int{1}) {
		t.Errorf("at the deadline out %v, want seat 1", o)
	}
	// Stored and read back (a restart): the same deadline.
	data, _ := json.Marshal(c)
	var back Clocks
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !back.Deadline(1).Equal(c.Deadline(1)) {
		t.Errorf("deadline after a round trip %v, want %v", back.Deadline(1), c.Deadline(1))
	}
}

func TestTimeControlChecked(t *testing.T) {
	for _, tc := range []TimeControl{
		{}, {Bank: time.Hour, Increment: -1, OnTimeout: "bot"}, {Bank: time.Hour, Cap: time.Minute, OnTimeout: "bot"},
		{Bank: time.Hour, OnTimeout: "resign"}, {Bank: time.Hour, Warn: 2 * time.Hour, OnTimeout: "bot"},
	} {
		if tc.Check() == nil {
			t.Errorf("%+v accepted", tc)
		}
	}
	for name, tc := range TimePresets {
		if err := tc.Check(); err != nil {
			t.Errorf("preset %q: %v", name, err)
		}
	}
}
