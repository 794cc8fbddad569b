package server

import (
	"fmt"
	"time"
)

// TimeControl is a match's time control (issue 36 §2): each seat has a bank
// of time that runs only while the seat is to act; each turn it finishes
// adds Increment, up to Cap. What happens when a bank runs out is OnTimeout.
//
// This file is the clock's model, with stored deadlines rather than timers:
// Clocks is plain data, every method takes the time, and the deadline of a
// seat to act is a time that can be stored and compared after a restart;
// clocks.go applies it to matches.
type TimeControl struct {
	Bank      time.Duration `json:"bank"`
	Increment time.Duration `json:"increment"`
	// Cap bounds a bank after an increment; zero means no bound.
	Cap time.Duration `json:"cap"`
	// Warn is how long before its deadline a seat is warned (a "clock"
	// notification); zero means no warning.
	Warn time.Duration `json:"warn"`
	// OnTimeout is "bot" (the seat's stand-in plays on) or "lose".
	OnTimeout string `json:"on_timeout"`
}

// TimePresets are the time controls the lobby offers, by name.
var TimePresets = map[string]TimeControl{
	// Correspondence: a move a day or so.
	"3 days + 12 h a move, at most 5 days": {Bank: 72 * time.Hour, Increment: 12 * time.Hour, Cap: 120 * time.Hour, Warn: 12 * time.Hour, OnTimeout: "bot"},
	"1 day + 8 h a move, at most 2 days":   {Bank: 24 * time.Hour, Increment: 8 * time.Hour, Cap: 48 * time.Hour, Warn: 4 * time.Hour, OnTimeout: "bot"},
	// Live: a sitting.
	"15 min + 30 s a move": {Bank: 15 * time.Minute, Increment: 30 * time.Second, Cap: 20 * time.Minute, Warn: 2 * time.Minute, OnTimeout: "bot"},
	"5 min + 10 s a move":  {Bank: 5 * time.Minute, Increment: 10 * time.Second, Cap: 7 * time.Minute, Warn: time.Minute, OnTimeout: "lose"},
}

// Check says what is wrong with tc, if anything.
func (tc TimeControl) Check() error {
	switch {
	case tc.Bank <= 0:
		return fmt.Errorf("a time control needs a bank above zero, not %s", tc.Bank)
	case tc.Increment < 0:
		return fmt.Errorf("the increment %s is negative", tc.Increment)
	case tc.Cap != 0 && tc.Cap < tc.Bank:
		return fmt.Errorf("the cap %s is below the bank %s; make it at least the bank, or 0 for none", tc.Cap, tc.Bank)
	case tc.Warn < 0 || tc.Warn >= tc.Bank:
		return fmt.Errorf("the warning %s must be 0 or more and below the bank %s", tc.Warn, tc.Bank)
	case tc.OnTimeout != "bot" && tc.OnTimeout != "lose":
		return fmt.Errorf("on_timeout %q is not known; use bot (the seat's stand-in plays on) or lose", tc.OnTimeout)
	}
	return nil
}

// Clocks are the seats' clocks of one match.
type Clocks struct {
	Control TimeControl `json:"control"`
	// Bank is each seat's time left, as of Since for a seat to act.
	Bank []time.Duration `json:"bank"`
	// Since is when each seat to act began its turn; zero for the others.
	Since []time.Time `json:"since"`
	// Warned is set once a seat was warned in its current turn.
	Warned []bool `json:"warned"`
}

// NewClocks starts the clocks of seats seats, none running.
func NewClocks(tc TimeControl, seats int) *Clocks {
	c := &Clocks{Control: tc, Bank: make([]time.Duration, seats), Since: make([]time.Time, seats), Warned: make([]bool, seats)}
	for i := range c.Bank {
		c.Bank[i] = tc.Bank
	}
	return c
}

