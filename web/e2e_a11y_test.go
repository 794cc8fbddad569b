package web_test

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// smallBoardText lists the board's texts drawn under 11 CSS pixels (with
// their groups' scales), as
// "text (size)".
const smallBoardText = `[...document.querySelectorAll('#board svg text')].filter(t => t.getClientRects().length && t.textContent.trim())
	.map(t => [t, parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a])
	.filter(([, px]) => px < 11).map(([t, px]) => t.textContent + ' (' + px.toFixed(1) + 'px)')`

// unnamed lists the board's clickable elements without an accessible name.
const unnamed = `[...document.querySelectorAll('#board [data-action], #board [data-select]')]
	.filter(el => !(el.getAttribute('aria-label') || el.textContent.trim())).map(el => el.outerHTML.slice(0, 80))`

// TestEndToEndAccessibility: the boards of Tiny Battle of Britain and The
// Battle of Britain—Again! label everything at 11 pixels or more at desktop
// width, name every clickable element for a screen reader, draw the
// keyboard's focus in a ring unlike the board's yellow "selectable" ring,
// and the connection pill is readable (white on a dark enough green) —
// issue 34 §4.
func TestEndToEndAccessibility(t *testing.T) {
	artifacts := needBrowser(t)
	base := startServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	p := openPage(t, startBrowser(t, ctx), "a11y", artifacts)
	for _, game := range []string{"tinybob", "boba"} {
		p.do(chromedp.EmulateViewport(1400, 900))
		p.do(chromedp.Navigate(base + "/"))
		p.waitJS(`!!document.querySelector('[data-testid="quick-`+game+`"]')`, step)
		p.clickNav(`[data-testid="quick-` + game + `"]`)
		p.waitJS(`location.pathname.startsWith('/m/') && document.querySelector('main').dataset.myturn === 'true'
			&& !!document.querySelector('#board [data-action], #board [data-select]')`, step)
		if small := evalJS[[]string](p, smallBoardText); len(small) > 0 {
			t.Errorf("%s: board labels under 11 px at 1400x900: %q", game, small)
		}
		if bad := evalJS[[]string](p, unnamed); len(bad) > 0 {
			t.Errorf("%s: clickable board elements without a name: %q", game, bad)
		}
		// The keyboard's focus on a board element: an outline, dark, not
		// the selectable ring's yellow.
		ring := evalJS[string](p, `(el => { el.focus(); return getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineColor; })
			(document.querySelector('#board [data-action][tabindex], #board [data-select][tabindex]'))`)
		if ring != "solid rgb(13, 27, 46)" {
			t.Errorf("%s: a focused board element has outline %q, want the dark focus ring", game, ring)
		}
		p.waitJS(`document.querySelector('#conn').dataset.state === 'open'`, step)
		pill := evalJS[[]string](p, `(s => [s.color, s.backgroundColor])(getComputedStyle(document.querySelector('#conn')))`)
		if pill[0] != "rgb(255, 255, 255)" || pill[1] != "rgb(27, 94, 32)" {
			t.Errorf("%s: the live pill is %q on %q, want white on #1b5e20 (7.9:1)", game, pill[0], pill[1])
		}
	}
	p.checkErrors()
}
