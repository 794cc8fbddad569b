package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestEndToEndWings drives Chromium through the duel scenario of Wings of
// Glory on the real server, one page per seat and one for a spectator (each
// in a browser context of its own), and plays it to its end by clicking:
// each seat chooses from its card list the legal card whose end lies nearest
// the enemy, checks that its preview is drawn, and plans it with the confirm
// button (issue 31 §3); it fires at the first target ringed red, and takes
// the first button over the board otherwise. Every card planned is checked
// to end, once flown, exactly where its preview stood (flown after the card
// on the console), and a click on a plane while planning plans nothing. Along
// the way it checks that planning is secret (a seat's console shows its own
// planned card, the other pages only that it planned), that a selected plane
// shows its cones and the ruler, and that the spectator is offered nothing;
// then it opens the replay, and the tables of the balloons and convoy
// scenarios (clouds, targets, guns, ships, balloons). It saves screenshots
// at desktop and phone widths into $SCRAMBLE_ARTIFACTS.
func TestEndToEndWings(t *testing.T) {
	start := time.Now()
	base, raf, lw := startSession(t, "wings-")
	raf.name, lw.name = "wings-raf", "wings-luftwaffe" // the second page plays the Luftwaffe

	selectGame(raf, "wings")
	raf.setValue(`#opt-scenario`, "duel")
	raf.setValue(`#seed`, "7")
	id, links := createMatch(raf)
	rafLink, lwLink, specLink := links["seat-0"], links["seat-1"], links["spectator"]
	raf.do(chromedp.Navigate(rafLink))
	lw.do(chromedp.Navigate(lwLink))
	// A spectator in a browser context of its own watches the duel.
	spec := openPage(t, newContext(t, lw.ctx), "wings-watcher", raf.artifacts)
	spec.do(chromedp.Navigate(specLink))
	spec.waitJS(`document.querySelector('main').dataset.version !== '' && !!document.querySelector('[data-testid="wings-svg"]')`, step)
	for _, p := range []*page{raf, lw} {
		p.waitJS(`document.querySelector('main').dataset.myturn === 'true' && !!document.querySelector('[data-testid="wings-svg"]')
			&& document.querySelector('#conn').dataset.state === 'open'`, step)
	}
	if title := evalJS[string](raf, `document.querySelector('#title').textContent`); !strings.HasPrefix(title, "Duel over Kent") {
		t.Errorf("the match page is titled %q", title)
	}
	// Setup: both seats plan their first card from the card list: one
	// button per card, the legal ones choosable, each ending at its own place
	// even where two cards end alike.
	cards := evalJS[int](raf, `document.querySelectorAll('#board [data-testid="card-list"] [data-select^="c:"]').length`)
	if cards < 5 {
		t.Errorf("the Spitfire's card list offers %d cards, want every legal card (at least 5)", cards)
	}
	// A click on the plane selects it and plans nothing.
	v0 := evalJS[string](raf, `document.querySelector('main').dataset.version`)
	raf.clickVisibleSelect(`#board [data-testid="plane-Spitfire"]`)
	raf.waitJS(`document.querySelector('#board').dataset.selected === 'p:Spitfire'`, step)
	if v := evalJS[string](raf, `document.querySelector('main').dataset.version`); v != v0 || evalJS[bool](raf, `document.querySelector('main').dataset.myturn !== 'true'`) {
		t.Errorf("a click on the Spitfire changed the match (version %s to %s)", v0, v)
	}
	raf.click(`#board [data-testid="label-Spitfire"]`)
	raf.waitJS(`document.querySelector('#board').dataset.selected === ''`, step)
	// The ruler and the cones are drawn on request: select the Spitfire by
	// its name.
	raf.click(`#board [data-testid="label-Spitfire"]`)
	raf.waitJS(`!!document.querySelector('#board [data-testid="cones-Spitfire"] [data-arc="front"]')
		&& !!document.querySelector('#board [data-ruler-to="Emil"]')`, step)
	if q := evalJS[string](raf, `document.querySelector('#board [data-ruler-to="Emil"]').dataset.quarters`); q != "7" {
		// 280 mm east on the same line: 7 quarters of 40 mm.
		t.Errorf("the ruler from the Spitfire to Emil reads %s quarters, want 7", q)
	}
	// The Spitfire's one gun fires forwards within 30° of its heading
	// (data/table.json, designed).
	if half := evalJS[string](raf, `document.querySelector('#board [data-testid="cones-Spitfire"] [data-arc]').dataset.half`); half != "30" {
		t.Errorf("the Spitfire's cone is drawn %s° either side of its heading, want 30", half)
	}
	raf.shotBoth("wings-cones")
	// Zoom (board.js): "+" shows a smaller part of the table, "fit" the whole
	// of it; neither plays anything nor drops the selection.
	box := func() string {
		return evalJS[string](raf, `document.querySelector('#board svg[data-zoom]').getAttribute('viewBox')`)
	}
	width := func(b string) float64 {
		var x, y, w, h float64
		fmt.Sscan(b, &x, &y, &w, &h)
		return w
	}
	before := box()
	raf.click(`#board [data-zoom-button="in"]`)
	if in := box(); width(in) >= width(before) || evalJS[string](raf, `document.querySelector('#board').dataset.selected`) != "p:Spitfire" {
		t.Errorf("zooming in: the viewBox went from %q to %q, the selection is %q", before, in,
			evalJS[string](raf, `document.querySelector('#board').dataset.selected`))
	}
	raf.click(`#board [data-zoom-button="fit"]`)
	if fit := box(); width(fit) <= width(before) {
		t.Errorf("fit shows %q, not the whole table (opened on %q)", fit, before)
	}
	raf.click(`#board [data-testid="label-Spitfire"]`)
	raf.waitJS(`!document.querySelector('#board [data-testid="cones-Spitfire"]')`, step)

	res := playWings(t, spec, raf, lw)
	total := res.by["board"] + res.by["panel"]
	t.Logf("match %s: %d actions chosen (%s) in %s", id, total, strings.Join(res.kinds(), ", "), time.Since(start).Round(time.Second))
	if res.by["board"] < total*4/5 {
		t.Errorf("only %d of %d actions were played on the board", res.by["board"], total)
	}
	if res.verbs["plan"] < 4 {
		t.Errorf("only %d cards were planned on the board", res.verbs["plan"])
	}
	if res.verbs["flown as previewed"] < 4 {
		t.Errorf("only %d planned cards were checked flown where their preview ended", res.verbs["flown as previewed"])
	}
	if out := evalJS[string](raf, `(e => e ? e.textContent : '')(document.querySelector('#board [data-testid="wings-outcome"]'))`); !strings.Contains(out, "The game ended: ") ||
		!(strings.Contains(out, " wins: ") || strings.HasPrefix(out, "A draw: ")) {
		t.Errorf("the end of the duel reads %q, want who won and why", out)
	}
	for _, p := range []*page{raf, lw, spec} {
		p.waitJS(`!document.querySelector('[data-testid="summary"]').hidden`, step)
	}
	raf.shotBoth("wings-end")
	spec.shot("wings-spectator", desktopW, desktopH)

	// The replay shows the same board, the planes flying between turns.
	raf.clickNav(`[data-testid="replay-link"]`)
	raf.waitJS(`document.querySelector('#board').dataset.step === '0'`, step)
	steps := evalJS[int](raf, `Number(document.querySelector('#seek').max)`)
	raf.setValue(`#seek`, fmt.Sprint(steps/2))
	raf.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'
		&& document.querySelectorAll('#board [data-testid^="plane-"]').length === 2`, steps/2), step)
	raf.shotBoth("wings-replay")

	// The other scenarios' tables: clouds, targets, guns, ships and balloons.
	// (The lobby's form keeps the seats of the default scenario, so the
	// match of three seats is created through the API, as the lobby would.)
	for _, sc := range []struct {
		id                     string
		seats, objects, clouds int
	}{{"balloons", 3, 7, 1}, {"convoy", 2, 6, 0}} {
		link := awaitJS(raf, fmt.Sprintf(`fetch('/api/matches', { method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify({ game: 'wings', options: { scenario: %q }, seed: 1, seats: Array(%d).fill({ kind: 'person' }) }) })
			.then(r => r.json()).then(r => r.seats[0].link)`, sc.id, sc.seats))
		raf.do(chromedp.Navigate(base + link))
		raf.waitJS(`document.querySelector('main').dataset.myturn === 'true' && !!document.querySelector('[data-testid="wings-svg"]')`, step)
		objects := evalJS[int](raf, `document.querySelectorAll('#board [data-testid^="object-"]').length`)
		clouds := evalJS[int](raf, `document.querySelectorAll('#board [data-testid^="cloud-"]').length`)
		if objects != sc.objects || clouds != sc.clouds {
			t.Errorf("scenario %s: the table shows %d objects and %d clouds, want %d and %d", sc.id, objects, clouds, sc.objects, sc.clouds)
		}
		raf.shotBoth("wings-" + sc.id)
	}
	raf.checkErrors()
	lw.checkErrors()
	spec.checkErrors()
	t.Logf("the test took %s", time.Since(start).Round(time.Second))
}

// wingsChoice is what wingsPlan chooses on one page: the element to click
// (a selector), the way ("board" or "panel") and a word for the action.
type wingsChoice struct {
	Way   string `json:"way"`
	Click string `json:"click"`
	Verb  string `json:"verb"`
	// Plane, Card, X, Y, Heading and Turn are, for a plan, the card planned,
	// its previewed end pose and the turn it is planned in.
	Plane   string  `json:"plane"`
	Card    string  `json:"card"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Heading float64 `json:"heading"`
	Turn    int     `json:"turn"`
}

