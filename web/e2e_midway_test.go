package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestEndToEndMidway drives two Chromium pages, one per seat and each in a
// browser context of its own (so each holds only its own seat cookie),
// through a whole Aircraft Carrier Hunt of Battle of Midway on the real
// server, by clicking: the placements (area, kind, facing), the secret
// bids, the activations (a plane, then fly or an enemy ringed red), the
// manoeuvres, the secret token plans, the resolution order, the
// order-card chain, the purchases; then it opens the replay. Before every
// click it checks, on the seat's own snapshot, that every legal action can
// be made with the mouse on the board (issue 8 §4). It checks the secrecy
// of bids and plans in the browser: the rival's page and a spectator's (in
// a third context) show nothing of a choice until both are in (§2). At the
// end the result shows on both pages. Screenshots at desktop and phone
// widths go to $SCRAMBLE_ARTIFACTS. The Firing must be shown on the board
// (issue 29 §3): the Hunt is played on the ring of layout v1, where the
// test's pilots meet inside each other's range diagrams within the three
// rounds it plays (the Domination test plays the default layout).
func TestEndToEndMidway(t *testing.T) {
	start := time.Now()
	us, jp, spec, id := openMidway(t, "midway-", [][2]string{{"mode", "hunt"}, {"rounds", "3"}, {"layout", "v1"}})
	jp.shotBoth("midway-start")
	checkCarriersInView(t, us)

	res := playMidway(t, us, jp, spec, "midway-")
	t.Logf("match %s: %d actions in %d clicks (%s), %d secrecy checks, in %s", id, res.by["board"], res.clicks,
		strings.Join(res.kinds(), ", "), res.by["secret"], time.Since(start).Round(time.Second))
	for _, v := range []string{"place", "bid", "fly", "forward", "attack", "plan", "buy", "firing shown", "firing on the board"} {
		if res.verbs[v] == 0 {
			t.Errorf("no %q in the whole match", v)
		}
	}
	if res.verbs["bomber"] == 0 {
		t.Errorf("no bomber was placed by clicking (the kind chooser)")
	}
	if res.by["secret"] == 0 {
		t.Errorf("the secrecy of a bid or a plan was never checked: no seat chose before the other")
	}
	checkMidwayResult(t, us, jp)
	us.shotBoth("midway-end")

	// The replay shows the same board, with the planes, at every step.
	us.clickNav(`[data-testid="replay-link"]`)
	us.waitJS(`document.querySelector('#board').dataset.step === '0'`, step)
	steps := evalJS[int](us, `Number(document.querySelector('#seek').max)`)
	us.setValue(`#seek`, fmt.Sprint(steps/2))
	us.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'
		&& !!document.querySelector('#board [data-testid="midway-svg"]')`, steps/2), step)
	if planes := evalJS[int](us, `document.querySelectorAll('#board [data-testid^="plane-"]').length`); planes == 0 {
		t.Errorf("the replay at step %d of %d shows no plane", steps/2, steps)
	}
	if n := evalJS[int](us, `document.querySelectorAll('#board [data-action]').length`); n != 0 {
		t.Errorf("the replay offers %d actions", n)
	}
	us.shotBoth("midway-replay")

	us.checkErrors()
	jp.checkErrors()
	spec.checkErrors()
	t.Logf("the test took %s", time.Since(start).Round(time.Second))
}

// TestEndToEndMidwayDomination plays a Domination match of two rounds the
// same way (3.3, 3.4): Aces and Fighters placed on the Reinforcement Areas
// by clicking, destroyed Fighters returned by clicking, the score chart.
func TestEndToEndMidwayDomination(t *testing.T) {
	start := time.Now()
	us, jp, spec, id := openMidway(t, "midway-dom-", [][2]string{{"mode", "domination"}, {"rounds", "2"}, {"threshold", "15"}})
	res := playMidway(t, us, jp, spec, "midway-dom-")
	t.Logf("match %s: %d actions in %d clicks (%s), %d secrecy checks, in %s", id, res.by["board"], res.clicks,
		strings.Join(res.kinds(), ", "), res.by["secret"], time.Since(start).Round(time.Second))
	for _, v := range []string{"ace", "fighter", "bid", "fly", "attack", "plan"} {
		if res.verbs[v] == 0 {
			t.Errorf("no %q in the whole match", v)
		}
	}
	if n := evalJS[int](us, `document.querySelectorAll('#board progress[data-testid^="score-"]').length`); n != 2 {
		t.Errorf("the board shows %d score bars, want 2", n)
	}
	checkMidwayResult(t, us, jp)
	us.shotBoth("midway-dom-end")
	us.checkErrors()
	jp.checkErrors()
	spec.checkErrors()
}

// openMidway starts the server and three pages, creates a Battle of Midway
// match with both seats people and the given options, and opens each seat
// from its own link in its own browser context (so each page holds only its
// own seat cookie), and the spectator's link in a third. It returns the
// pages of the US, Japan and the spectator, and the match.
func openMidway(t *testing.T, prefix string, options [][2]string) (us, jp, spec *page, id string) {
	t.Helper()
	// The session's second page, in a browser context of its own, is the
	// Japanese seat's; the spectator gets a context of its own too.
	_, us, jp = startSession(t, prefix)
	us.name, jp.name = prefix+"us", prefix+"japan"
	specCtx, cancel := chromedp.NewContext(us.ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	spec = openPage(t, specCtx, prefix+"spectator", us.artifacts)
	selectGame(us, "midway")
	us.click(`#options > summary`)
	for _, o := range options {
		us.setValue(`#opt-`+o[0], o[1])
	}
	us.setValue(`#seed`, "8")
	us.setValue(`#seat-0`, "person")
	us.setValue(`#seat-1`, "person")
	id, links := createMatch(us)
	usLink, jpLink, specLink := links["seat-0"], links["seat-1"], links["spectator"]
	jp.do(chromedp.Navigate(jpLink))
	us.do(chromedp.Navigate(usLink))
	spec.do(chromedp.Navigate(specLink))
	for _, p := range []*page{us, jp, spec} {
		p.waitJS(`document.querySelector('main').dataset.version !== '' && !!document.querySelector('[data-testid="midway-svg"]')
			&& document.querySelector('#conn').dataset.state === 'open'`, step)
	}
	for p, want := range map[*page]string{us: "You play US", jp: "You play Japan", spec: "Spectator"} {
		if who := evalJS[string](p, `document.querySelector('#who').textContent`); who != want {
			t.Errorf("%s page says %q, want %q", p.name, who, want)
		}
	}
	return us, jp, spec, id
}

