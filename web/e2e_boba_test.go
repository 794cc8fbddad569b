package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestEndToEndBoba drives Chromium through a match of The Battle of
// Britain—Again! on the real server: it creates the match in the lobby and
// plays the whole first day by clicking the board (choosing fighters,
// flying paths to squares in reach, firing at the targets it rings), while a
// spectator in another browser context watches it live, until the record
// sheet shows day 1 complete. Then a bot flies a one-day campaign of its own
// and the replay viewer shows it with the same board. It saves screenshots
// at desktop and phone widths into $SCRAMBLE_ARTIFACTS (by default a
// temporary directory).
func TestEndToEndBoba(t *testing.T) {
	start := time.Now()
	base, player, spectator := startSession(t, "boba-")

	// The lobby: choose the game, fix the seed, create the match.
	selectGame(player, "boba")
	player.setValue(`#seed`, "3")
	id, links := createMatch(player)
	specLink := links["spectator"]

	spectator.do(chromedp.Navigate(specLink))
	spectator.waitJS(`document.querySelector('main').dataset.version !== '' && !!document.querySelector('[data-testid="boba-grid"]')`, step)
	player.clickNav(`[data-testid="play-seat-0"]`)
	player.waitJS(`document.querySelector('main').dataset.myturn === 'true' && !!document.querySelector('[data-testid="boba-grid"]')
		&& document.querySelector('#conn').dataset.state === 'open'`, step)
	if title := evalJS[string](player, `document.querySelector('#title').textContent`); !strings.HasPrefix(title, "The Battle of Britain—Again!") {
		t.Errorf("the match page is titled %q", title)
	}
	player.shotBoth("boba-start")

	res := playFirstDay(t, player, spectator)
	total := res.by["board"] + res.by["panel"]
	t.Logf("match %s: %d actions chosen (%s) in %s", id, total, strings.Join(res.kinds(), ", "), time.Since(start).Round(time.Second))
	if res.by["board"] < total*4/5 {
		t.Errorf("only %d of %d actions were played on the board", res.by["board"], total)
	}
	for _, v := range []string{"select", "move", "path", "attack"} {
		if res.verbs[v] == 0 {
			t.Errorf("no %q was played on the board", v)
		}
	}
	player.shotBoth("boba-day1")
	version := evalJS[string](player, `document.querySelector('main').dataset.version`)
	spectator.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version === '%s'
		&& document.querySelector('#board [data-testid="record-day-1"]').dataset.complete === 'true'`, version), step)
	if n := evalJS[int](spectator, `document.querySelectorAll('#board [data-action], #actions button').length`); n != 0 {
		t.Errorf("the spectator was offered %d actions", n)
	}
	spectator.shot("boba-spectator", desktopW, desktopH)

	// A bot flies a one-day campaign; its replay shows the same board.
	player.do(chromedp.Navigate(base + "/"))
	player.waitJS(`document.querySelectorAll('#game option').length > 0 && !!document.querySelector('#seat-0')`, step)
	selectGame(player, "boba")
	player.click(`#options > summary`)
	player.setValue(`#opt-days`, "1")
	player.setValue(`#opt-length`, "20")
	player.setValue(`#seed`, "5")
	player.setValue(`#seat-0`, "bot:greedy")
	player.click(`[data-testid="create"]`)
	player.waitJS(`!!document.querySelector('[data-testid="watch"]')`, step)
	botID := evalJS[string](player, `document.querySelector('[data-testid="match-id"]').textContent`)
	player.do(chromedp.Navigate(fmt.Sprintf("%s/m/%s", base, botID)))
	player.waitJS(`!document.querySelector('[data-testid="summary"]').hidden`, longStep)
	player.clickNav(`[data-testid="replay-link"]`)
	player.waitJS(`document.querySelector('#board').dataset.step === '0'`, step)
	steps := evalJS[int](player, `Number(document.querySelector('#seek').max)`)
	// The first step with planes on the board, then the middle of the raid.
	for _, n := range []int{steps / 2, steps / 3} {
		player.setValue(`#seek`, fmt.Sprint(n))
		player.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'
			&& !!document.querySelector('#board [data-testid="boba-grid"]')`, n), step)
	}
	if planes := evalJS[int](player, `document.querySelectorAll('#board [data-testid^="plane-"]').length`); planes == 0 {
		t.Errorf("the replay at step %d of %d shows no plane", steps/3, steps)
	}
	player.shotBoth("boba-replay")
	player.click(`[data-testid="last"]`)
	player.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'
		&& document.querySelector('#board [data-testid="record-day-1"]').dataset.complete === 'true'`, steps), step)

	player.checkErrors()
	spectator.checkErrors()
	t.Logf("the test took %s", time.Since(start).Round(time.Second))
}

// bobaChoice is what bobaPlan chooses: the selectors to click in turn, the
// way ("board" or "panel") and a word for the kind of action.
type bobaChoice struct {
	Way    string   `json:"way"`
	Clicks []string `json:"clicks"`
	Verb   string   `json:"verb"`
	Done   bool     `json:"done"`
	Shot   string   `json:"shot"`
}

