package server

import (
	"context"
	"net/http"

	"scramble/engine"
)

// errStillLive refuses a replay of a match that is still being played: its
// moves would give away what the seats cannot see yet.
var errStillLive = errorf(http.StatusConflict, "the match is still being played; replays open once it has finished")

// replayFile is the save file of a finished match with, for one that ended
// outside its rules, the result recorded for it: the moves alone do not end
// such a match, so the save file's own Result stays empty and the file
// still loads.
type replayFile struct {
	*engine.SaveFile
	// Ended is the recorded result (a seat lost on time), else absent.
	Ended *engine.Result `json:"ended,omitempty"`
}

// saveFile returns the save file of a finished match.
func (h *hub) saveFile(ctx context.Context) (*replayFile, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.ensureLoadedLocked(ctx); err != nil {
		return nil, err
	}
	if !h.overLocked() {
		return nil, errStillLive
	}
	f, err := h.match.Save()
	if err != nil {
		return nil, err
	}
	if f.Moves == nil {
		f.Moves = []engine.Move{} // a match lost on time before any move
	}
	return &replayFile{SaveFile: f, Ended: h.ended}, nil
}

// replayStep returns the spectator's snapshot of the position after step
// moves of a finished match.
func (h *hub) replayStep(ctx context.Context, step int) ([]byte, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.ensureLoadedLocked(ctx); err != nil {
		return nil, err
	}
	if !h.overLocked() {
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