// checkMidwayResult checks that the result shows on both pages: on the
// board, and in the summary as the victory of one and the defeat of the
// other, or a draw for both; and that no action is offered any more.
func checkMidwayResult(t *testing.T, us, jp *page) {
	t.Helper()
	var headlines []string
	for _, p := range []*page{us, jp} {
		p.waitJS(`!document.querySelector('[data-testid="summary"]').hidden
			&& document.querySelector('main').dataset.finished === 'true'`, step)
		result := evalJS[string](p, `document.querySelector('#board').innerText`)
		if i := max(strings.Index(result, " wins: "), strings.Index(result, "Draw: ")); i < 0 {
			t.Errorf("%s page shows no result on its board:\n%s", p.name, result)
		} else {
			t.Logf("%s page: %s", p.name, strings.SplitN(result[max(0, strings.LastIndex(result[:i], "\n")+1):], "\n", 2)[0])
		}
		if n := evalJS[int](p, `document.querySelectorAll('#board [data-action], #actions button[data-action]').length`); n != 0 {
			t.Errorf("%s page still offers %d actions after the end", p.name, n)
		}
		headlines = append(headlines, evalJS[string](p, `document.querySelector('[data-testid="summary-headline"]').textContent`))
	}
	if h := strings.Join(headlines, " / "); h != "Victory! / Defeat" && h != "Defeat / Victory!" && h != "Draw / Draw" {
		t.Errorf("the summaries read %s (US / Japan), want a victory and a defeat, or two draws", h)
	}
}

// checkCarriersInView checks that on a phone the board opens with both
// carriers in view (issue 29 §3), and takes the start at 1400x900 too.
func checkCarriersInView(t *testing.T, p *page) {
	t.Helper()
	p.shot("midway-carriers-phone", phoneW, phoneH)
	seen := evalJS[int](p, `(() => {
		const map = document.querySelector('#board .midway-map').getBoundingClientRect();
		return [...document.querySelectorAll('#board [data-testid^="carrier-"]')].filter((c) => {
			const b = c.getBoundingClientRect();
			return b.width > 0 && b.left >= map.left && b.right <= map.right && b.left >= 0 && b.right <= innerWidth;
		}).length;
	})()`)
	if seen != 2 {
		t.Errorf("on a phone %d of the 2 carriers are in view at the start", seen)
	}
	p.shot("midway-start-1400", 1400, 900)
	p.shot("midway-carriers-desktop", desktopW, desktopH)
}