// wingsPose reads the board's turn and phase and a plane's place.
const wingsPose = `(name => {
	const b = document.querySelector('#board [data-testid="wings-board"]');
	const p = document.querySelector('#board [data-testid="plane-' + name + '"]');
	return JSON.stringify({ turn: Number(b.dataset.turn), phase: b.dataset.phase, status: p.dataset.status,
		x: Number(p.dataset.x), y: Number(p.dataset.y), heading: Number(p.dataset.heading) });
})`

// checkFlown compares each planned card's previewed end pose with where its
// plane stands once the card is flown (in the move of the turn after the
// one it was planned in; setup's in turn 1's), and drops the checked ones;
// it counts each match in res.verbs["flown as previewed"].
func checkFlown(t *testing.T, p *page, pending []wingsChoice, res played) []wingsChoice {
	t.Helper()
	var left []wingsChoice
	for _, c := range pending {
		fly := max(c.Turn+1, 1)
		var now struct {
			Turn          int
			Phase, Status string
			X, Y, Heading float64
		}
		if err := json.Unmarshal([]byte(evalJS[string](p, fmt.Sprintf(`%s(%q)`, wingsPose, c.Plane))), &now); err != nil {
			t.Fatal(err)
		}
		flown := (now.Turn == fly && now.Phase != "plan") || (now.Turn == fly+1 && now.Phase == "plan")
		switch {
		case now.Status != "flying" || now.Turn > fly+1:
			continue // shot down, or past the check
		case !flown:
			left = append(left, c)
			continue
		}
		if math.Abs(now.X-c.X) > 0.05 || math.Abs(now.Y-c.Y) > 0.05 || math.Abs(now.Heading-c.Heading) > 0.01 {
			t.Errorf("%s planned %s in turn %d, previewed at (%.1f, %.1f) %.2f°, flown to (%.1f, %.1f) %.2f°",
				c.Plane, c.Card, c.Turn, c.X, c.Y, c.Heading, now.X, now.Y, now.Heading)
		}
		res.verbs["flown as previewed"]++
	}
	return left
}

