package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"scramble/store"
)

// teamMatch creates a toy match with wingmen (option team=1): seats A (0)
// and A's wingman (2) share side A, B (1) and B's wingman (3) side B.
func teamMatch(e *env) createdMatch {
	e.t.Helper()
	return e.create(map[string]any{"game": "toy", "seed": 5, "options": map[string]any{"team": "1"}})
}

// say posts a chat message as token and expects status want; it returns
// the body.
func (e *env) say(id, token string, body any, want int) []byte {
	e.t.Helper()
	code, data := e.do("POST", "/api/matches/"+id+"/chat", token, body)
	if code != want {
		e.t.Fatalf("chat %v: got %d %s, want %d", body, code, data, want)
	}
	return data
}

// chat reads token's side's chat with the query q ("" or "?after=2").
func (e *env) chat(id, token, q string) chatPage {
	e.t.Helper()
	code, data := e.do("GET", "/api/matches/"+id+"/chat"+q, token, nil)
	if code != http.StatusOK {
		e.t.Fatalf("chat of %s%s: %d %s", id, q, code, data)
	}
	var p chatPage
	mustUnmarshal(e.t, data, &p)
	return p
}

// texts lists the texts of a page's messages.
func texts(p chatPage) []string {
	out := []string{}
	for _, m := range p.Messages {
		out = append(out, m.Text)
	}
	return out
}

// Hostile or broken messages are refused with a 400 that says what is wrong,
// and a token that opens no seat of the side's chat with a 403: nothing is
// stored (issue 9 §3: the side's chat is for its seats only).
func TestChatRefusesBadMessages(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := teamMatch(e)
	solo := e.create(map[string]any{"game": "tinybob", "seed": 1})
	a := m.Seats[0].Token
	for _, tc := range []struct {
		name string
		body any
		want string
	}{
		{"too long", map[string]any{"text": strings.Repeat("é", maxChatText+1)}, "501 characters long"},
		{"empty", map[string]any{"text": ""}, "empty"},
		{"only spaces", map[string]any{"text": " \t "}, "empty"},
		{"missing text", map[string]any{}, `"text" is missing`},
		{"bad UTF-8", "{\"text\":\"bad \xff byte\"}", "not valid UTF-8"},
		{"lone surrogate", `{"text":"half \udc00 a pair"}`, "not valid UTF-8"},
		{"control character", map[string]any{"text": "ring \a the bell"}, "control character U+0007"},
		{"line break", map[string]any{"text": "two\nlines"}, "control character U+000A"},
		{"not JSON", "hello", "not valid JSON"},
		{"unknown field", map[string]any{"text": "hi", "side": "B"}, "unknown field"},
	} {
		data := e.say(m.ID, a, tc.body, http.StatusBadRequest)
		if msg := apiErr(t, data).Msg; !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %q, want it to say %q", tc.name, msg, tc.want)
		}
	}
	for _, tc := range []struct {
		name, token string
		want        int
	}{
		{"spectator without a token", "", http.StatusForbidden},
		{"spectator's token", m.Spectator.Token, http.StatusForbidden},
		{"wrong token", "not-a-seat-token", http.StatusForbidden},
		{"seat alone on its side", solo.Seats[0].Token, http.StatusForbidden},
	} {
		id := m.ID
		if tc.token == solo.Seats[0].Token {
			id = solo.ID
		}
		e.say(id, tc.token, map[string]any{"text": "hello"}, tc.want)
		e.say(id, tc.token, map[string]any{"text": ""}, tc.want) // who asks is checked first
		if code, data := e.do("GET", "/api/matches/"+id+"/chat", tc.token, nil); code != tc.want {
			t.Errorf("%s reads the chat: %d %s, want %d", tc.name, code, data, tc.want)
		}
	}
	e.say("nosuchmatch", a, map[string]any{"text": "hello"}, http.StatusNotFound)
	for _, q := range []string{"?after=-1", "?after=x", "?limit=0", "?limit=501"} {
		if code, data := e.do("GET", "/api/matches/"+m.ID+"/chat"+q, a, nil); code != http.StatusBadRequest {
			t.Errorf("GET chat%s: %d %s, want 400", q, code, data)
		}
	}
	if p := e.chat(m.ID, a, ""); len(p.Messages) != 0 {
		t.Fatalf("refused messages were stored: %+v", p)
	}
	// The longest message allowed passes, counted in characters, not bytes.
	e.say(m.ID, a, map[string]any{"text": strings.Repeat("é", maxChatText)}, http.StatusCreated)
}

