package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"scramble/engine"
)

// Bounds of a load test: it is a measurement on this machine, never a flood.
const (
	maxLoadMatches  = 5000
	maxLoadDuration = 10 * time.Minute
	// loadQuiet is how long a client waits for the server before it gives
	// its match up.
	loadQuiet = 30 * time.Second
)

// LoadConfig tunes LoadTest.
type LoadConfig struct {
	// Server configures the server under test when URLs is empty; its
	// Store is then required (a SQLite file gives the real figures). Its
	// bots are not used: every seat is played by a client through the API.
	Server Config
	// URLs, when not empty, are servers already running ("http://host:port"),
	// perhaps several nodes on one database: no server is started, and
	// match i is created and played on URLs[i mod len(URLs)], so the clients
	// need not share the servers' cores. The servers should not limit the
	// rates of one address (scramble serve --rate-requests off ...).
	URLs []string
	// Game is the game played; "" means tinybob.
	Game string
	// Options are the game's options; nil means its defaults.
	Options engine.Options
	// Matches is the number of matches played at once; 0 means 500. At
	// most 5000.
	Matches int
	// Duration is how long the test runs; 0 means 30 seconds. At most ten
	// minutes.
	Duration time.Duration
	// Think is each client's pause before each action, varied by ±50% so the
	// clients do not march in step; 0 means act at once, which measures the
	// server saturated.
	Think time.Duration
	// Ramp spreads the clients' starts over this long, as matches are
	// created over time on a real server, and nothing is measured before it
	// ends; 0 means a quarter of Duration, at most five seconds.
	Ramp time.Duration
	// Seed makes the clients' choices and the matches' dice repeatable.
	Seed uint64
	// Total, when above 0, bounds the test by work instead of time: the
	// clients start Total matches between them, play them to the end and
	// stop (Duration still cuts a run that takes too long). A test that
	// must not depend on the machine's speed uses it.
	Total int
}

// LoadReport is what a load test measured. Latency is measured by the
// client, from sending an action on its WebSocket to receiving the snapshot
// that acknowledges it (which the server sends only once the action is
// committed).
type LoadReport struct {
	Matches int           `json:"matches"`
	Think   time.Duration `json:"think_ns"`
	Ramp    time.Duration `json:"ramp_ns"`
	// Elapsed is the time measured: the run after the ramp.
	Elapsed  time.Duration `json:"elapsed_ns"`
	Started  int           `json:"matches_started"`
	Finished int           `json:"matches_finished"`
	Actions  int           `json:"actions"`
	// Actions counts the actions acknowledged after the ramp; Errors
	// counts refused actions and failed connections over the whole run.
	Errors           int           `json:"errors"`
	FirstError       string        `json:"first_error,omitempty"`
	ActionsPerSecond float64       `json:"actions_per_second"`
	P50              time.Duration `json:"p50_ns"`
	P90              time.Duration `json:"p90_ns"`
	P99              time.Duration `json:"p99_ns"`
	Max              time.Duration `json:"max_ns"`
}

// String prints the report in a few lines.
func (r LoadReport) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d concurrent matches, think time %s, measured for %s after a ramp of %s\n",
		r.Matches, r.Think, r.Elapsed.Round(time.Millisecond), r.Ramp)
	fmt.Fprintf(&b, "matches started %d, finished %d\n", r.Started, r.Finished)
	fmt.Fprintf(&b, "actions %d: %.0f per second\n", r.Actions, r.ActionsPerSecond)
	fmt.Fprintf(&b, "action latency p50 %s  p90 %s  p99 %s  max %s\n", ms(r.P50), ms(r.P90), ms(r.P99), ms(r.Max))
	fmt.Fprintf(&b, "errors %d", r.Errors)
	if r.FirstError != "" {
		fmt.Fprintf(&b, " (first: %s)", r.FirstError)
	}
	b.WriteString("\n")
	return b.String()
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond)) }

