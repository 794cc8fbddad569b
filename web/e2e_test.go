package web_test

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

// The viewports the screenshots are taken at.
const (
	desktopW, desktopH = 1280, 900
	phoneW, phoneH     = 390, 844
)

// TestEndToEnd drives Chromium through the whole UI on the real server, with
// the real game, real bots and a SQLite store: it creates a Tiny Battle of
// Britain match in the lobby, plays it to the end by clicking the board and
// the action panel while a spectator in another browser context watches it
// live, opens the replay, and watches a bot play a match of its own. It
// saves screenshots at desktop and phone widths into $SCRAMBLE_ARTIFACTS (by
// default a temporary directory).
func TestEndToEnd(t *testing.T) {
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is not installed at %s, and CI must run the browser test: apt-get install -y chromium", chromiumPath)
		}
		t.Skipf("Chromium is not installed at %s (apt-get install -y chromium); skipping the browser test", chromiumPath)
	}
	if testing.Short() && os.Getenv("CI") != "true" {
		t.Skip("the browser test takes about half a minute; skipped in -short mode")
	}
	artifacts := os.Getenv("SCRAMBLE_ARTIFACTS")
	if artifacts == "" {
		artifacts = t.TempDir()
	}
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots go to %s", artifacts)

	base := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	defer cancel()
	browser := startBrowser(t, ctx)
	player := openPage(t, browser, "player", artifacts)
	// The spectator has a browser context of its own: no cookies shared.
	specCtx, cancelSpec := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancelSpec()
	spectator := openPage(t, specCtx, "spectator", artifacts)

	// The lobby: set a few options, create the match, read the links.
	player.do(chromedp.Navigate(base + "/"))
	player.waitJS(`document.querySelectorAll('#game option').length > 0 && !!document.querySelector('#seat-0')`, 10*time.Second)
	// The catalog holds several games: choose Tiny Battle of Britain.
	player.do(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('#game');
		s.value = 'tinybob'; s.dispatchEvent(new Event('change')); })()`))
	player.waitJS(`!!document.querySelector('#opt-waves')`, 10*time.Second)
	player.shotBoth("lobby")
	player.click(`#options > summary`)
	player.setValue(`#opt-waves`, "2")
	player.setValue(`#opt-aces`, "2")
	player.setValue(`#opt-priority`, "5")
	player.setValue(`#seed`, "11")
	player.click(`[data-testid="create"]`)
	player.waitJS(`!document.querySelector('#created').hidden`, 10*time.Second)
	id := evalJS[string](player, `document.querySelector('[data-testid="match-id"]').textContent`)
	specLink := evalJS[string](player, `document.querySelector('[data-testid="link-spectator"]').value`)
	seatLink := evalJS[string](player, `document.querySelector('[data-testid="link-seat-0"]').value`)
	if !strings.Contains(seatLink, "token=") || !strings.HasPrefix(specLink, base+"/m/"+id) {
		t.Fatalf("links do not look right: seat %q, spectator %q", seatLink, specLink)
	}
	player.shotBoth("lobby-created")

	// The spectator opens the spectator link; the player takes the seat.
	spectator.do(chromedp.Navigate(specLink))
	spectator.waitJS(`document.querySelector('main').dataset.version !== ''`, 10*time.Second)
	if who := evalJS[string](spectator, `document.querySelector('#who').textContent`); who != "Spectator" {
		t.Errorf("spectator page says %q, want Spectator", who)
	}
	player.clickNav(`[data-testid="play-seat-0"]`)
	player.waitJS(`document.querySelector('main') && document.querySelector('main').dataset.myturn === 'true'`, 10*time.Second)
	if search := evalJS[string](player, `location.search`); search != "" {
		t.Errorf("the match page kept %q in its address; the token must be removed", search)
	}
	if who := evalJS[string](player, `document.querySelector('#who').textContent`); who != "You play RAF" {
		t.Errorf("player page says %q, want You play RAF", who)
	}
	player.waitJS(`document.querySelector('#conn').dataset.state === 'open'`, 10*time.Second)
	player.shotBoth("match-start")

	played := playToTheEnd(t, player, spectator, base+"/m/"+id)
	t.Logf("match %s: %d clicks, %s", id, played.clicks, strings.Join(played.kinds(), ", "))
	for _, k := range []string{"board", "panel"} {
		if played.by[k] == 0 {
			t.Errorf("no action was played through the %s", k)
		}
	}

	player.waitJS(`!document.querySelector('[data-testid="summary"]').hidden`, 10*time.Second)
	headline := evalJS[string](player, `document.querySelector('[data-testid="summary-headline"]').textContent`)
	if headline != "Victory!" && headline != "Defeat" {
		t.Errorf("summary headline %q, want Victory! or Defeat", headline)
	}
	player.shotBoth("match-summary")
	spectator.waitJS(`!document.querySelector('[data-testid="summary"]').hidden`, 10*time.Second)
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
	player.waitJS(`document.querySelector('#board').dataset.step === '0'`, 10*time.Second)
	total := evalJS[int](player, `Number(document.querySelector('#seek').max)`)
	if total < 10 {
		t.Fatalf("the replay has %d steps", total)
	}
	player.click(`[data-testid="next"]`)
	player.waitJS(`document.querySelector('#board').dataset.step === '1'`, 5*time.Second)
	player.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
		`(s => { s.value = %d; s.dispatchEvent(new Event('input')); })(document.querySelector('#seek'))`, total/2)))
	player.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'`, total/2), 5*time.Second)
	player.shotBoth("replay")
	player.click(`[data-testid="play"]`)
	player.waitJS(fmt.Sprintf(`Number(document.querySelector('#board').dataset.step) > %d`, total/2), 5*time.Second)
	player.click(`[data-testid="play"]`)
	player.click(`[data-testid="last"]`)
	player.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.step === '%d'`, total), 5*time.Second)

	// A bot plays a match alone; the spectator watches it end.
	player.do(chromedp.Navigate(base + "/"))
	player.waitJS(fmt.Sprintf(`!!document.querySelector('#finished-list [data-id="%s"]')`, id), 10*time.Second)
	player.do(chromedp.SetValue(chromedp.CSS(`#seat-0`), "bot:greedy"))
	player.click(`[data-testid="create"]`)
	player.waitJS(`!!document.querySelector('[data-testid="watch"]') && document.querySelector('[data-testid="match-id"]').textContent !== '`+id+`'`, 10*time.Second)
	watch := evalJS[string](player, `document.querySelector('[data-testid="watch"]').href`)
	spectator.do(chromedp.Navigate(watch))
	spectator.waitJS(`!document.querySelector('[data-testid="summary"]').hidden`, 60*time.Second)
	if n := evalJS[int](spectator, `document.querySelectorAll('#actions button').length`); n != 0 {
		t.Errorf("a spectator was offered %d action buttons", n)
	}
	spectator.shot("bot-match", desktopW, desktopH)

	player.checkErrors()
	spectator.checkErrors()
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

