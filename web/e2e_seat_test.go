package web_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEndToEndLeaveAndTakeBack: the second pilot of a 303 Squadron match
// leaves the seat to its bot from the "Your seat" panel; the page says a
// bot plays it; the pilot takes it back with the same page (issue 36 §3).
func TestEndToEndLeaveAndTakeBack(t *testing.T) {
	artifacts := needBrowser(t)
	base := startServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	browser := startBrowser(t, ctx)
	one := openPage(t, browser, "seat-one", artifacts)
	twoCtx, cancelTwo := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancelTwo()
	two := openPage(t, twoCtx, "seat-two", artifacts)
	one.do(chromedp.Navigate(base + "/"))
	one.waitJS(`document.querySelectorAll('#game option').length > 0 && !!document.querySelector('#seat-0')`, step)
	selectGame(one, "squadron")
	_, links := createMatch(one)

	two.do(chromedp.Navigate(links["seat-1"]))
	two.waitJS(`!document.querySelector('#seat').hidden && !!document.querySelector('[data-testid="leave"]')`, step)
	two.click(`[data-testid="leave"]`)
	two.waitJS(`!!document.querySelector('[data-testid="take-back"]') && !!document.querySelector('[data-testid="standin-note"]')`, step)
	// The bot by its name, without its settings (issue 34 §2).
	if note := evalJS[string](two, `document.querySelector('[data-testid="standin-note"]').textContent`); !strings.Contains(note, "A bot (mcts) plays your seat") || strings.Contains(note, "=") {
		t.Errorf("the stand-in note says %q", note)
	}
	two.shotBoth("seat-standin")
	two.click(`[data-testid="take-back"]`)
	two.waitJS(`!!document.querySelector('[data-testid="leave"]') && !document.querySelector('[data-testid="standin-note"]')`, step)
	two.checkErrors()
}

// TestEndToEndRematch: a tinybob match played to its end offers a rematch;
// it opens the new match's seat.
func TestEndToEndRematch(t *testing.T) {
	base, p, _ := startSession(t, "rematch-")
	selectGame(p, "tinybob")
	id, links := createMatch(p)
	p.do(chromedp.Navigate(links["seat-0"]))
	p.waitJS(`document.querySelector('#conn').dataset.state === 'open'`, step)
	// Play to the end through the API; the page follows on its socket.
	u, _ := url.Parse(links["seat-0"])
	tok := u.Query().Get("token")
	type snap struct {
		Version  int  `json:"version"`
		Finished bool `json:"finished"`
		Legal    []struct {
			ID int `json:"id"`
		} `json:"legal"`
	}
	for i := 0; i < 2000; i++ {
		var s snap
		apiCall(t, "GET", base+"/api/matches/"+id, tok, nil, &s)
		if s.Finished {
			break
		}
		apiCall(t, "POST", base+"/api/matches/"+id+"/actions", tok, map[string]any{"version": s.Version, "id": s.Legal[s.Version%len(s.Legal)].ID}, nil)
	}
	p.waitJS(`!!document.querySelector('[data-testid="rematch"]')`, step)
	p.click(`[data-testid="rematch"]`)
	p.waitJS(`!!document.querySelector('[data-testid="rematch-open"]')`, step)
	p.clickNav(`[data-testid="rematch-open"]`)
	p.waitJS(`location.pathname.startsWith('/m/') && location.pathname !== '/m/`+id+`' && document.querySelector('#conn').dataset.state === 'open'`, step)
	p.checkErrors()
}
