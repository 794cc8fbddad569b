package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"scramble/server"
	"scramble/sim/cluster"
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
	// node, leaseTTL and botDelay tune a node among several on one
	// Postgres (docs/deploy.md) and the pace of the bots.
	node     string
	leaseTTL time.Duration
	botDelay time.Duration
	// lab bounds the Lab page's background sweeps.
	lab server.LabLimits
	// hosts are the public host names the server answers to.
	hosts []string
	// conns and sockets bound the connections and WebSockets held open.
	conns   server.ConnLimits
	sockets server.SocketLimits
	// notify sets up seats' notifications (serve_notify.go).
	notify server.NotifyConfig
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
	fs.IntVar(&f.workers, "bot-workers", runtime.NumCPU(), "how many bots (`N`) may think at once, across all matches (shared fairly; matches with a person first)")
	fs.IntVar(&f.limits.BotOnlyMatches, "bot-only-matches", bl.BotOnlyMatches, "most matches of bots only (`N`) one client address may have playing at once")
	rl := server.DefaultRateLimits()
	fs.TextVar(&f.rates.Requests, "rate-requests", rl.Requests, "most requests of one client address, as `EVENTS/PER` (20/1s, 10/1m) or off")
	fs.TextVar(&f.rates.Actions, "rate-actions", rl.Actions, "most actions one client address may play, as `EVENTS/PER` or off")
	fs.TextVar(&f.rates.Creations, "rate-creations", rl.Creations, "most matches one client address may create, as `EVENTS/PER` or off")
	fs.TextVar(&f.rates.Chat, "rate-chat", rl.Chat, "most chat messages one client address may send, as `EVENTS/PER` or off")
	fs.StringVar(&f.node, "node", "", "`NAME` of this server among several on one Postgres, in its bot leases; empty for host, process ID and a random part")
	fs.DurationVar(&f.leaseTTL, "lease-ttl", server.DefaultLeaseTTL, "how long this server's lease on the bots of a match lasts unless renewed (Postgres only); a dead server's matches move to another within about 1.3 times this")
	fs.DurationVar(&f.botDelay, "bot-delay", server.DefaultBotDelay, "pause before each bot move, so people can follow the bots (negative: none)")
	if env := os.Getenv("SCRAMBLE_HOSTS"); env != "" {
		f.hosts = splitHosts(env)
	}
	fs.Func("host", "public host `NAME` this server answers to besides localhost and its listen address (repeat or separate with commas; * for any; default $SCRAMBLE_HOSTS); other Host headers get 421", func(v string) error {
		hs := splitHosts(v)
		if len(hs) == 0 {
			return fmt.Errorf("--host needs a host name such as scramble.example.org")
		}
		f.hosts = append(f.hosts, hs...)
		return nil
	})
	cl, sl := server.DefaultConnLimits(), server.DefaultSocketLimits()
	fs.IntVar(&f.conns.PerAddress, "conns-per-address", cl.PerAddress, "most TCP connections `N` one client address may hold open; one more is answered 429 and closed")
	fs.IntVar(&f.conns.Total, "conns-total", cl.Total, "most TCP connections `N` the server holds open")
	fs.IntVar(&f.conns.Reserve, "conns-reserve", cl.Reserve, "how many (`N`) of --conns-total only addresses with no connection yet may take, so the server stays reachable")
	fs.IntVar(&f.sockets.PerAddress, "ws-per-address", sl.PerAddress, "most WebSockets `N` one client address may hold open (429 over it)")
	fs.IntVar(&f.sockets.PerMatch, "ws-per-match", sl.PerMatch, "most WebSockets `N` open on one match (503 over it)")
	fs.IntVar(&f.sockets.Total, "ws-total", sl.Total, "most WebSockets `N` open on the server (503 over it)")
	ll := server.DefaultLabLimits()
	fs.BoolVar(&f.lab.Off, "lab-off", false, "turn off the Lab page's sweeps on this server")
	fs.IntVar(&f.lab.Workers, "lab-workers", ll.Workers, "how many lab runs (`N`) play at once, one core each, apart from the bots of live matches")
	fs.IntVar(&f.lab.Runs, "lab-runs", ll.Runs, "most lab runs (`N`) playing or queued at once; one more is refused")
	fs.IntVar(&f.lab.Games, "lab-games", ll.Games, "most games `N` per cell of a lab sweep")
	fs.IntVar(&f.lab.Cells, "lab-cells", ll.Cells, "most cells `N` (combinations of values) of a lab sweep")
	fs.IntVar(&f.lab.Total, "lab-total", ll.Total, "most games `N` of one lab run, all cells together")
	fs.IntVar(&f.lab.Kept, "lab-kept", ll.Kept, "how many finished lab runs (`N`) stay in memory for their reports")
	notifyFlags(fs, &f.notify)
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
		{"--bot-move-time", int64(f.limits.Move)}, {"--bot-only-matches", int64(f.limits.BotOnlyMatches)},
		{"--bot-workers", int64(f.workers)}, {"--lease-ttl", int64(f.leaseTTL)},
		{"--lab-workers", int64(f.lab.Workers)}, {"--lab-runs", int64(f.lab.Runs)},
		{"--lab-games", int64(f.lab.Games)}, {"--lab-cells", int64(f.lab.Cells)},
		{"--lab-total", int64(f.lab.Total)}, {"--lab-kept", int64(f.lab.Kept)},
		{"--conns-per-address", int64(f.conns.PerAddress)}, {"--conns-total", int64(f.conns.Total)},
		{"--conns-reserve", int64(f.conns.Reserve)},
		{"--ws-per-address", int64(f.sockets.PerAddress)}, {"--ws-per-match", int64(f.sockets.PerMatch)},
		{"--ws-total", int64(f.sockets.Total)},
	} {
		if c.n <= 0 {
			return usagef("%s must be above zero", c.name)
		}
	}
	if f.conns.Reserve >= f.conns.Total {
		return usagef("--conns-reserve (%d) must be under --conns-total (%d)", f.conns.Reserve, f.conns.Total)
	}
	return nil
}

