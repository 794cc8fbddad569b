package web_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEndToEndLobbyQuickPlay: "Play against bots" starts a game in one
// click (issue 34 §3): the person lands on the match page of the game's
// first seat, able to act, with the strongest bot (never idle) in every
// other seat; and seats are numbered from 1 in what a person reads.
func TestEndToEndLobbyQuickPlay(t *testing.T) {
	artifacts := needBrowser(t)
	base := startServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	p := openPage(t, startBrowser(t, ctx), "lobby-quick", artifacts)
	p.do(chromedp.Navigate(base + "/"))
	p.waitJS(`!!document.querySelector('[data-testid="quick-boba"]') && !!document.querySelector('#seat-0')`, step)
	if labels := seatLabels(p); len(labels) == 0 || !strings.HasPrefix(labels[0], "Seat 1: ") {
		t.Errorf("the first seat is labelled %q, want it numbered from 1", labels)
	}
	p.shot("lobby-desktop", 1400, 900)
	p.shot("lobby-phone", phoneW, phoneH)
	p.shot("lobby-desktop", 1400, 900)

	for _, game := range []string{"tinybob", "boba"} {
		p.do(chromedp.Navigate(base + "/"))
		p.waitJS(`!!document.querySelector('[data-testid="quick-`+game+`"]')`, step)
		p.clickNav(`[data-testid="quick-` + game + `"]`)
		p.waitJS(`location.pathname.startsWith('/m/')`, step)
		p.waitJS(`location.pathname.startsWith('/m/') && document.querySelector('main').dataset.version !== undefined
			&& document.querySelectorAll('#actions button[data-action]').length > 0`, longStep)
		type seating struct {
			Seat  int      `json:"seat"`
			Seats []string `json:"seats"`
		}
		got, err := chromedp.Run(p.ctx, chromedp.Evaluate[seating](`fetch('/api/matches/'+location.pathname.split('/')[2]).then(r => r.json())
			.then(j => ({ seat: j.seat, seats: j.seats.map(s => s.kind + ':' + (s.bot || '')) }))`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if got.Seat != 0 {
			t.Errorf("%s: quick play sat the person in seat %d, want the first", game, got.Seat)
		}
		seats := got.Seats
		for i, s := range seats[1:] {
			if !strings.HasPrefix(s, "bot:mcts") {
				t.Errorf("%s: seat %d of the quick match is %s, want the mcts bot", game, i+2, s)
			}
		}
		p.shot("quick-"+game, 1400, 900)
	}
	p.checkErrors()
}

// TestEndToEndLobbyJoinOpenSeat: a public match's open seat is joined from
// the lobby's list in one click, by someone who was sent no link (issue 34
// §3); the seat then reads as taken.
func TestEndToEndLobbyJoinOpenSeat(t *testing.T) {
	base, host, guest := startSession(t, "join-")
	selectGame(host, "midway")
	host.click(`#public`)
	id, _ := createMatch(host)
	guest.do(chromedp.Navigate(base + "/"))
	join := `[data-testid="join-` + id + `-1"]`
	guest.waitJS(`!!document.querySelector('`+join+`')`, step)
	guest.shot("lobby-join", 1400, 900)
	guest.clickNav(join)
	guest.waitJS(`location.pathname === '/m/`+id+`' && document.querySelector('#who').textContent.startsWith('You play')`, step)
	if who := evalJS[string](guest, `document.querySelector('#who').textContent`); who != "You play Japan" {
		t.Errorf("after joining seat 2 the page says %q, want You play Japan", who)
	}
	guest.do(chromedp.Navigate(base + "/"))
	guest.waitJS(`!!document.querySelector('[data-testid="open-`+id+`"]')`, step)
	if evalJS[bool](guest, `!!document.querySelector('`+join+`')`) {
		t.Error("the lobby still offers the seat just taken")
	}
	host.checkErrors()
	guest.checkErrors()
}
