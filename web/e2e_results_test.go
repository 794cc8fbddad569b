package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// clickAction plays a legal action through the match page's action panel
// (folded groups included) and waits for the answer to be drawn.
func clickAction(p *page, action string) {
	p.t.Helper()
	v := evalJS[string](p, `document.querySelector('main').dataset.version`)
	q := fmt.Sprintf(`#actions button[data-action=%q]`, action)
	if !evalJS[bool](p, fmt.Sprintf(`(b => { if (!b) return false; b.click(); return true; })(document.querySelector(%q))`, q)) {
		p.fail("no action %q to click", action)
	}
	p.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version !== %q && !document.querySelector('#actions button[disabled]')`, v), step)
}

// TestEndToEndResultOnBoard: in Tiny Battle of Britain an attack's roll and
// outcome are shown on the board, where the attacked die is, and in the
// result panel beside it, and they stay there until the player moves on
// (issue 34 §1); after each action the keyboard focus is on the next
// decision, not on the page's body (§4).
func TestEndToEndResultOnBoard(t *testing.T) {
	artifacts := needBrowser(t)
	base := startServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	p := openPage(t, startBrowser(t, ctx), "results", artifacts)
	p.do(chromedp.Navigate(base + "/"))
	p.waitJS(`!!document.querySelector('[data-testid="quick-tinybob"]')`, step)
	p.clickNav(`[data-testid="quick-tinybob"]`)
	p.waitJS(`location.pathname.startsWith('/m/') && document.querySelector('main').dataset.myturn === 'true'`, step)

	// Play the simplest way to an attack: end each phase until one is legal.
	attacked := ""
	for i := 0; i < 40 && attacked == ""; i++ {
		st := readMatch(p)
		if st.Finished {
			t.Skip("the game ended before an attack was possible") // not with the default setup
		}
		var next string
		for _, a := range st.Legal {
			if strings.HasPrefix(a, "attack ") {
				attacked = a
				next = a
				break
			}
		}
		if next == "" {
			for _, want := range []string{"done", "end", "keep", "let through"} {
				for _, a := range st.Legal {
					if a == want && next == "" {
						next = a
					}
				}
			}
		}
		if next == "" {
			next = st.Legal[0]
		}
		clickAction(p, next)
		if attacked == "" {
			focused := evalJS[string](p, `(a => a === document.body || !a ? 'body' : (a.dataset.action || a.textContent || a.tagName))(document.activeElement)`)
			if focused == "body" && !readMatch(p).Finished {
				t.Errorf("after %q the focus is on the page's body, want the next decision", next)
			}
		}
	}
	if attacked == "" {
		t.Fatal("no attack became legal in 40 actions")
	}
	// With Aces the roll waits for a decision: keep it.
	if st := readMatch(p); contains(st.Legal, "keep") {
		clickAction(p, "keep")
	}
	row := strings.TrimPrefix(attacked, "attack ")
	badge := fmt.Sprintf(`[data-testid="result-lw-%s"]`, row)
	p.waitJS(`!!document.querySelector('`+badge+`') && !document.querySelector('#results').hidden`, step)
	text := evalJS[string](p, `document.querySelector('`+badge+`').textContent`)
	if !strings.Contains(text, "hit") && !strings.Contains(text, "miss") && !strings.Contains(text, "shot down") {
		t.Errorf("the attack's mark on the board reads %q, want its roll and outcome", text)
	}
	panel := evalJS[string](p, `document.querySelector('#results').textContent`)
	if !strings.Contains(panel, "RAF attack") {
		t.Errorf("the result panel reads %q, want the attack", panel)
	}
	if f := evalJS[string](p, `document.activeElement.dataset.testid || ''`); f != "results-close" {
		t.Errorf("after the attack the focus is on %q, want the result panel's button", f)
	}
	p.shot("result-tinybob-desktop", 1400, 900)
	p.shot("result-tinybob-phone", phoneW, phoneH)
	p.shot("result-tinybob-desktop", 1400, 900)
	// Redrawing the same position keeps the mark: it stays until the player moves on.
	p.do(chromedp.Evaluate[chromedp.Void](`window.dispatchEvent(new Event('resize'))`))
	if !evalJS[bool](p, `!!document.querySelector('`+badge+`')`) {
		t.Error("the attack's mark went before the player moved on")
	}
	p.click(`[data-testid="results-close"]`)
	p.waitJS(`document.querySelector('#results').hidden`, step)
	if f := evalJS[string](p, `document.activeElement === document.body ? 'body' : 'ok'`); f == "body" && !readMatch(p).Finished {
		t.Error("after the result panel is put away the focus is on the page's body")
	}
	p.checkErrors()
}

// readMatch reads the match page's state (readState).
func readMatch(p *page) matchState {
	p.t.Helper()
	var st matchState
	if err := json.Unmarshal([]byte(evalJS[string](p, readState)), &st); err != nil {
		p.fail("reading the match: %v", err)
	}
	return st
}

func contains(list []string, s string) bool { return slices.Contains(list, s) }
