package server

import (
	"context"
	"net/http"

	"scramble/engine"
)

// errStillLive refuses a replay of a match that is still being played: its
// moves would give away what the seats cannot see yet.
var errStillLive = errorf(http.StatusConflict, "the match is still being played; replays open once it has finished")

// saveFile returns the save file of a finished match.
func (h *hub) saveFile(ctx context.Context) (*engine.SaveFile, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.ensureLoadedLocked(ctx); err != nil {
		return nil, err
	}
	if h.match.State().Current() != engine.Terminal {
		return nil, errStillLive
	}
	return h.match.Save()
}

// replayStep returns the spectator's snapshot of the position after step
// moves of a finished match.
func (h *hub) replayStep(ctx context.Context, step int) ([]byte, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.ensureLoadedLocked(ctx); err != nil {
		return nil, err
	}
	if h.match.State().Current() != engine.Terminal {
		return nil, errStillLive
	}
	n := h.versionLocked()
	if step > n {
		return nil, errorf(http.StatusNotFound, "the match has %d moves; ask for a step from 0 to %d", n, n)
	}
	m, err := h.match.Rewind(step)
	if err != nil {
		return nil, err
	}
	return h.snapshotLocked(m, engine.Spectator)
}
