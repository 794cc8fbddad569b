package server

import (
	"io"
	"log/slog"
	"os"
	"strconv"
	"testing"
	"time"

	"scramble/bot"
	"scramble/store"
)

// TestLoadSmoke runs a tiny load test on the in-memory store, to keep
// LoadTest working.
func TestLoadSmoke(t *testing.T) {
	rep, err := LoadTest(t.Context(), LoadConfig{
		Server:   Config{Games: testGames(), Store: newMemStore(), NewBot: bot.New, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))},
		Matches:  4,
		Duration: 500 * time.Millisecond,
		Seed:     1,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", rep)
	if rep.Actions == 0 || rep.Errors != 0 || rep.Started < 4 || rep.P99 == 0 {
		t.Fatalf("report: %+v", rep)
	}
	if _, err := LoadTest(t.Context(), LoadConfig{Server: Config{Games: testGames(), Store: newMemStore()}, Matches: maxLoadMatches + 1}); err == nil {
		t.Fatal("a load test over the bound was accepted")
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
