package server

import (
	"context"
	"errors"
	"net/http"

	"scramble/engine"
	"scramble/store"
)

// DefaultStandin is the bot that takes over a person's seat whose match was
// created without naming one (seatRequest.Standin).
const DefaultStandin = "mcts:iterations=400"

// checkStandin checks seat i's stand-in bot spec ("" is DefaultStandin)
// against the server's bots and limits.
func (s *Server) checkStandin(i int, spec string) error {
	if spec == "" || s.newBot == nil {
		if spec != "" {
			return errorf(http.StatusBadRequest, "seat %d: this server has no bots, so no seat can have a stand-in; drop \"standin\"", i)
		}
		return nil
	}
	if _, err := s.buildBot(spec); err != nil {
		return errorf(http.StatusBadRequest, "seat %d: stand-in: %v", i, err)
	}
	return nil
}

// standinLocked reports whether seat i is a person's seat that a bot plays
// now: a bot seat with a token.
func (h *hub) standinLocked(i int) bool {
	return h.seats[i].Kind == store.Bot && h.seats[i].hash != ""
}

// handOver gives seat to its stand-in bot (leave is true) or back to its
// person. It is stored first, then the hub changes, every page is told, and
// the bots are started.
func (h *hub) handOver(ctx context.Context, seat engine.Seat, leave bool) error {
	s := h.srv
	if seat == engine.Spectator {
		return errorf(http.StatusForbidden, "only a seat can leave or come back: open the link of your seat")
	}
	_, ok := s.store.(store.SeatSwitcher)
	if !ok || s.newBot == nil {
		return errorf(http.StatusNotImplemented, "this server cannot hand seats to bots")
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.ensureLoadedLocked(ctx); err != nil {
		return err
	}
	i := int(seat)
	if h.overLocked() {
		return errMatchOver
	}
	rec := h.seats[i]
	if rec.hash == "" {
		return errorf(http.StatusConflict, "seat %d was a bot's from the start; it has no person to leave or come back", i)
	}
	if leave == (rec.Kind == store.Bot) {
		if leave {
			return errorf(http.StatusConflict, "a bot plays this seat already; take it back with POST .../return")
		}
		return errorf(http.StatusConflict, "you play this seat already")
	}
	spec := rec.Bot
	if spec == "" {
		spec = DefaultStandin
	}
	var b engine.Bot
	kind := store.Person
	if leave {
		var err error
		if b, err = s.buildBot(spec); err != nil {
			return errorf(http.StatusConflict, "the seat's stand-in bot %s cannot play on this server: %v", quotePrefix(spec), err)
		}
		kind = store.Bot
	}
	// The seat and its clock change in one write: a seat handed over
	// stops its clock with no increment (Clocks.Stop); a seat taken back
	// keeps what it had left, at least TimeControl.ReturnBank, and its
	// clock runs again if it is to act.
	var clocks *Clocks
	if h.clocks != nil {
		now := h.srv.now()
		clocks = h.clocks.clone()
		if leave {
			clocks.Stop(i, now)
		} else {
			clocks.Resume(i)
		}
		acting := h.clockActingLocked()
		acting[i] = !leave && h.actingLocked()[i]
		clocks.Update(now, acting)
	}
	cw, err := clockWrite(clocks)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	err = h.writeLocked(wctx, store.Write{From: h.versionLocked(), Dice: h.dice, Clocks: cw,
		Seat: &store.SeatChange{Seat: i, Kind: kind, Bot: spec}})
	if err != nil {
		if errors.Is(err, store.ErrConflict) {
			h.loaded.Store(false)
			return errConflict
		}
		return err
	}
	if clocks != nil {
		h.clocks = clocks
	}
	h.seats[i].Kind, h.seats[i].Bot = kind, spec
	h.bots[i] = b
	h.botFailed = false
	h.cached = nil // the seats shown change without a move
	h.broadcastLocked()
	h.leaseLocked(ctx)
	h.kickLocked()
	return nil
}

// handleLeave serves POST /api/matches/{id}/leave: the caller's seat's
// stand-in bot plays on for it.
func (s *Server) handleLeave(w http.ResponseWriter, r *http.Request) {
	s.handleHandOver(w, r, true)
}

// handleReturn serves POST /api/matches/{id}/return: the caller takes back
// the seat its stand-in bot plays.
func (s *Server) handleReturn(w http.ResponseWriter, r *http.Request) {
	s.handleHandOver(w, r, false)
}

func (s *Server) handleHandOver(w http.ResponseWriter, r *http.Request, leave bool) {
	s.withHub(w, r, func(h *hub, seat engine.Seat) error {
		if err := h.handOver(r.Context(), seat, leave); err != nil {
			return err
		}
		snap, err := h.snapshot(r.Context(), seat)
		if err == nil {
			writeRaw(w, http.StatusOK, snap)
		}
		return err
	})
}
