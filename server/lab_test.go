package server

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/tinybob"
	"scramble/sim"
)

// The tests of the balance lab's endpoints (issue 13 §3: the browser's Lab
// page runs a sweep on the server, limited so that it cannot starve live
// matches).

// labEnv is a server under test whose bots include "block" (blockBot), with
// the config changed by tune.
type labEnv struct {
	*env
	entered chan struct{} // a block bot signals here when it starts to think
	release chan struct{} // closing it lets every block bot move
}

func newLabEnv(t *testing.T, tune func(*Config)) *labEnv {
	t.Helper()
	le := &labEnv{entered: make(chan struct{}, 1), release: make(chan struct{})}
	cfg := Config{
		Games: testGames(), Store: newMemStore(), BotDelay: -1,
		Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil)),
		NewBot: func(spec string) (engine.Bot, error) {
			if spec == "block" {
				return blockBot{entered: le.entered, release: le.release}, nil
			}
			return bot.New(spec)
		},
	}
	if tune != nil {
		tune(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	le.env = &env{t: t, srv: srv, ts: httptest.NewServer(srv.Handler()), store: cfg.Store}
	t.Cleanup(le.close)
	t.Cleanup(func() {
		select {
		case <-le.release:
		default:
			close(le.release)
		}
	})
	return le
}

// blockBot thinks until its decision is stopped or the test releases it: a
// lab run that is busy for as long as the test wants, with no clock.
type blockBot struct {
	entered chan<- struct{}
	release <-chan struct{}
}

func (blockBot) Name() string { return "block" }

func (b blockBot) Choose(d *engine.Decision) engine.Action {
	select {
	case b.entered <- struct{}{}:
	default:
	}
	for !d.Stopped() {
		select {
		case <-b.release:
			return d.Legal()[0]
		case <-time.After(time.Millisecond):
		}
	}
	return d.Legal()[0]
}

// waitSignal waits for a signal on ch; within only bounds a signal that
// never comes.
func waitSignal(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(time.Minute):
		t.Fatalf("no sign, after a minute, that %s", what)
	}
}

// startLab posts a run and expects 202.
func (e *env) startLab(body any) labStatus {
	e.t.Helper()
	code, data := e.do("POST", "/api/lab/runs", "", body)
	if code != http.StatusAccepted {
		e.t.Fatalf("start lab run: %d %s", code, data)
	}
	var st labStatus
	mustUnmarshal(e.t, data, &st)
	return st
}

// labStatusOf gets a run's status.
func (e *env) labStatusOf(id string) labStatus {
	e.t.Helper()
	code, data := e.do("GET", "/api/lab/runs/"+id, "", nil)
	if code != http.StatusOK {
		e.t.Fatalf("lab status: %d %s", code, data)
	}
	var st labStatus
	mustUnmarshal(e.t, data, &st)
	return st
}