// Update sets who is to act at now (at a simultaneous decision every seat
// still to choose): a seat whose turn ends is charged the time it took and
// given the increment, up to the cap; a seat whose turn begins starts its
// clock; the others are left as they are. A seat already out of time stays
// at zero.
func (c *Clocks) Update(now time.Time, acting []bool) {
	for i := range c.Bank {
		on := i < len(acting) && acting[i]
		running := !c.Since[i].IsZero()
		switch {
		case running && !on:
			c.Bank[i] = max(c.Bank[i]-now.Sub(c.Since[i]), 0)
			if c.Bank[i] > 0 {
				c.Bank[i] += c.Control.Increment
				if c.Control.Cap > 0 {
					c.Bank[i] = min(c.Bank[i], c.Control.Cap)
				}
			}
			c.Since[i], c.Warned[i] = time.Time{}, false
		case !running && on:
			c.Since[i] = now
		}
	}
}

// Left is seat's time left at now.
func (c *Clocks) Left(seat int, now time.Time) time.Duration {
	if c.Since[seat].IsZero() {
		return c.Bank[seat]
	}
	return max(c.Bank[seat]-now.Sub(c.Since[seat]), 0)
}

// Deadline is when seat's time runs out, zero while it is not to act: the
// stored time a sweep compares with the clock.
func (c *Clocks) Deadline(seat int) time.Time {
	if c.Since[seat].IsZero() {
		return time.Time{}
	}
	return c.Since[seat].Add(c.Bank[seat])
}

// Next is the earliest time at which something is due (a warning or a
// deadline), zero when no clock runs.
func (c *Clocks) Next() time.Time {
	var next time.Time
	for i := range c.Bank {
		d := c.Deadline(i)
		if d.IsZero() {
			continue
		}
		if c.Control.Warn > 0 && !c.Warned[i] {
			d = d.Add(-c.Control.Warn)
		}
		if next.IsZero() || d.Before(next) {
			next = d
		}
	}
	return next
}

// Due returns, at now, the seats to warn (marking them warned) and the
// seats whose time has run out.
func (c *Clocks) Due(now time.Time) (warn, out []int) {
	for i := range c.Bank {
		d := c.Deadline(i)
		if d.IsZero() {
			continue
		}
		if !now.Before(d) {
			out = append(out, i)
			continue
		}
		if c.Control.Warn > 0 && !c.Warned[i] && !now.Before(d.Add(-c.Control.Warn)) {
			c.Warned[i] = true
			warn = append(warn, i)
		}
	}
	return warn, out
}

// clone returns a copy of c that shares no memory with it.
func (c *Clocks) clone() *Clocks {
	d := *c
	d.Bank = append([]time.Duration(nil), c.Bank...)
	d.Since = append([]time.Time(nil), c.Since...)
	d.Warned = append([]bool(nil), c.Warned...)
	return &d
}

// Stop stops seat's clock at now, charging the time it ran but giving no
// increment: its person handed the seat to the stand-in (or ran out of
// time), which finishes no turn of theirs.
func (c *Clocks) Stop(seat int, now time.Time) {
	if c.Since[seat].IsZero() {
		return
	}
	c.Bank[seat] = max(c.Bank[seat]-now.Sub(c.Since[seat]), 0)
	c.Since[seat], c.Warned[seat] = time.Time{}, false
}

// ReturnBank is the least bank a seat taken back from its stand-in starts
// with: one increment, or a tenth of the starting bank for a control without
// increment, so that a seat that ran out of time can make a move.
func (tc TimeControl) ReturnBank() time.Duration {
	if tc.Increment > 0 {
		return tc.Increment
	}
	return tc.Bank / 10
}

// Resume gives back seat, taken back by its person: it keeps the bank it
// had left when it was handed over, and at least Control.ReturnBank(). Its
// clock starts with the next Update that finds it to act.
func (c *Clocks) Resume(seat int) {
	c.Bank[seat] = max(c.Bank[seat], c.Control.ReturnBank())
	c.Since[seat], c.Warned[seat] = time.Time{}, false
}
