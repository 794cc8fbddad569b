package web_test

import (
	"fmt"
	"testing"
)

// TestEndToEndSquadronCampaign opens a 303 Squadron campaign (three
// scenarios, the first a choice of Coming Home or Training; a person and a
// random bot) in Chromium: the board is squadron.js's map under the
// campaign's record panel. The person chooses the first scenario with a
// button of the board, the record then shows it being played and the
// squadron's three pilots, and the person plays a few decisions on the map.
// Screenshots at desktop and phone widths go to $SCRAMBLE_ARTIFACTS.
func TestEndToEndSquadronCampaign(t *testing.T) {
	_, one, _ := startSession(t, "campaign-")
	selectGame(one, "squadron-campaign")
	one.setValue(`#seed`, "5")
	one.setValue(`#seat-1`, "bot:random")
	one.setValue(`[data-option="order"]`, "cominghome|training bigginhill blitz")
	id, _ := createMatch(one)
	one.clickNav(`[data-testid="play-seat-0"]`)
	one.waitJS(`!!document.querySelector('#board [data-testid="campaign-record"]')
		&& !!document.querySelector('#board [data-testid="squadron-map"]')
		&& document.querySelector('#conn').dataset.state === 'open'`, step)
	if n := evalJS[int](one, `document.querySelectorAll('#board [data-testid="campaign-leg"]').length`); n != 3 {
		t.Errorf("the record lists %d scenarios, want 3", n)
	}
	// The campaign's first decision: the players choose the first scenario.
	one.waitJS(`!!document.querySelector('#board [data-action="scenario training"]')
		&& !!document.querySelector('#board [data-action="scenario cominghome"]')`, step)
	if got := evalJS[string](one, `document.querySelector('#board [data-testid="campaign-leg"]').textContent`); got != "Training or Coming Home: to come" {
		t.Errorf("the first scenario reads %q before the choice", got)
	}
	one.shotBoth("campaign-choice")
	one.click(`#board [data-action="scenario training"]`)
	one.waitJS(`(l => l && l.textContent.startsWith('Training: playing'))(document.querySelector('#board [data-testid="campaign-leg"]'))`, step)
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
