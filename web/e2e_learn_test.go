package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLessonPlayedToItsEnd drives Chromium through Tiny Battle of Britain's
// lesson (issue 35 §3): from the lobby's Learn link, the rulebook's bombing
// raid example is played on the real board, each move made on the board
// where it offers it and with the lesson's button otherwise; a move other
// than the example's is explained and refused; the dice are explained as
// they fall; the lesson ends with the example's result in the events.
func TestLessonPlayedToItsEnd(t *testing.T) {
	_, player, _ := startSession(t, "learn-")
	selectGame(player, "tinybob")
	player.waitJS(`!!document.querySelector('[data-testid="game-learn"]')`, step)
	player.clickNav(`[data-testid="game-learn"]`)
	player.waitJS(`document.querySelector('main').dataset.at === '0' && !!document.querySelector('[data-testid="lesson-move"]')`, step)
	if intro := evalJS[string](player, `document.querySelector('#lesson-intro').textContent`); !strings.Contains(intro, "bombing raid example") {
		t.Errorf("the lesson opens with %q", intro)
	}

	// A move other than the example's is refused with the one to make.
	// (A move of a plane: choose a red die on the board, then a row.)
	otherJS := `(() => { const el = [...document.querySelectorAll('#board [data-action]')].find(e => e.dataset.action !== 'end'); return el ? el.dataset.action : ''; })()`
	other := evalJS[string](player, otherJS)
	if other == "" && evalJS[bool](player, `!!document.querySelector('#board [data-select]')`) {
		player.click(`#board [data-select]`)
		other = evalJS[string](player, otherJS)
	}
	if other == "" {
		t.Fatal("the board offers no move but the example's")
	}
	player.click(fmt.Sprintf(`#board [data-action=%q]`, other))
	player.waitJS(`!document.querySelector('#error').hidden && document.querySelector('#error').textContent.includes('the move here is “end”')`, step)
	if at := evalJS[string](player, `document.querySelector('main').dataset.at`); at != "0" {
		t.Errorf("a refused move moved the lesson on to step %s", at)
	}

	onBoard, byButton, diceSaid := 0, 0, 0
	for moves := 0; moves < 20; moves++ {
		if evalJS[bool](player, `document.querySelector('main').dataset.done === 'true'`) {
			break
		}
		at := evalJS[string](player, `document.querySelector('main').dataset.at`)
		do := evalJS[string](player, `document.querySelector('[data-testid="lesson-move"]').dataset.action`)
		diceSaid += evalJS[int](player, `document.querySelectorAll('[data-testid="lesson-dice"] li').length`)
		if do == "disrupt" {
			player.shot("learn-raid-desktop", rulesDesktopW, rulesDesktopH)
			player.shot("learn-raid-phone", phoneW, phoneH)
			player.shot("learn-raid-desktop", rulesDesktopW, rulesDesktopH)
		}
		if evalJS[bool](player, fmt.Sprintf(`!!document.querySelector('#board [data-action=%q]')`, do)) {
			player.click(fmt.Sprintf(`#board [data-action=%q]`, do))
			onBoard++
		} else {
			player.click(`[data-testid="lesson-move"]`)
			byButton++
		}
		player.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.at !== %q`, at), step)
	}
	if !evalJS[bool](player, `document.querySelector('main').dataset.done === 'true'`) {
		t.Fatal("the lesson did not end")
	}
	t.Logf("lesson played: %d moves on the board, %d with the button, %d dice explained before the last", onBoard, byButton, diceSaid)
	if onBoard == 0 || diceSaid < 4 {
		t.Errorf("%d moves were made on the board and %d dice explained", onBoard, diceSaid)
	}
	log := evalJS[string](player, `document.querySelector('#log').textContent`)
	for _, want := range []string{"partially contested; 1 sure damage", "Early Warning takes 1 damage (now 2)", "the RAF die loses a pip, 2 → 1"} {
		if !strings.Contains(log, want) {
			t.Errorf("the events lack %q", want)
		}
	}
	if s := evalJS[string](player, `document.querySelector('#status').textContent`); s != "Lesson complete." {
		t.Errorf("status %q at the end", s)
	}
	// The outro's rule citation opens the panel.
	player.click(`[data-testid="lesson-say"] .rule-link`)
	player.waitJS(`document.querySelector('#rules-panel').dataset.section === 'tb-16'`, step)
	player.shot("learn-end-desktop", rulesDesktopW, rulesDesktopH)
	player.shot("learn-end-phone", phoneW, phoneH)
	player.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	player.checkErrors()
}

// TestHintShownSoloRefusedInADuel (issue 35 §4): in a solo match of Tiny
// Battle of Britain the Hint button lists up to three actions with their
// chances, and a click on one plays it; in a match of Battle of Midway
// between two people created without "hints allowed" the page says so in
// its header and offers no hint, and the server refuses one asked all the
// same; the same match created with the lobby's "Allow hints" shows it in
// the header and gives the seat its hint.
func TestHintShownSoloRefusedInADuel(t *testing.T) {
	base, player, _ := startSession(t, "hint-")
	selectGame(player, "tinybob")
	player.setValue(`#seed`, "5")
	createMatch(player)
	player.clickNav(`[data-testid="play-seat-0"]`)
	player.waitJS(`document.querySelector('main').dataset.myturn === 'true' && !document.querySelector('[data-testid="hint-box"]').hidden`, step)
	if !evalJS[bool](player, `document.querySelector('[data-testid="hints-policy"]').hidden`) {
		t.Error("a solo match shows a hint policy in its header; only matches between people do")
	}
	version := evalJS[string](player, `document.querySelector('main').dataset.version`)
	player.click(`[data-testid="hint-ask"]`)
	player.waitJS(`document.querySelectorAll('#hint .hint-list li').length > 0`, step)
	n := evalJS[int](player, `document.querySelectorAll('#hint .hint-list li').length`)
	text := evalJS[string](player, `document.querySelector('#hint').textContent`)
	if n > 3 || !strings.Contains(text, "wins about") {
		t.Errorf("the hint lists %d actions: %q", n, text)
	}
	player.shot("hint-solo-desktop", rulesDesktopW, rulesDesktopH)
	player.shot("hint-solo-phone", phoneW, phoneH)
	player.shot("hint-solo-desktop", rulesDesktopW, rulesDesktopH)
	player.click(`#hint .hint-list button`)
	player.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version !== %q`, version), step)

	for _, allowed := range []bool{false, true} {
		player.do(chromedp.Navigate(base + "/"))
		player.waitJS(`document.querySelectorAll('#game option').length > 0 && !!document.querySelector('#seat-0')`, step)
		selectGame(player, "midway")
		if allowed {
			player.click(`[data-testid="hints"]`)
		}
		id, links := createMatch(player)
		player.do(chromedp.Navigate(links["seat-1"])) // Japan places first (2.3.4)
		player.waitJS(`document.querySelector('main').dataset.myturn === 'true' && !document.querySelector('[data-testid="hint-box"]').hidden`, step)
		badge := evalJS[string](player, `document.querySelector('[data-testid="hints-policy"]').hidden ? '' : document.querySelector('[data-testid="hints-policy"]').textContent`)
		if !allowed {
			if badge != "No hints" || !evalJS[bool](player, `document.querySelector('[data-testid="hint-ask"]').hidden && !document.querySelector('[data-testid="hint-off"]').hidden`) {
				t.Errorf("without the option: header %q, and the page should offer no hint but say why", badge)
			}
			player.shot("hint-off-desktop", rulesDesktopW, rulesDesktopH)
			player.shot("hint-off-phone", phoneW, phoneH)
			// The server refuses a hint asked all the same.
			fctx, cancelFetch := context.WithTimeout(player.ctx, step)
			msg, err := chromedp.Run(fctx, chromedp.Evaluate[string](fmt.Sprintf(`fetch('/api/matches/%s/hint').then(async r => r.status + ' ' + await r.text())`, id), chromedp.EvalAwaitPromise))
			cancelFetch()
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(msg, "403 ") || !strings.Contains(msg, "no hints in this match") || !strings.Contains(msg, "hints allowed") {
				t.Errorf("the server's refusal reads %q", msg)
			}
			continue
		}
		if badge != "Hints allowed" {
			t.Errorf("with the option the header reads %q, want Hints allowed", badge)
		}
		player.click(`[data-testid="hint-ask"]`)
		player.waitJS(`document.querySelectorAll('#hint .hint-list li').length > 0`, step)
		player.shot("hint-allowed-desktop", rulesDesktopW, rulesDesktopH)
		player.shot("hint-allowed-phone", phoneW, phoneH)
	}
	player.checkErrors()
}

// TestEveryLessonOpens: each game's lesson page draws its board with the
// game's renderer, takes the first move by its button and moves on, with no
// script error (issue 35 §3).
func TestEveryLessonOpens(t *testing.T) {
	base, player, _ := startSession(t, "lessons-")
	for _, game := range []string{"midway", "squadron", "wings", "boba"} {
		player.do(chromedp.Navigate(base + "/learn/" + game))
		player.waitJS(`!!document.querySelector('[data-testid="lesson-move"]') && document.querySelector('#board').children.length > 0`, step)
		at := evalJS[string](player, `document.querySelector('main').dataset.at`)
		player.click(`[data-testid="lesson-move"]`)
		player.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.at !== %q`, at), step)
		player.shot("learn-"+game+"-desktop", rulesDesktopW, rulesDesktopH)
	}
	player.checkErrors()
}

