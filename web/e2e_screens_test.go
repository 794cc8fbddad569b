package web_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEndToEndScreensEveryGame opens every game from the lobby's "Play
// against bots", plays a few of the person's actions and saves its page at
// 1400x900 and 390x844 into $SCRAMBLE_ARTIFACTS, for a person to look at
// (issue 34 §8). On the phone no page is wider than the screen; at desktop
// width every game's board labels are 11 px or more (issues 29 §3, 30 §3).
func TestEndToEndScreensEveryGame(t *testing.T) {
	artifacts := needBrowser(t)
	base := startServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	p := openPage(t, startBrowser(t, ctx), "screens", artifacts)
	for _, game := range []string{"tinybob", "boba", "midway", "squadron", "squadron-campaign", "wings"} {
		p.do(chromedp.EmulateViewport(1400, 900))
		p.do(chromedp.Navigate(base + "/"))
		p.waitJS(`!!document.querySelector('[data-testid="quick-`+game+`"]')`, step)
		p.clickNav(`[data-testid="quick-` + game + `"]`)
		ready := `location.pathname.startsWith('/m/') && document.querySelector('main').dataset.myturn === 'true'
			&& document.querySelectorAll('#actions button[data-action]').length > 0`
		p.waitJS(ready, longStep)
		p.shot("screen-"+game+"-start-desktop", 1400, 900)
		if code := evalJS[bool](p, `document.body.innerText.includes('iterations=')`); code {
			t.Errorf("%s: the page shows the bot's settings", game)
		}
		for range 3 {
			v := evalJS[string](p, `document.querySelector('main').dataset.version`)
			// The first action shown (not one folded in a group).
			evalJS[bool](p, `(b => (b.click(), true))([...document.querySelectorAll('#actions button[data-action]')].find(b => b.getClientRects().length))`)
			p.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version !== %q`, v), longStep)
			p.waitJS(`document.querySelector('main').dataset.myturn === 'true' || !document.querySelector('#actions button[data-action]')`, longStep)
			if !evalJS[bool](p, `[...document.querySelectorAll('#actions button[data-action]')].some(b => b.getClientRects().length)`) {
				break
			}
		}
		// Words, not codes (issue 34 §2): no bot settings, no data names.
		for _, code := range []string{"iterations=", "firststrike", "thirdround", "breakaway", "nofree"} {
			if evalJS[bool](p, fmt.Sprintf(`document.body.innerText.includes(%q)`, code)) {
				t.Errorf("%s: the page shows the code %q", game, code)
			}
		}
		if small := evalJS[[]string](p, smallBoardText); len(small) > 0 {
			t.Errorf("%s: board labels under 11 px at 1400x900: %q", game, small)
		}
		p.shot("screen-"+game+"-desktop", 1400, 900)
		p.shot("screen-"+game+"-phone", phoneW, phoneH)
		if wide := evalJS[float64](p, `document.documentElement.scrollWidth - innerWidth`); wide > 0 {
			t.Errorf("%s: on a phone the page is %.0f px wider than the screen", game, wide)
		}
	}
	p.checkErrors()
}
