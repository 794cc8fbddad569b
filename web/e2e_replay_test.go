package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEndToEndReplayNoSpoiler: a replay does not give the result away
// before its last step (unless asked), numbers each event by the move that
// caused it as the move list and the slider do, plays at 0.5× to 8×, and
// its title names the game (issue 34 §5).
func TestEndToEndReplayNoSpoiler(t *testing.T) {
	artifacts := needBrowser(t)
	base := startServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	p := openPage(t, startBrowser(t, ctx), "replay", artifacts)
	p.do(chromedp.Navigate(base + "/"))
	p.waitJS(`document.querySelectorAll('#game option').length > 0 && !!document.querySelector('#seat-0')`, step)
	selectGame(p, "tinybob")
	p.setValue(`#seat-0`, "bot:greedy")
	id, links := createMatch(p)
	p.do(chromedp.Navigate(links["spectator"]))
	p.waitJS(`!document.querySelector('[data-testid="summary"]').hidden`, longStep)
	winner := evalJS[string](p, `document.querySelector('[data-testid="summary-headline"]').textContent`)

	p.do(chromedp.Navigate(base + "/r/" + id))
	p.waitJS(`document.querySelector('#board').dataset.step === '0' && !!document.querySelector('[data-testid="show-result"]')`, step)
	if title := evalJS[string](p, `document.title`); !strings.Contains(title, "Tiny Battle of Britain") {
		t.Errorf("the replay's title is %q, want the game's name", title)
	}
	spoiler := func() bool {
		return evalJS[bool](p, fmt.Sprintf(`document.querySelector('main').textContent.includes(%q)
			|| !document.querySelector('#summary').hidden`, winner))
	}
	if spoiler() {
		t.Errorf("the replay shows the result %q at its first step", winner)
	}
	speeds := evalJS[[]string](p, `[...document.querySelectorAll('#speed option')].map(o => o.textContent)`)
	if strings.Join(speeds, " ") != "0.5× 1× 2× 4× 8×" {
		t.Errorf("replay speeds %q, want 0.5× to 8×", speeds)
	}
	// Move n's events are numbered n, as the move list numbers it.
	total := evalJS[int](p, `Number(document.querySelector('#seek').max)`)
	n := total / 2
	p.setValue(`#seek`, fmt.Sprint(n))
	p.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'`, n), step)
	for n > 1 && evalJS[int](p, `document.querySelectorAll('#events li.current').length`) == 0 {
		n-- // a move that logged nothing: look at the one before
		p.setValue(`#seek`, fmt.Sprint(n))
		p.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'`, n), step)
	}
	nums := evalJS[[]string](p, `[...document.querySelectorAll('#events li.current .step')].map(s => s.textContent)`)
	for _, num := range nums {
		if num != fmt.Sprint(n) {
			t.Errorf("at move %d the current events are numbered %q, want %d", n, nums, n)
			break
		}
	}
	if label := evalJS[string](p, `document.querySelector('#moves li.current .step').textContent`); label != fmt.Sprint(n) {
		t.Errorf("the move list marks move %q, want %d", label, n)
	}
	if spoiler() {
		t.Errorf("the replay shows the result %q halfway", winner)
	}
	p.shot("replay-desktop", 1400, 900)
	p.shot("replay-phone", phoneW, phoneH)
	p.do(chromedp.EmulateViewport(1400, 900))
	p.click(`[data-testid="last"]`)
	p.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'`, total), step)
	if !spoiler() {
		t.Errorf("the replay's last step does not show the result %q", winner)
	}
	p.shot("replay-end-desktop", 1400, 900)
	p.checkErrors()
}
