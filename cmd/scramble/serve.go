package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"scramble/server"
	"scramble/store/open"
	"scramble/web"
)

// serveFlags are the flags of "scramble serve".
type serveFlags struct {
	addr string
	db   string
	data string
	// limits bound the bots matches may ask for; workers is how many
	// bots think at once.
	limits  server.BotLimits
	workers int
	// rates bound how often one client address may call.
	rates server.RateLimits
}

func (f *serveFlags) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.addr, "addr", "127.0.0.1:8080", "`HOST:PORT` to listen on (use :8080 to accept other machines)")
	fs.StringVar(&f.db, "db", "", "database `URL`: postgres://user:pass@host/db for Postgres; empty for an SQLite file in --data")
	fs.StringVar(&f.data, "data", defaultDataDir(), "`DIR` for the SQLite database")
	bl := server.DefaultBotLimits()
	fs.IntVar(&f.limits.Iterations, "bot-iterations", bl.Iterations, "most `N` iterations per move a bot seat may ask for (mcts:iterations=N)")
	fs.DurationVar(&f.limits.Time, "bot-time", bl.Time, "most thinking time per move a bot seat may ask for (mcts:time=D)")
	fs.IntVar(&f.limits.Depth, "bot-depth", bl.Depth, "most playout depth `N` a bot seat may ask for (mcts:depth=N)")
	fs.IntVar(&f.limits.Samples, "bot-samples", bl.Samples, "most samples `N` per action a bot seat may ask for (greedy:samples=N)")
	fs.DurationVar(&f.limits.Move, "bot-move-time", bl.Move, "most time any one bot move may think; a search still running then plays its best move so far")
	fs.IntVar(&f.workers, "bot-workers", runtime.NumCPU(), "how many bots (`N`) may think at once, across all matches")
	rl := server.DefaultRateLimits()
	fs.TextVar(&f.rates.Requests, "rate-requests", rl.Requests, "most requests of one client address, as `EVENTS/PER` (20/1s, 10/1m) or off")
	fs.TextVar(&f.rates.Actions, "rate-actions", rl.Actions, "most actions one client address may play, as `EVENTS/PER` or off")
	fs.TextVar(&f.rates.Creations, "rate-creations", rl.Creations, "most matches one client address may create, as `EVENTS/PER` or off")
	return fs
}

// check refuses limits that would refuse every bot or none.
func (f *serveFlags) check() error {
	for _, c := range []struct {
		name string
		n    int64
	}{
		{"--bot-iterations", int64(f.limits.Iterations)}, {"--bot-time", int64(f.limits.Time)},
		{"--bot-depth", int64(f.limits.Depth)}, {"--bot-samples", int64(f.limits.Samples)},
		{"--bot-move-time", int64(f.limits.Move)},
		{"--bot-workers", int64(f.workers)},
	} {
		if c.n <= 0 {
			return usagef("%s must be above zero", c.name)
		}
	}
	return nil
}

func newServeFlags() *flag.FlagSet { return new(serveFlags).flagSet() }

// defaultDataDir is where the SQLite file lives unless told otherwise:
// $XDG_DATA_HOME/scramble, ~/.local/share/scramble, or ./data.
func defaultDataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "scramble")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "scramble")
	}
	return "data"
}

// serve runs "scramble serve": the web app on an SQLite file or Postgres.
func (a *app) serve(ctx context.Context, _ io.Reader, out io.Writer, args []string) error {
	var f serveFlags
	pos, err := parse(f.flagSet(), args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("serve takes no arguments, got %q", pos)
	}
	if err := f.check(); err != nil {
		return err
	}
	st, err := open.Open(ctx, f.db, f.data)
	if err != nil {
		return err
	}
	defer st.Close()
	cfg := server.Config{
		Games: a.games, Store: st, NewBot: a.newBot, UI: web.Handler(),
		BotLimits: f.limits, BotWorkers: f.workers, RateLimits: f.rates,
	}
	where := filepath.Join(f.data, "scramble.db")
	if f.db != "" {
		where = "the database given by --db"
	}
	return server.Run(ctx, f.addr, cfg, func(url string) {
		fmt.Fprintf(out, "Scramble is serving at %s (matches kept in %s). Ctrl-C stops it.\n", url, where)
	})
}

// loadFlags are the flags of "scramble loadtest".
type loadFlags struct {
	matches  int
	duration time.Duration
	think    time.Duration
	db       string
	data     string
	seed     uint64
	json     bool
}

func (f *loadFlags) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.IntVar(&f.matches, "matches", 500, "`N` matches played at once, every seat by a client over HTTP and WebSocket")
	fs.DurationVar(&f.duration, "duration", 30*time.Second, "how long to run (at most 10m)")
	fs.DurationVar(&f.think, "think", time.Second, "each client's pause before each action (0: as fast as possible)")
	fs.StringVar(&f.db, "db", "", "database `URL` (postgres://...); empty for a fresh SQLite file in --data")
	fs.StringVar(&f.data, "data", "", "`DIR` for the SQLite file; empty for a temporary directory")
	fs.Uint64Var(&f.seed, "seed", 1, "seed for the clients' choices and the dice")
	fs.BoolVar(&f.json, "json", false, "print the figures as JSON")
	return fs
}

func newLoadFlags() *flag.FlagSet { return new(loadFlags).flagSet() }

// loadtest runs "scramble loadtest": a server on loopback under N concurrent
// bot-against-bot matches played through the API; it prints actions per
// second and the action latency percentiles.
func (a *app) loadtest(ctx context.Context, _ io.Reader, out io.Writer, args []string) error {
	var f loadFlags
	pos, err := parse(f.flagSet(), args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("loadtest takes no arguments, got %q", pos)
	}
	if f.data == "" && f.db == "" {
		dir, err := os.MkdirTemp("", "scramble-load-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		f.data = dir
	}
	st, err := open.Open(ctx, f.db, f.data)
	if err != nil {
		return err
	}
	defer st.Close()
	rep, err := server.LoadTest(ctx, server.LoadConfig{
		Server:  server.Config{Games: a.games, Store: st, NewBot: a.newBot},
		Matches: f.matches, Duration: f.duration, Think: f.think, Seed: f.seed,
	})
	if err != nil {
		return err
	}
	if f.json {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	_, err = fmt.Fprint(out, rep.String())
	return err
}
