package web_test

// The helpers of the browser tests: the real server, headless Chromium, and
// a page type that clicks, waits, reads and takes screenshots.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"scramble/bot"
	"scramble/games/catalog"
	"scramble/server"
	"scramble/store/sqlite"
	"scramble/web"
)

// chromiumPath is where Debian installs Chromium (apt-get install chromium).
const chromiumPath = "/usr/bin/chromium"

// The budgets of one step of a browser test (a click, a navigation, a
// condition awaited). A loaded machine slows every step, so each step has a
// budget of its own and nothing bounds the whole run: a slow run passes, and
// a step that never completes fails within its budget, naming the step.
const (
	step     = 45 * time.Second
	longStep = 3 * time.Minute // a bot plays a whole match
)

// The viewports the screenshots are taken at.
const (
	desktopW, desktopH = 1280, 900
	phoneW, phoneH     = 390, 844
)

// needBrowser skips a browser test when Chromium is not installed (in CI,
// where the browser tests must run, it fails instead) or in -short mode
// outside CI, and returns the directory for its screenshots:
// $SCRAMBLE_ARTIFACTS, or a temporary directory.
func needBrowser(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is not installed at %s, and CI must run the browser test: apt-get install -y chromium", chromiumPath)
		}
		t.Skipf("Chromium is not installed at %s (apt-get install -y chromium); skipping the browser test", chromiumPath)
	}
	if testing.Short() && os.Getenv("CI") != "true" {
		t.Skip("the browser tests take a minute or two; skipped in -short mode")
	}
	artifacts := os.Getenv("SCRAMBLE_ARTIFACTS")
	if artifacts == "" {
		artifacts = t.TempDir()
	}
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots go to %s", artifacts)
	return artifacts
}

// startServer runs the real server on 127.0.0.1 with a SQLite store in a
// temporary directory and returns its URL.
func startServer(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "scramble.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{
		Games:    catalog.New(),
		Store:    st,
		NewBot:   bot.New,
		BotDelay: 5 * time.Millisecond,
		UI:       web.Handler(),
	})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
		st.Close()
	})
	return ts.URL
}

// startBrowser starts headless Chromium with a fresh profile and returns
// its context; every page opened from it shares the browser.
func startBrowser(t *testing.T, parent context.Context) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// Pages of another browser context stay live while not in front.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(desktopW, desktopH),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(parent, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// page is one browser tab with the test's helpers. Failures save a
// screenshot of the tab.
type page struct {
	t         *testing.T
	ctx       context.Context
	name      string
	artifacts string

	mu     sync.Mutex
	errors []string
}

// openPage opens the tab of ctx and starts collecting its script errors.
func openPage(t *testing.T, ctx context.Context, name, artifacts string) *page {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("opening tab %s: %v", name, err)
	}
	p := &page{t: t, ctx: ctx, name: name, artifacts: artifacts}
	// No dice roll and no ring pulses: a screenshot shows the position as
	// soon as it is drawn, with nothing to wait for.
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
		})
		return err
	}))
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	console := chromedp.Events(ctx, runtime.ConsoleAPICalled)
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			text := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				text = d.Exception.Description
			}
			p.addError("exception: " + text)
		}
	}()
	go func() {
		for ev, err := range console {
			if err != nil {
				return
			}
			if ev.Type != runtime.ConsoleAPICalledTypeError {
				continue
			}
			var parts []string
			for _, a := range ev.Args {
				if a.Description != "" {
					parts = append(parts, a.Description)
				} else {
					parts = append(parts, strings.Trim(string(a.Value), `"`))
				}
			}
			p.addError("console.error: " + strings.Join(parts, " "))
		}
	}()
	return p
}

func (p *page) addError(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.errors = append(p.errors, s)
}

// checkErrors fails the test for every script error the tab reported.
func (p *page) checkErrors() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		p.t.Errorf("%s tab: %s", p.name, e)
	}
}

func (p *page) fail(format string, args ...any) {
	p.t.Helper()
	p.shot("failure-"+p.name, desktopW, desktopH)
	p.t.Fatalf("%s tab: "+format, append([]any{p.name}, args...)...)
}

// do runs browser actions within one step's budget.
func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, step)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.fail("%v", err)
	}
}