// wingsPlan chooses a page's next click: while planning, the card of the
// list whose end lies nearest an enemy plane in the air (the first of
// equals), then, once chosen and its preview drawn, the confirm button
// (with the plane, the card and the previewed end pose); else the first
// target ringed red, else the first button over the board, else the first
// button of the action panel.
const wingsPlan = `(() => {
	const b = document.querySelector('#board');
	const out = (way, click, verb, extra) => JSON.stringify({ way, click, verb, ...(extra || {}) });
	const on = (e) => '#board [data-action="' + e.dataset.action + '"]';
	const list = b.querySelector('[data-testid="card-list"]');
	const cards = list ? [...list.querySelectorAll('[data-select^="c:"]')] : [];
	if (cards.length) {
		const name = list.getAttribute('aria-label').replace(/'s manoeuvre cards$/, '');
		const chosen = cards.find((c) => c.getAttribute('aria-pressed') === 'true');
		const confirm = b.querySelector('[data-testid="confirm-card"][data-action]');
		if (chosen && confirm) {
			const pv = b.querySelector('[data-preview="' + chosen.dataset.card + '"]');
			if (!pv || pv.getAttribute('visibility') !== 'visible') return out('none', '', 'preview missing');
			return out('board', on(confirm), 'plan', { plane: name, card: chosen.dataset.card,
				x: Number(pv.dataset.x), y: Number(pv.dataset.y), heading: Number(pv.dataset.heading),
				turn: Number(b.querySelector('[data-testid="wings-board"]').dataset.turn) });
		}
		const me = b.querySelector('[data-testid="plane-' + name + '"]');
		const foes = [...b.querySelectorAll('[data-testid^="plane-"]')]
			.filter((e) => e.dataset.side !== me.dataset.side && e.dataset.status === 'flying');
		const dist = (g) => Math.min(1e9, ...foes.map((e) => Math.hypot(e.dataset.x - g.dataset.x, e.dataset.y - g.dataset.y)));
		const c = cards.reduce((best, x) => (dist(x) < dist(best) ? x : best));
		return out('board', '#board [data-select="' + c.dataset.select + '"]', 'choose');
	}
	const target = b.querySelector('[data-kind="target"][data-action]');
	if (target) return out('board', on(target), 'fire');
	const chip = b.querySelector('[data-kind="chip"][data-action]');
	if (chip) return out('board', on(chip), chip.dataset.action.split(' ').pop());
	const panel = document.querySelector('#actions button[data-action]');
	if (panel) return out('panel', '#actions button[data-action="' + panel.dataset.action + '"]', 'panel');
	return out('none', '', '');
})()`