// midwayTurn is what midwayRead returns: the page's state, the legal actions
// of its seat that no clicks can make, and the action chosen with the
// clicks that make it.
type midwayTurn struct {
	Version  string   `json:"version"`
	Fetched  string   `json:"fetched"`
	Finished bool     `json:"finished"`
	Error    string   `json:"error"`
	Step     string   `json:"step"`
	Legal    []string `json:"legal"`
	Gaps     []string `json:"gaps"`
	Outside  []string `json:"outside"`
	Choice   string   `json:"choice"`
	Clicks   []string `json:"clicks"`
}

// midwayRead reads a seat's page: its version, its own snapshot (fetched
// with its seat cookie, as the page does), and from the page's renderer,
// drawn again off screen with each selection, whether each legal action has
// an element to click (inside the map, for one on the map), reached by the
// clicks that select it. Then it chooses
// an action as a keen pilot would: attack whenever it can, fighters before
// bombers; bid 2 (US) or 1 (Japan); place bombers first, each facing the
// enemy carrier; fly towards the enemy carrier, fighters first in the first
// round (when bombers hold back, so that a round ends), bombers first after; play an order card when it can;
// buy while it can; otherwise the first legal action.
const midwayRead = `(async () => {
	const main = document.querySelector('main');
	const err = document.querySelector('#error');
	const out = { version: main.dataset.version, finished: main.dataset.finished === 'true',
		error: err.hidden ? '' : err.textContent, legal: [], gaps: [], clicks: [] };
	const id = decodeURIComponent(location.pathname.split('/')[2]);
	const res = await fetch('/api/matches/' + encodeURIComponent(id), { headers: { Accept: 'application/json' } });
	const snap = await res.json();
	out.fetched = String(snap.version);
	out.step = snap.view.step;
	const legal = (snap.legal || []).map((a) => a.text);
	out.legal = legal;
	if (out.fetched !== out.version || legal.length === 0) return JSON.stringify(out);

	const view = snap.view;
	const me = view.seat === 0 ? 'US' : 'Japan';
	const r = await import(document.querySelector('script[type=module]').src.replace(/js\/match\.js$/, 'games/midway.js'));
	const placeRe = /^(fighter|bomber|ace) at (-?\d+,-?\d+) facing (\w+)$/;
	const kindsAt = (area) => [...new Set(legal.map((t) => placeRe.exec(t)).filter((m) => m && m[2] === area).map((m) => m[1]))];
	const planeID = (name) => (view.planes.find((p) => p.side === me && p.name === name) || { id: -1 }).id;
	// keys are the data-select values clicked, in turn, before the action.
	const keys = (text) => {
		let m = placeRe.exec(text);
		if (m) {
			const kinds = kindsAt(m[2]);
			const dflt = kinds.includes('fighter') ? 'fighter' : kinds[0];
			return m[1] === dflt ? ['a:' + m[2]] : ['a:' + m[2], 'a:' + m[2] + ':' + m[1]];
		}
		if ((m = /^fly \w+ (\w+)$/.exec(text)) || (m = /^\w+ (\w+) attacks /.exec(text))) return ['p:' + planeID(m[1])];
		if ((m = /^plan (.+)$/.exec(text))) {
			const w = m[1].split(' ');
			return w.slice(0, -1).map((_, i) => 'plan:' + w.slice(0, i + 1).join(' '));
		}
		return [];
	};
	// Each selection is drawn once, laid out off screen at the page's width,
	// so that an element can be checked to lie inside the map it is on.
	const holder = document.createElement('div');
	holder.style.cssText = 'position:absolute;left:-20000px;top:0;width:' + document.querySelector('#board').clientWidth + 'px';
	holder.className = 'board';
	document.body.append(holder);
	const drawn = new Map();
	const draw = (sel) => {
		if (!drawn.has(sel)) {
			const el = r.render(view, { legal, selected: sel, narrow: false });
			holder.append(el);
			drawn.set(sel, el);
		}
		return drawn.get(sel);
	};
	const inView = (el) => {
		const map = el.closest('svg');
		if (!map) return true;
		const a = map.getBoundingClientRect();
		const b = el.getBoundingClientRect();
		const [x, y] = [b.left + b.width / 2, b.top + b.height / 2];
		return b.width > 0 && x > a.left && x < a.right && y > a.top && y < a.bottom;
	};
	const attr = (name, v) => '[' + name + '="' + v + '"]';
	const find = (sel, name, v) => [...draw(sel).querySelectorAll(attr(name, v))].find(inView);
	// where is the selector of the element that plays or selects v: on the
	// map when it is there, else on the sheet beside it.
	const where = (sel, name, v) => {
		const el = find(sel, name, v);
		return '#board ' + (el && el.closest('svg') ? 'svg ' : '.midway-sheet ') + attr(name, v);
	};
	out.outside = [];
	try {
		for (const text of legal) {
			let sel = null;
			let ok = true;
			for (const k of keys(text)) {
				if (!find(sel, 'data-select', k)) { ok = false; break; }
				sel = k;
			}
			if (!ok || !find(sel, 'data-action', text)) out.gaps.push(text);
		}
		for (const el of drawn.values()) {
			for (const c of el.querySelectorAll('svg [data-action], svg [data-select]')) {
				if (!inView(c)) out.outside.push(c.dataset.action || c.dataset.select);
			}
		}
	} catch (e) {
		holder.remove();
		throw e;
	}

	const FACINGS = ['E', 'NE', 'NW', 'W', 'SW', 'SE'];
	const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
	const target = (view.carriers || [])[view.seat === 0 ? 1 : 0] || { q: 0, r: 0 };
	const dist = (q, r) => (Math.abs(q - target.q) + Math.abs(r - target.r) + Math.abs(q + r - target.q - target.r)) / 2;
	const ahead = (q, r, f) => dist(q + DIRS[f][0], r + DIRS[f][1]);
	const best = (list, score) => list.map((t, i) => [score(t), i, t]).sort((a, b) => a[0] - b[0] || a[1] - b[1])[0][2];
	const of = (re) => legal.filter((t) => re.test(t));
	let choice = legal[0];
	const mine = view.seat === 0 ? 'bid 2' : 'bid 1';
	const bomber = (name) => view.planes.some((p) => p.name === name && p.kind === 'bomber');
	// In the first round the bombers hold back (neither attack nor are
	// attacked, and fly away from the enemy), so that the round ends and
	// its purchases are made; from the second they go for the carrier.
	const keen = view.round >= 2;
	const names = (t) => t.split(' attacks ').map((l) => l.split(' ')[1]);
	const attacks = of(/ attacks /).filter((t) => keen || !names(t).some(bomber))
		.sort((a, b) => bomber(names(a)[1]) - bomber(names(b)[1]));
	if (attacks.length) choice = attacks[0];
	else if (of(/^bid /).length) choice = legal.includes(mine) ? mine : of(/^bid /)[0];
	else if (of(placeRe).length) {
		choice = best(of(placeRe), (t) => {
			const m = placeRe.exec(t);
			const [q, r] = m[2].split(',').map(Number);
			return (m[1] === 'bomber' ? 0 : 100) + ahead(q, r, FACINGS.indexOf(m[3]));
		});
	} else if (of(/^fly /).length) choice = (keen ? of(/^fly \w+ B/)[0] : of(/^fly \w+ [FA]/)[0]) || of(/^fly /)[0];
	else if (view.flight && of(/^(forward|left|right)$/).length) {
		const p = view.planes[view.flight.plane];
		const f = FACINGS.indexOf(p.facing);
		const [q, r] = [p.q + DIRS[f][0], p.r + DIRS[f][1]];
		const turn = { forward: 0, left: 1, right: 5 };
		choice = !keen && p.kind === 'bomber' && legal.includes('stop') ? 'stop'
			: best(of(/^(forward|left|right)$/), (t) => (!keen && p.kind === 'bomber' ? -1 : 1) * ahead(q, r, (f + turn[t]) % 6));
	} else if (view.step === 'chain') choice = legal.find((t) => t !== 'pass') || 'pass';
	else if (of(/^buy /).length) choice = of(/^buy /)[0];
	out.choice = choice;
	const ks = keys(choice);
	out.clicks = ks.map((k, i) => where(i ? ks[i - 1] : null, 'data-select', k))
		.concat([where(ks.length ? ks[ks.length - 1] : null, 'data-action', choice)]);
	holder.remove();
	return JSON.stringify(out);
})()`

