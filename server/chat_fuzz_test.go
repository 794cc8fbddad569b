package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzChatBody posts fuzzed bodies to POST /api/matches/{id}/chat from a
// pilot of a 303 Squadron match of two: each is refused with a 4xx and
// stores nothing, or is stored as a message of 1 to 500 characters of valid
// UTF-8, trimmed, without control characters, which the side then reads
// back as the last message (docs/api.md, the side's chat).
func FuzzChatBody(f *testing.F) {
	for _, s := range []string{
		`{"text":"bandits at angels fifteen"}`,
		`{"text":"  tally ho ✈  "}`,
		`{"text":""}`,
		`{"text":" \t "}`,
		`{"text":"two\nlines"}`,
		`{"text":"bell \u0007"}`,
		`{"text":"half \udc00 a pair"}`,
		"{\"text\":\"bad \xff byte\"}",
		`{"text":"` + strings.Repeat("é", 500) + `"}`,
		`{"text":"` + strings.Repeat("é", 501) + `"}`,
		`{"text":"hi","side":"Luftwaffe"}`,
		`{"text":null}`, `{"text":7}`, `{}`, `[]`, `not json`, ``,
	} {
		f.Add([]byte(s))
	}
	e := newFuzzEnv(f)
	code, body := e.call("POST", "/api/matches", "", []byte(`{"game":"squadron","options":{"players":"2"},"seed":3}`))
	if code != http.StatusCreated {
		f.Fatalf("creating the match: %d %s", code, body)
	}
	var m createdMatch
	if err := json.Unmarshal(body, &m); err != nil || len(m.Seats) != 2 {
		f.Fatalf("creating the match: %s (%v)", body, err)
	}
	path := "/api/matches/" + m.ID + "/chat"
	// last counts the side's messages and returns the last one, page by page.
	last := func(t *testing.T) (int, chatMessage) {
		n, after := 0, 0
		var end chatMessage
		for {
			code, body := e.call("GET", fmt.Sprintf("%s?after=%d&limit=%d", path, after, maxChatPage), m.Seats[1].Token, nil)
			var p chatPage
			if code != http.StatusOK || json.Unmarshal(body, &p) != nil {
				t.Fatalf("reading the chat: %d %s", code, body)
			}
			n += len(p.Messages)
			if len(p.Messages) > 0 {
				end = p.Messages[len(p.Messages)-1]
				after = end.Seq
			}
			if !p.More {
				return n, end
			}
		}
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		e.mu.Lock()
		defer e.mu.Unlock()
		before, _ := last(t)
		code, out := e.call("POST", path, m.Seats[0].Token, body)
		what := "POST " + path + " " + fuzzQuote(body)
		fuzzCheckAnswer(t, what, code, out)
		n, got := last(t)
		if code >= 400 {
			if n != before {
				t.Fatalf("%s: answered %d but the chat went from %d to %d messages", what, code, before, n)
			}
			return
		}
		var sent chatMessage
		if err := json.Unmarshal(out, &sent); err != nil {
			t.Fatalf("%s: the answer %s is not a message: %v", what, out, err)
		}
		if n != before+1 || got != sent {
			t.Fatalf("%s: stored %d messages after %d, the last %+v; answered %+v", what, n, before, got, sent)
		}
		if err := checkStoredText(sent.Text); err != nil {
			t.Fatalf("%s: stored %q: %v", what, sent.Text, err)
		}
	})
}

// checkStoredText says what is wrong with a stored message's text, if
// anything.
func checkStoredText(s string) error {
	n := utf8.RuneCountInString(s)
	switch {
	case !utf8.ValidString(s):
		return fmt.Errorf("not valid UTF-8")
	case n < 1 || n > maxChatText:
		return fmt.Errorf("%d characters", n)
	case strings.TrimSpace(s) != s:
		return fmt.Errorf("not trimmed")
	case strings.ContainsFunc(s, unicode.IsControl):
		return fmt.Errorf("holds a control character")
	}
	return nil
}