// TestExampleLessonFromTheLobby (issue 35 §3): the lobby's Learn list names
// every lesson of the game chosen (303 Squadron's six), and Battle of
// Midway's Combat example, opened from it, is played with the lesson's
// button to its end: the example's firing in the events, the game's other
// lessons listed beside it.
func TestExampleLessonFromTheLobby(t *testing.T) {
	_, player, _ := startSession(t, "lesson-combat-")
	selectGame(player, "squadron")
	player.waitJS(`document.querySelectorAll('[data-testid="game-lessons"] a').length > 0`, step)
	titles := evalJS[[]string](player, `[...document.querySelectorAll('[data-testid="game-lessons"] a')].map(a => a.textContent)`)
	if len(titles) != 6 || !strings.Contains(strings.Join(titles, "|"), "The Counterattack example") {
		t.Errorf("the Learn list of 303 Squadron names %q, want its six lessons", titles)
	}
	player.shot("lobby-lessons-desktop", rulesDesktopW, rulesDesktopH)
	player.shot("lobby-lessons-phone", phoneW, phoneH)
	selectGame(player, "midway")
	player.waitJS(`!!document.querySelector('[data-testid="game-lessons"] a[data-lesson="combat"]')`, step)
	player.clickNav(`[data-testid="game-lessons"] a[data-lesson="combat"]`)
	player.waitJS(`document.querySelector('main').dataset.at === '0' && !!document.querySelector('[data-testid="lesson-move"]')`, step)
	if n := evalJS[int](player, `document.querySelectorAll('[data-testid="lesson-list"] li').length`); n < 2 {
		t.Errorf("the lesson page lists %d lessons of the game", n)
	}
	for moves := 0; moves < 12; moves++ {
		if evalJS[bool](player, `document.querySelector('main').dataset.done === 'true'`) {
			break
		}
		at := evalJS[string](player, `document.querySelector('main').dataset.at`)
		if evalJS[string](player, `document.querySelector('[data-testid="lesson-move"]').dataset.action`) == "acceleration forward" {
			player.shot("learn-combat-desktop", rulesDesktopW, rulesDesktopH)
			player.shot("learn-combat-phone", phoneW, phoneH)
		}
		player.click(`[data-testid="lesson-move"]`)
		player.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.at !== %q`, at), step)
	}
	if !evalJS[bool](player, `document.querySelector('main').dataset.done === 'true'`) {
		t.Fatal("the lesson did not end")
	}
	log := evalJS[string](player, `document.querySelector('#log').textContent`)
	for _, want := range []string{"Japan plays turnabout", "Firing: US 2, Japan 6: JP F1 shoots down US F1"} {
		if !strings.Contains(log, want) {
			t.Errorf("the events lack %q", want)
		}
	}
	if s := evalJS[string](player, `document.querySelector('#status').textContent`); s != "Lesson complete." {
		t.Errorf("status %q at the end", s)
	}
	player.shot("learn-combat-end-desktop", rulesDesktopW, rulesDesktopH)
	player.checkErrors()
}