// readMidway evaluates midwayRead on a page, awaiting its promise within
// one step's budget.
func readMidway(p *page) midwayTurn {
	p.t.Helper()
	raw := evalAsync(p, midwayRead)
	var turn midwayTurn
	if err := json.Unmarshal([]byte(raw), &turn); err != nil {
		p.fail("reading the match: %v in %s", err, raw)
	}
	return turn
}

// waitVersion waits until a page shows at least version v, with nothing
// queued or on its way, or shows an error.
func waitVersion(p *page, v int) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf(`(m => Number(m.dataset.version) >= %d
			&& (document.querySelector('#board').dataset.queued || '0') === '0'
			&& !document.querySelector('#board').classList.contains('busy'))(document.querySelector('main'))
		|| !document.querySelector('#error').hidden`, v), step)
}

// midwayShots are the steps whose first choice is photographed on the
// acting page, once its selections are clicked and before its action is
// (named after the test's prefix).
var midwayShots = map[string]string{
	"place": "place", "activate": "activate", "flight": "flight",
	"plan": "plan", "chain": "chain", "buy": "buy", "reinforce": "reinforce",
}

// playMidway plays both seats by midwayRead until the match ends: in turn,
// each page that has something to choose clicks its choice. After a secret
// choice (a bid, a plan) made while the rival has still to make its own, it
// checks that the rival's page shows nothing of it.
func playMidway(t *testing.T, us, jp, spectator *page, prefix string) played {
	t.Helper()
	res := played{by: map[string]int{}, verbs: map[string]int{}}
	pages := [2]*page{us, jp}
	gaps := map[string]bool{}
	shots := map[string]bool{}
	latest := 0
	for n := 0; n < 2000; n++ {
		acted := false
		finished := 0
		for seat, p := range pages {
			waitVersion(p, latest)
			turn := readMidway(p)
			if turn.Error != "" {
				p.fail("the page shows an error: %s", turn.Error)
			}
			if turn.Finished {
				finished++
				continue
			}
			if turn.Fetched != turn.Version {
				continue // a newer snapshot is on its way to the page
			}
			if len(turn.Outside) > 0 && !gaps["outside "+turn.Step] {
				gaps["outside "+turn.Step] = true
				t.Errorf("%s page, step %s: %d clickable elements are drawn outside the map, such as %q",
					p.name, turn.Step, len(turn.Outside), turn.Outside[:min(4, len(turn.Outside))])
			}
			if len(turn.Gaps) > 0 && !gaps[turn.Step] {
				gaps[turn.Step] = true // once per step
				t.Errorf("%s page, step %s: %d legal actions cannot be made by clicking the board, such as %q",
					p.name, turn.Step, len(turn.Gaps), turn.Gaps[:min(4, len(turn.Gaps))])
			}
			if len(turn.Legal) == 0 {
				continue
			}
			for i, sel := range turn.Clicks {
				if i == len(turn.Clicks)-1 && midwayShots[turn.Step] != "" && !shots[turn.Step] {
					shots[turn.Step] = true
					p.shotBoth(prefix + midwayShots[turn.Step])
				}
				p.click(sel)
			}
			res.clicks += len(turn.Clicks)
			res.by["board"]++
			verb := strings.Fields(turn.Choice)[0]
			if strings.Contains(turn.Choice, " attacks ") {
				verb = "attack"
			}
			if turn.Step == "place" {
				res.verbs["place"]++
			}
			res.verbs[verb]++
			v, _ := strconv.Atoi(turn.Version)
			p.waitJS(fmt.Sprintf(`Number(document.querySelector('main').dataset.version) > %d
				|| !document.querySelector('#error').hidden`, v), step)
			latest = evalJS[int](p, `Number(document.querySelector('main').dataset.version)`)
			acted = true
			if verb == "bid" || verb == "plan" {
				if checkSecret(t, pages[1-seat], spectator, seat, verb, latest, prefix) {
					res.by["secret"]++
				}
			}
			if evalJS[int](p, `document.querySelectorAll('#board svg [data-testid="board-firing-side"]').length`) > 0 {
				res.verbs["firing on the board"]++
			}
			if evalJS[int](p, `document.querySelectorAll('#board svg [data-testid="board-firing-destroyed"]').length`) > 0 {
				res.verbs["destroyed on the board"]++
			}
			if evalJS[int](p, `document.querySelectorAll('#board [data-testid="firing-card"]').length`) > 0 {
				res.verbs["firing shown"]++
				if !shots["fire"] {
					shots["fire"] = true
					p.shotBoth(prefix + "firing")
				}
			}
		}
		if finished == 2 {
			return res
		}
		if !acted {
			us.fail("neither page has an action to click, and the match is not over (version %d)", latest)
		}
	}
	t.Fatalf("the match did not end after %d actions", res.by["board"])
	return res
}

