package web_test

import (
	"fmt"
	"testing"
)

// TestEndToEndSquadronCampaign opens a 303 Squadron campaign (the suggested
// three scenarios, a person and a random bot) in Chromium: the board is
// squadron.js's map under the campaign's record panel (three scenarios, the
// first being played, the squadron's three pilots and where they are), the
// person plays a few decisions on it, and the record stays. Screenshots at
// desktop and phone widths go to $SCRAMBLE_ARTIFACTS.
func TestEndToEndSquadronCampaign(t *testing.T) {
	_, one, _ := startSession(t, "campaign-")
	selectGame(one, "squadron-campaign")
	one.setValue(`#seed`, "5")
	one.setValue(`#seat-1`, "bot:random")
	id, _ := createMatch(one)
	one.clickNav(`[data-testid="play-seat-0"]`)
	one.waitJS(`!!document.querySelector('#board [data-testid="campaign-record"]')
		&& !!document.querySelector('#board [data-testid="squadron-map"]')
		&& document.querySelector('#conn').dataset.state === 'open'`, step)
	if n := evalJS[int](one, `document.querySelectorAll('#board [data-testid="campaign-leg"]').length`); n != 3 {
		t.Errorf("the record lists %d scenarios, want 3", n)
	}
	if got := evalJS[string](one, `document.querySelector('#board [data-testid="campaign-leg"] [data-result]').dataset.result`); got != "playing" {
		t.Errorf("the first scenario is %q, want playing", got)
	}
	if n := evalJS[int](one, `document.querySelectorAll('#board [data-testid="campaign-pilot"]').length`); n != 3 {
		t.Errorf("the record lists %d pilots, want the squadron's 3", n)
	}
	one.shotBoth("campaign-start")
	for range 6 {
		snap := serverSnapshot(one, id)
		if snap.Finished || snap.Current != 0 {
			break
		}
		one.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.version === '%d'
			&& document.querySelector('main').dataset.myturn === 'true'
			&& !document.querySelector('#board').classList.contains('busy')`, snap.Version), step)
		action := evalJS[string](one, `document.querySelector('#board [data-action]')?.dataset.action || ''`)
		if action == "" {
			one.fail("the board offers no control at version %d", snap.Version)
		}
		one.click(fmt.Sprintf(`#board [data-action=%q]`, action))
		one.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version !== '%d'`, snap.Version), step)
	}
	one.waitJS(`!!document.querySelector('#board [data-testid="campaign-record"]')`, step)
	one.shotBoth("campaign-played")
	one.checkErrors()
}
