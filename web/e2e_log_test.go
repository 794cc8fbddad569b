package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// logAtBottom is true when the match page's event log shows its newest
// event.
const logAtBottom = `(l => l.scrollHeight - l.scrollTop - l.clientHeight < 40)(document.querySelector('#log'))`

// createBotMatch creates, from the lobby on p, a Battle of Britain—Again!
// match whose British seat is played by bot spec, and returns its id.
func createBotMatch(p *page, spec string) string {
	p.t.Helper()
	selectGame(p, "boba")
	evalJS[string](p, fmt.Sprintf(`(s => { s.add(new Option('bot', 'bot:%s')); s.value = 'bot:%s'; return s.value; })(document.querySelector('#seat-0'))`, spec, spec))
	id, _ := createMatch(p)
	return id
}

// TestLogFollowsAfterReflow checks that the match page's event log keeps
// showing the newest events after the page width changes (issue 7 §2: the
// stick-to-bottom check broke on reflow).
func TestLogFollowsAfterReflow(t *testing.T) {
	base, player, spectator := startSession(t, "log-")
	id := createBotMatch(player, "mcts:iterations=30")
	spectator.do(chromedp.EmulateViewport(1200, 900))
	spectator.do(chromedp.Navigate(base + "/m/" + id))
	spectator.waitJS(`document.querySelectorAll('#log li').length > 5`, step)
	for _, w := range []int64{420, 1200, 360} {
		n := evalJS[int](spectator, `document.querySelectorAll('#log li').length`)
		spectator.do(chromedp.EmulateViewport(w, 900))
		spectator.waitJS(fmt.Sprintf(`document.querySelectorAll('#log li').length > %d && %s`, n+10, logAtBottom), longStep)
	}
}

// TestLogEarlierPages checks that the match page loads the tail of a long
// event log and earlier pages on demand, in order, back to the first event
// (issue 7 §1: the page fetched the whole log).
func TestLogEarlierPages(t *testing.T) {
	base, player, spectator := startSession(t, "logpages-")
	id := createBotMatch(player, "random")
	spectator.do(chromedp.Navigate(base + "/m/" + id))
	spectator.waitJS(`!document.querySelector('[data-testid="summary"]').hidden`, longStep)
	spectator.do(chromedp.Navigate(base + "/m/" + id))
	spectator.waitJS(`!!document.querySelector('[data-testid="log-earlier"]')`, step)
	for i := 0; evalJS[bool](spectator, `!!document.querySelector('[data-testid="log-earlier"]')`); i++ {
		if i > 100 {
			t.Fatal("the log still offers earlier events after 100 pages")
		}
		n := evalJS[int](spectator, `document.querySelectorAll('#log li[data-step]').length`)
		spectator.click(`[data-testid="log-earlier"]`)
		spectator.waitJS(fmt.Sprintf(`document.querySelectorAll('#log li[data-step]').length > %d || !document.querySelector('[data-testid="log-earlier"]')`, n), step)
	}
	if first := evalJS[string](spectator, `document.querySelector('#log li[data-step]').dataset.step`); first != "0" {
		t.Errorf("the earliest event shown is at step %s, want 0", first)
	}
	if !evalJS[bool](spectator, `(a => a.every((x, i) => i === 0 || Number(a[i-1].dataset.step) <= Number(x.dataset.step)))([...document.querySelectorAll('#log li[data-step]')])`) {
		t.Error("the log's events are not in step order")
	}
}
