package server

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"scramble/engine"
)

// storeRetry is how long the bots of a match wait before trying again when
// the store refused their move.
const storeRetry = 5 * time.Second

// kickLocked starts the match's bot goroutine if a bot is to act and none is
// running. Callers hold h.mu.
func (h *hub) kickLocked() {
	if h.botRunning || h.botFailed || !h.loaded.Load() || !h.mayPlayBots() {
		return
	}
	if _, ok := h.nextBotLocked(); !ok {
		return
	}
	if !h.srv.addRef(h) {
		return
	}
	h.botRunning = true
	go h.runBots()
}

// nextBotLocked returns a bot seat that must act now: the seat to act, or at
// a simultaneous node the first bot seat still to choose.
func (h *hub) nextBotLocked() (engine.Seat, bool) {
	if h.ended != nil {
		return 0, false // a seat lost on time: nobody plays on
	}
	st := h.match.State()
	cur := st.Current()
	switch {
	case cur >= 0:
		if int(cur) < len(h.bots) && h.bots[cur] != nil {
			return cur, true
		}
	case cur == engine.Simultaneous:
		for i, b := range h.bots {
			if b == nil {
				continue
			}
			if h.buf = st.Legal(engine.Seat(i), h.buf[:0]); len(h.buf) > 0 {
				return engine.Seat(i), true
			}
		}
	}
	return 0, false
}

// runBots plays the match's bot moves, one at a time, each after the bot
// delay and in one of the server's bot workers, until no bot is to act. The bot thinks on a clone of the state,
// without holding the hub's lock; its move is played only if the match has
// not changed meanwhile.
func (h *hub) runBots() {
	s := h.srv
	defer s.wg.Done()
	defer s.release(h)
	key, botOnly := h.botTurn()
	for {
		if !sleep(s.ctx, s.botDelay) {
			h.stopBots(false)
			return
		}
		// Wait for a free worker, so that however many matches have
		// bots, only so many of them think at once, shared fairly
		// (botpool.go).
		if !s.botq.acquire(s.ctx.Done(), key, botOnly) {
			h.stopBots(false)
			return
		}
		h.mu.Lock()
		if !h.loaded.Load() || !h.mayPlayBots() {
			h.botRunning = false
			h.mu.Unlock()
			s.botq.release(botOnly)
			return
		}
		seat, ok := h.nextBotLocked()
		if !ok {
			h.botRunning = false
			h.mu.Unlock()
			s.botq.release(botOnly)
			return
		}
		version := h.versionLocked()
		st := h.match.State()
		legal := st.Legal(seat, nil)
		// The decision ends when the server closes, or when the move has
		// thought for as long as any move may.
		mctx, stop := context.WithTimeout(s.ctx, s.limits.Move)
		dec := engine.NewDecision(st.Clone(), seat, legal, botRand(h.match.Seed(), version, seat)).WithContext(mctx)
		b := h.bots[seat]
		h.mu.Unlock()

		a, err := choose(b, dec)
		stop()
		s.botq.release(botOnly)
		if s.ctx.Err() != nil {
			// The server is closing: the search was cut short, so its
			// move is not played.
			h.stopBots(false)
			return
		}
		if err != nil {
			s.log.Error("bot failed; its match waits", "match", h.id, "seat", seat, "bot", b.Name(), "err", err)
			h.stopBots(true)
			return
		}

		h.mu.Lock()
		if !h.loaded.Load() || h.versionLocked() != version || h.bots[seat] != b {
			// A person acted meanwhile (at a simultaneous node), or took
			// the seat back from its stand-in: look again.
			h.mu.Unlock()
			continue
		}
		err = h.playLocked(s.ctx, seat, a)
		h.mu.Unlock()
		switch {
		case err == nil, err == errConflict:
		case err == errStoreFailed:
			if !sleep(s.ctx, storeRetry) {
				h.stopBots(false)
				return
			}
		default:
			s.log.Error("bot move refused; its match waits", "match", h.id, "seat", seat, "bot", b.Name(), "err", err)
			h.stopBots(true)
			return
		}
	}
}

// botTurn is what the match's bots queue for workers under: the address
// that created the match (the match itself when unknown) and whether it is
// bots only.
func (h *hub) botTurn() (key string, botOnly bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	botOnly = len(h.bots) > 0
	for _, b := range h.bots {
		botOnly = botOnly && b != nil
	}
	return cmp.Or(h.owner, "match "+h.id), botOnly
}

// stopBots marks the bot goroutine stopped, and the match's bots broken if
// failed, so they are not started again until the match is reloaded.
func (h *hub) stopBots(failed bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.botRunning = false
	h.botFailed = h.botFailed || failed
}

// choose asks b for its move and checks it is one of the legal actions; a
// panicking bot is an error, not a crash.
func choose(b engine.Bot, d *engine.Decision) (a engine.Action, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("bot panicked: %v", p)
		}
	}()
	a = b.Choose(d)
	if !contains(d.Legal(), a) {
		return 0, fmt.Errorf("bot chose action %d, which is not legal", a)
	}
	return a, nil
}

// botRand is the source a bot draws from for the decision at version of a
// match seeded with seed: a sub-stream of the match's seed, so bots choose
// the same after a restart as they would have before.
func botRand(seed uint64, version int, seat engine.Seat) *engine.Rand {
	return engine.Derive(seed^0xb075b075b075b075, uint64(version)<<8|uint64(seat)&0xff)
}

// sleep waits d or until ctx is done; it reports whether the wait ran out
// normally.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// buildBot builds the bot of a seat from its spec, after checking the spec
// against the server's limits.
func (s *Server) buildBot(spec string) (engine.Bot, error) {
	if err := s.limits.check(spec); err != nil {
		return nil, err
	}
	return s.newBot(spec)
}
