package server

import (
	"context"
	"net/http"

	"scramble/engine"
)

// maxActionText is the longest action text the server reads; every game's
// actions are far shorter.
const maxActionText = 512

// actRequest is the body of POST /api/matches/{id}/actions and of a
// WebSocket "act" message: the version acted on and the action, as text or
// as its number.
type actRequest struct {
	Version *int    `json:"version"`
	Action  *string `json:"action"`
	ID      *int    `json:"id"`
}

// check refuses a request that misses its version or does not name exactly
// one action.
func (req *actRequest) check() error {
	switch {
	case req.Version == nil:
		return errorf(http.StatusBadRequest, `"version" is missing: send the version of the snapshot you acted on`)
	case req.Action == nil && req.ID == nil:
		return errorf(http.StatusBadRequest, `name the action: "action" (its text) or "id" (its number from "legal")`)
	case req.Action != nil && req.ID != nil:
		return errorf(http.StatusBadRequest, `send either "action" or "id", not both`)
	case req.Action != nil && len(*req.Action) > maxActionText:
		return errorf(http.StatusBadRequest, "the action text is %d bytes long, over the %d an action can be; it begins %s", len(*req.Action), maxActionText, quotePrefix(*req.Action))
	}
	return nil
}

// checkVersion refuses an action taken on a version other than the match's
// current one: an older one is stale, a newer one cannot have been seen.
func checkVersion(acted, current int) error {
	switch {
	case acted < current:
		return errorf(http.StatusConflict, "stale action: you acted on version %d but the match is at version %d; look at the new position and act again", acted, current)
	case acted > current:
		return errorf(http.StatusConflict, "version %d is from the future: the match is only at version %d; send the version of the snapshot you acted on", acted, current)
	}
	return nil
}

// act plays a person's action for seat and returns seat's new snapshot.
func (h *hub) act(ctx context.Context, seat engine.Seat, req *actRequest) ([]byte, error) {
	if err := req.check(); err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.ensureLoadedLocked(ctx); err != nil {
		return nil, err
	}
	if seat == engine.Spectator {
		return nil, errSpectator
	}
	if int(seat) < len(h.seats) && h.standinLocked(int(seat)) {
		return nil, errorf(http.StatusConflict, "a bot plays this seat since you left it; take it back first (POST .../return)")
	}
	if *req.Version > h.versionLocked() {
		// The client saw a version this hub has not: another node moved
		// the match on and its notice is still on the way. Read the
		// store before judging the action.
		if err := h.refreshLocked(ctx, -1); err != nil {
			return nil, err
		}
	}
	st := h.match.State()
	cur := st.Current()
	if err := checkVersion(*req.Version, h.versionLocked()); err != nil {
		return nil, err
	}
	if h.overLocked() {
		return nil, errMatchOver
	}
	h.buf = st.Legal(seat, h.buf[:0])
	if len(h.buf) == 0 {
		return nil, h.notYourTurnLocked(cur)
	}
	var a engine.Action
	if req.ID != nil {
		a = engine.Action(*req.ID)
		if !contains(h.buf, a) {
			return nil, errorf(http.StatusUnprocessableEntity, "action %d is not legal now; pick an id from \"legal\"", *req.ID)
		}
	} else {
		var err error
		if a, err = st.ParseAction(seat, *req.Action); err != nil {
			return nil, illegalText(err, *req.Action)
		}
	}
	if err := h.playLocked(ctx, seat, a); err != nil {
		return nil, err
	}
	return h.snapshotLocked(h.match, seat)
}

// notYourTurnLocked says who is to act instead.
func (h *hub) notYourTurnLocked(cur engine.Seat) error {
	if cur >= 0 && int(cur) < len(h.seats) {
		return errorf(http.StatusForbidden, "it is not your turn: %s (seat %d) is to act", h.seats[cur].Name, cur)
	}
	return errorf(http.StatusForbidden, "it is not your turn: you have chosen already; wait for the other seats")
}

func contains(as []engine.Action, a engine.Action) bool {
	for _, x := range as {
		if x == a {
			return true
		}
	}
	return false
}
