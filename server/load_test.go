package server

import (
	"log/slog"
	"os"
	"strconv"
	"testing"
	"time"

	"scramble/store"
)

// TestLoadShort is the load test that runs by default, and so in CI: twelve
// clients play 36 Tiny Battle of Britain matches between them on SQLite,
// every seat over HTTP and WebSocket, as fast as they can. It is bounded by
// the number of matches, not by time, so a slow machine only makes it
// longer; it checks that every match ends and no action is refused. The
// long measurement is TestLoad, behind SCRAMBLE_LOAD=1.
func TestLoadShort(t *testing.T) {
	rep, err := LoadTest(t.Context(), LoadConfig{
		Server:   Config{Games: testGames(), Store: openSQLite(t, tempDB(t)), Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil))},
		Matches:  12,
		Total:    36,
		Duration: maxLoadDuration,
		Ramp:     time.Millisecond,
		Seed:     1,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", rep)
	if rep.Started != 36 || rep.Finished != 36 || rep.Errors != 0 || rep.Actions == 0 {
		t.Fatalf("36 matches: started %d, finished %d, %d actions, %d errors (first: %s)", rep.Started, rep.Finished, rep.Actions, rep.Errors, rep.FirstError)
	}
	for _, bad := range []LoadConfig{{Matches: maxLoadMatches + 1}, {Matches: 1, Total: -1}} {
		bad.Server = Config{Games: testGames(), Store: newMemStore()}
		if _, err := LoadTest(t.Context(), bad); err == nil {
			t.Fatalf("a load test out of bounds was accepted: %+v", bad)
		}
	}
}

// TestLoad is the load benchmark on SQLite, run only with SCRAMBLE_LOAD=1:
//
//	SCRAMBLE_LOAD=1 go test ./server -run TestLoad -v
//
// SCRAMBLE_LOAD_MATCHES (default 500), SCRAMBLE_LOAD_SECONDS (default 30),
// SCRAMBLE_LOAD_THINK (each client's pause before acting, a Go duration,
// default 1s; 0 saturates the server) tune it, and SCRAMBLE_LOAD_STORE=memory
// swaps SQLite for the in-memory test store, to tell the server's own cost
// from the database's.
func TestLoad(t *testing.T) {
	if os.Getenv("SCRAMBLE_LOAD") != "1" {
		t.Skip("set SCRAMBLE_LOAD=1 to run the load benchmark")
	}
	var st store.Store = newMemStore()
	if os.Getenv("SCRAMBLE_LOAD_STORE") != "memory" {
		st = openSQLite(t, tempDB(t))
	}
	cfg := LoadConfig{
		Server:   Config{Games: testGames(), Store: st, Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil))},
		Matches:  envInt(t, "SCRAMBLE_LOAD_MATCHES", 500),
		Duration: time.Duration(envInt(t, "SCRAMBLE_LOAD_SECONDS", 30)) * time.Second,
		Think:    time.Second,
		Seed:     1,
	}
	if v := os.Getenv("SCRAMBLE_LOAD_THINK"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("SCRAMBLE_LOAD_THINK: %v", err)
		}
		cfg.Think = d
	}
	rep, err := LoadTest(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", rep)
}

func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return n
}
