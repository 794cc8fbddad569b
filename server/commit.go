package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"scramble/engine"
	"scramble/store"
)

// writeLocked stores w, one change of the match at its current version: in
// one transaction on a store.Committer (both of this project's stores), so
// the clocks, the seats, the notifications and the moves never disagree
// after a crash; else as the separate writes the store has.
func (h *hub) writeLocked(ctx context.Context, w store.Write) error {
	st := h.srv.store
	if c, ok := st.(store.Committer); ok {
		return c.Commit(ctx, h.id, w)
	}
	if len(w.Moves) > 0 || w.Result != nil {
		var err error
		if o, ok := st.(store.Outbox); ok && len(w.Notes) > 0 {
			err = o.AppendNotify(ctx, h.id, w.From, w.Moves, w.Dice, w.Result, w.Notes)
		} else {
			err = st.Append(ctx, h.id, w.From, w.Moves, w.Dice, w.Result)
		}
		if err != nil {
			return err
		}
	} else if o, ok := st.(store.Outbox); ok && len(w.Notes) > 0 {
		if err := o.Enqueue(ctx, h.id, w.Notes); err != nil {
			return err
		}
	}
	if c := w.Seat; c != nil {
		sw, ok := st.(store.SeatSwitcher)
		if !ok {
			return fmt.Errorf("the store cannot change seats")
		}
		if err := sw.SetSeatKind(ctx, h.id, c.Seat, c.Kind, c.Bot); err != nil {
			return err
		}
	}
	if c := w.Clocks; c != nil {
		if cl, ok := st.(store.Clocker); ok {
			return cl.SetClocks(ctx, h.id, c.Clocks, c.Next)
		}
	}
	return nil
}

// forgetOnConflictLocked makes the hub read the match from the store on its
// next use when err says another node moved the match on.
func (h *hub) forgetOnConflictLocked(err error) {
	if errors.Is(err, store.ErrConflict) {
		h.loaded.Store(false)
	}
}

// clockWrite is c as the store keeps it; nil for a match without clocks.
func clockWrite(c *Clocks) (*store.ClockWrite, error) {
	if c == nil {
		return nil, nil
	}
	data, err := json.Marshal(c)
	if err != nil {
		return nil, fmt.Errorf("encoding the clocks: %w", err)
	}
	return &store.ClockWrite{Clocks: string(data), Next: c.Next()}, nil
}

// nextClocksLocked is a copy of the match's clocks brought up to the
// position at now, nil without a time control; the hub takes it once it is
// stored.
func (h *hub) nextClocksLocked(now time.Time) *Clocks {
	if h.clocks == nil {
		return nil
	}
	c := h.clocks.clone()
	c.Update(now, h.clockActingLocked())
	return c
}

// CauseLostOnTime is the Cause of a match that ended because a seat ran out
// of time under the "lose" policy: a result the server records for the
// match, not one the game's rules reached.
const CauseLostOnTime = "lost on time"

// overLocked reports whether the match has ended: by its rules, or by a
// result recorded for it (a seat lost on time).
func (h *hub) overLocked() bool {
	return h.ended != nil || h.match.State().Current() == engine.Terminal
}

// timeoutResult is the result of a match whose seats out ran out of time
// under the "lose" policy: every side with a seat out loses, the others win;
// when every side lost (seats of one side against the game, or all out at
// once), nobody won.
func timeoutResult(seats []seatRecord, out []int) *engine.Result {
	lost := map[string]bool{}
	for _, i := range out {
		lost[seats[i].Side] = true
	}
	r := &engine.Result{Returns: make([]float64, len(seats)), Cause: CauseLostOnTime}
	var winners []string
	for i, s := range seats {
		if !lost[s.Side] {
			r.Returns[i] = 1
			if !slices.Contains(winners, s.Side) {
				winners = append(winners, s.Side)
			}
		}
	}
	r.Winner = strings.Join(winners, " and ")
	return r
}

// loseOnTimeLocked ends the match because seats out ran out of time under
// the "lose" policy: the result, the stopped clocks and every seat's "ended"
// notification are stored in one write; then every page is told and no bot
// plays on.
func (h *hub) loseOnTimeLocked(ctx context.Context, now time.Time, out []int) error {
	res := timeoutResult(h.seats, out)
	names := make([]string, len(out))
	for k, i := range out {
		names[k] = h.seats[i].Name
		if h.seats[i].Side != h.seats[i].Name {
			names[k] += " (" + h.seats[i].Side + ")"
		}
	}
	h.ended = res
	notes, acting := h.notesLocked(res, ": "+strings.Join(names, " and ")+" ran out of time")
	clocks := h.nextClocksLocked(now) // no seat is to act any more
	cw, err := clockWrite(clocks)
	if err == nil {
		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
		defer cancel()
		err = h.writeLocked(wctx, store.Write{From: h.versionLocked(), Dice: h.dice, Result: res, Notes: notes, Clocks: cw})
	}
	if err != nil {
		h.ended = nil
		return err
	}
	h.acting, h.clocks = acting, clocks
	h.cached = nil // the same version, now finished
	h.broadcastLocked()
	h.unleaseLocked()
	if len(notes) > 0 {
		h.srv.notify.wake()
	}
	return nil
}
