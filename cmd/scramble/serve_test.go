package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"scramble/server"
)

// TestServeStartsAndStops runs "scramble serve" on a free loopback port with
// an SQLite file, reads the URL it prints, asks it for the games, and stops it.
func TestServeStartsAndStops(t *testing.T) {
	a := newTestApp()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- a.serve(ctx, nil, pw, []string{"--addr", "127.0.0.1:0", "--data", t.TempDir()})
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("serve printed no URL: %v", err)
	}
	go io.Copy(io.Discard, pr)
	i := strings.Index(line, "http://")
	if i < 0 || !strings.Contains(line, "scramble.db") {
		t.Fatalf("serve said %q, want its URL and the database file", line)
	}
	url := strings.Fields(line[i:])[0]
	resp, err := http.Get(url + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"tinybob"`) {
		t.Fatalf("GET /api/games: %d %s", resp.StatusCode, body)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve stopped with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop after its context ended")
	}
}

func TestServeRefusesBadDatabaseURL(t *testing.T) {
	a := newTestApp()
	err := a.serve(context.Background(), nil, io.Discard, []string{"--db", "mysql://x", "--data", t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "mysql") {
		t.Fatalf("want an error naming the unsupported URL, got %v", err)
	}
}

// TestServeFlags: the bot limits and workers come from flags, with the
// server's defaults, and a limit of zero is refused.
func TestServeFlags(t *testing.T) {
	var f serveFlags
	if _, err := parse(f.flagSet(), []string{"--bot-iterations", "500", "--bot-time", "1s", "--bot-workers", "3", "--rate-actions", "5/1s", "--rate-creations", "off"}); err != nil {
		t.Fatal(err)
	}
	if err := f.check(); err != nil {
		t.Fatal(err)
	}
	if f.limits.Iterations != 500 || f.limits.Time != time.Second || f.workers != 3 || f.limits.Samples != server.DefaultBotLimits().Samples {
		t.Fatalf("flags: %+v", f)
	}
	if f.rates.Actions != (server.Rate{Events: 5, Per: time.Second}) || !f.rates.Creations.Off() || f.rates.Requests != server.DefaultRateLimits().Requests {
		t.Fatalf("rate flags: %+v", f.rates)
	}
	var hf serveFlags
	if _, err := parse(hf.flagSet(), []string{"--host", "scramble.example.org, play.example.org", "--host", "[::2]"}); err != nil || !slices.Equal(hf.hosts, []string{"scramble.example.org", "play.example.org", "[::2]"}) {
		t.Fatalf("--host: %v %q", err, hf.hosts)
	}
	if _, err := parse(new(serveFlags).flagSet(), []string{"--rate-requests", "lots"}); err == nil || !strings.Contains(err.Error(), "EVENTS/PER") {
		t.Fatalf("a malformed rate: %v", err)
	}
	for _, bad := range [][]string{{"--bot-iterations", "0"}, {"--bot-time", "0s"}, {"--bot-workers", "-1"},
		{"--conns-reserve", "4096"}, {"--ws-per-match", "0"}, {"--bot-only-matches", "0"}} {
		var f serveFlags
		if _, err := parse(f.flagSet(), bad); err != nil {
			t.Fatal(err)
		}
		if err := f.check(); err == nil || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("%v: %v", bad, err)
		}
	}
	a := newTestApp()
	err := a.serve(context.Background(), nil, io.Discard, []string{"--bot-depth", "0", "--data", t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "--bot-depth") {
		t.Fatalf("serve with --bot-depth 0: %v", err)
	}
}

// A second "scramble serve" on the SQLite file another one serves is
// refused with an error that says why and points to Postgres
// (docs/deploy.md).
func TestServeRefusesASecondServerOnOneSQLiteFile(t *testing.T) {
	a := newTestApp()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- a.serve(ctx, nil, pw, []string{"--addr", "127.0.0.1:0", "--data", dir})
		pw.Close()
	}()
	if _, err := bufio.NewReader(pr).ReadString('\n'); err != nil {
		t.Fatalf("the first serve printed no URL: %v", err)
	}
	go io.Copy(io.Discard, pr)
	err := a.serve(context.Background(), nil, io.Discard, []string{"--addr", "127.0.0.1:0", "--data", dir})
	if err == nil || !strings.Contains(err.Error(), "another process is serving") || !strings.Contains(err.Error(), "Postgres") {
		t.Errorf("second serve on one SQLite file: %v; want a refusal that points to Postgres", err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("the first serve stopped with %v", err)
	}
}
