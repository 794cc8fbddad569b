package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The screenshot sizes of issue 35: a desktop of 1400 × 900 and a phone.
const rulesDesktopW, rulesDesktopH = 1400, 900

// TestRuleCitationOpensTheSidePanel drives Chromium on the real server
// (issue 35 §2): the decision's "Rule" link and the rule cited by a refused
// action each open their section of the rules reference in the side panel,
// while the board stays in view (beside it on a desktop, above it on a
// phone); the reference page opens at a rule and searches its sections.
// The refused action is made by pointing one of the board's clickable
// places at an action the game refuses (an attack on Industry's raider in
// column 4, out of the Fuel Dumps' range of 3, TB-12): the board sends what
// the place says, as it would for a stale or mistaken click.
func TestRuleCitationOpensTheSidePanel(t *testing.T) {
	base, player, _ := startSession(t, "rules-")
	selectGame(player, "tinybob")
	// In the lobby each option's rule is a link to its section, and the game
	// links to its whole reference.
	if got := evalJS[string](player, `document.querySelector('#fields .rule-link').getAttribute('href')`); got != "/rules/tinybob?q=TB-5" {
		t.Errorf("the first option's rule links to %q, want /rules/tinybob?q=TB-5", got)
	}
	if got := evalJS[string](player, `document.querySelector('[data-testid="game-rules"]').getAttribute('href')`); got != "/rules/tinybob" {
		t.Errorf("the game's rules link is %q", got)
	}
	player.setValue(`#seed`, "4")
	_, _ = createMatch(player)
	player.clickNav(`[data-testid="play-seat-0"]`)
	player.waitJS(`document.querySelector('main').dataset.myturn === 'true' && document.querySelector('#conn').dataset.state === 'open'
		&& !!document.querySelector('#board [data-action]')`, step)

	// The decision's rule.
	player.waitJS(`!document.querySelector('[data-testid="decision-rule"]').hidden`, step)
	if got := evalJS[string](player, `document.querySelector('[data-testid="decision-rule"] .rule-link').dataset.rule`); got != "Flow of Play" {
		t.Errorf("the decision's rule link names %q, want Flow of Play", got)
	}
	player.click(`[data-testid="decision-rule"] .rule-link`)
	player.waitJS(`document.querySelector('#rules-panel').dataset.section === 'tb-flow'`, step)
	player.click(`[data-testid="rules-close"]`)
	player.waitJS(`document.querySelector('#rules-panel').hidden`, step)

	// A refused action: its error cites TB-12, and the citation opens TB-12.
	player.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#board [data-action]').setAttribute('data-action', 'attack industry')`))
	player.click(`#board [data-action="attack industry"]`)
	player.waitJS(`!document.querySelector('#error').hidden && !!document.querySelector('#error .rule-link')`, step)
	errText := evalJS[string](player, `document.querySelector('#error').textContent`)
	if !strings.Contains(errText, "(rule TB-12)") || !strings.Contains(errText, "cannot reach") {
		t.Errorf("the error reads %q, want the refusal with (rule TB-12)", errText)
	}
	player.click(`#error .rule-link`)
	player.waitJS(`document.querySelector('#rules-panel').dataset.section === 'tb-12' && !!document.querySelector('[data-testid="rules-text"]')`, step)
	panel := evalJS[string](player, `document.querySelector('#rules-panel').textContent`)
	if !strings.Contains(panel, "Ruling TB-12: exactly three actions") || strings.Contains(panel, "TB-13") {
		t.Errorf("the panel shows %q, want TB-12's section alone", panel)
	}
	// The board stays in view beside the panel.
	player.shot("rules-panel-desktop", rulesDesktopW, rulesDesktopH)
	if !evalJS[bool](player, `(() => { const b = document.querySelector('#board').getBoundingClientRect(), p = document.querySelector('#rules-panel').getBoundingClientRect();
		return b.top < innerHeight && b.bottom > 0 && p.top < innerHeight && p.bottom > 0 && p.left >= b.right; })()`) {
		t.Error("on a desktop the panel is not beside the board, both in view")
	}
	player.shot("rules-panel-phone", phoneW, phoneH)
	if !evalJS[bool](player, `(() => { const b = document.querySelector('#board').getBoundingClientRect(), p = document.querySelector('#rules-panel').getBoundingClientRect();
		return b.top < p.top && p.bottom <= innerHeight + 1 && p.height <= innerHeight / 2 + 1; })()`) {
		t.Error("on a phone the panel does not leave the board in view above it")
	}
	player.shot("rules-panel-desktop", rulesDesktopW, rulesDesktopH)

	// The reference page: ?q= opens at the section, the search finds sections.
	player.do(chromedp.Navigate(base + "/rules/tinybob?q=TB-4"))
	player.waitJS(`location.hash === '#tb-4' && !!document.getElementById('tb-4')`, step)
	player.setValue(`[data-testid="rules-query"]`, "fuel dumps range")
	player.waitJS(`!document.querySelector('[data-testid="rules-results"]').hidden`, step)
	hits := evalJS[[]string](player, `[...document.querySelectorAll('[data-testid="rules-results"] a')].map(a => a.getAttribute('href'))`)
	if len(hits) == 0 || !strings.Contains(strings.Join(hits, " "), "#tb-locations") {
		t.Errorf("searching 'fuel dumps range' found %v, want the Locations section among them", hits)
	}
	player.shot("rules-page-desktop", rulesDesktopW, rulesDesktopH)
	player.shot("rules-page-phone", phoneW, phoneH)
	player.checkErrors()
}