// LoadTest starts a server on 127.0.0.1 (or uses the running servers of
// cfg.URLs) and plays cfg.Matches matches on it
// at once for cfg.Duration, every seat played by a client that picks a
// random legal action through the HTTP and WebSocket API; when a match ends
// its client starts another. It stops by itself and reports throughput and
// latency.
func LoadTest(ctx context.Context, cfg LoadConfig) (LoadReport, error) {
	if cfg.Game == "" {
		cfg.Game = "tinybob"
	}
	if cfg.Matches == 0 {
		cfg.Matches = 500
	}
	if cfg.Duration == 0 {
		cfg.Duration = 30 * time.Second
	}
	if cfg.Ramp == 0 {
		cfg.Ramp = min(cfg.Duration/4, 5*time.Second)
	}
	switch {
	case cfg.Ramp < 0 || cfg.Ramp >= cfg.Duration:
		return LoadReport{}, fmt.Errorf("load test: ramp %s must be shorter than the duration %s", cfg.Ramp, cfg.Duration)
	case cfg.Matches < 1 || cfg.Matches > maxLoadMatches:
		return LoadReport{}, fmt.Errorf("load test: %d matches is out of range; use 1 to %d", cfg.Matches, maxLoadMatches)
	case cfg.Duration < 0 || cfg.Duration > maxLoadDuration:
		return LoadReport{}, fmt.Errorf("load test: duration %s is out of range; use up to %s", cfg.Duration, maxLoadDuration)
	case cfg.Think < 0:
		return LoadReport{}, fmt.Errorf("load test: think time %s is negative", cfg.Think)
	case cfg.Total < 0:
		return LoadReport{}, fmt.Errorf("load test: %d matches in all is negative", cfg.Total)
	}
	bases := slices.Clone(cfg.URLs)
	if len(bases) == 0 {
		base, stop, err := startLoadServer(cfg.Server)
		if err != nil {
			return LoadReport{}, err
		}
		defer stop()
		bases = []string{base}
	}
	lt := &loadTest{
		cfg:   cfg,
		bases: bases,
		client: &http.Client{
			Timeout:   loadQuiet,
			Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Matches, MaxConnsPerHost: 0},
		},
	}
	defer lt.client.CloseIdleConnections()
	for i, b := range bases {
		if err := lt.reach(ctx, b); err != nil {
			return LoadReport{}, err
		}
		bases[i] = strings.TrimSuffix(b, "/")
	}

	rctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	start := time.Now()
	lt.measureFrom = start.Add(cfg.Ramp)
	var wg sync.WaitGroup
	for i := range cfg.Matches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if sleep(rctx, cfg.Ramp*time.Duration(i)/time.Duration(cfg.Matches)) {
				lt.runClient(rctx, i)
			}
		}()
	}
	wg.Wait()
	rep := lt.report(time.Since(lt.measureFrom))
	if err := ctx.Err(); err != nil {
		return rep, fmt.Errorf("load test interrupted: %w", err)
	}
	return rep, nil
}

// startLoadServer starts a server of cfg on a loopback port for a load test
// and returns its URL and how to stop it.
func startLoadServer(cfg Config) (string, func(), error) {
	// Every client of the load test comes from 127.0.0.1: the caps per
	// address would stop it long before the server is loaded.
	const unbounded = 1 << 20
	if cfg.Sockets == (SocketLimits{}) {
		cfg.Sockets = SocketLimits{PerAddress: unbounded, PerMatch: unbounded, Total: unbounded}
	}
	if cfg.Connections == (ConnLimits{}) {
		cfg.Connections = ConnLimits{PerAddress: unbounded, Total: unbounded, Reserve: 1}
	}
	srv, err := New(cfg)
	if err != nil {
		return "", nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		srv.Close()
		return "", nil, fmt.Errorf("load test: cannot listen on loopback: %w", err)
	}
	sctx, stopServer := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() {
		served <- serve(sctx, LimitListener(l, cfg.Connections), httpServer(srv.Handler(), cfg.Timeouts), srv.Close)
	}()
	return listenURL(l), func() {
		stopServer()
		<-served
		srv.Close()
	}, nil
}