// checkSecret checks, after seat chose its bid or plan (verb), the rival's
// page and the spectator's once they show the new position: when the rival
// has still to choose, neither their boards nor their snapshots hold the
// value chosen, only that a choice is in (and the spectator is offered
// nothing). It reports whether the rival had still to choose.
func checkSecret(t *testing.T, rival, spectator *page, seat int, verb string, version int, prefix string) bool {
	t.Helper()
	side := []string{"US", "Japan"}[seat]
	for i, p := range []*page{rival, spectator} {
		waitVersion(p, version)
		got := readSecret(p, seat, verb)
		if i == 0 && !got.Pending {
			return false
		}
		switch verb {
		case "bid":
			if got.Bid != -1 || !got.BidIn {
				t.Errorf("%s page: the %s bid shows as %d (in: %v) before %s has bid, want hidden (-1) and in",
					p.name, side, got.Bid, got.BidIn, rival.name)
			}
			if strings.Contains(got.Board, "Bids: ") || !strings.Contains(got.Board, "Bids in: ") {
				t.Errorf("%s page shows a bid value before %s has bid:\n%s", p.name, rival.name, got.Board)
			}
		case "plan":
			if got.Plan != nil || !got.Planned {
				t.Errorf("%s page: the %s plan shows as %v (planned: %v) before %s has planned",
					p.name, side, got.Plan, got.Planned, rival.name)
			}
			if !strings.Contains(got.Board, side+" tokens: face down") {
				t.Errorf("%s page does not show the %s tokens face down:\n%s", p.name, side, got.Board)
			}
		}
		if i == 1 && got.Actions != 0 {
			t.Errorf("%s page is offered %d actions", p.name, got.Actions)
		}
	}
	if verb == "bid" {
		rival.shotBoth(prefix + "bid-hidden")
	}
	return true
}