// vanished reports whether err says that the browser no longer knows the
// node an action had found: the page redrew it between chromedp's query and
// the action, or chromedp read the document afresh, which renumbers every
// node. The action then did nothing to the page, so it may be run again.
func vanished(err error) bool {
	s := err.Error()
	return strings.Contains(s, "No node with given id") || strings.Contains(s, "Could not find node with given id")
}

// click clicks the first element matching a CSS selector, as a mouse would.
func (p *page) click(sel string) {
	p.t.Helper()
	p.clickWith(sel, func(ctx context.Context) error {
		return chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel)))
	})
}

// clickWith runs a click within one step's budget, and again while the
// node it found vanished before the click (vanished).
func (p *page) clickWith(sel string, run func(context.Context) error) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, step)
	defer cancel()
	for {
		err := run(ctx)
		if err == nil {
			return
		}
		if !vanished(err) || ctx.Err() != nil {
			p.fail("click %s: %v", sel, err)
		}
	}
}

// setValue sets the value of the first field matching a CSS selector and
// sends the input and change events, as a person's edit does (the lobby
// redraws its seats on a change of options). It finds and sets the field
// in one script, so a redraw of the page cannot come in between.
func (p *page) setValue(sel, value string) {
	p.t.Helper()
	v, _ := json.Marshal(value) // a JavaScript string
	q, _ := json.Marshal(sel)
	ok := evalJS[bool](p, fmt.Sprintf(`(el => { if (!el) return false; el.value = %s;
		el.dispatchEvent(new Event('input', { bubbles: true }));
		el.dispatchEvent(new Event('change', { bubbles: true })); return true; })(document.querySelector(%s))`, v, q))
	if !ok {
		p.fail("set %s to %q: no such field", sel, value)
	}
}

// clickNav clicks a link and waits for the page it opens to load.
func (p *page) clickNav(sel string) {
	p.t.Helper()
	p.clickWith(sel, func(ctx context.Context) error {
		_, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(sel)))
		return err
	})
}

// waitJS waits until a JavaScript expression is true, at most budget (step
// for most, longStep for a bot's whole match). The page checks the
// condition itself, every 40 ms; a page that is replaced while it waits (a
// navigation) is waited on again.
func (p *page) waitJS(expr string, budget time.Duration) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, budget)
	defer cancel()
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingInterval(40*time.Millisecond)))
		if err == nil {
			return
		}
		if ctx.Err() != nil || !strings.Contains(err.Error(), "context") {
			p.fail("waiting %s for %s: %v", budget, expr, err)
		}
	}
}

// evalJS evaluates a JavaScript expression within one step's budget.
func evalJS[T any](p *page, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, step)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.fail("evaluate %s: %v", expr, err)
	}
	return v
}

