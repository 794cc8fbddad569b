package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"time"

	"scramble/store"
)

// DefaultLeaseTTL is how long a node's lease on the bots of a match lasts
// when Config.LeaseTTL is zero. The node renews its leases three times per
// TTL, so a node that dies has its matches taken over by another within
// about 1.3 TTL.
const DefaultLeaseTTL = 6 * time.Second

// orphanBatch is how many matches without a live node one sweep adopts.
const orphanBatch = 100

// NewNodeName names this process for the leases it takes: host, process ID
// and a random part, so a restarted process is a new node.
func NewNodeName() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "node"
	}
	var b [4]byte
	rand.Read(b[:])
	return fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b[:]))
}

// mayPlayBots reports whether this node plays the bots of h: always on a
// store without leases (one process), else only while it holds the lease.
func (h *hub) mayPlayBots() bool {
	return h.srv.leaser == nil || h.leased.Load()
}

// hasBotLocked reports whether a live match has a bot seat.
func (h *hub) hasBotLocked() bool {
	if h.match == nil || h.overLocked() {
		return false
	}
	for _, s := range h.seats {
		if s.Kind == store.Bot {
			return true
		}
	}
	return false
}

// leaseLocked tries to take the lease on h's bots, if the store has leases,
// the match is live with a bot seat and this node does not hold it already.
func (h *hub) leaseLocked(ctx context.Context) {
	s := h.srv
	if s.leaser == nil || h.leased.Load() || !h.hasBotLocked() {
		return
	}
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	ok, err := s.leaser.Lease(lctx, h.id, s.node, s.leaseTTL)
	if err != nil {
		s.log.Error("cannot lease the bots of a match; another node or a later sweep will play them", "match", h.id, "err", err)
		return
	}
	if ok {
		h.leasedAt.Store(time.Now().UnixNano())
	}
	h.leased.Store(ok)
}

// unleaseLocked gives the lease up once the match is over, so that the hub
// can be dropped when idle and no node sweeps the match again.
func (h *hub) unleaseLocked() {
	s := h.srv
	if s.leaser == nil || !h.leased.Load() || h.hasBotLocked() {
		return
	}
	h.leased.Store(false)
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := s.leaser.Unlease(ctx, h.id, s.node); err != nil {
		s.log.Error("cannot give up the lease of a finished match; it will expire", "match", h.id, "err", err)
	}
}

// leases keeps this node's leases: every third of the TTL it renews them,
// forgets those another node took (after this node failed to renew in time),
// and adopts matches whose bots no node plays, such as those of a node that
// died. It replaces resumeBots when the store has leases.
func (s *Server) leases() {
	defer s.wg.Done()
	t := time.NewTicker(s.leaseTTL / 3)
	defer t.Stop()
	for {
		s.adoptOrphans()
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		if held, ok := s.renewLeases(); ok {
			s.tendLeased(held)
		}
	}
}

// tendLeased makes sure the bots of every match this node holds the lease
// of (held) are running when they should: a hub that failed to reload (and
// so stopped its bots), or that is not in memory at all, is loaded again,
// since no other node will adopt a match whose lease this node keeps
// renewing.
func (s *Server) tendLeased(held []string) {
	var ids []string
	s.mu.Lock()
	for _, id := range held {
		if h := s.hubs[id]; h == nil || !h.loaded.Load() {
			ids = append(ids, id)
		}
	}
	s.mu.Unlock()
	for _, id := range ids {
		h, err := s.acquire(s.ctx, id)
		if err != nil {
			if s.ctx.Err() != nil {
				return
			}
			s.log.Error("cannot reload a match whose bots this node plays", "match", id, "err", err)
			continue
		}
		h.mu.Lock()
		h.kickLocked()
		h.mu.Unlock()
		s.release(h)
	}
}

// renewLeases extends the node's leases, marks the hubs whose lease was
// lost and returns the matches the node holds.
func (s *Server) renewLeases() ([]string, bool) {
	ctx, cancel := context.WithTimeout(s.ctx, s.leaseTTL)
	defer cancel()
	began := time.Now().UnixNano()
	ids, err := s.leaser.Renew(ctx, s.node, s.leaseTTL)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Error("cannot renew the bot leases; other nodes may take them over", "err", err)
		}
		return nil, false
	}
	held := make(map[string]bool, len(ids))
	for _, id := range ids {
		held[id] = true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, h := range s.hubs {
		if h.leased.Load() && !held[id] && h.leasedAt.Load() < began {
			s.log.Warn("lost the bot lease of a match to another node", "match", id)
			h.leased.Store(false)
		}
	}
	return ids, true
}

// adoptOrphans takes the leases of live bot matches no node holds and
// starts their bots.
func (s *Server) adoptOrphans() {
	ctx, cancel := context.WithTimeout(s.ctx, storeTimeout)
	defer cancel()
	ids, err := s.leaser.Orphans(ctx, orphanBatch)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Error("cannot list the matches no node plays", "err", err)
		}
		return
	}
	for _, id := range ids {
		h, err := s.acquire(s.ctx, id)
		if err != nil {
			if s.ctx.Err() != nil {
				return
			}
			s.log.Error("cannot adopt match", "match", id, "err", err)
			continue
		}
		h.mu.Lock()
		if h.loaded.Load() && !h.leased.Load() {
			h.leaseLocked(s.ctx)
			if h.leased.Load() {
				// Another node played the match until now: start
				// from what the store holds.
				if err := h.refreshLocked(s.ctx, -1); err != nil {
					s.log.Error("cannot reload an adopted match", "match", id, "err", err)
				}
				h.kickLocked()
			}
		}
		h.mu.Unlock()
		s.release(h)
	}
}

// unleaseAll gives up every lease this node holds, when it shuts down, so
// that other nodes take its matches over at their next sweep instead of
// after the leases expire.
func (s *Server) unleaseAll() {
	s.mu.Lock()
	var ids []string
	for id, h := range s.hubs {
		if h.leased.Swap(false) {
			ids = append(ids, id)
		}
	}
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	for _, id := range ids {
		if err := s.leaser.Unlease(ctx, id, s.node); err != nil {
			s.log.Error("cannot give up a bot lease at shutdown; it will expire", "match", id, "err", err)
			return
		}
	}
}