// wingsSecret reads what a page's consoles say of the plans: the planned
// text of the page's own plane and of the other one.
const wingsSecret = `JSON.stringify([...document.querySelectorAll('#board [data-testid^="planned-"]')]
	.map(e => e.closest('[data-own]').dataset.own + ':' + e.textContent))`

// playWings plays the seats' pages until the match is over, while the
// spectator's page watches. After each click it waits for every page to show
// the same version, then lets the page whose turn it is choose; the first
// planning checks the secrecy of plans. The spectator is never offered an
// action, a ghost or a planned card.
func playWings(t *testing.T, spectator *page, seats ...*page) played {
	t.Helper()
	res := played{by: map[string]int{}, verbs: map[string]int{}}
	shots := map[string]bool{}
	var pending []wingsChoice // cards planned, their previews to check once flown
	secretChecked := false
	pages := append([]*page{spectator}, seats...)
	// want is the version every page must show before the next choice: the
	// newest any page has seen (the server sends every page every change).
	version := func(p *page) int { return evalJS[int](p, `Number(document.querySelector('main').dataset.version)`) }
	want := 0
	for _, p := range pages {
		want = max(want, version(p))
	}
	for n := 0; n < 600; n++ {
		for _, p := range pages {
			p.waitJS(fmt.Sprintf(`Number(document.querySelector('main').dataset.version) >= %d`, want), step)
		}
		acted := false
		for _, p := range pages {
			raw, plan, _ := strings.Cut(evalJS[string](p, readState+` + '\n' + `+wingsPlan), "\n")
			var st matchState
			if err := json.Unmarshal([]byte(raw), &st); err != nil {
				t.Fatal(err)
			}
			if st.Error != "" {
				p.fail("the page shows an error: %s", st.Error)
			}
			if p == spectator {
				pending = checkFlown(t, p, pending, res)
			}
			if st.Finished {
				return res
			}
			if len(st.Legal) == 0 {
				continue
			}
			if p == spectator {
				p.fail("the spectator is offered %v", st.Legal)
			}
			var c wingsChoice
			if err := json.Unmarshal([]byte(plan), &c); err != nil {
				t.Fatal(err)
			}
			if c.Way == "none" {
				p.fail("actions are offered (%v) but nothing to click on the board or the panel", st.Legal)
			}
			if !shots[c.Verb] && (c.Verb == "plan" || c.Verb == "fire") {
				shots[c.Verb] = true
				p.shotBoth("wings-" + c.Verb)
			}
			if c.Verb == "plan" && c.Turn == 2 && !shots["console"] {
				shots["console"] = true // a card previewed after the console's
				p.shotBoth("wings-plan-after-console")
			}
			if c.Verb == "choose" {
				// Choosing a card draws it again with its preview: no version
				// changes; then the confirm button plans it.
				p.click(c.Click)
				p.waitJS(`!!document.querySelector('#board [data-testid="card-list"] [aria-pressed="true"]')`, step)
				acted = true
				break
			}
			p.click(c.Click)
			if c.Verb == "plan" {
				pending = append(pending, c)
			}
			res.by[c.Way]++
			res.verbs[c.Verb]++
			p.waitJS(fmt.Sprintf(`(m => (m.dataset.version !== '%s' || m.dataset.finished === 'true')
					&& !document.querySelector('#board').classList.contains('busy'))(document.querySelector('main'))
				|| !document.querySelector('#error').hidden`, st.Version), step)
			want = max(want, version(p))
			if c.Verb == "plan" && !secretChecked {
				secretChecked = true
				checkSecretPlan(t, pages, p)
			}
			acted = true
			break
		}
		if n%8 == 3 {
			if seen := evalJS[int](spectator, `document.querySelectorAll('#board [data-action], #board [data-testid="card-list"], #board [data-own="true"]').length`); seen != 0 {
				spectator.fail("the spectator's board shows %d actions, card lists or consoles of its own", seen)
			}
		}
		if !acted {
			// Nobody may act: the server is drawing a chance node; wait for
			// the next version on the first seat's page.
			seats[0].waitJS(fmt.Sprintf(`(m => Number(m.dataset.version) > %d || m.dataset.finished === 'true' || m.dataset.myturn === 'true')
				(document.querySelector('main'))`, want), step)
			want = max(want, version(seats[0]))
		}
	}
	t.Fatalf("the duel did not end after %d actions chosen", res.by["board"]+res.by["panel"])
	return res
}

