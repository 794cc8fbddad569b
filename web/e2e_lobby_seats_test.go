package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// seatLabels reads the labels of the lobby's seat fields.
func seatLabels(p *page) []string {
	return evalJS[[]string](p, `[...document.querySelectorAll('#seats label')].map(l => l.textContent)`)
}

// TestEndToEndLobbySeatsFollowOptions: the lobby shows the seats of the
// options chosen, not those of the game's default setup (docs/api.md, GET
// /api/games/{name}/seats). Wings of Glory's raid scenario is created with
// its four seats, and 303 Squadron with 3 players with three, each seat a
// field of the form and a link of the new match.
func TestEndToEndLobbySeatsFollowOptions(t *testing.T) {
	artifacts := needBrowser(t)
	base := startServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	p := openPage(t, startBrowser(t, ctx), "lobby-seats", artifacts)
	p.do(chromedp.Navigate(base + "/"))
	p.waitJS(`document.querySelectorAll('#game option').length > 0 && !!document.querySelector('#seat-0')`, step)

	for _, c := range []struct {
		game, option, value string
		seats               []string
	}{
		{"wings", "scenario", "raid", []string{"Kampfgeschwader", "Escort", "Red section", "Yellow section"}},
		{"squadron", "players", "3", nil},
	} {
		selectGame(p, c.game)
		p.setValue("#opt-"+c.option, c.value)
		want := len(c.seats)
		if c.seats == nil {
			want = 3
		}
		p.waitJS(fmt.Sprintf(`document.querySelector('#seats').dataset.count === '%d' && !document.querySelector('#seats').hasAttribute('aria-busy')`, want), step)
		labels := seatLabels(p)
		if len(labels) != want {
			t.Fatalf("%s %s=%s: seat fields %q, want %d", c.game, c.option, c.value, labels, want)
		}
		for i, name := range c.seats {
			if !strings.HasSuffix(labels[i], name) {
				t.Errorf("%s: seat %d is labelled %q, want %s", c.game, i, labels[i], name)
			}
		}
		p.shot("lobby-seats-"+c.game, desktopW, desktopH)
		// The panel of the match created before goes, so that the links
		// read are the new match's.
		p.do(chromedp.Evaluate[chromedp.Void](`(() => { const c = document.querySelector('#created'); c.hidden = true; c.replaceChildren(); })()`))
		_, links := createMatch(p)
		for i := range want {
			if links[fmt.Sprintf("seat-%d", i)] == "" {
				t.Errorf("%s: the new match has no link for seat %d: %v", c.game, i, links)
			}
		}
		if links[fmt.Sprintf("seat-%d", want)] != "" {
			t.Errorf("%s: the new match has more than %d seats: %v", c.game, want, links)
		}
	}
	// Options the server refuses leave the seats and say why.
	p.setValue("#opt-players", "9")
	p.waitJS(`(e => !!e && e.textContent.includes("players") && e.closest(".field").contains(document.querySelector("#opt-players")))(document.querySelector("[data-testid=field-error]"))`, step)
	if n := len(seatLabels(p)); n != 3 {
		t.Errorf("after a refused option the lobby shows %d seats, want the 3 it had", n)
	}
	p.checkErrors()
}