// shot saves a screenshot of the whole page at the given viewport size.
func (p *page) shot(name string, w, h int64) {
	p.t.Helper()
	var opts []chromedp.EmulateViewportOption
	if w < 600 {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	ctx, cancel := context.WithTimeout(p.ctx, step)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h, opts...)); err != nil {
		p.t.Errorf("resize for %s: %v", name, err)
		return
	}
	// Wait for the board to be drawn in the layout of its new width (its
	// renderer marks the root "wide" or "narrow"; boards narrower than 640
	// pixels are narrow), then for two frames, so the page is painted.
	// (Not with waitJS: a failure screenshot must not fail again.)
	if err := chromedp.Do(ctx,
		chromedp.Poll[chromedp.Void](`(b => !b || !b.closest('#board') || b.classList.contains(b.closest('#board').clientWidth < 640 ? 'narrow' : 'wide'))
			(document.querySelector('#board .wide, #board .narrow'))`, chromedp.WithPollingInterval(40*time.Millisecond)),
		chromedp.Evaluate[chromedp.Void](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r())))`, chromedp.EvalAwaitPromise),
	); err != nil {
		p.t.Errorf("waiting for the board's layout before screenshot %s: %v", name, err)
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	file := filepath.Join(p.artifacts, name+".png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		p.t.Error(err)
	}
}

// shotBoth saves screenshots at desktop and phone widths and goes back to
// the desktop viewport.
func (p *page) shotBoth(name string) {
	p.t.Helper()
	p.shot(name+"-phone", phoneW, phoneH)
	// A board renderer marks its root with its layout, "wide" or "narrow".
	if narrow := evalJS[bool](p, `(b => !b || b.classList.contains('narrow'))(document.querySelector('#board .wide, #board .narrow'))`); !narrow {
		p.t.Errorf("%s: the board did not switch to its narrow layout on a phone", name)
	}
	// On a phone the match page opens on its board: the drawing (for The
	// Battle of Britain—Again!, its grid) starts in the top fifth of the
	// screen, under the top bar and the one-line turn.
	top := evalJS[float64](p, `(b => !b || !document.body.classList.contains('match-page') ? 0
		: (b.querySelector('.boba-scroll') || b).getBoundingClientRect().top + scrollY)(document.querySelector('#board'))`)
	if top > phoneH/5 {
		p.t.Errorf("%s: on a phone the board starts %.0f pixels down the page, want at most %d", name, top, phoneH/5)
	}
	p.shot(name+"-desktop", desktopW, desktopH)
}

// played counts the actions a test played, by the way they were chosen.
type played struct {
	clicks int
	by     map[string]int
	verbs  map[string]int
}

func (p played) kinds() []string {
	var out []string
	for _, k := range []string{"board", "panel"} {
		out = append(out, fmt.Sprintf("%d on the %s", p.by[k], k))
	}
	for v, n := range p.verbs {
		out = append(out, fmt.Sprintf("%s %d", v, n))
	}
	return out
}

// matchState is what the test reads of the match page before each click.
type matchState struct {
	Version  string   `json:"version"`
	Finished bool     `json:"finished"`
	Legal    []string `json:"legal"`
	Error    string   `json:"error"`
}

const readState = `(() => {
	const main = document.querySelector('main');
	const err = document.querySelector('#error');
	return JSON.stringify({
		version: main.dataset.version,
		finished: main.dataset.finished === 'true',
		legal: [...document.querySelectorAll('#actions button[data-action]')].map(b => b.dataset.action),
		error: err.hidden ? '' : err.textContent,
	});
})()`

// selectGame chooses a game in the lobby's form, which then shows its
// options and seats.
func selectGame(p *page, name string) {
	p.t.Helper()
	p.setValue(`#game`, name)
	p.waitJS(fmt.Sprintf(`document.querySelector('#game').value === %q && !!document.querySelector('#fields [data-option]')`, name), step)
}

// createMatch clicks the lobby's create button on p, whose game and settings
// are already chosen, and waits for the new match's panel. It returns the
// match's id and its links by key: "seat-0", "seat-1", … for the seats
// people play, and "spectator".
func createMatch(p *page) (id string, links map[string]string) {
	p.t.Helper()
	p.click(`[data-testid="create"]`)
	p.waitJS(`!document.querySelector('#created').hidden && !!document.querySelector('[data-testid="link-spectator"]')?.value`, step)
	id = evalJS[string](p, `document.querySelector('[data-testid="match-id"]').textContent`)
	links = evalJS[map[string]string](p, `Object.fromEntries([...document.querySelectorAll('#created input[data-testid^="link-"]')]
		.map(i => [i.dataset.testid.slice('link-'.length), i.value]))`)
	return id, links
}

// startSession starts the server and a browser with two pages: the player
// and a spectator in a browser context of its own (no cookies shared), and
// opens the lobby on the player's page. The pages' names start with prefix;
// everything stops when the test ends. Each step has its own budget (step),
// so the session as a whole has none.
func startSession(t *testing.T, prefix string) (base string, player, spectator *page) {
	t.Helper()
	artifacts := needBrowser(t)
	base = startServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	browser := startBrowser(t, ctx)
	player = openPage(t, browser, prefix+"player", artifacts)
	specCtx, cancelSpec := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancelSpec)
	spectator = openPage(t, specCtx, prefix+"spectator", artifacts)
	player.do(chromedp.Navigate(base + "/"))
	player.waitJS(`document.querySelectorAll('#game option').length > 0 && !!document.querySelector('#seat-0')`, step)
	return base, player, spectator
}
