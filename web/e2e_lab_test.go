package web_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEndToEndLab runs a tiny sweep of Tiny Battle of Britain from the Lab
// page (issue 13 §3): the lobby links to the page, the progress bar fills,
// and the table of each combination's win rate and the plot appear.
func TestEndToEndLab(t *testing.T) {
	artifacts := needBrowser(t)
	base := startServer(t)
	p := openPage(t, startBrowser(t, context.Background()), "lab", artifacts)
	p.do(chromedp.Navigate(base + "/"))
	p.clickNav(`[data-testid="lab-link"]`)
	p.waitJS(`!!document.querySelector('#game')`, step)
	selectGame(p, "tinybob")
	p.setValue(`[data-testid="sweep-waves"]`, "1, 2")
	p.setValue(`[data-testid="games"]`, "20")
	p.click(`[data-testid="start"]`)
	p.waitJS(`document.querySelector('#lab-run').dataset.state === 'done'`, longStep)

	if full := evalJS[bool](p, `(b => b.value === b.max && b.max === 40)(document.querySelector('[data-testid="progress"]'))`); !full {
		t.Errorf("the progress bar is not full at the end: %s", evalJS[string](p, `document.querySelector('[data-testid="progress-text"]').textContent`))
	}
	rows := evalJS[[]string](p, `[...document.querySelectorAll('[data-testid="cells"] tbody tr')].map(r => r.textContent)`)
	if len(rows) != 2 {
		t.Fatalf("the table has %d rows, want one per value of waves: %q", len(rows), rows)
	}
	head := evalJS[string](p, `document.querySelector('[data-testid="cells"] thead').textContent`)
	if want := "wavesRAF wins95% interval"; len(head) < len(want) || head[:len(want)] != want {
		t.Errorf("table head %q, want it to start %q", head, want)
	}
	p.waitJS(`(i => !!i && i.complete && i.naturalWidth > 0)(document.querySelector('[data-testid="plot-win-rate-raf"]'))`, step)
	if csv := evalJS[string](p, `document.querySelector('[data-testid="csv"]').getAttribute('href')`); csv == "" {
		t.Error("no CSV link")
	}
	if cmd := evalJS[string](p, `document.querySelector('#command').textContent`); cmd != "scramble sim tinybob -n 20 --bot random --seed 1 --sweep waves=1,2" {
		t.Errorf("command %q", cmd)
	}
	// The run's ID is in the address: a reload shows it again, and its
	// settings in the form.
	p.do(chromedp.Reload())
	p.waitJS(`document.querySelector('#lab-run').dataset.state === 'done' && document.querySelectorAll('[data-testid="cells"] tbody tr').length === 2`, step)
	if form := evalJS[string](p, `[document.querySelector('#game').value, document.querySelector('[data-testid="sweep-waves"]').value,
		document.querySelector('[data-testid="games"]').value].join(' ')`); form != "tinybob 1,2 20" {
		t.Errorf("after a reload the form shows %q, want the run's tinybob 1,2 20", form)
	}
	p.shotBoth("lab")
	p.do(chromedp.EmulateViewport(phoneW, phoneH, chromedp.EmulateMobile))
	if w := evalJS[int](p, `document.documentElement.scrollWidth`); w > phoneW {
		t.Errorf("on a phone the Lab page is %d pixels wide, wider than the screen (%d)", w, phoneW)
	}

	// A long sweep is cancelled from the page.
	p.setValue(`[data-testid="bot"]`, "mcts:iterations=200")
	p.setValue(`[data-testid="games"]`, "5000")
	p.click(`[data-testid="start"]`)
	p.waitJS(`document.querySelector('#lab-run').dataset.state === 'running'`, step)
	p.click(`[data-testid="cancel"]`)
	p.waitJS(`document.querySelector('#lab-run').dataset.state === 'cancelled' && !document.querySelector('#lab-error').hidden`, step)
	if shown := evalJS[bool](p, `document.querySelector('#results').hidden && document.querySelector('[data-testid="cancel"]').hidden`); !shown {
		t.Error("after a cancel the page still shows the old results or the Cancel button")
	}
	p.checkErrors()
}

// TestEndToEndLabTune starts a tiny tune of Tiny Battle of Britain from the
// Lab page (issue 32 §1), follows it candidate by candidate, and finds the
// changes, the verified figures, the plot and the variant to download; a
// reload finds the tune again.
func TestEndToEndLabTune(t *testing.T) {
	artifacts := needBrowser(t)
	base := startServer(t)
	p := openPage(t, startBrowser(t, context.Background()), "lab-tune", artifacts)
	p.do(chromedp.Navigate(base + "/lab"))
	p.waitJS(`!!document.querySelector('#game')`, step)
	selectGame(p, "tinybob")
	p.setValue(`[data-testid="tune-params"]`, "waves=1..4\naces=0,2")
	p.setValue(`[data-testid="tune-targets"]`, "win:RAF=0.2")
	p.setValue(`[data-testid="screen-bot"]`, "random")
	p.setValue(`[data-testid="verify-bot"]`, "random")
	p.setValue(`[data-testid="evaluations"]`, "6")
	p.setValue(`[data-testid="screen-games"]`, "40")
	p.setValue(`[data-testid="verify-games"]`, "100")
	p.click(`[data-testid="tune-start"]`)
	p.waitJS(`document.querySelector('#tune-run').dataset.state === 'done'`, longStep)

	if n := evalJS[int](p, `document.querySelectorAll('[data-testid="tune-trajectory"] tbody tr').length`); n != 6 {
		t.Errorf("the trajectory table has %d rows, want the 6 candidates", n)
	}
	if n := evalJS[int](p, `document.querySelectorAll('[data-testid="tune-verified"] tbody tr').length`); n != 3 {
		t.Errorf("the verified table has %d rows, want the design as it was and 2 candidates", n)
	}
	if href := evalJS[string](p, `document.querySelector('[data-testid="tune-variant"]').getAttribute('href')`); href == "" {
		t.Error("no link to the variant")
	}
	p.waitJS(`(i => i.complete && i.naturalWidth > 0)(document.querySelector('[data-testid="tune-plot"]'))`, step)
	if cmd := evalJS[string](p, `document.querySelector('#tune-command').textContent`); !strings.HasPrefix(cmd, "scramble tune tinybob --param waves=1,2,3,4 --param aces=0,2 --target win:RAF=0.2") {
		t.Errorf("command %q", cmd)
	}
	p.do(chromedp.Reload())
	p.waitJS(`document.querySelector('#tune-run').dataset.state === 'done' && !document.querySelector('#tune-results').hidden`, step)
	if form := evalJS[string](p, `[document.querySelector('#game').value, document.querySelector('[data-testid="tune-params"]').value,
		document.querySelector('[data-testid="evaluations"]').value].join(' ')`); form != "tinybob waves=1..4\naces=0,2 6" {
		t.Errorf("after a reload the tune form shows %q, want the tune's settings", form)
	}
	p.shotBoth("lab-tune")
	p.checkErrors()
}
