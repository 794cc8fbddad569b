package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"scramble/bot"
	"scramble/games/catalog"
	"scramble/server"
	"scramble/store/sqlite"
	"scramble/web"
)

// testClock is the server's clock in a browser test: the real time plus
// what the test has skipped ahead.
type testClock struct {
	mu   sync.Mutex
	skip time.Duration
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.skip)
}

func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	c.skip += d
	c.mu.Unlock()
}

// startClockServer is startServer with a clock the test can move ahead and
// a sweep of due clocks every 50 ms.
func startClockServer(t *testing.T, clock *testClock) string {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "scramble.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{
		Games: catalog.New(), Store: st, NewBot: bot.New, BotDelay: 5 * time.Millisecond, UI: web.Handler(),
		Clock: server.ClockConfig{Now: clock.Now, Tick: 50 * time.Millisecond},
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

// clockMatch creates, in the lobby on p, a public match of game for two
// people on the live preset "15 min + 30 s a move" with the time-out policy
// policy, and returns its id and links.
func clockMatch(p *page, base, game, policy string) (string, map[string]string) {
	p.t.Helper()
	p.do(chromedp.Navigate(base + "/"))
	p.waitJS(`document.querySelectorAll('#game option').length > 0 && !!document.querySelector('#seat-0') && !!document.querySelector('#clock')`, step)
	selectGame(p, game)
	p.setValue(`#clock`, "15 min + 30 s a move")
	p.waitJS(`!document.querySelector('#on-timeout').closest('.field').hidden`, step)
	p.setValue(`#on-timeout`, policy)
	p.click(`#public`)
	return createMatch(p)
}

// TestEndToEndClockStandin: a match made in the lobby with a live time
// control and the policy "a bot plays on": the seat to act sees its clock
// run; when its time runs out (the server's clock skipped ahead), its
// stand-in takes the seat, the page says so, and the person can take it
// back (issue 36 §2-3).
func TestEndToEndClockStandin(t *testing.T) {
	artifacts := needBrowser(t)
	clock := &testClock{}
	base := startClockServer(t, clock)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	browser := startBrowser(t, ctx)
	p := openPage(t, browser, "clock-standin", artifacts)
	p.do(chromedp.Navigate(base + "/"))
	p.waitJS(`!!document.querySelector('#clock')`, step)
	p.setValue(`#clock`, "3 days + 12 h a move, at most 5 days")
	p.waitJS(`!document.querySelector('#on-timeout').closest('.field').hidden`, step)
	p.shotBoth("lobby-clock")

	_, links := clockMatch(p, base, "squadron", "bot")
	p.do(chromedp.Navigate(links["seat-0"]))
	p.waitJS(`!!document.querySelector('[data-testid="clock-0"].running')`, step)
	p.shotBoth("clock-running")
	clock.add(16 * time.Minute)
	p.waitJS(`!!document.querySelector('[data-testid="standin-note"]') && !!document.querySelector('[data-testid="take-back"]')`, step)
	p.shotBoth("clock-standin")
	p.checkErrors()
}

// TestEndToEndClockLoses: a match made in the lobby with the policy "the
// seat loses": when the seat to act runs out of time, its page ends the
// match with "Defeat" and who ran out of time, the other seat's with
// "Victory!", the lobby lists it as lost on time, and its replay shows the
// same result at the end.
func TestEndToEndClockLoses(t *testing.T) {
	artifacts := needBrowser(t)
	clock := &testClock{}
	base := startClockServer(t, clock)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	browser := startBrowser(t, ctx)
	p := openPage(t, browser, "clock-lose", artifacts)
	// Midway: Japan (seat 2) is to act first.
	id, links := clockMatch(p, base, "midway", "lose")
	p.do(chromedp.Navigate(links["seat-0"]))
	p.waitJS(`document.querySelector('#conn').dataset.state === 'open'`, step)
	p.do(chromedp.Navigate(links["seat-1"]))
	p.waitJS(`!!document.querySelector('[data-testid="clock-1"].running')`, step)
	clock.add(16 * time.Minute)
	p.waitJS(`document.querySelector('main').dataset.finished === 'true' && !!document.querySelector('[data-testid="summary-cause"]')`, step)
	if h := evalJS[string](p, `document.querySelector('[data-testid="summary-headline"]').textContent`); h != "Defeat" {
		t.Errorf("the loser's headline %q, want Defeat", h)
	}
	if why := evalJS[string](p, `document.querySelector('[data-testid="summary-cause"]').textContent`); !strings.Contains(why, "ran out of time") {
		t.Errorf("the end screen's cause %q", why)
	}
	p.shotBoth("clock-lost")
	p.do(chromedp.Navigate(links["seat-0"]))
	p.waitJS(`!!document.querySelector('[data-testid="summary-headline"]')`, step)
	if h := evalJS[string](p, `document.querySelector('[data-testid="summary-headline"]').textContent`); h != "Victory!" {
		t.Errorf("the winner's headline %q, want Victory!", h)
	}
	p.do(chromedp.Navigate(base + "/"))
	p.waitJS(fmt.Sprintf(`!!document.querySelector('#finished-list [data-id=%q] .match-result')`, id), step)
	if r := evalJS[string](p, fmt.Sprintf(`document.querySelector('#finished-list [data-id=%q] .match-result').textContent`, id)); !strings.Contains(r, "lost on time") {
		t.Errorf("the lobby's finished list says %q", r)
	}
	p.waitJS(`document.title.startsWith('Scramble')`, step)
	p.shotBoth("clock-lobby-finished")
	p.do(chromedp.Navigate(base + "/mine"))
	p.waitJS(fmt.Sprintf(`/lost on time/.test(document.querySelector('[data-testid="mine-%s-1"]')?.textContent || '')`, id), step)
	p.shotBoth("clock-mine-finished")
	p.do(chromedp.Navigate(base + "/r/" + id))
	p.waitJS(`/ran out of time/.test(document.querySelector('[data-testid="summary-cause"]')?.textContent || '')`, step)
	p.shotBoth("clock-replay")
	p.checkErrors()
}
