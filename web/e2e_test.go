package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEndToEnd drives Chromium through the whole UI on the real server, with
// the real game, real bots and a SQLite store: it creates a Tiny Battle of
// Britain match in the lobby, plays it to the end by clicking the board and
// the action panel while a spectator in another browser context watches it
// live, opens the replay, and watches a bot play a match of its own. It
// saves screenshots at desktop and phone widths into $SCRAMBLE_ARTIFACTS (by
// default a temporary directory).
func TestEndToEnd(t *testing.T) {
	base, player, spectator := startSession(t, "")

	// The lobby: set a few options, create the match, read the links.
	// The catalog holds several games: choose Tiny Battle of Britain.
	selectGame(player, "tinybob")
	player.shotBoth("lobby")
	player.click(`#options > summary`)
	player.setValue(`#opt-waves`, "2")
	player.setValue(`#opt-aces`, "2")
	player.setValue(`#opt-priority`, "5")
	player.setValue(`#seed`, "11")
	player.click(`#public`) // listed, so the lobby's finished list shows it below
	player.click(`[data-testid="create"]`)
	player.waitJS(`!document.querySelector('#created').hidden`, step)
	id := evalJS[string](player, `document.querySelector('[data-testid="match-id"]').textContent`)
	specLink := evalJS[string](player, `document.querySelector('[data-testid="link-spectator"]').value`)
	seatLink := evalJS[string](player, `document.querySelector('[data-testid="link-seat-0"]').value`)
	if !strings.Contains(seatLink, "token=") || !strings.HasPrefix(specLink, base+"/m/"+id) {
		t.Fatalf("links do not look right: seat %q, spectator %q", seatLink, specLink)
	}
	player.shotBoth("lobby-created")

	// The spectator opens the spectator link; the player takes the seat.
	spectator.do(chromedp.Navigate(specLink))
	spectator.waitJS(`document.querySelector('main').dataset.version !== ''`, step)
	if who := evalJS[string](spectator, `document.querySelector('#who').textContent`); who != "Spectator" {
		t.Errorf("spectator page says %q, want Spectator", who)
	}
	player.clickNav(`[data-testid="play-seat-0"]`)
	player.waitJS(`document.querySelector('main') && document.querySelector('main').dataset.myturn === 'true'`, step)
	if search := evalJS[string](player, `location.search`); search != "" {
		t.Errorf("the match page kept %q in its address; the token must be removed", search)
	}
	if who := evalJS[string](player, `document.querySelector('#who').textContent`); who != "You play RAF" {
		t.Errorf("player page says %q, want You play RAF", who)
	}
	player.waitJS(`document.querySelector('#conn').dataset.state === 'open'`, step)
	player.shotBoth("match-start")

	played := playToTheEnd(t, player, spectator, base+"/m/"+id)
	t.Logf("match %s: %d clicks, %s", id, played.clicks, strings.Join(played.kinds(), ", "))
	for _, k := range []string{"board", "panel"} {
		if played.by[k] == 0 {
			t.Errorf("no action was played through the %s", k)
		}
	}

	player.waitJS(`!document.querySelector('[data-testid="summary"]').hidden`, step)
	headline := evalJS[string](player, `document.querySelector('[data-testid="summary-headline"]').textContent`)
	if headline != "Victory!" && headline != "Defeat" {
		t.Errorf("summary headline %q, want Victory! or Defeat", headline)
	}
	player.shotBoth("match-summary")
	spectator.waitJS(`!document.querySelector('[data-testid="summary"]').hidden`, step)
	spectator.shot("spectator-summary", desktopW, desktopH)

	// Games without a renderer of their own get the text board.
	pre, err := chromedp.Run(player.ctx, chromedp.Evaluate[string](
		`import(document.querySelector('script[type=module]').src.replace(/match\.js$/, 'board.js'))
			.then(m => m.textRenderer.render({}, {board: 'row 1 . . L3'}).outerHTML)`, chromedp.EvalAwaitPromise))
	if err != nil || !strings.HasPrefix(pre, "<pre") || !strings.Contains(pre, "row 1 . . L3") {
		t.Errorf("the text renderer drew %q (%v), want the board in a <pre>", pre, err)
	}

	// The replay: step, seek, play.
	player.clickNav(`[data-testid="replay-link"]`)
	player.waitJS(`document.querySelector('#board').dataset.step === '0'`, step)
	total := evalJS[int](player, `Number(document.querySelector('#seek').max)`)
	if total < 10 {
		t.Fatalf("the replay has %d steps", total)
	}
	player.click(`[data-testid="next"]`)
	player.waitJS(`document.querySelector('#board').dataset.step === '1'`, step)
	player.setValue(`#seek`, fmt.Sprint(total/2))
	player.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'`, total/2), step)
	player.shotBoth("replay")
	player.click(`[data-testid="play"]`)
	player.waitJS(fmt.Sprintf(`Number(document.querySelector('#board').dataset.step) > %d`, total/2), step)
	player.click(`[data-testid="play"]`)
	player.click(`[data-testid="last"]`)
	player.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'`, total), step)

	// A bot plays a match alone; the spectator watches it end.
	player.do(chromedp.Navigate(base + "/"))
	player.waitJS(fmt.Sprintf(`!!document.querySelector('#finished-list [data-id="%s"]')`, id), step)
	selectGame(player, "tinybob")
	player.setValue(`#seat-0`, "bot:greedy")
	player.click(`[data-testid="create"]`)
	player.waitJS(`!!document.querySelector('[data-testid="watch"]') && document.querySelector('[data-testid="match-id"]').textContent !== '`+id+`'`, step)
	watch := evalJS[string](player, `document.querySelector('[data-testid="watch"]').href`)
	spectator.do(chromedp.Navigate(watch))
	spectator.waitJS(`!document.querySelector('[data-testid="summary"]').hidden`, longStep)
	if n := evalJS[int](spectator, `document.querySelectorAll('#actions button').length`); n != 0 {
		t.Errorf("a spectator was offered %d action buttons", n)
	}
	spectator.shot("bot-match", desktopW, desktopH)

	player.checkErrors()
	spectator.checkErrors()
}

