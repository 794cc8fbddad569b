package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chatTexts reads a page's chat as "name: text" lines, in the order shown.
const chatTexts = `[...document.querySelectorAll('#chat .chat-log li[data-seq]')]
	.map(li => li.querySelector('.chat-name').textContent + ': ' + li.querySelector('.chat-text').textContent)`

// hasChat is a condition: the page shows a chat message with this text.
func hasChat(text string) string {
	return fmt.Sprintf(`[...document.querySelectorAll('#chat .chat-text')].some(e => e.textContent === %q)`, text)
}

// say types a message in the page's chat and presses Enter.
func say(p *page, text string) {
	p.t.Helper()
	p.do(chromedp.SendKeys(chromedp.CSS(`[data-testid="chat-input"]`), text+kb.Enter))
	p.waitJS(hasChat(text)+` && document.querySelector('[data-testid="chat-input"]').value === ''`, step)
}

// TestEndToEndChat opens a 303 Squadron match of two pilots in two pages
// (two browser contexts, no cookies shared) and a spectator in a third: the
// pilots share their side's chat (issue 9 §3), each message reaching the
// other page live, signed with the sender's pilot and seat as the board names them, in one order on both
// pages and still there after a reload; the spectator's page shows no chat.
// On a phone, a message that comes while the chat is out of sight is
// counted on the top bar's link to it. A solo seat, a seat alone on its
// side, a pilot whose wingmen are bots and a spectator get no chat.
// A message over the length limit is refused with an error shown. It saves
// screenshots at phone and desktop widths.
func TestEndToEndChat(t *testing.T) {
	_, one, two := startSession(t, "chat-")
	selectGame(one, "squadron")
	id, links := createMatch(one)
	one.clickNav(`[data-testid="play-seat-0"]`)
	two.do(chromedp.Navigate(links["seat-1"]))
	ready := `!document.querySelector('#chat').hidden && document.querySelector('#chat').dataset.loaded === 'true'
		&& document.querySelector('#conn').dataset.state === 'open'`
	one.waitJS(ready, step)
	two.waitJS(ready, step)

	say(one, "Bandits over Biggin Hill, angels fifteen")
	two.waitJS(hasChat("Bandits over Biggin Hill, angels fifteen"), step)
	say(two, "Tally ho! I take the bombers ✈")
	one.waitJS(hasChat("Tally ho! I take the bombers ✈"), step)
	say(one, "Watch your six")
	two.waitJS(hasChat("Watch your six"), step)

	// The chat names each seat as the pilot boards do: its pilot, then its
	// seat (issue 30 §3, one name per pilot everywhere).
	names := strings.Split(evalAsync(one, `fetch('/api/matches/' + encodeURIComponent(decodeURIComponent(location.pathname.split('/')[2])),
		{ headers: { Accept: 'application/json' } }).then(r => r.json()).then(s => [0, 1].map(i => s.view.pilots.find(p => p.seat === i).pilot + ' · Pilot ' + (i + 1)).join('|'))`), "|")
	if len(names) != 2 {
		t.Fatalf("the pilots' names: %q", names)
	}
	one1, two2 := names[0], names[1]
	want := []string{
		one1 + " (you): Bandits over Biggin Hill, angels fifteen",
		two2 + ": Tally ho! I take the bombers ✈",
		one1 + " (you): Watch your six",
	}
	if got := evalJS[[]string](one, chatTexts); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("pilot 1's chat:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	wantTwo := []string{
		one1 + ": Bandits over Biggin Hill, angels fifteen",
		two2 + " (you): Tally ho! I take the bombers ✈",
		one1 + ": Watch your six",
	}
	if got := evalJS[[]string](two, chatTexts); strings.Join(got, "\n") != strings.Join(wantTwo, "\n") {
		t.Errorf("pilot 2's chat:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantTwo, "\n"))
	}

	// Too long: refused with a message, and what was typed stays.
	long := strings.Repeat("x", 501)
	one.setValue(`[data-testid="chat-input"]`, long)
	one.click(`[data-testid="chat-send"]`)
	one.waitJS(`!document.querySelector('[data-testid="chat-error"]').hidden`, step)
	if msg := evalJS[string](one, `document.querySelector('[data-testid="chat-error"]').textContent`); !strings.Contains(msg, "500") {
		t.Errorf("the error over the length limit says %q", msg)
	}
	if n := evalJS[int](one, `document.querySelector('[data-testid="chat-input"]').value.length`); n != 501 {
		t.Errorf("after a refused message the input holds %d characters, want the 501 typed", n)
	}
	one.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="chat-input"]').value = ''`))

	// A reload loads the history.
	two.do(chromedp.Reload())
	two.waitJS(ready, step)
	if got := evalJS[[]string](two, chatTexts); strings.Join(got, "\n") != strings.Join(wantTwo, "\n") {
		t.Errorf("pilot 2's chat after a reload:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantTwo, "\n"))
	}

	// At phone width the chat fits the screen and its input and button can
	// be tapped.
	one.shot("chat-phone", phoneW, phoneH)
	if fits := evalJS[bool](one, `(r => r.left >= 0 && r.right <= innerWidth && r.width > 200)(document.querySelector('#chat .chat-form').getBoundingClientRect())
		&& document.querySelector('[data-testid="chat-send"]').getBoundingClientRect().height >= 44`); !fits {
		t.Errorf("at phone width the chat's form does not fit the screen or its button is too small to tap")
	}
	// On a phone the chat is below the board: a message that comes while
	// it is out of sight is counted on the top bar's chat link, which leads
	// to it.
	one.do(chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`))
	one.waitJS(`document.querySelector('#chat .chat-log').getBoundingClientRect().top > innerHeight`, step)
	say(two, "Where are you?")
	one.waitJS(hasChat("Where are you?")+` && document.querySelector('[data-testid="chat-unread"]').textContent === '1'
		&& !document.querySelector('[data-testid="chat-unread"]').hidden`, step)
	one.shot("chat-unread-phone", phoneW, phoneH)
	if right := evalJS[float64](one, `document.querySelector('#conn').getBoundingClientRect().right`); right > phoneW {
		t.Errorf("at phone width the top bar with the chat link runs off the screen: its last badge ends at %.0f pixels", right)
	}
	one.click(`[data-testid="chat-link"]`)
	one.waitJS(`document.querySelector('[data-testid="chat-unread"]').hidden && document.activeElement === document.querySelector('[data-testid="chat-input"]')`, step)
	one.shot("chat-desktop", desktopW, desktopH)

	// A spectator, in a browser of its own, sees the match and no chat.
	specCtx, cancel := chromedp.NewContext(one.ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	spec := openPage(t, specCtx, "chat-spectator", one.artifacts)
	spec.do(chromedp.Navigate(links["spectator"]))
	spec.waitJS(`document.querySelector('#conn').dataset.state === 'open' && document.querySelector('#who').textContent === 'Spectator'`, step)
	if shown := evalJS[bool](spec, `!document.querySelector('#chat').hidden || document.querySelectorAll('#chat li[data-seq]').length > 0`); shown {
		t.Errorf("the spectator's page shows the chat")
	}
	ctx, cancelFetch := context.WithTimeout(spec.ctx, step)
	defer cancelFetch()
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`fetch('/api/matches/%s/chat').then(r => r.status)`, id), chromedp.EvalAwaitPromise))
	if err != nil || status != 403 {
		t.Errorf("the spectator's page reads the chat with status %d (%v), want 403", status, err)
	}
	// Which seats the page gives a chat: the rule of chat.js, for the games
	// this match does not show (a solo game, one seat a side, a bot
	// wingman).
	ctx2, cancelRule := context.WithTimeout(one.ctx, step)
	defer cancelRule()
	rule, err := chromedp.Run(ctx2, chromedp.Evaluate[[]bool](`import(document.querySelector('script[type="module"]').src.replace('match.js', 'chat.js')).then(m => [
		{ seat: 0, seats: [{ side: 'RAF', kind: 'person' }] },
		{ seat: 1, seats: [{ side: 'US', kind: 'person' }, { side: 'Japan', kind: 'person' }] },
		{ seat: 0, seats: [{ side: 'RAF', kind: 'person' }, { side: 'RAF', kind: 'bot' }] },
		{ seat: -4, seats: [{ side: 'RAF', kind: 'person' }, { side: 'RAF', kind: 'person' }] },
		{ seat: 2, seats: [{ side: 'RAF', kind: 'person' }, { side: 'Luftwaffe', kind: 'person' }, { side: 'RAF', kind: 'person' }] },
	].map(m.chatWanted))`, chromedp.EvalAwaitPromise))
	if want := []bool{false, false, false, false, true}; err != nil || fmt.Sprint(rule) != fmt.Sprint(want) {
		t.Errorf("chatWanted for a solo seat, one seat a side, a bot wingman, a spectator, two RAF of three seats: %v (%v), want %v", rule, err, want)
	}
	for _, p := range []*page{one, two, spec} {
		p.checkErrors()
	}
}
