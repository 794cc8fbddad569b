package server

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"scramble/bot"
)

// forged sends a request as a page of another origin would make the browser
// send it: the seat's cookie attached, the body of the page's choosing.
func (e *env) forged(method, path, cookie, contentType, body string, header map[string]string) (int, string) {
	e.t.Helper()
	req, err := http.NewRequest(method, e.ts.URL+path, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := e.ts.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// TestCrossSiteForgeryRefused reproduces issue 33's forgery: a page on
// another port of the same host posts a move and side chat with the seat's
// cookie (SameSite=Lax sends it, the sites being the same), as text/plain or
// a form so that the browser sends it without asking. Both are refused, and
// so is a JSON body from that origin; the same requests from the server's
// own pages, and from clients that send neither Origin nor Sec-Fetch-Site
// (the CLI, the tests), are served.
func TestCrossSiteForgeryRefused(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := teamMatch(e)
	tok := m.Seats[0].Token
	before := e.snapshot(m.ID, tok).Version
	cookie := cookieName(m.ID) + "=" + tok
	evil := httptest.NewServer(http.NotFoundHandler()) // the other port
	defer evil.Close()
	act := fmt.Sprintf(`{"version":%d,"id":1}`, before)
	chat := `{"text":"hello from elsewhere"}`
	crossSite := map[string]string{"Origin": evil.URL, "Sec-Fetch-Site": "same-site"}
	oldBrowser := map[string]string{"Origin": evil.URL}
	cases := []struct {
		name, path, ctype, body string
		header                  map[string]string
	}{
		{"move as text/plain", "/api/matches/" + m.ID + "/actions", "text/plain", act, crossSite},
		{"chat as text/plain", "/api/matches/" + m.ID + "/chat", "text/plain", chat, crossSite},
		{"move as a form", "/api/matches/" + m.ID + "/actions", "application/x-www-form-urlencoded", act, crossSite},
		{"move as JSON, cross-site", "/api/matches/" + m.ID + "/actions", "application/json", act, crossSite},
		{"move without Sec-Fetch-Site", "/api/matches/" + m.ID + "/actions", "application/json", act, oldBrowser},
		{"chat as text/plain, no Origin", "/api/matches/" + m.ID + "/chat", "text/plain", chat, nil},
		{"move without a type", "/api/matches/" + m.ID + "/actions", "", act, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, body := e.forged("POST", c.path, cookie, c.ctype, c.body, c.header)
			if code != http.StatusForbidden && code != http.StatusUnsupportedMediaType {
				t.Fatalf("forged request answered %d %s; want 403 or 415", code, body)
			}
			if !strings.Contains(body, `"error"`) {
				t.Fatalf("refusal %q is not the API's JSON error", body)
			}
		})
	}
	if s := e.snapshot(m.ID, tok); s.Version != before {
		t.Fatalf("forged requests moved the match from version %d to %d", before, s.Version)
	}
	code, body := e.do("GET", "/api/matches/"+m.ID+"/chat", tok, nil)
	if code != http.StatusOK || strings.Contains(string(body), "elsewhere") {
		t.Fatalf("side chat after forgery: %d %s", code, body)
	}

	// The server's own page, and a client with no browser headers.
	same := map[string]string{"Origin": e.ts.URL, "Sec-Fetch-Site": "same-origin"}
	if code, body := e.forged("POST", "/api/matches/"+m.ID+"/chat", cookie, "application/json", chat, same); code != http.StatusCreated {
		t.Fatalf("same-origin chat: %d %s", code, body)
	}
	if code, body := e.forged("POST", "/api/matches/"+m.ID+"/actions", cookie, "application/json; charset=utf-8", act, nil); code != http.StatusOK {
		t.Fatalf("non-browser move: %d %s", code, body)
	}
}

// TestHostHeaderChecked: a request naming a host the server does not answer
// to (the shape of DNS rebinding) is refused with 421; the default names and
// configured ones are served.
func TestHostHeaderChecked(t *testing.T) {
	srv, err := New(Config{Games: testGames(), Store: newMemStore(), NewBot: bot.New, BotDelay: -1,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Hosts: []string{"scramble.example.org"}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	cases := []struct {
		host string
		want int
	}{
		{"127.0.0.1:8080", 200},
		{"localhost:8080", 200},
		{"LOCALHOST", 200},
		{"[::1]:8080", 200},
		{"scramble.example.org", 200},
		{"Scramble.Example.Org:443", 200},
		{"attacker.example.com:8080", 421},
		{"scramble.example.org.attacker.com", 421},
		{"", 400},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/api/games", nil)
		r.Host = c.host
		w := httptest.NewRecorder()
		srv.Handler().ServeHTTP(w, r)
		if w.Code != c.want {
			t.Errorf("Host %q: %d %s, want %d", c.host, w.Code, w.Body, c.want)
		}
		if c.want == 421 && !strings.Contains(w.Body.String(), "--host") {
			t.Errorf("Host %q: refusal %s does not name the --host flag", c.host, w.Body)
		}
	}
}
