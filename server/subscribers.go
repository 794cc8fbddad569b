package server

import (
	"context"
	"encoding/json"

	"github.com/coder/websocket"

	"scramble/engine"
)

// subscriber is one WebSocket watching a match as a seat. Messages reach it
// through send; when the hub drops it (too slow, or the server closes), send
// is closed with code and reason set.
type subscriber struct {
	seat   engine.Seat
	send   chan []byte
	code   websocket.StatusCode
	reason string
}

// goingAway is the reason of the 1001 close at shutdown.
const goingAway = "the server is shutting down; reconnect in a moment"

// sendBuffer is how many messages a subscriber may fall behind before it is
// dropped.
const sendBuffer = 32

// subscribe adds a subscriber for seat and queues its first snapshot.
func (h *hub) subscribe(ctx context.Context, seat engine.Seat) (*subscriber, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.ensureLoadedLocked(ctx); err != nil {
		return nil, err
	}
	snap, err := h.snapshotLocked(h.match, seat)
	if err != nil {
		return nil, err
	}
	sub := &subscriber{seat: seat, send: make(chan []byte, sendBuffer)}
	h.subs[sub] = struct{}{}
	sub.send <- snapshotMessage(snap)
	return sub, nil
}

// unsubscribe removes sub, if the hub has not dropped it already.
func (h *hub) unsubscribe(sub *subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.dropLocked(sub, websocket.StatusNormalClosure, "")
}

// dropSubscribers drops every subscriber: the server is going away.
func (h *hub) dropSubscribers() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.subs {
		h.dropLocked(sub, websocket.StatusGoingAway, goingAway)
	}
}

// dropLocked removes sub and closes its channel, telling its writer how to
// close the connection.
func (h *hub) dropLocked(sub *subscriber, code websocket.StatusCode, reason string) {
	if _, ok := h.subs[sub]; !ok {
		return
	}
	delete(h.subs, sub)
	sub.code, sub.reason = code, reason
	close(sub.send)
}

// sendLocked queues msg for sub without waiting; a subscriber whose queue is
// full is too slow and is dropped, so it never holds up the others.
func (h *hub) sendLocked(sub *subscriber, msg []byte) {
	if _, ok := h.subs[sub]; !ok {
		return
	}
	select {
	case sub.send <- msg:
	default:
		h.dropLocked(sub, websocket.StatusPolicyViolation, "too slow: fell behind the match; reconnect to catch up")
	}
}

// sendTo queues msg for sub.
func (h *hub) sendTo(sub *subscriber, msg []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sendLocked(sub, msg)
}

// broadcastLocked sends every subscriber its own seat's new snapshot; each
// seat's snapshot is built once, from that seat's view.
func (h *hub) broadcastLocked() {
	if len(h.subs) == 0 || !h.loaded.Load() {
		return
	}
	bySeat := make(map[engine.Seat][]byte)
	for sub := range h.subs {
		msg, ok := bySeat[sub.seat]
		if !ok {
			snap, err := h.snapshotLocked(h.match, sub.seat)
			if err != nil {
				h.srv.log.Error("cannot build a snapshot", "match", h.id, "seat", sub.seat, "err", err)
				return
			}
			msg = snapshotMessage(snap)
			bySeat[sub.seat] = msg
		}
		h.sendLocked(sub, msg)
	}
}

// snapshotMessage wraps an encoded snapshot as a WebSocket message.
func snapshotMessage(snap []byte) []byte {
	msg := make([]byte, 0, len(snap)+32)
	msg = append(msg, `{"type":"snapshot","snapshot":`...)
	msg = append(msg, snap...)
	return append(msg, '}')
}

// errorMessage encodes a refused action as a WebSocket message.
func errorMessage(ae *apiError) []byte {
	b, _ := json.Marshal(struct {
		Type  string `json:"type"`
		Error string `json:"error"`
		Rule  string `json:"rule,omitempty"`
		Retry int    `json:"retry_after,omitempty"`
	}{"error", ae.Msg, ae.Rule, ae.retryAfter})
	return b
}
