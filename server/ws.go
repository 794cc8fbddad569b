package server

import (
	"bytes"
	"context"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"scramble/engine"
)

// WebSocket limits.
const (
	// wsReadLimit bounds one client message; an act message is tiny.
	wsReadLimit = 8 << 10
	// wsPingEvery is how often the server pings a quiet connection.
	wsPingEvery = 30 * time.Second
	// wsWriteTimeout bounds one write or ping; a client that takes longer
	// is gone.
	wsWriteTimeout = 10 * time.Second
)

// wsMessage is what a client sends: {"type":"act","version":17,"action":"..."}
// or with "id" instead of "action".
type wsMessage struct {
	Type    string  `json:"type"`
	Version *int    `json:"version"`
	Action  *string `json:"action"`
	ID      *int    `json:"id"`
}

// handleWS serves GET /api/matches/{id}/ws: the seat's snapshot on connect
// and after every change, and actions from the client.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	h, err := s.acquire(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer s.release(h)
	seat, err := h.identify(requestToken(r, id, true))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.sockets.open(r.RemoteAddr, h.id); err != nil {
		s.writeError(w, r, err)
		return
	}
	defer s.sockets.close(r.RemoteAddr, h.id)
	if !s.enter() {
		s.writeError(w, r, errClosing)
		return
	}
	defer s.wg.Done()
	// The http.Server's read and write timeouts are for requests: net/http
	// clears them when Accept takes the connection over, and the socket
	// keeps its own deadlines instead (wsWriteTimeout on every write and
	// ping; a client that does not answer a ping in that time is dropped).
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.origins})
	if err != nil {
		return // Accept has answered the request.
	}
	defer conn.CloseNow()
	conn.SetReadLimit(wsReadLimit)

	// The request's context is not to be used after Accept: the
	// connection lives until it fails or the server closes. Its reads do
	// not end with the server's context, which would drop the connection
	// without a close frame: at shutdown the writer closes it with 1001,
	// and the read fails then.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sub, err := h.subscribe(s.ctx, seat)
	if err != nil {
		conn.Close(websocket.StatusInternalError, closeReason(s.toAPIError(r, err).Msg))
		return
	}
	defer h.unsubscribe(sub)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer cancel()
		writeLoop(s.ctx, ctx, conn, sub)
	}()
	s.readLoop(ctx, r, conn, h, sub)
	cancel()
	<-done
}

// enter counts a long-lived handler in s.wg, unless the server is closing.
func (s *Server) enter() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.wg.Add(1)
	return true
}

// readLoop reads the client's messages and plays its actions until the
// connection fails or ctx ends; a text message that is not UTF-8 closes the
// connection with 1007. A refused action is answered on the same
// connection with an error message.
func (s *Server) readLoop(ctx context.Context, r *http.Request, conn *websocket.Conn, h *hub, sub *subscriber) {
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		if typ == websocket.MessageText && !utf8.Valid(data) {
			// RFC 6455 section 8.1: a text frame that is not UTF-8
			// fails the connection.
			conn.Close(websocket.StatusInvalidFramePayloadData, "a text message must be valid UTF-8")
			return
		}
		err = s.rate.allow(limitActions, r.RemoteAddr)
		if err == nil {
			err = s.wsAct(s.ctx, h, sub.seat, data)
		}
		if err != nil {
			h.sendTo(sub, errorMessage(s.toAPIError(r, err)))
		}
	}
}

// wsAct plays one client message.
func (s *Server) wsAct(ctx context.Context, h *hub, seat engine.Seat, data []byte) error {
	var msg wsMessage
	if err := decodeStrict(bytes.NewReader(data), &msg, "the WebSocket message"); err != nil {
		return err
	}
	if msg.Type != "act" {
		return errorf(http.StatusBadRequest, `unknown message type %s; send {"type":"act","version":N,"action":"..."}`, quotePrefix(msg.Type))
	}
	// The new snapshot reaches this connection through the broadcast.
	_, err := h.act(ctx, seat, &actRequest{Version: msg.Version, Action: msg.Action, ID: msg.ID})
	return err
}

// writeLoop sends sub's messages and pings the client until the hub drops
// the subscriber, a write fails, the reader ends (ctx) or the server closes
// (srvCtx), which closes the connection with 1001.
func writeLoop(srvCtx, ctx context.Context, conn *websocket.Conn, sub *subscriber) {
	ping := time.NewTicker(wsPingEvery)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-srvCtx.Done():
			conn.Close(websocket.StatusGoingAway, goingAway)
			return
		case msg, ok := <-sub.send:
			if !ok {
				conn.Close(sub.code, sub.reason)
				return
			}
			wctx, cancel := context.WithTimeout(ctx, wsWriteTimeout)
			err := conn.Write(wctx, websocket.MessageText, msg)
			cancel()
			if err != nil {
				return
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, wsWriteTimeout)
			err := conn.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		}
	}
}

// closeReason fits a reason into a close frame, which holds 123 bytes.
func closeReason(s string) string {
	const most = 120
	if len(s) <= most {
		return s
	}
	s = s[:most]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