func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.fail("%v", err)
	}
}

// click clicks the first element matching a CSS selector, as a mouse would.
func (p *page) click(sel string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		p.fail("click %s: %v", sel, err)
	}
}

func (p *page) setValue(sel, value string) {
	p.t.Helper()
	p.do(chromedp.SetValue(chromedp.CSS(sel), value))
}

// clickNav clicks a link and waits for the page it opens to load.
func (p *page) clickNav(sel string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		p.fail("click %s: %v", sel, err)
	}
}

// waitJS waits until a JavaScript expression is true. A page that is
// replaced while it waits (a navigation) is waited on again.
func (p *page) waitJS(expr string, timeout time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		_, err := chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](expr,
			chromedp.WithPollingInterval(40*time.Millisecond), chromedp.WithPollingTimeout(time.Until(deadline))))
		if err == nil {
			return
		}
		if time.Now().After(deadline) || !strings.Contains(err.Error(), "context") {
			p.fail("waiting for %s: %v", expr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func evalJS[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
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
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(w, h, opts...)); err != nil {
		p.t.Errorf("resize for %s: %v", name, err)
		return
	}
	// Let the layout settle (boards switch layout below 640 pixels) and
	// the dice stop rolling.
	time.Sleep(900 * time.Millisecond)
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
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
	if narrow := evalJS[bool](p, `!document.querySelector('svg.tinybob') || !!document.querySelector('svg.tinybob.narrow')`); !narrow {
		p.t.Errorf("%s: the board did not switch to its narrow layout on a phone", name)
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

// playToTheEnd plays the match on the player's page, clicking the board
// when it offers the action and the panel otherwise, until the game is over.
// Every few moves it checks that the spectator's page has caught up.
func playToTheEnd(t *testing.T, player, spectator *page, matchURL string) played {
	t.Helper()
	res := played{by: map[string]int{}, verbs: map[string]int{}}
	movedIn := ""
	resumed := false
	for res.clicks < 600 {
		var st matchState
		raw := evalJS[string](player, readState)
		if err := json.Unmarshal([]byte(raw), &st); err != nil {
			t.Fatal(err)
		}
		if st.Error != "" {
			player.fail("the page shows an error: %s", st.Error)
		}
		if st.Finished {
			spectator.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version === '%s'`, st.Version), 10*time.Second)
			return res
		}
		if len(st.Legal) == 0 {
			player.fail("not finished but no action offered (version %s)", st.Version)
		}
		if res.clicks%15 == 5 {
			spectator.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version === '%s'`, st.Version), 10*time.Second)
		}
		if res.clicks == 8 {
			player.shotBoth("match-playing")
		}
		if res.clicks == 12 && !resumed {
			// Open the match again from its plain link: the seat cookie
			// brings the player back to their seat.
			resumed = true
			player.do(chromedp.Navigate(matchURL))
			player.waitJS(fmt.Sprintf(`document.querySelector('main').dataset.version === '%s'`, st.Version), 10*time.Second)
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
		round := evalJS[string](player, `document.querySelector('#caption').textContent.split(' · ')[0]`)
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
			player.waitJS(fmt.Sprintf(`document.querySelector('#board').dataset.selected === '%s'`, from), 5*time.Second)
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
			|| !document.querySelector('#error').hidden`, st.Version), 10*time.Second)
	}
	t.Fatalf("the match did not end after %d clicks", res.clicks)
	return res
}