// playToTheEnd plays the match on the player's page, clicking the board
// when it offers the action and the panel otherwise, until the game is over.
// Every few moves it checks that the spectator's page has caught up.
func playToTheEnd(t *testing.T, player, spectator *page, matchURL string) played {
	t.Helper()
	res := played{by: map[string]int{}, verbs: map[string]int{}}
	movedIn := ""
	resumed := false
	for res.clicks < 600 {
		// The page's state and its round, read in one round trip.
		raw, round, _ := strings.Cut(evalJS[string](player,
			readState+` + '\n' + document.querySelector('#caption').textContent.split(' · ')[0]`), "\n")
		var st matchState
		if err := json.Unmarshal([]byte(raw), &st); err != nil {
			t.Fatal(err)
		}
		if st.Error != "" {
			player.fail("the page shows an error: %s", st.Error)
		}
		if st.Finished {
			spectator.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version === '%s'`, st.Version), step)
			return res
		}
		if len(st.Legal) == 0 {
			player.fail("not finished but no action offered (version %s)", st.Version)
		}
		if res.clicks%15 == 5 {
			spectator.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version === '%s'`, st.Version), step)
		}
		if res.clicks == 8 {
			player.shotBoth("match-playing")
		}
		if res.clicks == 12 && !resumed {
			// Open the match again from its plain link: the seat cookie
			// brings the player back to their seat.
			resumed = true
			player.do(chromedp.Navigate(matchURL))
			player.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version === '%s'`, st.Version), step)
			if who := evalJS[string](player, `document.querySelector('#who').textContent`); who != "You play RAF" {
				player.fail("after reopening the match the page says %q, want You play RAF", who)
			}
			continue
		}
		has := func(a string) bool {
			for _, l := range st.Legal {
				if l == a {
					return true
				}
			}
			return false
		}
		first := func(prefix string) string {
			for _, l := range st.Legal {
				if strings.HasPrefix(l, prefix) {
					return l
				}
			}
			return ""
		}
		var way, action string
		switch {
		case first("raise ") != "":
			action, way = first("raise "), "board"
		case has("done"):
			action, way = "done", "board" // the chip under the board
		case first("attack ") != "":
			action, way = first("attack "), "board"
		case first("move ") != "" && movedIn != round:
			action, way = first("move "), "board"
			movedIn = round
		case has("end"):
			action, way = "end", "panel"
		case has("disrupt"):
			action, way = "disrupt", "board"
		case has("aces 1") && res.verbs["aces"] == 0:
			action, way = "aces 1", "board" // a chip under the board
		case has("keep"):
			action, way = "keep", "panel"
		default:
			action, way = st.Legal[0], "panel"
		}
		if way == "board" && strings.HasPrefix(action, "move ") {
			from := strings.Fields(action)[1]
			player.click(fmt.Sprintf(`#board [data-select="%s"]`, from))
			player.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.selected === '%s'`, from), step)
		}
		sel := fmt.Sprintf(`#board [data-action="%s"]`, action)
		if way == "panel" {
			sel = fmt.Sprintf(`#actions button[data-action="%s"]`, action)
		}
		player.click(sel)
		res.clicks++
		res.by[way]++
		res.verbs[strings.Fields(action)[0]]++
		player.waitJS(fmt.Sprintf(`(m => m.dataset.version !== '%s' || m.dataset.finished === 'true')(document.querySelector('main'))
			|| !document.querySelector('#error').hidden`, st.Version), step)
	}
	t.Fatalf("the match did not end after %d clicks", res.clicks)
	return res
}
