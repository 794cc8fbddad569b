package server

import (
	"net/http"
	"strconv"

	"scramble/engine"
	"scramble/hint"
	"scramble/store"
)

// hintsOption is the key under which a match's stored options keep the
// "hints allowed" choice made at its creation (createRequest.Hints). The
// server takes it out before the game sees the options, so no game may
// have an option of that name.
const hintsOption = "hints"

// The hint policies a snapshot shows every seat (Snapshot.Hints).
const (
	hintsOpen    = "open"    // no person plays another side: hints for every seat
	hintsAllowed = "allowed" // people play each other, and the match allows hints
	hintsOff     = "off"     // people play each other, and the match gives none
)

// withHints returns the options to store for a match of the game options
// opts, which allows hints or not.
func withHints(opts engine.Options, allowed bool) engine.Options {
	if !allowed {
		return opts
	}
	out := make(engine.Options, len(opts)+1)
	for k, v := range opts {
		out[k] = v
	}
	out[hintsOption] = "true"
	return out
}

// splitHints takes the hints choice out of a match's stored options,
// returning the game's options and whether the match allows hints.
func splitHints(opts engine.Options) (engine.Options, bool) {
	v, ok := opts[hintsOption]
	if !ok {
		return opts, false
	}
	out := make(engine.Options, len(opts))
	for k, x := range opts {
		if k != hintsOption {
			out[k] = x
		}
	}
	allowed, _ := strconv.ParseBool(v)
	return out, allowed
}

// hintPolicyLocked is the match's hint policy: hintsOpen when no two
// people play different sides, else hintsAllowed or hintsOff by the
// match's choice. rival names a person of a side other than seat's, when
// there is one.
func (h *hub) hintPolicyLocked(seat engine.Seat) (policy, rival string) {
	policy = hintsOpen
	for _, a := range h.seats {
		for _, b := range h.seats {
			if a.Kind == store.Person && b.Kind == store.Person && a.Side != b.Side {
				policy = hintsOff
			}
		}
	}
	if policy == hintsOpen {
		return policy, ""
	}
	if h.hints {
		policy = hintsAllowed
	}
	if seat >= 0 && int(seat) < len(h.seats) {
		for _, o := range h.seats {
			if o.Kind == store.Person && o.Side != h.seats[seat].Side {
				return policy, o.Name
			}
		}
	}
	return policy, ""
}

// hintAnswer is the answer of GET /api/matches/{id}/hint.
type hintAnswer struct {
	// Version is the position the hint is for.
	Version int `json:"version"`
	hint.Hint
}

// handleHint serves GET /api/matches/{id}/hint: what a good player would
// do in the caller's decision (issue 35 §4). A search that sees only the
// seat's view (hint.Suggest) thinks for at most hint.MaxTime in one of the
// server's bot workers. Hints are given in solo, co-operative and practice
// matches (every other person on the caller's side, the rest bots); a match
// between people of different sides gives them only when it was created with
// hints allowed, and then to every seat.
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
		if policy, rival := h.hintPolicyLocked(seat); policy == hintsOff {
			h.mu.Unlock()
			return errorf(http.StatusForbidden, "no hints in this match: %s plays another side and the match was created without \"hints allowed\"; hints are for solo, co-operative and practice matches, or matches created with hints allowed", rival)
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
