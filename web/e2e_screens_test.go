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
		if bad := evalJS[[]string](p, overlappingBoardText); len(bad) > 0 {
			t.Errorf("%s: board labels drawn over each other at 1400x900: %q", game, bad)
		}
		p.shot("screen-"+game+"-desktop", 1400, 900)
		p.shot("screen-"+game+"-phone", phoneW, phoneH)
		if wide := evalJS[float64](p, fmt.Sprintf(`document.documentElement.scrollWidth - %d`, phoneW)); wide > 0 {
			t.Errorf("%s: on a phone the page is %.0f px wider than the screen", game, wide)
		}
	}
	p.checkErrors()
}

// overlappingBoardText lists the pairs of the board's texts whose boxes
// overlap (by more than a pixel each way), as "a / b".
const overlappingBoardText = `(() => {
	const ts = [...document.querySelectorAll('#board svg text')].filter(t => t.getClientRects().length && t.textContent.trim())
		.map(t => [t.textContent, t.getBoundingClientRect()]);
	const out = [];
	for (let i = 0; i < ts.length; i++) for (let j = i + 1; j < ts.length; j++) {
		const [a, b] = [ts[i][1], ts[j][1]];
		if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1) out.push(ts[i][0] + ' / ' + ts[j][0]);
	}
	return out;
})()`

// wingsLabelsApart draws the Wings table again on a phone's width with the
// second plane moved beside the first (30 mm apart, level, and 30 mm
// behind), and says where (dx,dy) the two planes' labels overlap.
const wingsLabelsApart = `(async () => {
	const r = await import(document.querySelector('script[type=module]').src.replace(/js\/match\.js$/, 'games/wings.js'));
	const id = decodeURIComponent(location.pathname.split('/')[2]);
	const snap = await (await fetch('/api/matches/' + encodeURIComponent(id), { headers: { Accept: 'application/json' } })).json();
	const holder = document.createElement('div');
	holder.style.cssText = 'position:absolute;left:0;top:0;width:370px';
	holder.className = 'board';
	document.body.append(holder);
	const out = [];
	for (const [dx, dy] of [[30, 0], [0, 30], [60, 10]]) {
		const view = structuredClone(snap.view);
		const [a, b] = view.planes;
		b.x_mm = a.x_mm + dx;
		b.y_mm = a.y_mm + dy;
		holder.replaceChildren(r.render(view, { narrow: true }));
		const boxes = [...holder.querySelectorAll('[data-testid^="label-"]')].map((t) => t.getBoundingClientRect());
		if (boxes.length === 2 && boxes[0].right > boxes[1].left && boxes[1].right > boxes[0].left
			&& boxes[0].bottom > boxes[1].top && boxes[1].bottom > boxes[0].top) out.push(dx + ',' + dy);
	}
	holder.remove();
	return out.join(' ');
})()`

// TestEndToEndWingsLabelsApart: on a phone, the two planes' names never
// cover each other, however close the planes fly (issue 31 §3).
func TestEndToEndWingsLabelsApart(t *testing.T) {
	artifacts := needBrowser(t)
	base := startServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	p := openPage(t, startBrowser(t, ctx), "wings-labels", artifacts)
	p.do(chromedp.EmulateViewport(phoneW, phoneH))
	p.do(chromedp.Navigate(base + "/"))
	p.waitJS(`!!document.querySelector('[data-testid="quick-wings"]')`, step)
	p.clickNav(`[data-testid="quick-wings"]`)
	p.waitJS(`location.pathname.startsWith('/m/') && !!document.querySelector('[data-testid="wings-svg"]')`, longStep)
	if bad := evalAsync(p, wingsLabelsApart); bad != "" {
		t.Errorf("on a phone the planes' labels overlap with the second plane at (dx,dy) mm %s from the first", bad)
	}
	p.checkErrors()
}
