package server

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"scramble/store"
)

// BenchmarkNotifyBacklog is the load figure of issue 36 §5 on SQLite with a
// webhook receiver on this machine: (a) how long 1,000 queued notifications
// take to be delivered by a running server (goal: within a minute), and (b)
// how long a live match's actions take, through the API, while that backlog
// drains compared with an idle server (goal: no more than 20% slower). The
// actions are a person's picks in a toy match, each committed with its dice
// and clocks, 5 ms apart; the latency reported is the median, the idle one
// of actions before and after the backlog. Run it once:
//
//	go test ./server -run '^$' -bench NotifyBacklog -benchtime 1x
func BenchmarkNotifyBacklog(b *testing.B) {
	const backlog = 1000
	var got atomic.Int64
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		got.Add(1)
		w.WriteHeader(http.StatusNoContent)
	}))
	defer rcv.Close()
	st := openSQLite(b, tempDB(b))
	srv, err := New(Config{
		Games: testGames(), Store: st, BotDelay: -1,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Notify: NotifyConfig{AllowPrivate: true, Poll: 20 * time.Millisecond},
	})
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer func() { ts.Close(); srv.Close() }()
	c := &benchClient{b: b, base: ts.URL}

	// The backlog is queued for a seat of a match of its own.
	var queued createdMatch
	c.call("POST", "/api/matches", "", map[string]any{"game": "toy"}, &queued)
	c.call("PUT", "/api/matches/"+queued.ID+"/notify", queued.Seats[0].Token, map[string]string{"webhook": rcv.URL}, nil)
	notes := make([]store.Note, backlog)
	for i := range notes {
		notes[i] = store.Note{Seat: 0, Kind: store.NoteTurn, Text: "your turn"}
	}

	for range b.N {
		// Warm up, then the idle figure: half before the backlog, half
		// after, so that a change in the machine's other load meanwhile
		// weighs on both figures alike.
		c.actions(20, nil)
		idle := c.actions(500, nil)
		start := time.Now()
		got.Store(0)
		if err := srv.notify.outbox.Enqueue(b.Context(), queued.ID, notes); err != nil {
			b.Fatal(err)
		}
		srv.notify.wake()
		busy := c.actions(1<<30, func() bool { return got.Load() >= backlog })
		drain := time.Since(start)
		for got.Load() < backlog {
			time.Sleep(time.Millisecond)
		}
		drain = max(drain, time.Since(start))
		for n, _ := st.(store.Outbox).Pending(b.Context()); n > 0; n, _ = st.(store.Outbox).Pending(b.Context()) {
			time.Sleep(time.Millisecond) // the last deliveries recorded
		}
		idle = append(idle, c.actions(500, nil)...)
		mi, mb := median(idle), median(busy)
		b.ReportMetric(drain.Seconds(), "s-to-deliver-1000")
		b.ReportMetric(float64(mi.Microseconds())/1000, "ms/action-idle")
		b.ReportMetric(float64(mb.Microseconds())/1000, "ms/action-backlog")
		b.ReportMetric(100*(float64(mb)/float64(mi)-1), "%-slower")
		b.ReportMetric(float64(len(busy)), "actions-during-backlog")
	}
}

// pause is the time between two actions of the benchmark's players: many
// people's moves, not one machine's loop.
const pause = 5 * time.Millisecond

// benchClient plays toy matches through the API.
type benchClient struct {
	b         *testing.B
	base      string
	id        string
	tokens    [2]string
	version   int
	nextSeat  int
	finishedN int
}

// call sends one JSON request and decodes the answer into out.
func (c *benchClient) call(method, path, token string, body, out any) {
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, c.base+path, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.b.Fatal(err)
	}
	defer resp.Body.Close()
	ans, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		c.b.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, ans)
	}
	if out != nil {
		if err := json.Unmarshal(ans, out); err != nil {
			c.b.Fatal(err)
		}
	}
}

// actions plays up to n picks, each timed from request to answer, and
// stops early once done reports true; it returns the times.
func (c *benchClient) actions(n int, done func() bool) []time.Duration {
	var took []time.Duration
	for len(took) < n && (done == nil || !done()) {
		if c.id == "" {
			var m createdMatch
			c.call("POST", "/api/matches", "", map[string]any{"game": "toy", "options": map[string]string{"rounds": "9"}}, &m)
			c.id, c.tokens, c.nextSeat = m.ID, [2]string{m.Seats[0].Token, m.Seats[1].Token}, 0
			var s clientSnapshot
			c.call("GET", "/api/matches/"+c.id, c.tokens[0], nil, &s)
			c.version = s.Version
		}
		start := time.Now()
		var s clientSnapshot
		c.call("POST", "/api/matches/"+c.id+"/actions", c.tokens[c.nextSeat], map[string]any{"version": c.version, "id": 1 + len(took)%3}, &s)
		took = append(took, time.Since(start))
		time.Sleep(pause)
		c.version, c.nextSeat = s.Version, 1-c.nextSeat
		if s.Finished {
			c.id = ""
			c.finishedN++
		}
	}
	return took
}

// median is the middle of ds.
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		panic("no actions timed")
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
