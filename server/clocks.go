package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"scramble/engine"
	"scramble/store"
)

// ClockConfig sets up the sweep that applies time controls (clock.go).
type ClockConfig struct {
	// Now is the clock; nil means time.Now. Tests inject one.
	Now func() time.Time
	// Tick is how often the store is asked for due clocks; zero means one
	// second, a negative value runs no sweep (tests call sweepClocks).
	Tick time.Duration
}

// now is the server's time, for clocks.
func (s *Server) now() time.Time {
	if s.clockCfg.Now != nil {
		return s.clockCfg.Now()
	}
	return time.Now()
}

// timeControlOf reads a creation request's time control: a preset's name,
// with its timeout policy possibly overridden. nil means none.
func (s *Server) timeControlOf(req *createRequest) (*TimeControl, error) {
	if req.Clock == "" {
		if req.OnTimeout != "" {
			return nil, errorf(http.StatusBadRequest, "on_timeout without a clock: give \"clock\" too")
		}
		return nil, nil
	}
	if _, ok := s.store.(store.Clocker); !ok {
		return nil, errorf(http.StatusNotImplemented, "this server's store keeps no clocks; create the match without \"clock\"")
	}
	tc, ok := TimePresets[req.Clock]
	if !ok {
		return nil, errorf(http.StatusBadRequest, "clock %s is not a preset; use one of GET /api/clocks", quotePrefix(req.Clock))
	}
	if req.OnTimeout != "" {
		tc.OnTimeout = req.OnTimeout
	}
	if err := tc.Check(); err != nil {
		return nil, errorf(http.StatusBadRequest, "%v", err)
	}
	return &tc, nil
}

// handleClocks serves GET /api/clocks: the time-control presets.
func (s *Server) handleClocks(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, TimePresets)
}

// clockActingLocked is who the clocks run for: the people to act.
func (h *hub) clockActingLocked() []bool {
	acting := h.actingLocked()
	for i := range acting {
		acting[i] = acting[i] && h.seats[i].Kind == store.Person
	}
	return acting
}

// updateClocksLocked brings the match's clocks up to the position and
// stores them with the time the sweep must look at them next.
func (h *hub) updateClocksLocked(ctx context.Context) {
	if h.clocks == nil {
		return
	}
	h.clocks.Update(h.srv.now(), h.clockActingLocked())
	h.storeClocksLocked(ctx)
}

func (h *hub) storeClocksLocked(ctx context.Context) {
	data, err := json.Marshal(h.clocks)
	if err == nil {
		err = h.srv.store.(store.Clocker).SetClocks(ctx, h.id, string(data), h.clocks.Next())
	}
	if err != nil {
		h.srv.log.Error("cannot store a match's clocks", "match", h.id, "err", err)
	}
}

// loadClocksLocked reads the match's clocks from the store, if it has any.
func (h *hub) loadClocksLocked(ctx context.Context) error {
	h.clocks = nil
	c, ok := h.srv.store.(store.Clocker)
	if !ok {
		return nil
	}
	data, err := c.Clocks(ctx, h.id)
	if err != nil || data == "" {
		return err
	}
	var clocks Clocks
	if err := json.Unmarshal([]byte(data), &clocks); err != nil {
		return fmt.Errorf("the clocks of match %s cannot be read: %w", h.id, err)
	}
	h.clocks = &clocks
	return nil
}

// seatClock is a seat's clock in a snapshot: its time left as of Since and,
// while it is to act, the deadline; a client counts down to the deadline.
type seatClock struct {
	LeftMS   int64      `json:"left_ms"`
	Deadline *time.Time `json:"deadline,omitempty"`
}

// clockOfLocked is seat i's clock for a snapshot, nil without a time control.
func (h *hub) clockOfLocked(i int) *seatClock {
	if h.clocks == nil || i >= len(h.clocks.Bank) {
		return nil
	}
	c := &seatClock{LeftMS: h.clocks.Bank[i].Milliseconds()}
	if d := h.clocks.Deadline(i); !d.IsZero() {
		c.Deadline = &d
	}
	return c
}

// clocksLoop runs the sweep until the server closes.
func (s *Server) clocksLoop() {
	defer s.wg.Done()
	tick := s.clockCfg.Tick
	if tick == 0 {
		tick = time.Second
	}
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.sweepClocks(s.ctx)
		}
	}
}

// sweepClocks applies every due clock: warnings become "clock"
// notifications, and a seat out of time is handed to its stand-in.
func (s *Server) sweepClocks(ctx context.Context) {
	c, ok := s.store.(store.Clocker)
	if !ok {
		return
	}
	ids, err := c.DueClocks(ctx, s.now(), 100)
	if err != nil {
		s.log.Error("cannot read the due clocks", "err", err)
		return
	}
	for _, id := range ids {
		h, err := s.acquire(ctx, id)
		if err != nil {
			s.log.Error("cannot load a match whose clock is due", "match", id, "err", err)
			continue
		}
		h.clockDue(ctx)
		s.release(h)
	}
}

// clockDue warns the seats near their deadline and applies the match's
// policy to those past it: under "lose" the match ends with them lost on
// time; under "bot" each is handed to its stand-in.
func (h *hub) clockDue(ctx context.Context) {
	h.mu.Lock()
	if h.clocks == nil || h.overLocked() {
		h.mu.Unlock()
		return
	}
	now := h.srv.now()
	clocks := h.clocks.clone()
	warn, out := clocks.Due(now)
	var notes []store.Note
	for _, i := range warn {
		if h.srv.notify != nil && !h.connectedLocked(i) {
			left := clocks.Left(i, now).Round(time.Minute)
			notes = append(notes, store.Note{Seat: i, Kind: store.NoteClock, Text: h.noteText(i, fmt.Sprintf("is waiting for you, and your clock runs out in %s", left))})
		}
	}
	if len(warn) > 0 {
		// The warnings and the clocks that remember them are one write.
		cw, err := clockWrite(clocks)
		if err == nil {
			wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
			err = h.writeLocked(wctx, store.Write{From: h.versionLocked(), Dice: h.dice, Notes: notes, Clocks: cw})
			cancel()
		}
		if err != nil {
			h.srv.log.Error("cannot store a match's clock warnings", "match", h.id, "err", err)
			h.forgetOnConflictLocked(err)
			h.mu.Unlock()
			return
		}
		h.clocks = clocks
	}
	if len(notes) > 0 {
		h.srv.notify.wake()
	}
	if len(out) > 0 && clocks.Control.OnTimeout == "lose" {
		if err := h.loseOnTimeLocked(ctx, now, out); err != nil {
			h.forgetOnConflictLocked(err)
			h.srv.log.Error("a seat ran out of time but its loss cannot be stored", "match", h.id, "seats", out, "err", err)
		}
		h.mu.Unlock()
		return
	}
	h.mu.Unlock()
	for _, i := range out {
		// OnTimeout is "bot": the stand-in plays on.
		if err := h.handOver(ctx, engine.Seat(i), true); err != nil {
			h.srv.log.Error("a seat ran out of time but its stand-in cannot take it", "match", h.id, "seat", i, "err", err)
			h.mu.Lock()
			h.clocks.Since[i] = time.Time{} // stop looking at it
			h.storeClocksLocked(ctx)
			h.mu.Unlock()
		}
	}
}
