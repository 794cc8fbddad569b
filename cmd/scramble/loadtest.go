package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"scramble/server"
	"scramble/store/open"
)

// loadFlags are the flags of "scramble loadtest".
type loadFlags struct {
	matches  int
	duration time.Duration
	think    time.Duration
	db       string
	data     string
	seed     uint64
	json     bool
	urls     urlList
}

// urlList is a repeatable --url flag.
type urlList []string

func (u *urlList) String() string { return strings.Join(*u, " ") }

func (u *urlList) Set(v string) error {
	if !strings.HasPrefix(v, "http://") && !strings.HasPrefix(v, "https://") {
		return fmt.Errorf("%q is not a server URL; give one such as http://127.0.0.1:8080", v)
	}
	*u = append(*u, v)
	return nil
}

func (f *loadFlags) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.IntVar(&f.matches, "matches", 500, "`N` matches played at once, every seat by a client over HTTP and WebSocket")
	fs.DurationVar(&f.duration, "duration", 30*time.Second, "how long to run (at most 10m)")
	fs.DurationVar(&f.think, "think", time.Second, "each client's pause before each action (0: as fast as possible)")
	fs.Var(&f.urls, "url", "`URL` of a running server to load (repeat for several nodes); none starts a server in this process")
	fs.StringVar(&f.db, "db", "", "database `URL` (postgres://...) of the server started here; empty for a fresh SQLite file in --data")
	fs.StringVar(&f.data, "data", "", "`DIR` for the SQLite file of the server started here; empty for a temporary directory")
	fs.Uint64Var(&f.seed, "seed", 1, "seed for the clients' choices and the dice")
	fs.BoolVar(&f.json, "json", false, "print the figures as JSON")
	return fs
}

func newLoadFlags() *flag.FlagSet { return new(loadFlags).flagSet() }

// loadtest runs "scramble loadtest": N concurrent matches played through the
// API by clients that pick random legal actions, against the servers named by
// --url or, without one, against a server started in this process on
// loopback; it prints actions per second and the action latency percentiles.
func (a *app) loadtest(ctx context.Context, _ io.Reader, out io.Writer, args []string) error {
	var f loadFlags
	fs := f.flagSet()
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("loadtest takes no arguments, got %q", pos)
	}
	cfg := server.LoadConfig{
		URLs: f.urls, Matches: f.matches, Duration: f.duration, Think: f.think, Seed: f.seed,
	}
	if len(f.urls) > 0 {
		if given(fs, "db") || given(fs, "data") {
			return usagef("--db and --data are for the server loadtest starts itself; with --url the servers have their own")
		}
	} else {
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
		cfg.Server = server.Config{Games: a.games, Store: st, NewBot: a.newBot}
	}
	rep, err := server.LoadTest(ctx, cfg)
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
