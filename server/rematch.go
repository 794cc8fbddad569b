package server

import (
	"context"
	"net/http"

	"scramble/engine"
	"scramble/store"
)

// rematchRequest is the body of POST /api/matches/{id}/rematch.
type rematchRequest struct {
	// Swap puts the people of a two-seat match in each other's seats.
	Swap bool `json:"swap"`
}

// rematchAnswer is the new match, with the seat the caller now holds.
type rematchAnswer struct {
	createdMatch
	// You is the caller's seat in the new match.
	You int `json:"you"`
}

// handleRematch serves POST /api/matches/{id}/rematch: a new match of the
// same game and options, the same bots and stand-ins, with the same people
// in the same or swapped seats. Every registered seat of the old match is
// sent its new link by notification; the caller gets every link.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	var req rematchRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.withHub(w, r, func(h *hub, seat engine.Seat) error {
		out, err := s.rematch(r.Context(), h, seat, req.Swap)
		if err == nil {
			writeJSON(w, http.StatusCreated, out)
		}
		return err
	})
}

func (s *Server) rematch(ctx context.Context, h *hub, seat engine.Seat, swap bool) (*rematchAnswer, error) {
	if seat == engine.Spectator {
		return nil, errorf(http.StatusForbidden, "only a seat of the match can ask for a rematch: open the link of your seat")
	}
	h.mu.Lock()
	if err := h.ensureLoadedLocked(ctx); err != nil {
		h.mu.Unlock()
		return nil, err
	}
	if !h.overLocked() {
		h.mu.Unlock()
		return nil, errorf(http.StatusConflict, "the match is not over yet; a rematch is made once it has ended")
	}
	n := len(h.seats)
	if swap && n != 2 {
		h.mu.Unlock()
		return nil, errorf(http.StatusBadRequest, "only a match of two seats can swap them; this one has %d", n)
	}
	newSeat := func(i int) int {
		if swap {
			return 1 - i
		}
		return i
	}
	req := &createRequest{Game: h.match.Game().Info().Name, Options: h.match.Options(), Seats: make([]seatRequest, n), Hints: h.hints}
	for i, rec := range h.seats {
		j := newSeat(i)
		switch {
		case rec.Kind == store.Person || h.standinLocked(i):
			req.Seats[j] = seatRequest{Kind: store.Person, Standin: rec.Bot}
		default:
			req.Seats[j] = seatRequest{Kind: store.Bot, Bot: rec.Bot}
		}
	}
	if h.clocks != nil {
		for name, tc := range TimePresets {
			if tc.Bank == h.clocks.Control.Bank && tc.Increment == h.clocks.Control.Increment && tc.Cap == h.clocks.Control.Cap {
				req.Clock, req.OnTimeout = name, h.clocks.Control.OnTimeout
			}
		}
	}
	people := make([]bool, n)
	for i := range h.seats {
		people[i] = h.seats[i].hash != ""
	}
	h.mu.Unlock()

	out, err := s.createMatch(ctx, req)
	if err != nil {
		return nil, err
	}
	if s.notify != nil {
		var notes []store.Note
		for i := range people {
			if !people[i] || i == int(seat) {
				continue
			}
			link := out.Seats[newSeat(i)].Link
			notes = append(notes, store.Note{Seat: i, Kind: store.NoteRematch,
				Text: "A rematch of " + req.Game + " match " + h.id + " is ready; your seat: " + s.notify.cfg.PublicURL + link})
		}
		if len(notes) > 0 {
			if err := s.notify.outbox.Enqueue(ctx, h.id, notes); err != nil {
				s.log.Error("cannot queue rematch notifications", "match", h.id, "err", err)
			} else {
				s.notify.wake()
			}
		}
	}
	return &rematchAnswer{createdMatch: *out, You: newSeat(int(seat))}, nil
}
