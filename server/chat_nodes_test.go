package server

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/coder/websocket"
)

// readChat reads c's messages until a chat message numbered after after,
// skipping snapshots and messages the page already has: a page may get a
// message twice (once by the store's notice, once by a catch-up after the
// watch connected) and keeps one by its number, as the browser does.
func readChat(t *testing.T, c *websocket.Conn, after int) chatMessage {
	t.Helper()
	m := readWhere(t, c, fmt.Sprintf("a chat message after %d", after), func(m clientMessage) bool {
		return m.Type == "chat" && m.Message != nil && m.Message.Seq > after
	})
	return *m.Message
}

// A chat message posted on one node reaches the pages of the side's seats
// connected to another node, and the sender's own page, in the order they
// were sent; the other side on the other node gets none (docs/api.md: the
// chat crosses nodes through the store's notices, as moves do).
func TestNodesChatCrossesNodes(t *testing.T) {
	nodes := newNodes(t, 2, nodeConfig{botDelay: -1})
	a, b := nodes[0], nodes[1]
	m := teamMatch(a)
	tokA, tokB, tokWing := m.Seats[0].Token, m.Seats[1].Token, m.Seats[2].Token

	onA := a.dial(m.ID, tokA)
	wingOnB, otherOnB := b.dial(m.ID, tokWing), b.dial(m.ID, tokB)
	for _, c := range []*websocket.Conn{onA, wingOnB, otherOnB} {
		readUntil(t, c, 1)
	}
	for i, text := range []string{"bandits at angels fifteen", "tally ho", "going in"} {
		a.say(m.ID, tokA, map[string]any{"text": text}, http.StatusCreated)
		for who, c := range map[string]*websocket.Conn{"the sender on node A": onA, "the wingman on node B": wingOnB} {
			if got := readChat(t, c, i); got.Text != text || got.Seq != i+1 || got.Name != "A" {
				t.Fatalf("%s got %+v, want message %d %q", who, got, i+1, text)
			}
		}
	}
	// The wingman answers on node B; node A passes it on.
	b.say(m.ID, tokWing, map[string]any{"text": "on your six"}, http.StatusCreated)
	if got := readChat(t, onA, 3); got.Text != "on your six" || got.Seq != 4 {
		t.Fatalf("node A got %+v, want the wingman's answer, number 4", got)
	}
	// B, of the other side, sees a move next, not side A's chat.
	a.act(m.ID, tokA, map[string]any{"version": 1, "action": "pick 2"}, http.StatusOK)
	ctx, cancel := context.WithTimeout(t.Context(), eventually)
	defer cancel()
	_, data, err := otherOnB.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var msg clientMessage
	mustUnmarshal(t, data, &msg)
	if msg.Type != "snapshot" {
		t.Fatalf("B on node B got %s, want the new position and never side A's chat", data)
	}
	if p := b.chat(m.ID, tokWing, ""); len(p.Messages) != 4 {
		t.Fatalf("the chat read on node B: %+v", p)
	}
}
