package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEndToEndMyMatches: a browser that opened both pilots' links of a 303
// Squadron match lists them on /mine (kept in the browser only), the pilot
// to act marked "Your turn" and counted in the tab's title, the lobby's too,
// whose "My matches" link says how many; Forget drops one (issue 36 §4).
func TestEndToEndMyMatches(t *testing.T) {
	artifacts := needBrowser(t)
	base := startServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	browser := startBrowser(t, ctx)
	p := openPage(t, browser, "mine", artifacts)
	p.do(chromedp.Navigate(base + "/"))
	p.waitJS(`document.querySelectorAll('#game option').length > 0 && !!document.querySelector('#seat-0')`, step)
	selectGame(p, "squadron")
	id, links := createMatch(p)
	for _, k := range []string{"seat-0", "seat-1"} {
		p.do(chromedp.Navigate(links[k]))
		p.waitJS(`document.querySelector('#conn').dataset.state === 'open'`, step)
	}
	p.do(chromedp.Navigate(base + "/mine"))
	p.waitJS(fmt.Sprintf(`!!document.querySelector('[data-testid="mine-%s-0"]') && !!document.querySelector('[data-testid="mine-%s-1"]')`, id, id), step)
	turn := evalJS[[]string](p, `[...document.querySelectorAll('.mine-row')].map(li => li.dataset.turn + ' ' + li.querySelector('[data-testid="mine-status"]').textContent)`)
	if strings.Join(turn, "|") != "true Your turn|false Waiting for Pilot 1" {
		t.Errorf("rows %q; want Pilot 1's seat first, marked as its turn", turn)
	}
	if title := evalJS[string](p, `document.title`); !strings.HasPrefix(title, "(1) Your turn") {
		t.Errorf("title %q; want the your-turn mark", title)
	}
	p.shotBoth("mine")
	// The lobby links to /mine and carries the same mark.
	p.do(chromedp.Navigate(base + "/"))
	p.waitJS(`document.querySelector('[data-testid="mine-link"]').dataset.turns === '1'`, step)
	if title := evalJS[string](p, `document.title`); !strings.HasPrefix(title, "(1) Your turn") {
		t.Errorf("the lobby's title %q; want the your-turn mark", title)
	}
	if text := evalJS[string](p, `document.querySelector('[data-testid="mine-link"]').textContent`); text != "My matches (1 your turn)" {
		t.Errorf("the lobby's link to /mine says %q", text)
	}
	p.shotBoth("lobby-mine-mark")
	p.do(chromedp.Navigate(base + "/mine"))
	p.waitJS(fmt.Sprintf(`!!document.querySelector('[data-testid="forget-%s-1"]')`, id), step)
	p.click(fmt.Sprintf(`[data-testid="forget-%s-1"]`, id))
	p.waitJS(fmt.Sprintf(`!document.querySelector('[data-testid="mine-%s-1"]')`, id), step)
	p.checkErrors()
}
