package server

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestShutdownClosesWebSocketsGoingAway: at shutdown every WebSocket gets the
// close code 1001 (going away) that docs/api.md promises, so the page knows
// to reconnect, not a bare end of stream.
func TestShutdownClosesWebSocketsGoingAway(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := teamMatch(e)
	conns := []*websocket.Conn{e.dial(m.ID, m.Seats[0].Token), e.dial(m.ID, "")}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, c := range conns {
		if _, _, err := c.Read(ctx); err != nil { // the first snapshot
			t.Fatal(err)
		}
	}
	closed := make(chan struct{})
	go func() {
		e.srv.Close()
		close(closed)
	}()
	for i, c := range conns {
		for {
			_, _, err := c.Read(ctx)
			if err == nil {
				continue
			}
			var ce websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != websocket.StatusGoingAway {
				t.Fatalf("connection %d at shutdown: %v; want a close with 1001", i, err)
			}
			break
		}
	}
	<-closed
}