// secretSeen is what a page shows of a seat's secret choice.
type secretSeen struct {
	Pending bool     `json:"pending"` // the page's seat has still to make its own
	Bid     int      `json:"bid"`
	Plan    []string `json:"plan"`
	Planned bool     `json:"planned"`
	BidIn   bool     `json:"bidIn"`
	Board   string   `json:"board"`
	Actions int      `json:"actions"`
}

// readSecret reads, from a page's own snapshot and its board, what it shows
// of seat's bid or plan (verb).
func readSecret(p *page, seat int, verb string) secretSeen {
	p.t.Helper()
	raw := evalAsync(p, fmt.Sprintf(`(async () => {
		const id = decodeURIComponent(location.pathname.split('/')[2]);
		const snap = await (await fetch('/api/matches/' + encodeURIComponent(id))).json();
		const v = snap.view;
		const legal = (snap.legal || []).map((a) => a.text);
		return JSON.stringify({
			pending: legal.some((t) => t.startsWith('%s ')),
			bid: v.bids[%d],
			plan: v.combat ? v.combat.plans[%d] : null,
			planned: v.combat ? v.combat.planned[%d] : false,
			bidIn: v.bid_in[%d],
			board: document.querySelector('#board').innerText,
			actions: document.querySelectorAll('#board [data-action], #actions button[data-action]').length,
		});
	})()`, verb, seat, seat, seat, seat))
	var got secretSeen
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		p.fail("%v in %s", err, raw)
	}
	return got
}

// evalAsync evaluates a JavaScript expression that gives a promise of a
// string, within one step's budget.
func evalAsync(p *page, expr string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, step)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fail("evaluate: %v", err)
	}
	return v
}