// reach checks that base answers as a Scramble server, so that a wrong URL
// is one clear error instead of one per client.
func (lt *loadTest) reach(ctx context.Context, base string) error {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("load test: %q is not a server URL; give one such as http://127.0.0.1:8080", base)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(base, "/")+"/api/games", nil)
	if err != nil {
		return fmt.Errorf("load test: %w", err)
	}
	resp, err := lt.client.Do(req)
	if err != nil {
		return fmt.Errorf("load test: cannot reach %s: %w (is scramble serve running there?)", base, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("load test: %s/api/games answered %s: is it a Scramble server?", base, resp.Status)
	}
	return nil
}

// loadTest is one run's clients and what they measured.
type loadTest struct {
	cfg LoadConfig
	// bases are the servers' URLs; match i is played on bases[i mod n].
	bases  []string
	client *http.Client
	// measureFrom is the end of the ramp: only actions sent after it count.
	measureFrom time.Time

	mu        sync.Mutex
	latencies []time.Duration
	claimed   int // matches the clients have set out to play, for Total
	started   int
	finished  int
	errors    int
	firstErr  string
}

// fail counts an error, remembering the first.
func (lt *loadTest) fail(err error) {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	lt.errors++
	if lt.firstErr == "" {
		lt.firstErr = err.Error()
	}
}

// report sums up the run.
func (lt *loadTest) report(elapsed time.Duration) LoadReport {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	lat := slices.Clone(lt.latencies)
	slices.Sort(lat)
	r := LoadReport{
		Matches: lt.cfg.Matches, Think: lt.cfg.Think, Ramp: lt.cfg.Ramp, Elapsed: elapsed,
		Started: lt.started, Finished: lt.finished, Actions: len(lat),
		Errors: lt.errors, FirstError: lt.firstErr,
		ActionsPerSecond: float64(len(lat)) / elapsed.Seconds(),
	}
	if len(lat) > 0 {
		q := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
		r.P50, r.P90, r.P99, r.Max = q(0.50), q(0.90), q(0.99), lat[len(lat)-1]
	}
	return r
}

// claim reserves one more match for a client to play; it fails once Total
// matches are reserved.
func (lt *loadTest) claim() bool {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	if lt.cfg.Total > 0 && lt.claimed >= lt.cfg.Total {
		return false
	}
	lt.claimed++
	return true
}

// runClient plays match after match until ctx ends or, with a Total, no
// match is left to play.
func (lt *loadTest) runClient(ctx context.Context, i int) {
	r := engine.Derive(lt.cfg.Seed, uint64(i))
	base := lt.bases[i%len(lt.bases)]
	for ctx.Err() == nil && lt.claim() {
		if err := lt.playMatch(ctx, base, r); err != nil && ctx.Err() == nil {
			lt.fail(err)
			// Do not hammer a failing server.
			sleep(ctx, time.Second)
		}
	}
}

// playMatch creates a match with a person in every seat and plays every
// seat on its own WebSocket until the match ends.
func (lt *loadTest) playMatch(ctx context.Context, base string, r *engine.Rand) error {
	seed := r.Uint64()
	body, _ := json.Marshal(createRequest{Game: lt.cfg.Game, Options: lt.cfg.Options, Seed: &seed})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/matches", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := lt.client.Do(req)
	if err != nil {
		return fmt.Errorf("creating a match: %w", err)
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return fmt.Errorf("creating a match: %w", err)
	}
	if resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("creating a match: %s: %s", resp.Status, bytes.TrimSpace(data))
	}
	var created createdMatch
	if err := json.Unmarshal(data, &created); err != nil {
		return fmt.Errorf("creating a match: %w", err)
	}
	lt.mu.Lock()
	lt.started++
	lt.mu.Unlock()

	errs := make(chan error, len(created.Seats))
	finished := make(chan bool, len(created.Seats))
	for _, seat := range created.Seats {
		seatRand := engine.NewRand(r.Uint64())
		go func() {
			done, err := lt.playSeat(ctx, base, created.ID, seat.Token, seatRand)
			errs <- err
			finished <- done
		}()
	}
	var first error
	over := false
	for range created.Seats {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
		over = <-finished || over
	}
	if over {
		lt.mu.Lock()
		lt.finished++
		lt.mu.Unlock()
	}
	return first
}

