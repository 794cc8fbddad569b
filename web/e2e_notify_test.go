package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"scramble/bot"
	"scramble/games/catalog"
	"scramble/notify"
	"scramble/server"
	"scramble/store/sqlite"
	"scramble/web"
)

// startNotifyServer is startServer with notifications that may reach a
// receiver on this machine.
func startNotifyServer(t *testing.T) string {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "scramble.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{
		Games: catalog.New(), Store: st, NewBot: bot.New, BotDelay: 5 * time.Millisecond, UI: web.Handler(),
		Notify: server.NotifyConfig{AllowPrivate: true, Poll: 50 * time.Millisecond, PublicURL: "http://scramble.test"},
	})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
		st.Close()
	})
	return ts.URL
}

// apiCall sends one JSON request with a seat's token and decodes the answer.
func apiCall(t *testing.T, method, u, token string, body, out any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, u, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		t.Fatalf("%s %s: %d %s", method, u, resp.StatusCode, data)
	}
	if out != nil {
		json.Unmarshal(data, out)
	}
}

// TestEndToEndNotifyWebhook: the second pilot of a 303 Squadron match
// registers a webhook in the match page's Notifications panel and closes the
// page; the match is played on through the API, and the webhook receives
// "your turn" for that seat, with the match's link. Reopened, the panel
// shows the registration, and Remove removes it.
func TestEndToEndNotifyWebhook(t *testing.T) {
	artifacts := needBrowser(t)
	got := make(chan notify.Body, 50)
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b notify.Body
		json.NewDecoder(r.Body).Decode(&b)
		got <- b
		w.WriteHeader(http.StatusNoContent)
	}))
	defer rcv.Close()
	base := startNotifyServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	browser := startBrowser(t, ctx)
	one := openPage(t, browser, "notify-one", artifacts)
	twoCtx, cancelTwo := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancelTwo()
	two := openPage(t, twoCtx, "notify-two", artifacts)

	one.do(chromedp.Navigate(base + "/"))
	one.waitJS(`document.querySelectorAll('#game option').length > 0 && !!document.querySelector('#seat-0')`, step)
	selectGame(one, "squadron")
	id, links := createMatch(one)

	two.do(chromedp.Navigate(links["seat-1"]))
	two.waitJS(`document.querySelector('#notify').dataset.loaded === 'true' && !document.querySelector('#notify').hidden`, step)
	two.setValue(`[data-testid="notify-webhook"]`, rcv.URL+"/hook")
	two.setValue(`[data-testid="notify-preset"]`, "json")
	two.click(`[data-testid="notify-save"]`)
	two.waitJS(`document.querySelector('[data-testid="notify-status"]').textContent === 'Saved.'`, step)
	two.shotBoth("notify-panel")
	// Away: the tab is closed, so the seat is no longer connected (a page
	// merely navigated away may stay in the back-forward cache, socket and
	// all).
	cancelTwo()

	// The tokens, to play both seats through the API.
	token := func(link string) string {
		u, err := url.Parse(link)
		if err != nil {
			t.Fatal(err)
		}
		return u.Query().Get("token")
	}
	tokens := []string{token(links["seat-0"]), token(links["seat-1"])}
	type snap struct {
		Version  int  `json:"version"`
		Finished bool `json:"finished"`
		Legal    []struct {
			ID int `json:"id"`
		} `json:"legal"`
	}
	mu := base + "/api/matches/" + id
	deadline := time.Now().Add(2 * time.Minute)
	var turn notify.Body
	for turn.Kind != "turn" {
		if time.Now().After(deadline) {
			t.Fatal("no turn notification reached the webhook")
		}
		select {
		case b := <-got:
			if b.Seat == 1 {
				turn = b
			}
			continue
		default:
		}
		var s snap
		apiCall(t, "GET", mu, tokens[0], nil, &s)
		seat := 0
		if len(s.Legal) == 0 {
			apiCall(t, "GET", mu, tokens[1], nil, &s)
			seat = 1
		}
		if s.Finished {
			t.Fatal("the match ended before seat 1 was told of its turn")
		}
		if len(s.Legal) == 0 {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		apiCall(t, "POST", mu+"/actions", tokens[seat], map[string]any{"version": s.Version, "id": s.Legal[s.Version%len(s.Legal)].ID}, nil)
	}
	if turn.Match != id || !strings.Contains(turn.Text, "http://scramble.test/m/"+id) {
		t.Errorf("turn notification %+v", turn)
	}

	againCtx, cancelAgain := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancelAgain()
	two = openPage(t, againCtx, "notify-two-again", artifacts)
	two.do(chromedp.Navigate(links["seat-1"]))
	two.waitJS(`document.querySelector('#notify').dataset.loaded === 'true'`, step)
	if v := evalJS[string](two, `document.querySelector('[data-testid="notify-webhook"]').value`); v != rcv.URL+"/hook" {
		t.Errorf("the reopened panel shows webhook %q", v)
	}
	two.click(`[data-testid="notify-remove"]`)
	two.waitJS(`document.querySelector('[data-testid="notify-status"]').textContent === 'Removed.'`, step)
	two.shotBoth("notify-removed")
	one.checkErrors()
	two.checkErrors()
}