// The seats of one side read the same messages, in the order they were
// sent, trimmed and signed with the sender's seat name, and never another
// side's; a page stops at its limit and says more follow (docs/api.md, the
// side's chat).
func TestChatOrderAndPaging(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := teamMatch(e)
	a, wing := m.Seats[0].Token, m.Seats[2].Token
	bWing := m.Seats[3].Token
	var sent chatMessage
	mustUnmarshal(t, e.say(m.ID, a, map[string]any{"text": "  bandits, twelve o'clock high  "}, http.StatusCreated), &sent)
	if sent.Seq != 1 || sent.Seat != 0 || sent.Name != "A" || sent.Text != "bandits, twelve o'clock high" || sent.Time.IsZero() {
		t.Fatalf("the answer to the first message: %+v", sent)
	}
	e.say(m.ID, wing, map[string]any{"text": "tally ho ✈"}, http.StatusCreated)
	e.say(m.ID, bWing, map[string]any{"text": "side B's plan"}, http.StatusCreated)
	e.say(m.ID, a, map[string]any{"text": "break left"}, http.StatusCreated)
	want := []string{"bandits, twelve o'clock high", "tally ho ✈", "break left"}
	for _, tok := range []string{a, wing} {
		p := e.chat(m.ID, tok, "")
		if strings.Join(texts(p), "|") != strings.Join(want, "|") || p.Side != "A" || p.More {
			t.Fatalf("the side's chat: %+v", p)
		}
		for i, msg := range p.Messages {
			if want := []int{1, 2, 4}[i]; msg.Seq != want {
				t.Fatalf("message %d is number %d, want %d (number 3 is side B's)", i+1, msg.Seq, want)
			}
		}
		if p.Messages[1].Name != "A's wingman" || p.Messages[1].Seat != 2 {
			t.Fatalf("the wingman's message is signed %q, seat %d", p.Messages[1].Name, p.Messages[1].Seat)
		}
	}
	if p := e.chat(m.ID, a, "?after=1&limit=1"); strings.Join(texts(p), "|") != "tally ho ✈" || !p.More {
		t.Fatalf("page after 1, limit 1: %+v", p)
	}
	for _, tok := range []string{m.Seats[1].Token, bWing} {
		if p := e.chat(m.ID, tok, ""); strings.Join(texts(p), "|") != "side B's plan" || p.Side != "B" || p.Messages[0].Seq != 3 {
			t.Fatalf("side B's chat: %+v", p)
		}
	}
	if p := e.chat(m.ID, a, "?after=4"); len(p.Messages) != 0 || p.More {
		t.Fatalf("page after the last message: %+v", p)
	}
}

// Every WebSocket of a seat of the side gets a "chat" message, the sender's
// included; the other side and spectators get none: the move made after the
// message reaches them first.
func TestChatLiveToTheSideOnly(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := teamMatch(e)
	conns := map[string]*websocket.Conn{
		"A": e.dial(m.ID, m.Seats[0].Token), "B": e.dial(m.ID, m.Seats[1].Token),
		"wingman": e.dial(m.ID, m.Seats[2].Token), "spectator": e.dial(m.ID, m.Spectator.Token),
	}
	for _, c := range conns {
		if msg, raw := readMessage(t, c); msg.Type != "snapshot" {
			t.Fatalf("first message: %s", raw)
		}
	}
	e.say(m.ID, m.Seats[2].Token, map[string]any{"text": "on your six"}, http.StatusCreated)
	for _, who := range []string{"A", "wingman"} {
		msg, raw := readMessage(t, conns[who])
		if msg.Type != "chat" || msg.Message == nil || msg.Message.Text != "on your six" || msg.Message.Name != "A's wingman" || msg.Message.Seq != 1 {
			t.Fatalf("%s got %s, want the wingman's message", who, raw)
		}
	}
	s := e.snapshot(m.ID, m.Seats[1].Token)
	e.act(m.ID, m.Seats[1].Token, map[string]any{"version": s.Version, "action": "pick 2"}, http.StatusOK)
	for who, c := range conns {
		if msg, raw := readMessage(t, c); msg.Type != "snapshot" {
			t.Fatalf("%s got %s, want the new position (and never the chat of side A for B or a spectator)", who, raw)
		}
	}
}

// TestRateLimitChat: chat messages count against their own limit, and a
// refused one is not stored.
func TestRateLimitChat(t *testing.T) {
	srv, err := New(Config{Hosts: testHosts, Games: testGames(), Store: newMemStore(), Logger: quietLog(),
		RateLimits: RateLimits{Chat: Rate{Events: 2, Per: time.Hour}}})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, srv: srv, ts: httptest.NewServer(srv.Handler()), store: srv.store}
	t.Cleanup(e.close)
	m := teamMatch(e)
	a := m.Seats[0].Token
	e.say(m.ID, a, map[string]any{"text": "one"}, http.StatusCreated)
	e.say(m.ID, a, map[string]any{"text": ""}, http.StatusBadRequest) // refused, but counted
	data := e.say(m.ID, a, map[string]any{"text": "three"}, http.StatusTooManyRequests)
	if !strings.Contains(apiErr(t, data).Msg, "too many chat messages") {
		t.Fatalf("third message: %s", data)
	}
	if p := e.chat(m.ID, a, ""); strings.Join(texts(p), "|") != "one" {
		t.Fatalf("after the limit: %+v", p)
	}
	s := e.snapshot(m.ID, a) // the action limit is another one
	e.act(m.ID, a, map[string]any{"version": s.Version, "action": "pick 1"}, http.StatusOK)
}

