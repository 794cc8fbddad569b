package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestStrictJSONKeys: a body is read strictly (docs/api.md), so a key given
// twice, or spelt in another case than the API's, is refused rather than
// quietly taking one of its values.
func TestStrictJSONKeys(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := teamMatch(e)
	tok := m.Seats[0].Token
	v := e.snapshot(m.ID, tok).Version
	for _, c := range []struct{ name, path, body, says string }{
		{"duplicate key", "/api/matches", `{"game":"toy","game":"tinybob"}`, "duplicate"},
		{"case-folded key", "/api/matches", `{"Game":"toy"}`, "Game"},
		{"duplicate version", "/api/matches/" + m.ID + "/actions", `{"version":0,"version":` + strconv.Itoa(v) + `,"id":1}`, "duplicate"},
		{"case-folded action", "/api/matches/" + m.ID + "/actions", `{"version":` + strconv.Itoa(v) + `,"ID":1}`, "ID"},
		{"duplicate chat text", "/api/matches/" + m.ID + "/chat", `{"text":"a","text":"b"}`, "duplicate"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, data := e.do("POST", c.path, tok, c.body)
			if code != http.StatusBadRequest || !strings.Contains(string(data), c.says) {
				t.Fatalf("got %d %s, want 400 naming %q", code, data, c.says)
			}
		})
	}
	if got := e.snapshot(m.ID, tok).Version; got != v {
		t.Fatalf("refused bodies moved the match from %d to %d", v, got)
	}
	if p := e.chat(m.ID, tok, ""); len(p.Messages) != 0 {
		t.Fatalf("refused chat stored %v", texts(p))
	}
}

// TestChatRefusesInvisibleTricks: a message is one line of plain text
// (docs/api.md), so Unicode's line and paragraph separators, the
// bidirectional overrides and isolates that make text read in another order
// than it is stored, and a pile of combining marks that smears over the
// lines around it are refused like control characters.
func TestChatRefusesInvisibleTricks(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := teamMatch(e)
	tok := m.Seats[0].Token
	for _, c := range []struct{ name, text, says string }{
		{"line separator", "one\u2028two", "U+2028"},
		{"paragraph separator", "one\u2029two", "U+2029"},
		{"right-to-left override", "evil \u202egnp.exe", "U+202E"},
		{"left-to-right embedding", "a\u202ab", "U+202A"},
		{"first strong isolate", "a\u2068b\u2069", "U+2068"},
		{"combining marks", "Z" + strings.Repeat("\u0301", 499), "combining"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, data := e.do("POST", "/api/matches/"+m.ID+"/chat", tok, map[string]string{"text": c.text})
			if code != http.StatusBadRequest || !strings.Contains(string(data), c.says) {
				t.Fatalf("got %d %s, want 400 naming %q", code, data, c.says)
			}
		})
	}
	// Accents and scripts written right to left are ordinary text.
	for _, ok := range []string{"Škoda à côté", "e\u0301te\u0301", "שלום עולם", "مرحبا"} {
		e.say(m.ID, tok, map[string]string{"text": ok}, http.StatusCreated)
	}
}

// TestWebSocketInvalidUTF8Closed: a text frame that is not valid UTF-8 breaks
// the WebSocket protocol (RFC 6455 section 8.1); the server closes the
// connection with 1007 instead of reading it.
func TestWebSocketInvalidUTF8Closed(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := teamMatch(e)
	c := e.dial(m.ID, m.Seats[0].Token)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, _, err := c.Read(ctx); err != nil { // the first snapshot
		t.Fatal(err)
	}
	if err := c.Write(ctx, websocket.MessageText, []byte("{\"type\":\"act\",\"action\":\"\xff\xfe\"}")); err != nil {
		t.Fatal(err)
	}
	for {
		_, data, err := c.Read(ctx)
		if err == nil {
			t.Logf("message before the close: %.200s", data)
			continue
		}
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != websocket.StatusInvalidFramePayloadData {
			t.Fatalf("read after invalid UTF-8: %v; want a close with 1007", err)
		}
		return
	}
}
