package server

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"scramble/store"
)

// botOnlyGrace is how long a bot-only match counts against its address
// before its hub is published (while it is being stored).
const botOnlyGrace = time.Minute

// botOnlyMatches tracks, per client address, the bot-only matches it
// created that are still playing, to bound them (BotLimits.BotOnlyMatches).
type botOnlyMatches struct {
	mu sync.Mutex
	by map[string]map[string]time.Time // address → match ID → when created
}

// isBotOnly reports whether every seat is a bot's.
func isBotOnly(seats []seatRequest) bool {
	for _, seat := range seats {
		if seat.Kind != store.Bot {
			return false
		}
	}
	return len(seats) > 0
}

// claimBotOnly counts the new bot-only match id of the client key, or
// refuses it with a 429 when the client already has the most this server
// allows playing. A match counts until it ends, its bots fail, or its hub
// is dropped (which happens only when no bot of it plays).
func (s *Server) claimBotOnly(key, id string) error {
	b := &s.botOnly
	b.mu.Lock()
	defer b.mu.Unlock()
	mine := b.by[key]
	for other, created := range mine {
		if !s.botsPlaying(other, created) {
			delete(mine, other)
		}
	}
	if len(mine) >= s.limits.BotOnlyMatches {
		return &apiError{Status: http.StatusTooManyRequests, retryAfter: 60,
			Msg: fmt.Sprintf("your address already has %d matches of bots only playing, this server's limit (scramble serve --bot-only-matches); wait for one to end, or take a seat yourself", len(mine))}
	}
	if b.by == nil {
		b.by = map[string]map[string]time.Time{}
	}
	if mine == nil {
		mine = map[string]time.Time{}
		b.by[key] = mine
	}
	mine[id] = time.Now()
	return nil
}

// dropBotOnly uncounts a bot-only match that was not created after all.
func (s *Server) dropBotOnly(key, id string) {
	b := &s.botOnly
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.by[key], id)
	if len(b.by[key]) == 0 {
		delete(b.by, key)
	}
}

// botsPlaying reports whether the bot-only match id, created at created,
// still plays: its hub is in memory, its bots have not failed and it is
// not over; or its hub is not published yet.
func (s *Server) botsPlaying(id string, created time.Time) bool {
	s.mu.Lock()
	h := s.hubs[id]
	s.mu.Unlock()
	if h == nil {
		return time.Since(created) < botOnlyGrace
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.loaded.Load() {
		return time.Since(created) < botOnlyGrace
	}
	return !h.botFailed && !h.overLocked()
}