// TestChatRestart closes the server and opens a new one on the same SQLite
// file: the side's messages are all there and numbering goes on after them.
func TestChatRestart(t *testing.T) {
	path := tempDB(t)
	e := newEnv(t, openSQLite(t, path))
	m := teamMatch(e)
	a, wing := m.Seats[0].Token, m.Seats[2].Token
	e.say(m.ID, a, map[string]any{"text": "before"}, http.StatusCreated)
	e.say(m.ID, wing, map[string]any{"text": "the restart"}, http.StatusCreated)
	before := e.chat(m.ID, a, "")
	e.close()

	e2 := newEnv(t, openSQLite(t, path))
	after := e2.chat(m.ID, wing, "")
	if len(after.Messages) != 2 || after.Messages[0] != before.Messages[0] || after.Messages[1] != before.Messages[1] {
		t.Fatalf("after the restart:\n%+v\nbefore:\n%+v", after, before)
	}
	var next chatMessage
	mustUnmarshal(t, e2.say(m.ID, a, map[string]any{"text": "after"}, http.StatusCreated), &next)
	if next.Seq != 3 {
		t.Fatalf("the first message after the restart is number %d, want 3", next.Seq)
	}
}

// A node passes on the chat messages the store's notices name, and after its
// watch reconnected (the zero Change) every message of a side it has passed
// on messages of and may have missed since: the path of a message stored
// by another node (docs/api.md, the side's chat), here driven by hand.
func TestChatHeardFromTheStore(t *testing.T) {
	st := newMemStore()
	e := newEnv(t, st)
	m := teamMatch(e)
	wing := e.dial(m.ID, m.Seats[2].Token)
	readMessage(t, wing)
	e.say(m.ID, m.Seats[0].Token, map[string]any{"text": "one"}, http.StatusCreated)
	if msg, raw := readMessage(t, wing); msg.Type != "chat" || msg.Message.Seq != 1 {
		t.Fatalf("got %s, want message 1", raw)
	}
	// Another node stores messages 2 to 4; this one hears of 2 only.
	for _, text := range []string{"two", "three", "four"} {
		if _, err := st.AppendChat(t.Context(), m.ID, store.ChatMessage{Side: "A", Seat: 0, Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	e.srv.heard(store.Change{ID: m.ID, ChatSeq: 2, ChatSide: "A"})
	if msg, raw := readMessage(t, wing); msg.Type != "chat" || msg.Message.Text != "two" || msg.Message.Name != "A" {
		t.Fatalf("got %s, want message 2", raw)
	}
	// The watch reconnects: 3 and 4 follow, in order.
	e.srv.heard(store.Change{})
	for _, want := range []string{"three", "four"} {
		if msg, raw := readMessage(t, wing); msg.Type != "chat" || msg.Message.Text != want {
			t.Fatalf("got %s, want %q", raw, want)
		}
	}
}

// deafStore is a store several nodes could share whose watch hears nothing:
// a watch that is away.
type deafStore struct{ *memStore }

func (deafStore) Watch(ctx context.Context, f func(store.Change)) error {
	<-ctx.Done()
	return nil
}

// On a store several nodes share, a message reaches the sockets through the
// store's notice; if the watch was away when it was sent, the catch-up after
// the watch reconnects (the zero Change) brings it.
func TestChatCaughtUpAfterTheWatchWasAway(t *testing.T) {
	e := newEnv(t, deafStore{newMemStore()})
	m := teamMatch(e)
	wing := e.dial(m.ID, m.Seats[2].Token)
	readMessage(t, wing)
	e.say(m.ID, m.Seats[0].Token, map[string]any{"text": "lost in the ether"}, http.StatusCreated)
	e.srv.heard(store.Change{})
	if msg, raw := readMessage(t, wing); msg.Type != "chat" || msg.Message.Text != "lost in the ether" {
		t.Fatalf("got %s, want the message sent while the watch was away", raw)
	}
}

// A node whose pages have seen no message of a side yet still catches that
// side up after its watch reconnects: a message another node stored while
// the watch was not yet listening reaches the page (the first message of a
// match posted on node A as node B starts was lost before).
func TestChatCaughtUpWhenNoneWasPassedYet(t *testing.T) {
	st := deafStore{newMemStore()}
	e := newEnv(t, st)
	m := teamMatch(e)
	wing := e.dial(m.ID, m.Seats[2].Token)
	readMessage(t, wing)
	// Another node stores the side's first message; this one hears nothing.
	if _, err := st.AppendChat(t.Context(), m.ID, store.ChatMessage{Side: "A", Seat: 0, Text: "from node B"}); err != nil {
		t.Fatal(err)
	}
	e.srv.heard(store.Change{})
	if msg, raw := readMessage(t, wing); msg.Type != "chat" || msg.Message.Text != "from node B" || msg.Message.Seq != 1 {
		t.Fatalf("got %s, want the message stored elsewhere before any was passed here", raw)
	}
}