func newServeFlags() *flag.FlagSet { return new(serveFlags).flagSet() }

// splitHosts reads a comma-separated list of host names.
func splitHosts(v string) []string {
	var hs []string
	for h := range strings.SplitSeq(v, ",") {
		if h = strings.TrimSpace(h); h != "" {
			hs = append(hs, h)
		}
	}
	return hs
}

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
	st, err := open.OpenServing(ctx, f.db, f.data)
	if err != nil {
		return err
	}
	defer st.Close()
	cfg := server.Config{
		Games: a.games, Store: st, NewBot: a.newBot, UI: web.Handler(),
		BotLimits: f.limits, BotWorkers: f.workers, RateLimits: f.rates,
		Node: f.node, LeaseTTL: f.leaseTTL, BotDelay: f.botDelay, Lab: f.lab,
		Hosts: f.hosts, Connections: f.conns, Sockets: f.sockets,
		Notify: f.notify,
	}
	if f.botDelay == 0 {
		cfg.BotDelay = -1 // zero would mean the default in server.Config
	}
	where := filepath.Join(f.data, "scramble.db")
	if f.db != "" {
		where = "the database given by --db"
	}
	if kind, _, _ := open.Parse(f.db, f.data); kind == open.Postgres {
		// Several nodes may share this database: say which one this is.
		cfg.Node = cmp.Or(f.node, server.NewNodeName())
		where += ", as node " + cfg.Node
		// The Lab page's sweeps become jobs on the lab's queue in the same
		// database, taken by every node's lab workers (docs/lab.md).
		if !f.lab.Off {
			q, err := cluster.Open(ctx, f.db, a.clusterEnv())
			if err != nil {
				return err
			}
			defer q.Close()
			cfg.Lab.Queue = q
		}
	}
	return server.Run(ctx, f.addr, cfg, func(url string) {
		fmt.Fprintf(out, "Scramble is serving at %s (matches kept in %s). Ctrl-C stops it.\n", url, where)
	})
}