// bobaPlan chooses the next action on the board as a keen British pilot
// would: fire at the best target in reach; else fly to the square in reach
// nearest a German bomber (one click for a step, two for a path: the first
// shows it); else the buttons over the board; else the action panel.
const bobaPlan = `(() => {
	const b = document.querySelector('#board');
	const q = (s) => [...b.querySelectorAll(s)];
	const sel = (e) => '#board [data-testid="' + e.dataset.testid + '"]';
	const out = (way, clicks, verb, shot) => JSON.stringify({ way, clicks, verb, shot: shot || '' });
	const rec = b.querySelector('[data-testid="record-day-1"]');
	if (rec && rec.dataset.complete === 'true') return JSON.stringify({ done: true });
	const pick = q('[data-action^="select "]');
	if (pick.length) return out('board', [sel(pick[0])], 'select');
	const targets = q('[data-target]').filter((e) => e.dataset.action || e.dataset.select)
		.sort((x, y) => y.dataset.chance - x.dataset.chance);
	if (targets.length) {
		const t = targets[0];
		return out('board', t.dataset.action ? [sel(t)] : [sel(t), sel(t)], 'attack', 'boba-attack');
	}
	const germans = q('[data-side="German"]');
	const bombers = germans.filter((e) => e.dataset.bomber === 'true');
	const enemies = (bombers.length ? bombers : germans).map((e) => [+e.dataset.x, +e.dataset.y]);
	const dist = (e) => Math.min(1e9, ...enemies.map(([x, y]) => Math.max(Math.abs(x - e.dataset.x), Math.abs(y - e.dataset.y))));
	const squares = q('[data-kind="step"], [data-kind="reach"][data-ends="true"]')
		.sort((x, y) => dist(x) - dist(y) || x.dataset.cost - y.dataset.cost);
	if (squares.length) {
		const s = squares[0];
		return s.dataset.action ? out('board', [sel(s)], 'move') : out('board', [sel(s), sel(s)], 'path', 'boba-path');
	}
	for (const chip of ['end', 'dive', 'level']) {
		const c = b.querySelector('[data-testid="chip-' + chip + '"]');
		if (c) return out('board', [sel(c)], chip);
	}
	const fire = b.querySelector('[data-testid^="chip-attack"]');
	if (fire) return out('board', [sel(fire)], 'attack');
	const panel = document.querySelector('#actions button[data-action]');
	if (panel) return out('panel', ['#actions button[data-action="' + panel.dataset.action + '"]'], panel.dataset.action.split(' ')[0]);
	return out('none', [], '');
})()`

// playFirstDay plays the British seat by bobaPlan until the record sheet
// shows day 1 complete (or the campaign is over), checking now and then that
// the spectator's page has caught up, and takes screenshots of a path and
// an attack being chosen.
func playFirstDay(t *testing.T, player, spectator *page) played {
	t.Helper()
	res := played{by: map[string]int{}, verbs: map[string]int{}}
	shots := map[string]bool{}
	for n := 0; n < 400; n++ {
		// The page's state and the next choice, read in one round trip
		// (two JSON lines).
		raw, plan, _ := strings.Cut(evalJS[string](player, readState+` + '\n' + `+bobaPlan), "\n")
		var st matchState
		if err := json.Unmarshal([]byte(raw), &st); err != nil {
			t.Fatal(err)
		}
		if st.Error != "" {
			player.fail("the page shows an error: %s", st.Error)
		}
		var c bobaChoice
		if err := json.Unmarshal([]byte(plan), &c); err != nil {
			t.Fatal(err)
		}
		if c.Done || st.Finished {
			return res
		}
		if len(st.Legal) == 0 || c.Way == "none" {
			player.fail("day 1 is not over but no action is offered (version %s)", st.Version)
		}
		if n%10 == 5 {
			spectator.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version === '%s'`, st.Version), step)
		}
		for i, sel := range c.Clicks {
			if i > 0 {
				// The first click showed the path: the second flies it.
				player.waitJS(fmt.Sprintf(`!!(document.querySelector('%s') || {dataset: {}}).dataset.action`, sel), step)
				if c.Shot != "" && !shots[c.Shot] {
					shots[c.Shot] = true
					player.shotBoth(c.Shot)
				}
			}
			player.click(sel)
		}
		res.by[c.Way]++
		res.verbs[c.Verb]++
		player.waitJS(fmt.Sprintf(`(m => (m.dataset.version !== '%s' || m.dataset.finished === 'true')
				&& document.querySelector('#board').dataset.queued === '0'
				&& !document.querySelector('#board').classList.contains('busy'))(document.querySelector('main'))
			|| !document.querySelector('#error').hidden`, st.Version), step)
	}
	t.Fatalf("day 1 did not end after %d actions chosen", res.by["board"]+res.by["panel"])
	return res
}
