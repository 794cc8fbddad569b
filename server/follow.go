package server

import (
	"context"

	"scramble/store"
)

// watch follows the changes other nodes commit, so that the hubs of this
// node (and their subscribers) see every move made elsewhere.
func (s *Server) watch() {
	defer s.wg.Done()
	if err := s.watcher.Watch(s.ctx, s.heard); err != nil {
		s.log.Error("stopped watching the store for changes made by other nodes", "err", err)
	}
}

// heard refreshes the hub of a changed match in the background, or passes
// on a chat message stored for it; after the watch (re)connected and may
// have missed changes, it does both for every loaded hub.
func (s *Server) heard(c store.Change) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	refresh := func(h *hub, version int) {
		if !h.loaded.Load() || version >= 0 && int64(version) <= h.stored.Load() {
			return
		}
		s.followLocked(h, func() error { return h.refreshLocked(s.ctx, version) },
			"cannot follow a change made by another node; the match reloads on next use")
	}
	chat := func(h *hub, side string, seq int) {
		if !h.loaded.Load() {
			return
		}
		s.followLocked(h, func() error { return h.heardChatLocked(s.ctx, side, seq) },
			"cannot pass on a chat message stored by another node")
	}
	if c.ID == "" {
		for _, h := range s.hubs {
			refresh(h, -1)
			chat(h, "", 0)
		}
		return
	}
	h := s.hubs[c.ID]
	switch {
	case h == nil:
	case c.ChatSeq > 0:
		chat(h, c.ChatSide, c.ChatSeq)
	default:
		refresh(h, c.Version)
	}
}

// followLocked runs f in the background with h's mutex held, counting it as
// a user of h and in s.wg; a failure is logged with fault. The caller holds
// s.mu.
func (s *Server) followLocked(h *hub, f func() error, fault string) {
	h.refs++
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer s.release(h)
		h.mu.Lock()
		defer h.mu.Unlock()
		if err := f(); err != nil && s.ctx.Err() == nil {
			s.log.Error(fault, "match", h.id, "err", err)
		}
	}()
}

// refreshLocked reloads the match from the store if the store is ahead of
// the hub: past version, or, when version is negative, past whatever the
// hub holds (which costs a read to find out). Subscribers get the new
// position.
func (h *hub) refreshLocked(ctx context.Context, version int) error {
	if !h.loaded.Load() {
		return nil
	}
	if version < 0 {
		rec, err := h.srv.store.Get(ctx, h.id)
		if err != nil {
			return err
		}
		version = rec.Version
	}
	if version <= h.versionLocked() {
		return nil
	}
	h.loaded.Store(false)
	if err := h.loadLocked(ctx); err != nil {
		return err
	}
	h.broadcastLocked()
	return nil
}
