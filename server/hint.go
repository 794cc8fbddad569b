package server

import (
	"net/http"

	"scramble/engine"
	"scramble/hint"
	"scramble/store"
)

// hintAnswer is the answer of GET /api/matches/{id}/hint.
type hintAnswer struct {
	// Version is the position the hint is for.
	Version int `json:"version"`
	hint.Hint
}

// handleHint serves GET /api/matches/{id}/hint: what a good player would
// do in the caller's decision (issue 35 §4). A search that sees only the
// seat's view thinks for at most hint.MaxTime in one of the server's bot
// workers. Hints are given in solo, co-operative and practice matches (every
// other person on the caller's side, the rest bots); a match between people
// of different sides gets none.
func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) {
	if err := s.rate.allow(limitActions, r.RemoteAddr); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.withHub(w, r, func(h *hub, seat engine.Seat) error {
		if seat < 0 {
			return errorf(http.StatusForbidden, "spectators get no hints: open the link of your seat")
		}
		h.mu.Lock()
		if err := h.ensureLoadedLocked(r.Context()); err != nil {
			h.mu.Unlock()
			return err
		}
		me := h.seats[seat]
		for _, other := range h.seats {
			if other.Kind == store.Person && other.Side != me.Side {
				h.mu.Unlock()
				return errorf(http.StatusForbidden, "no hints in this match: %s plays the other side; hints are for solo, co-operative and practice matches against bots", other.Name)
			}
		}
		st := h.match.State().Clone()
		version := h.versionLocked()
		seed := h.match.Seed()
		h.mu.Unlock()
		if len(st.Legal(seat, nil)) == 0 {
			return errorf(http.StatusConflict, "%s has no decision to make now: ask for a hint when it is your turn", me.Name)
		}
		if !s.slots.acquire(r.Context().Done()) {
			return errorf(http.StatusServiceUnavailable, "the hint was called off before a bot worker was free; try again")
		}
		defer s.slots.release()
		hn, err := hint.Suggest(r.Context(), st, seat, botRand(seed, version, seat), hint.MaxTime)
		if err != nil {
			return errorf(http.StatusServiceUnavailable, "%v", err)
		}
		writeJSON(w, http.StatusOK, hintAnswer{Version: version, Hint: hn})
		return nil
	})
}