// loadSnapshot is the part of a Snapshot a load client reads.
type loadSnapshot struct {
	Version  int           `json:"version"`
	Legal    []LegalAction `json:"legal"`
	Finished bool          `json:"finished"`
}

// loadMessage is a WebSocket message as a load client reads it.
type loadMessage struct {
	Type     string        `json:"type"`
	Snapshot *loadSnapshot `json:"snapshot"`
	Error    string        `json:"error"`
}

// playSeat plays one seat on its own WebSocket: whenever the seat must act it
// waits its think time, sends a random legal action and times the snapshot
// that acknowledges it. It reports whether the match ended.
func (lt *loadTest) playSeat(ctx context.Context, base, id, token string, r *engine.Rand) (bool, error) {
	u := "ws" + strings.TrimPrefix(base, "http") + "/api/matches/" + id + "/ws?token=" + url.QueryEscape(token)
	conn, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: lt.client})
	if err != nil {
		return false, fmt.Errorf("opening the WebSocket of match %s: %w", id, err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(4 << 20)

	var (
		latest  loadSnapshot
		pending bool
		sentAt  time.Time
		sentVer int
	)
	act := func() error {
		if len(latest.Legal) == 0 || latest.Finished {
			return nil
		}
		if lt.cfg.Think > 0 {
			half := int(lt.cfg.Think / 2)
			if !sleep(ctx, time.Duration(half+r.IntN(2*half+1))) {
				return ctx.Err()
			}
		}
		a := latest.Legal[r.IntN(len(latest.Legal))]
		msg, _ := json.Marshal(map[string]any{"type": "act", "version": latest.Version, "id": a.ID})
		pending, sentAt, sentVer = true, time.Now(), latest.Version
		return conn.Write(ctx, websocket.MessageText, msg)
	}
	for {
		rctx, cancel := context.WithTimeout(ctx, loadQuiet)
		_, data, err := conn.Read(rctx)
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return false, nil
			}
			return false, fmt.Errorf("match %s: reading the WebSocket: %w", id, err)
		}
		var msg loadMessage
		if err := json.Unmarshal(data, &msg); err != nil {
			return false, fmt.Errorf("match %s: unreadable message: %w", id, err)
		}
		switch msg.Type {
		case "snapshot":
			if msg.Snapshot == nil {
				return false, fmt.Errorf("match %s: snapshot message without a snapshot", id)
			}
			latest = *msg.Snapshot
			if pending && latest.Version > sentVer {
				d := time.Since(sentAt)
				pending = false
				if sentAt.After(lt.measureFrom) {
					lt.mu.Lock()
					lt.latencies = append(lt.latencies, d)
					lt.mu.Unlock()
				}
			}
			if latest.Finished {
				conn.Close(websocket.StatusNormalClosure, "")
				return true, nil
			}
		case "error":
			// Only an error for the pending action (no newer snapshot
			// came since it was sent) frees the seat to act again.
			if !pending || latest.Version != sentVer {
				continue
			}
			pending = false
			lt.fail(fmt.Errorf("match %s: action refused: %s", id, msg.Error))
		default:
			return false, fmt.Errorf("match %s: unknown message type %q", id, msg.Type)
		}
		if !pending {
			if err := act(); err != nil {
				if ctx.Err() != nil || errors.Is(err, context.Canceled) {
					return false, nil
				}
				return false, fmt.Errorf("match %s: sending an action: %w", id, err)
			}
		}
	}
}
