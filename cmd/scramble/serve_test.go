package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
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
