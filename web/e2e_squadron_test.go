package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestEndToEndSquadron drives Chromium through a whole match of 303
// Squadron, Attack on Biggin Hill with two pilots (the defaults), each pilot
// in a page of its own (two browser contexts, no cookies shared): whichever
// page the server says is to act clicks a legal control of the board
// (squadronPlan: a German plane to attack, else an area towards the
// Germans, else the first control: a decision or a card's button), until
// the match ends. Both pages then show the result on the board, and the
// replay viewer shows the match with the same board. It saves
// screenshots at desktop and phone widths into $SCRAMBLE_ARTIFACTS (by
// default a temporary directory).
func TestEndToEndSquadron(t *testing.T) {
	start := time.Now()
	_, one, two := startSession(t, "squadron-")

	selectGame(one, "squadron")
	one.setValue(`#seed`, "11")
	id, links := createMatch(one)
	link := links["seat-1"]
	one.clickNav(`[data-testid="play-seat-0"]`)
	two.do(chromedp.Navigate(link))
	ready := `!!document.querySelector('#board [data-testid="squadron-map"]') && document.querySelector('#conn').dataset.state === 'open'`
	one.waitJS(ready, step)
	two.waitJS(ready, step)
	if title := evalJS[string](one, `document.querySelector('#title').textContent`); !strings.HasPrefix(title, "303 Squadron") {
		t.Errorf("the match page is titled %q", title)
	}
	if n := evalJS[int](one, `document.querySelectorAll('#board [data-area]').length`); n < 20 {
		t.Errorf("the map shows %d areas", n)
	}
	one.shotBoth("squadron-start")

	pages := []*page{one, two}
	verbs := map[string]int{}
	shots := map[string]bool{}
	clicks := 0
	for {
		snap := serverSnapshot(one, id)
		if snap.Finished {
			break
		}
		if snap.Current < 0 || snap.Current > 1 {
			t.Fatalf("after %d clicks the server says seat %d is to act in a match of two pilots", clicks, snap.Current)
		}
		if clicks >= 3000 {
			t.Fatalf("the match has not ended after %d clicks", clicks)
		}
		if clicks%40 == 0 {
			checkSquadronSecrets(one, two, id)
			checkSquadronSecrets(two, one, id)
		}
		p := pages[snap.Current]
		// The page shows this very position, and it is its turn.
		p.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version === '%d'
			&& document.querySelector('main').dataset.myturn === 'true'
			&& document.querySelector('#board').dataset.version === '%d'
			&& !document.querySelector('#board').classList.contains('busy')`, snap.Version, snap.Version), step)
		action := evalJS[string](p, squadronPlan)
		if action == "" {
			p.fail("the board offers no control at version %d, though the seat has %d legal actions", snap.Version, snap.Legal)
		}
		verb := strings.Fields(action)[0]
		verbs[verb]++
		// The first move, the first attack and the first die of a Fight.
		if (verb == "attack" || verb == "move" || verb == "die") && !shots[verb] {
			shots[verb] = true
			p.shotBoth("squadron-" + verb)
		}
		// The Fight's panel draws the dice rolled as die faces: the pilot's
		// two and the opponent's (issue 9 §5).
		if verb == "die" && !shots["dice"] {
			shots["dice"] = true
			if n := evalJS[int](p, `document.querySelectorAll('#board [data-testid="fight-dice"] svg.sq-die [data-face]').length`); n != 2 {
				p.fail("the Fight panel shows %d RAF die faces at the die's choice, want 2", n)
			}
			if n := evalJS[int](p, `document.querySelectorAll('#board [data-testid="fight-german-dice"] svg.sq-die').length`); n == 0 {
				p.fail("the Fight panel shows no German die at the die's choice")
			}
		}
		p.click(fmt.Sprintf(`#board [data-action=%q]`, action))
		clicks++
		p.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version !== '%d'`, snap.Version), step)
		if msg := evalJS[string](p, `(e => e.hidden ? '' : e.textContent)(document.querySelector('#error'))`); msg != "" {
			p.fail("clicking %q showed the error %q", action, msg)
		}
	}
	t.Logf("match %s: %d clicks on the board (%v) in %s", id, clicks, verbs, time.Since(start).Round(time.Second))
	if !shots["dice"] {
		t.Errorf("no die was chosen on the board, so the Fight panel's dice were never seen")
	}
	for _, v := range []string{"move", "attack"} {
		if verbs[v] == 0 {
			t.Errorf("no %q was played on the board", v)
		}
	}
	for _, p := range pages {
		p.waitJS(`document.querySelector('main').dataset.finished === 'true' && !!document.querySelector('#board [data-testid="result"]')`, step)
		if n := evalJS[int](p, `document.querySelectorAll('#board [data-action]').length`); n != 0 {
			t.Errorf("%s: the finished board still offers %d controls", p.name, n)
		}
	}
	one.shotBoth("squadron-end")

	// The replay viewer shows the match with the same board.
	one.waitJS(`!document.querySelector('[data-testid="summary"]').hidden`, step)
	one.clickNav(`[data-testid="replay-link"]`)
	one.waitJS(`document.querySelector('#board').dataset.step === '0'`, step)
	steps := evalJS[int](one, `Number(document.querySelector('#seek').max)`)
	one.setValue(`#seek`, fmt.Sprint(steps/2))
	one.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'
		&& !!document.querySelector('#board [data-testid="squadron-map"]')`, steps/2), step)
	if planes := evalJS[int](one, `document.querySelectorAll('#board [data-side]').length`); planes == 0 {
		t.Errorf("the replay at step %d of %d shows no plane", steps/2, steps)
	}
	if n := evalJS[int](one, `document.querySelectorAll('#board [data-action]').length`); n != 0 {
		t.Errorf("the replay offers %d controls", n)
	}
	one.shotBoth("squadron-replay")
	one.checkErrors()
	two.checkErrors()
}

// squadronSnap is what serverSnapshot reads of a match's snapshot.
type squadronSnap struct {
	Version  int  `json:"version"`
	Current  int  `json:"current"`
	Finished bool `json:"finished"`
	Legal    int  `json:"legal"`
}

// serverSnapshot asks the server, from the page (with its seat's cookie),
// for the match's snapshot: who is to act at which version.
func serverSnapshot(p *page, id string) squadronSnap {
	p.t.Helper()
	var s squadronSnap
	awaitJSON(p, fmt.Sprintf(`fetch('/api/matches/%s').then(r => r.json())
		.then(s => JSON.stringify({ version: s.version, current: s.current, finished: s.finished, legal: (s.legal || []).length }))`, id), &s)
	return s
}

// awaitJSON evaluates expr, a promise of a JSON text, in the page and
// decodes the text into out.
func awaitJSON(p *page, expr string, out any) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, step)
	defer cancel()
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fail("evaluate %s: %v", expr, err)
	}
	if err := json.Unmarshal([]byte(text), out); err != nil {
		p.fail("evaluate %s: %v in %s", expr, err, text)
	}
}

// checkSquadronSecrets checks, while the match is live, that what the
// server sends page p's seat (its snapshot with the board text and the
// last events, every page of the event log) names none of the cards in
// the other page's hand and no chance move's text ("draw card N"), shows
// no other seat's hand, and that the replay, which names every card drawn,
// is refused until the end (issue 9 §3).
func checkSquadronSecrets(p, other *page, id string) {
	p.t.Helper()
	var hand []int
	awaitJSON(other, fmt.Sprintf(`fetch('/api/matches/%s').then(r => r.json())
		.then(s => JSON.stringify(s.view.pilots.filter(x => x.hand).flatMap(x => x.hand.map(c => c.id))))`, id), &hand)
	var got struct {
		Hands    []int    `json:"hands"`
		Texts    []string `json:"texts"`
		Replay   int      `json:"replay"`
		Finished bool     `json:"finished"`
	}
	awaitJSON(p, fmt.Sprintf(`(async () => {
		const s = await (await fetch('/api/matches/%[1]s')).json();
		const texts = [s.board, ...s.events.map(e => e.text)];
		for (let since = 0; ; ) {
			const page = await (await fetch('/api/matches/%[1]s/events?since=' + since)).json();
			texts.push(...page.events.map(e => e.text));
			since = page.start + page.events.length;
			if (!page.events.length || since >= page.total) break;
		}
		const replay = (await fetch('/api/matches/%[1]s/replay')).status;
		const hands = s.view.pilots.filter(x => x.hand && x.seat !== s.seat).map(x => x.plane);
		return JSON.stringify({ hands, texts, replay, finished: s.finished });
	})()`, id), &got)
	if got.Finished {
		return
	}
	if len(got.Hands) > 0 {
		p.fail("the snapshot shows the hands of planes %v, which are not this seat's", got.Hands)
	}
	if got.Replay != http.StatusConflict {
		p.fail("the replay of the live match answered %d, want %d", got.Replay, http.StatusConflict)
	}
	for _, text := range got.Texts {
		if strings.Contains(text, "draw card") {
			p.fail("the server sent a chance move's text naming a card drawn: %q", text)
		}
		// Deployment cards are the Luftwaffe's, dealt face up.
		combat := strings.ReplaceAll(text, "deployment card ", "deployment #") + " "
		for _, c := range hand {
			if strings.Contains(combat, fmt.Sprintf("card %d ", c)) || strings.Contains(combat, fmt.Sprintf("card %d:", c)) {
				p.fail("the server sent %q, naming card %d of the other seat's hand %v", text, c, hand)
			}
		}
	}
}

// squadronPlan chooses the control to click as a keen pilot would: attack a
// German plane when the board rings one; else, if the seat's Hurricane is
// not already with the Germans, the area offered nearest a German plane;
// else the first control of the board (the decision card comes before the
// hand). It answers the control's action text.
const squadronPlan = `(() => {
	const b = document.querySelector('#board');
	const q = (s) => [...b.querySelectorAll(s)];
	const attack = q('[data-action^="attack "]');
	if (attack.length) return attack[0].dataset.action;
	const area = (id) => b.querySelector('[data-area="' + id + '"]');
	const enemies = q('[data-side="German"]').map((g) => area(g.dataset.at)).filter(Boolean);
	const dist = (a) => Math.min(1e9, ...enemies.map((e) => Math.hypot(e.dataset.x - a.dataset.x, e.dataset.y - a.dataset.y)));
	const mine = b.querySelector('[data-mine="true"]');
	const here = mine ? area(mine.dataset.at) : null;
	const moves = q('[data-action^="move "]').sort((x, y) => dist(x) - dist(y));
	if (moves.length && (!here || dist(moves[0]) < dist(here))) return moves[0].dataset.action;
	const first = q('[data-action]').filter((e) => !e.dataset.action.startsWith('move '));
	if (first.length) return first[0].dataset.action;
	return moves.length ? moves[0].dataset.action : '';
})()`

// TestEndToEndSquadronSoloLevels plays a solo game of Coming Home (two
// turns) to its end at each difficulty level (issue 30 §2, §3), clicking the
// board as squadronPlan does. The caption names the level; in the first
// Fight, at 1400x900, the Fight panel, the hand and the pilots' boards are
// in view together with the map, each die face carries its name written on
// it, and on a 390-pixel phone the page does not overflow sideways and the
// map's text is at least 11 pixels. Screenshots at both sizes go to
// $SCRAMBLE_ARTIFACTS.
func TestEndToEndSquadronSoloLevels(t *testing.T) {
	for _, lv := range []string{"recruit", "standard", "veteran"} {
		t.Run(lv, func(t *testing.T) {
			_, one, _ := startSession(t, "squadron-"+lv+"-")
			selectGame(one, "squadron")
			one.setValue(`#seed`, "7")
			one.setValue(`[data-option="players"]`, "1")
			one.setValue(`[data-option="scenario"]`, "cominghome")
			one.setValue(`[data-option="difficulty"]`, lv)
			id, _ := createMatch(one)
			one.clickNav(`[data-testid="play-seat-0"]`)
			one.waitJS(`!!document.querySelector('#board [data-testid="squadron-map"]') && document.querySelector('#conn').dataset.state === 'open'`, step)
			name := strings.ToUpper(lv[:1]) + lv[1:]
			if c := evalJS[string](one, `document.querySelector('#board [data-testid="squadron-board"]') ? document.body.textContent : ''`); !strings.Contains(c, "("+name+")") {
				t.Errorf("the page does not name the level %q", name)
			}
			fought := false
			for clicks := 0; ; clicks++ {
				snap := serverSnapshot(one, id)
				if snap.Finished {
					break
				}
				if clicks >= 1500 {
					t.Fatalf("the solo game has not ended after %d clicks", clicks)
				}
				one.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version === '%d'
					&& document.querySelector('main').dataset.myturn === 'true'
					&& document.querySelector('#board').dataset.version === '%d'
					&& !document.querySelector('#board').classList.contains('busy')`, snap.Version, snap.Version), step)
				action := evalJS[string](one, squadronPlan)
				if action == "" {
					one.fail("the board offers no control at version %d", snap.Version)
				}
				if strings.HasPrefix(action, "die ") && !fought {
					fought = true
					checkFightLayout(one)
					one.shot("squadron-solo-"+lv+"-fight-1400", 1400, 900)
					one.shot("squadron-solo-"+lv+"-fight-phone", phoneW, phoneH)
					checkPhone(one)
					one.shot("squadron-solo-"+lv+"-fight-back", 1400, 900)
				}
				one.click(fmt.Sprintf(`#board [data-action=%q]`, action))
				one.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version !== '%d'`, snap.Version), step)
				if msg := evalJS[string](one, `(e => e.hidden ? '' : e.textContent)(document.querySelector('#error'))`); msg != "" {
					one.fail("clicking %q showed the error %q", action, msg)
				}
			}
			one.waitJS(`document.querySelector('main').dataset.finished === 'true' && !!document.querySelector('#board [data-testid="result"]')`, step)
			one.shot("squadron-solo-"+lv+"-end-1400", 1400, 900)
			one.checkErrors()
		})
	}
}

// checkFightLayout checks, at 1400x900, that the map, the Fight panel, the
// hand and the pilots' boards all begin inside the window, and that each
// die face shows its name.
func checkFightLayout(p *page) {
	p.t.Helper()
	p.shot("squadron-layout-probe", 1400, 900)
	var out []string
	awaitJSON(p, `Promise.resolve(JSON.stringify(['squadron-map', 'fight', 'pilot-1', 'card-'].map(id => {
		const el = document.querySelector('#board [data-testid^="' + id + '"]');
		if (!el) return id + ': missing';
		const r = el.getBoundingClientRect();
		return r.top < innerHeight && r.left < innerWidth && r.bottom > 0 ? '' : id + ': out of view at ' + Math.round(r.top) + ',' + Math.round(r.left);
	}).filter(Boolean)))`, &out)
	if len(out) > 0 {
		p.fail("at 1400x900 in a Fight, not in view: %v", out)
	}
	labels := evalJS[int](p, `document.querySelectorAll('#board [data-testid="fight"] svg.sq-die text.sq-face-label').length`)
	dice := evalJS[int](p, `document.querySelectorAll('#board [data-testid="fight"] svg.sq-die').length`)
	if dice == 0 || labels != dice {
		p.fail("the Fight shows %d dice and %d names on their faces", dice, labels)
	}
}

// checkPhone checks, at the phone's width, that the page does not scroll
// sideways, that no text of the map is under 11 pixels and that the map's
// box is scrolled to the Hurricane in the Fight.
func checkPhone(p *page) {
	p.t.Helper()
	// With a phone's emulation the window itself widens to a page that
	// overflows, so the page is measured against the phone's width.
	if w := evalJS[float64](p, fmt.Sprintf(`document.documentElement.scrollWidth - %d`, phoneW)); w > 1 {
		p.fail("on a phone the page overflows sideways by %.0f pixels", w)
	}
	small := evalJS[float64](p, `Math.min(...[...document.querySelectorAll('#board [data-testid="squadron-map"] text')]
		.filter(t => t.getBoundingClientRect().height > 0).map(t => parseFloat(getComputedStyle(t).fontSize)
		* t.getScreenCTM().a))`)
	if small < 10.9 {
		p.fail("on a phone the map's smallest text is %.1f pixels, want at least 11", small)
	}
	if off := evalJS[string](p, `(() => {
		const box = document.querySelector('#board [data-testid="map-box"]').getBoundingClientRect();
		const el = document.querySelector('#board [data-fighting="true"]');
		if (!el) return 'no Hurricane marked as fighting';
		const r = el.getBoundingClientRect();
		const x = r.left + r.width / 2;
		return x > box.left && x < box.right ? '' : 'the Hurricane in the Fight is at x=' + Math.round(x) + ', the map shows ' + Math.round(box.left) + '..' + Math.round(box.right);
	})()`); off != "" {
		p.fail("on a phone the Fight's area is not in view: %s", off)
	}
}