// checkSecretPlan checks, just after planner planned its first card, that its
// own console names the card and every other page's shows only that its
// plane has planned (rulebook "Planning": the cards lie face down).
func checkSecretPlan(t *testing.T, pages []*page, planner *page) {
	t.Helper()
	v := evalJS[string](planner, `document.querySelector('main').dataset.version`)
	for _, p := range pages {
		p.waitJS(fmt.Sprintf(`Number(document.querySelector('main').dataset.version) >= %s`, v), step)
		var lines []string
		if err := json.Unmarshal([]byte(evalJS[string](p, wingsSecret)), &lines); err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			own := strings.HasPrefix(l, "true:")
			if p == planner && own && (!strings.Contains(l, "planned (secret): ") || strings.Contains(l, "nothing yet")) {
				t.Errorf("%s: its own console does not show its planned card: %q", p.name, l)
			}
			if !own && l != "false:has planned" {
				t.Errorf("%s: another seat's console shows %q, want only that it has planned", p.name, l)
			}
		}
		if p == planner && len(lines) == 0 {
			t.Errorf("%s: no console shows the plans", p.name)
		}
	}
}

// newContext opens a tab in a browser context of its own (no cookies shared)
// in the browser of parent; it closes when the test ends.
func newContext(t *testing.T, parent context.Context) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	return ctx
}

// awaitJS evaluates a JavaScript expression whose value is a promise of a
// string, within one step's budget.
func awaitJS(p *page, expr string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, step)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fail("evaluate %s: %v", expr, err)
	}
	return v
}

// visiblePoint finds, in the page's viewport, a point of the element a
// selector names where a click reaches it (nothing drawn over it), and two
// pixels around it too, as a person would click well inside what shows.
const visiblePoint = `(sel => {
	const el = document.querySelector(sel);
	el.scrollIntoView({ block: 'center' });
	const r = el.getBoundingClientRect();
	const on = (x, y) => { const hit = document.elementFromPoint(x, y); return !!hit && hit.closest('[data-action]') === el; };
	for (let i = 0; i < 81; i++) {
		const x = Math.round(r.left + r.width * (0.5 + ((i % 9) - 4) / 10));
		const y = Math.round(r.top + r.height * (0.5 + (Math.floor(i / 9) - 4) / 10));
		if ([[0, 0], [2, 0], [-2, 0], [0, 2], [0, -2]].every(([dx, dy]) => on(x + dx, y + dy))) return [x, y];
	}
	return null;
})`

// clickVisible clicks, with the mouse, a point of the element sel names
// that shows (see visiblePoint); it fails if none does.
func (p *page) clickVisible(sel string) {
	p.t.Helper()
	raw := evalJS[string](p, fmt.Sprintf(`JSON.stringify(%s(%q))`, visiblePoint, sel))
	var at []float64
	if err := json.Unmarshal([]byte(raw), &at); err != nil || len(at) != 2 {
		p.fail("%s shows no point to click (%s)", sel, raw)
	}
	p.do(chromedp.MouseClickXY(at[0], at[1]))
}

// clickVisibleSelect clicks with the mouse a point of the element sel names
// (one with data-select) where nothing is drawn over it.
func (p *page) clickVisibleSelect(sel string) {
	p.t.Helper()
	raw := evalJS[string](p, fmt.Sprintf(`JSON.stringify(%s(%q))`, strings.Replace(visiblePoint, "closest('[data-action]')", "closest('[data-action],[data-select]')", 1), sel))
	var at []float64
	if err := json.Unmarshal([]byte(raw), &at); err != nil || len(at) != 2 {
		p.fail("%s shows no point to click (%s)", sel, raw)
	}
	p.do(chromedp.MouseClickXY(at[0], at[1]))
}