// waitLab polls a run until it is in state want; within only bounds a run
// that never gets there.
func (e *env) waitLab(id, want string, within time.Duration) labStatus {
	e.t.Helper()
	deadline := time.Now().Add(within)
	for {
		st := e.labStatusOf(id)
		if st.State == want {
			return st
		}
		if st.State != labQueued && st.State != labRunning {
			e.t.Fatalf("lab run %s ended %s (%s), want %s", id, st.State, st.Error, want)
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("lab run %s still %s after %s (%d of %d games), want %s", id, st.State, within, st.Done, st.Total, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestLabRunsASweep plays a small sweep of tinybob: the progress reaches the
// total, the report is the one scramble sim gives for the same seed, and the
// CSV and the plots are served.
func TestLabRunsASweep(t *testing.T) {
	e := newLabEnv(t, nil)
	seed := uint64(7)
	st := e.startLab(labRequest{Game: "tinybob", Sweep: []string{"waves=1,2"}, Bot: "random", Games: 30, Seed: &seed})
	if st.Total != 60 || st.Cells != 2 || (st.State != labQueued && st.State != labRunning) {
		t.Fatalf("new run: %+v", st)
	}
	if want := "scramble sim tinybob -n 30 --bot random --seed 7 --sweep waves=1,2"; st.Command != want {
		t.Errorf("command %q, want %q", st.Command, want)
	}
	done := e.waitLab(st.ID, labDone, time.Minute)
	if done.Done != 60 || done.Report == nil || len(done.Report.Points) != 2 {
		t.Fatalf("done run: %+v", done)
	}

	// The same sweep played here gives the same figures.
	cfg := sim.Config{Game: tinybob.New(), N: 30, Seed: seed, Workers: 1,
		Bots: []sim.BotFactory{func() (engine.Bot, error) { return bot.New("random") }}}
	want, err := sim.Sweep(t.Context(), cfg, []sim.Axis{{Key: "waves", Values: []string{"1", "2"}}})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range done.Report.Points {
		if got, w := p.Report.Seats[0].Wins, want.Points[i].Report.Seats[0].Wins; got != w || p.Report.Games != 30 {
			t.Errorf("point %v: %d wins of %d games, scramble sim gives %d", p.Values, got, p.Report.Games, w)
		}
	}

	resp := e.request("GET", done.CSV, "", nil)
	csv := readAll(t, resp)
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(csv, "waves,games,wins_RAF") || strings.Count(csv, "\n") != 3 {
		t.Errorf("CSV: %d %q", resp.StatusCode, csv)
	}
	if len(done.Plots) != 1 || done.Plots[0].Name != "win-rate-raf" {
		t.Fatalf("plots %+v", done.Plots)
	}
	resp = e.request("GET", done.Plots[0].URL, "", nil)
	svg := readAll(t, resp)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(svg, "<svg") {
		t.Errorf("plot: %d %s %.80q", resp.StatusCode, resp.Header.Get("Content-Type"), svg)
	}
	if code, data := e.do("GET", "/api/lab/runs/"+st.ID+"/plots/nope.svg", "", nil); code != http.StatusNotFound {
		t.Errorf("unknown plot: %d %s", code, data)
	}
	if code, data := e.do("DELETE", "/api/lab/runs/"+st.ID, "", nil); code != http.StatusConflict {
		t.Errorf("cancelling a finished run: %d %s", code, data)
	}
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestLabRefusesBadRuns: every mistake is a 400 that says what is wrong,
// and no run is started.
func TestLabRefusesBadRuns(t *testing.T) {
	e := newLabEnv(t, func(c *Config) {
		c.Lab = LabLimits{Games: 500, Cells: 4, Total: 1000}
	})
	sweep := []string{"waves=1,2"}
	for _, c := range []struct {
		name string
		body any
		want string
	}{
		{"unknown game", labRequest{Game: "chess", Sweep: sweep}, "unknown game"},
		{"no sweep", labRequest{Game: "tinybob"}, "sweep is empty"},
		{"malformed axis", labRequest{Game: "tinybob", Sweep: []string{"waves"}}, "key=v1,v2"},
		{"unknown option", labRequest{Game: "tinybob", Sweep: []string{"nope=1,2"}}, "nope"},
		{"value out of range", labRequest{Game: "tinybob", Sweep: []string{"waves=1,9"}}, "waves"},
		{"set and swept", labRequest{Game: "tinybob", Sweep: sweep, Options: engine.Options{"waves": "3"}}, "both set and swept"},
		{"bad option", labRequest{Game: "tinybob", Sweep: sweep, Options: engine.Options{"aces": "x"}}, "aces"},
		{"too many games", labRequest{Game: "tinybob", Sweep: sweep, Games: 501}, "--lab-games"},
		{"negative games", labRequest{Game: "tinybob", Sweep: sweep, Games: -1}, "from 1 to 500"},
		{"too many cells", labRequest{Game: "tinybob", Sweep: []string{"waves=1,2,3", "aces=0,1"}}, "--lab-cells"},
		{"too many games in all", labRequest{Game: "tinybob", Sweep: []string{"waves=1,2,3"}, Games: 400}, "--lab-total"},
		{"bot over the limits", labRequest{Game: "tinybob", Sweep: sweep, Bot: "mcts:iterations=999999"}, "--bot-iterations"},
		{"unknown bot", labRequest{Game: "tinybob", Sweep: sweep, Bot: "wizard"}, "wizard"},
		{"unknown field", `{"game":"tinybob","sweep":["waves=1,2"],"speed":9}`, "speed"},
		{"long axis", labRequest{Game: "tinybob", Sweep: []string{"waves=" + strings.Repeat("1", 300)}}, "over 200 bytes"},
	} {
		code, data := e.do("POST", "/api/lab/runs", "", c.body)
		if code != http.StatusBadRequest {
			t.Errorf("%s: %d %s, want 400", c.name, code, data)
			continue
		}
		if msg := apiErr(t, data).Msg; !strings.Contains(msg, c.want) {
			t.Errorf("%s: %q does not say %q", c.name, msg, c.want)
		}
	}
	if n := len(e.srv.lab.runs); n != 0 || e.srv.lab.open != 0 {
		t.Errorf("refused requests left %d runs, %d open", n, e.srv.lab.open)
	}
}

// TestLabDoesNotStarveLiveMatches (issue 13 §3): while a lab run holds the
// lab's only worker, a live bot match on a server with one bot worker still
// plays to the end; further runs queue, one too many is refused with 429,
// and cancelling the busy run lets the queued one play.
func TestLabDoesNotStarveLiveMatches(t *testing.T) {
	e := newLabEnv(t, func(c *Config) {
		c.BotWorkers = 1
		c.Lab = LabLimits{Workers: 1, Runs: 2}
	})
	busy := e.startLab(labRequest{Game: "toy", Sweep: []string{"rounds=1,2"}, Bot: "block", Games: 5})
	waitSignal(t, e.entered, "the lab's bot is thinking") // and it will until released

	m := e.create(map[string]any{"game": "toy", "seed": 3, "seats": []map[string]string{
		{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}}})
	e.waitFinished(m.ID, time.Minute)
	if st := e.labStatusOf(busy.ID); st.State != labRunning {
		t.Fatalf("the busy run is %s, want running", st.State)
	}

	queued := e.startLab(labRequest{Game: "toy", Sweep: []string{"rounds=1,2"}, Bot: "random", Games: 5})
	if queued.State != labQueued {
		t.Fatalf("second run is %s, want queued behind the busy one", queued.State)
	}
	resp := e.request("POST", "/api/lab/runs", "", labRequest{Game: "toy", Sweep: []string{"rounds=1,2"}})
	body := readAll(t, resp)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, "--lab-runs") {
		t.Fatalf("third run: %d %q %s", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	if st := e.labStatusOf(queued.ID); st.State != labQueued {
		t.Fatalf("second run is %s while the first holds the worker", st.State)
	}

	code, data := e.do("DELETE", "/api/lab/runs/"+busy.ID, "", nil)
	var cancelled labStatus
	mustUnmarshal(t, data, &cancelled)
	if code != http.StatusOK || cancelled.State != labCancelled || cancelled.Report != nil {
		t.Fatalf("cancel: %d %s", code, data)
	}
	e.waitLab(queued.ID, labDone, time.Minute)
	if st := e.labStatusOf(busy.ID); st.State != labCancelled || st.Error == "" {
		t.Errorf("cancelled run: %+v", st)
	}
	if code, data := e.do("GET", "/api/lab/runs/"+busy.ID+"/csv", "", nil); code != http.StatusConflict {
		t.Errorf("CSV of a cancelled run: %d %s", code, data)
	}
}

// TestLabCloseCancelsRuns: closing the server (scramble serve on SIGTERM)
// cancels the busy run and the queued one, and returns.
func TestLabCloseCancelsRuns(t *testing.T) {
	e := newLabEnv(t, func(c *Config) { c.Lab = LabLimits{Workers: 1} })
	busy := e.startLab(labRequest{Game: "toy", Sweep: []string{"rounds=1,2"}, Bot: "block"})
	queued := e.startLab(labRequest{Game: "toy", Sweep: []string{"rounds=1,2"}, Bot: "block"})
	waitSignal(t, e.entered, "the lab's bot is thinking")
	e.srv.Close()
	for _, id := range []string{busy.ID, queued.ID} {
		run, ok := e.srv.lab.get(id)
		if !ok {
			t.Fatalf("run %s forgotten", id)
		}
		if st := run.status(); st.State != labCancelled {
			t.Errorf("run %s is %s after Close, want cancelled", id, st.State)
		}
	}
	if code, data := e.do("POST", "/api/lab/runs", "", labRequest{Game: "toy", Sweep: []string{"rounds=1,2"}}); code != http.StatusServiceUnavailable {
		t.Errorf("a run after Close: %d %s", code, data)
	}
}

// TestLabOff: a server with the lab turned off says so on every lab
// endpoint.
func TestLabOff(t *testing.T) {
	e := newLabEnv(t, func(c *Config) { c.Lab = LabLimits{Off: true} })
	code, data := e.do("GET", "/api/lab", "", nil)
	var info labInfo
	mustUnmarshal(t, data, &info)
	if code != http.StatusOK || info.Enabled {
		t.Errorf("lab info: %d %s", code, data)
	}
	for _, c := range []struct{ method, path string }{
		{"POST", "/api/lab/runs"}, {"GET", "/api/lab/runs/x"}, {"DELETE", "/api/lab/runs/x"},
	} {
		code, data := e.do(c.method, c.path, "", labRequest{Game: "toy", Sweep: []string{"rounds=1,2"}})
		if code != http.StatusServiceUnavailable || !strings.Contains(apiErr(t, data).Msg, "--lab-off") {
			t.Errorf("%s %s: %d %s", c.method, c.path, code, data)
		}
	}
}

// TestLabForgetsOldRuns: only the last Kept finished runs are kept, and an
// unknown run is a 404 that says runs live in memory.
func TestLabForgetsOldRuns(t *testing.T) {
	e := newLabEnv(t, func(c *Config) { c.Lab = LabLimits{Kept: 1} })
	first := e.startLab(labRequest{Game: "toy", Sweep: []string{"rounds=1"}, Games: 2})
	e.waitLab(first.ID, labDone, time.Minute)
	second := e.startLab(labRequest{Game: "toy", Sweep: []string{"rounds=1"}, Games: 2})
	e.waitLab(second.ID, labDone, time.Minute)
	code, data := e.do("GET", "/api/lab/runs/"+first.ID, "", nil)
	if code != http.StatusNotFound || !strings.Contains(apiErr(t, data).Msg, "memory") {
		t.Errorf("forgotten run: %d %s", code, data)
	}
}

// TestLabLimitsDefaults: zero limits take the defaults, and Off survives.
func TestLabLimitsDefaults(t *testing.T) {
	if got := (LabLimits{Off: true}).orDefault(); !got.Off || got.Workers != 1 || got.Runs != DefaultLabLimits().Runs {
		t.Errorf("defaults: %+v", got)
	}
}

// TestLabGivesWayToLiveBots (issue 13 §3, low priority): while the bots of
// live matches think on all the cores but one, a lab run's bot waits before
// its decision; once one of them is done it plays.
func TestLabGivesWayToLiveBots(t *testing.T) {
	cores := labYieldAt()
	e := newLabEnv(t, func(c *Config) { c.BotWorkers = cores })
	paused := make(chan struct{}, 1)
	e.srv.lab.onPause = func() {
		select {
		case paused <- struct{}{}:
		default:
		}
	}
	// Live bots hold every bot worker, one per core but one.
	for range cores {
		if !e.srv.slots.acquire(t.Context().Done()) {
			t.Fatal("cannot take a bot worker")
		}
	}
	run := e.startLab(labRequest{Game: "toy", Sweep: []string{"rounds=1,2"}, Bot: "block", Games: 1})
	waitSignal(t, paused, "the lab's bot waits for a free core")
	select {
	case <-e.entered:
		t.Fatal("the lab's bot thought while live bots needed the cores")
	default:
	}
	e.srv.slots.release() // one live bot is done: a core is free again
	waitSignal(t, e.entered, "the lab's bot thinks once a core is free")
	close(e.release)
	e.waitLab(run.ID, labDone, time.Minute)
	for range cores - 1 {
		e.srv.slots.release()
	}
}

// TestLabRequestLimits: a lab run counts against the creation rate, and a
// lab path with another method is a 405 that names the allowed ones.
func TestLabRequestLimits(t *testing.T) {
	e := newLabEnv(t, func(c *Config) {
		c.RateLimits = RateLimits{Creations: Rate{Events: 1, Per: time.Hour}}
	})
	e.startLab(labRequest{Game: "toy", Sweep: []string{"rounds=1"}, Games: 1})
	resp := e.request("POST", "/api/lab/runs", "", labRequest{Game: "toy", Sweep: []string{"rounds=1"}, Games: 1})
	body := readAll(t, resp)
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "match creations") {
		t.Errorf("a second run within the creation rate: %d %s", resp.StatusCode, body)
	}
	resp = e.request("PUT", "/api/lab/runs/x", "", nil)
	body = readAll(t, resp)
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, DELETE" {
		t.Errorf("PUT on a run: %d %q %s", resp.StatusCode, resp.Header.Get("Allow"), body)
	}
}

// TestLabSweepOverSeats (issue 33, item 7): a sweep over an option that
// changes the number of seats (the toy's team=0,1: two seats, then four) is
// accepted and plays every cell with bots for its own seats, instead of
// being accepted and then failing.
func TestLabSweepOverSeats(t *testing.T) {
	e := newLabEnv(t, nil)
	st := e.startLab(labRequest{Game: "toy", Sweep: []string{"team=0,1"}, Bot: "random", Games: 10})
	done := e.waitLab(st.ID, labDone, time.Minute)
	if got := len(done.Report.Points[1].Report.Seats); got != 4 {
		t.Errorf("the cell team=1 has %d seats in its report, want 4", got)
	}
}
