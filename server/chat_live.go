package server

import (
	"context"
	"encoding/json"

	"scramble/store"
)

// The side's chat, live: each message reaches the WebSockets of the seats of
// its side on every node (docs/api.md, the side's chat).

// sendChatLocked sends msg to every WebSocket of a seat of side, and notes
// it as the latest message of side this hub has passed on.
func (h *hub) sendChatLocked(side string, msg chatMessage) {
	h.noteChatLocked(side, msg.Seq)
	var b []byte
	for sub := range h.subs {
		if sub.seat < 0 || int(sub.seat) >= len(h.seats) || h.seats[sub.seat].Side != side {
			continue
		}
		if b == nil {
			var err error
			if b, err = json.Marshal(struct {
				Type    string      `json:"type"`
				Message chatMessage `json:"message"`
			}{"chat", msg}); err != nil {
				h.srv.log.Error("cannot encode a chat message", "match", h.id, "err", err)
				return
			}
		}
		h.sendLocked(sub, b)
	}
}

// noteChatLocked records that the hub has passed on (or need not pass on)
// side's messages up to seq.
func (h *hub) noteChatLocked(side string, seq int) {
	if h.chatSeen == nil {
		h.chatSeen = make(map[string]int)
	}
	h.chatSeen[side] = max(h.chatSeen[side], seq)
}

// hasChatSubsLocked reports whether a WebSocket of a seat of side is open.
func (h *hub) hasChatSubsLocked(side string) bool {
	for sub := range h.subs {
		if sub.seat >= 0 && int(sub.seat) < len(h.seats) && h.seats[sub.seat].Side == side {
			return true
		}
	}
	return false
}

// heardChatLocked passes on the chat messages another node (or this one,
// on a shared store) committed: message seq of side, or, when seq is 0
// (the watch reconnected and may have missed notices), every message of
// every side with a page open here since the last one it passed (from the
// first, for a side it has passed none of).
// A page may thus get a message twice; it keeps one by its number.
func (h *hub) heardChatLocked(ctx context.Context, side string, seq int) error {
	if !h.loaded.Load() {
		return nil
	}
	type want struct {
		side  string
		after int
		limit int
	}
	var wants []want
	if seq > 0 {
		if !h.hasChatSubsLocked(side) {
			h.noteChatLocked(side, seq)
			return nil
		}
		wants = append(wants, want{side, seq - 1, 1})
	} else {
		// Every side with a page open here: from the last message passed
		// on, or from the first when the hub has passed none of that side
		// yet (a notice missed before it ever passed one is caught up too).
		sides := make(map[string]int, len(h.chatSeen))
		for side, seen := range h.chatSeen {
			sides[side] = seen
		}
		for sub := range h.subs {
			if sub.seat >= 0 && int(sub.seat) < len(h.seats) {
				side := h.seats[sub.seat].Side
				sides[side] = max(sides[side], 0)
			}
		}
		for side, seen := range sides {
			if h.hasChatSubsLocked(side) {
				wants = append(wants, want{side, seen, 0})
			}
		}
	}
	for _, w := range wants {
		recs, err := h.srv.store.Chat(ctx, h.id, store.ChatQuery{Side: w.side, After: w.after, Limit: w.limit})
		if err != nil {
			return err
		}
		for _, rec := range recs {
			if seq > 0 && rec.Seq != seq {
				break // not yet visible here, or of another side: nothing to pass on
			}
			h.sendChatLocked(w.side, h.chatMessageLocked(rec))
		}
	}
	return nil
}
