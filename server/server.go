// Package server is Scramble's web server: the HTTP and WebSocket API of
// docs/api.md over the engine, the bots and the store, plus the browser UI
// mounted at "/".
//
// Every live match is held in memory by a hub: the engine.Match, a mutex and
// the match's WebSocket subscribers. A hub is rebuilt from the store on first
// use (after a restart too) by replaying the stored moves, and it is dropped
// again once nobody has used it for a while. An action is answered only after
// it and the dice it caused are committed to the store; if the store refuses,
// the hub rolls back, so memory never runs ahead of the database.
//
// Several servers (nodes) may share one Postgres database (docs/deploy.md):
// each follows the commits of the others through the store's Watcher
// (follow.go), and plays the bots only of the matches whose lease it holds
// (leases.go); the version guard of every commit keeps two nodes from both
// moving a match on.
package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"sync"
	"time"

	"scramble/engine"
	"scramble/store"
)

// DefaultBotDelay is the pause before each bot move when Config.BotDelay is
// zero: long enough for a person to see the bots play, short enough not to
// bore them.
const DefaultBotDelay = 400 * time.Millisecond

// Catalog is the set of games a server offers. *catalog.Catalog satisfies it.
type Catalog interface {
	// Lookup finds a game by its short name.
	Lookup(name string) (engine.Game, bool)
	// Names returns the short names of the games, sorted.
	Names() []string
}

// Config is what a server needs.
type Config struct {
	// Games are the games matches can be created for. Required.
	Games Catalog
	// Store keeps matches durably. Required. The server does not close it.
	Store store.Store
	// NewBot builds a bot from its spec ("mcts:iterations=500"); nil means
	// matches cannot have bot seats.
	NewBot func(spec string) (engine.Bot, error)
	// BotDelay is the pause before each bot move, so people can follow the
	// bots: zero means DefaultBotDelay, a negative value means no pause (for
	// tests and benchmarks).
	BotDelay time.Duration
	// UI serves the browser UI at "/"; nil serves nothing there.
	UI http.Handler
	// OriginPatterns are extra hosts (path.Match patterns, as in
	// websocket.AcceptOptions) whose pages may open WebSockets; the server's
	// own host is always allowed. Leave it empty unless the UI is served from
	// elsewhere during development.
	OriginPatterns []string
	// Connections bound the TCP connections Run accepts, per client
	// address and in total, before any request is read; zero fields take
	// DefaultConnLimits.
	Connections ConnLimits
	// Sockets cap the open WebSockets per client address, per match and
	// in total; zero fields take DefaultSocketLimits.
	Sockets SocketLimits
	// Hosts are the host names the server answers to, besides localhost,
	// 127.0.0.1 and ::1 (and, in Run, the host of the listen address): a
	// request whose Host header names another is refused with 421, which
	// stops DNS rebinding. Put the public name here ("scramble.example.org");
	// "*" answers to any name.
	Hosts []string
	// Logger receives server faults and bot failures; nil means
	// slog.Default().
	Logger *slog.Logger
	// Timeouts bound slow clients in Run; zero fields take
	// DefaultTimeouts.
	Timeouts Timeouts
	// BotLimits bound the bot specs matches may ask for; zero fields take
	// DefaultBotLimits.
	BotLimits BotLimits
	// BotWorkers is how many bots may think at once across all matches;
	// zero means one per CPU. They are shared fairly (botpool.go): matches
	// with a person first, then by turns of the creating client addresses
	// and of their matches.
	BotWorkers int
	// RateLimits bound how often one client address may call; the zero
	// value sets no limit.
	RateLimits RateLimits
	// Lab bounds the lab's background sweeps (lab.go); zero fields take
	// DefaultLabLimits.
	Lab LabLimits
	// Node names this process among the servers sharing a database, in
	// the bot leases it takes; "" means NewNodeName().
	Node string
	// LeaseTTL is how long this node's lease on the bots of a match lasts
	// unless renewed, on a store that has leases (Postgres); zero means
	// DefaultLeaseTTL. A node that dies has its bot matches taken over by
	// another within about 1.3 LeaseTTL.
	LeaseTTL time.Duration
	// Notify sets up seats' notifications (notify.go).
	Notify NotifyConfig
	// Clock sets up the sweep of time controls (clocks.go).
	Clock ClockConfig
}

// Server serves the API of docs/api.md. Create one with New, serve its
// Handler, and Close it when done.
type Server struct {
	games    Catalog
	store    store.Store
	newBot   func(string) (engine.Bot, error)
	botDelay time.Duration
	limits   BotLimits
	slots    botSlots
	botq     *botQueue
	botOnly  botOnlyMatches
	lab      *lab
	rate     *rateLimiter
	origins  []string
	hosts    hostSet
	sockets  *socketCount
	log      *slog.Logger
	infos    []gameInfo
	handler  http.Handler

	// leaser and watcher are the store's, when it can be shared by several
	// nodes (docs/deploy.md); nil on a store for one process.
	leaser   store.Leaser
	watcher  store.Watcher
	node     string
	leaseTTL time.Duration
	// notify is nil when this server sends no notifications (notify.go).
	notify *notifier
	// clockCfg is Config.Clock (clocks.go).
	clockCfg ClockConfig

	// ctx is cancelled by Close; it stops the bots, the janitor and every
	// WebSocket.
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	hubs   map[string]*hub
	closed bool
}

// shutdownGrace is how long a shutdown lets running requests finish.
const shutdownGrace = 5 * time.Second

// hubIdleTTL is how long a hub nobody uses stays in memory.
const hubIdleTTL = 10 * time.Minute

// New checks cfg and returns a server. It starts, in the background, the bots
// of every live match that has them, so bot matches resume after a restart.
// On a store several nodes share (one that is a store.Leaser and a
// store.Watcher, such as Postgres), it plays only the bots of the matches it
// holds the lease of, adopts the matches no node holds, and follows the
// moves other nodes commit (docs/deploy.md).
func New(cfg Config) (*Server, error) {
	if cfg.Games == nil {
		return nil, errors.New("server: Config.Games is nil; pass catalog.New()")
	}
	if cfg.Store == nil {
		return nil, errors.New("server: Config.Store is nil; open a store first")
	}
	infos, err := describeGames(cfg.Games)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s := &Server{
		games:    cfg.Games,
		store:    cfg.Store,
		newBot:   cfg.NewBot,
		botDelay: cfg.BotDelay,
		limits:   cfg.BotLimits.orDefault(),
		rate:     newRateLimiter(cfg.RateLimits),
		lab:      newLab(cfg.Lab),
		origins:  cfg.OriginPatterns,
		hosts:    newHostSet(cfg.Hosts),
		sockets:  newSocketCount(cfg.Sockets),
		log:      cfg.Logger,
		infos:    infos,
		hubs:     make(map[string]*hub),
		node:     cmp.Or(cfg.Node, NewNodeName()),
		leaseTTL: cmp.Or(cfg.LeaseTTL, DefaultLeaseTTL),
	}
	s.leaser, _ = cfg.Store.(store.Leaser)
	s.watcher, _ = cfg.Store.(store.Watcher)
	if s.leaseTTL < 0 {
		return nil, fmt.Errorf("server: Config.LeaseTTL %s is negative", s.leaseTTL)
	}
	workers := cfg.BotWorkers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	s.slots = make(botSlots, workers)
	s.botq = newBotQueue(s.slots)
	if s.botDelay == 0 {
		s.botDelay = DefaultBotDelay
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.handler = s.routes(cfg.UI)
	s.startLabWorkers()
	if err := s.startNotify(cfg.Notify); err != nil {
		s.cancel()
		return nil, err
	}
	s.clockCfg = cfg.Clock
	if _, ok := s.store.(store.Clocker); ok && s.clockCfg.Tick >= 0 {
		s.wg.Add(1)
		go s.clocksLoop()
	}
	s.wg.Add(2)
	go s.janitor()
	if s.leaser != nil {
		go s.leases()
	} else {
		go s.resumeBots()
	}
	if s.watcher != nil {
		s.wg.Add(1)
		go s.watch()
	}
	return s, nil
}

// Handler returns the server's HTTP handler: the API under /api/ and the UI
// at /.
func (s *Server) Handler() http.Handler { return s.handler }

// Close stops the bots, cancelling the searches that are running, and closes
// every WebSocket, then waits for them, and gives up its bot leases so that
// other nodes take the matches over at once. It does not close the store. Requests after Close are refused with 503.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	hubs := make([]*hub, 0, len(s.hubs))
	for _, h := range s.hubs {
		hubs = append(hubs, h)
	}
	s.mu.Unlock()
	s.cancel()
	for _, h := range hubs {
		h.dropSubscribers()
	}
	s.wg.Wait()
	if s.leaser != nil {
		s.unleaseAll()
	}
}

// Run serves cfg's API on addr, within cfg.Connections, until ctx is
// cancelled, then shuts down
// gracefully: it stops accepting connections, lets running requests finish
// (for up to five seconds) and closes the server. Once it is listening it
// calls ready, if not nil, with the server's URL ("http://127.0.0.1:8080"),
// so a command can print it.
func Run(ctx context.Context, addr string, cfg Config, ready func(url string)) error {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %w (is another server using the port?)", addr, err)
	}
	cfg.Hosts = append(listenHosts(l), cfg.Hosts...)
	conns := cfg.Connections.orDefault()
	if err := conns.check(); err != nil {
		l.Close()
		return fmt.Errorf("server: %w", err)
	}
	s, err := New(cfg)
	if err != nil {
		l.Close()
		return err
	}
	l = LimitListener(l, conns)
	defer s.Close()
	if ready != nil {
		ready(listenURL(l))
	}
	return serve(ctx, l, httpServer(s.Handler(), cfg.Timeouts), s.Close)
}

// serve runs hs on l until ctx is done, then shuts it down: it stops
// accepting connections, calls stop (which ends the bots and the
// WebSockets, which Shutdown does not wait for) and lets running requests
// finish.
func serve(ctx context.Context, l net.Listener, hs *http.Server, stop func()) error {
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	go stop()
	err := hs.Shutdown(sctx)
	<-errc
	if err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	return nil
}

// listenURL names the URL of a listener, spelling an unspecified address as
// localhost.
func listenURL(l net.Listener) string {
	addr, ok := l.Addr().(*net.TCPAddr)
	if !ok {
		return "http://" + l.Addr().String()
	}
	host := addr.IP.String()
	if addr.IP.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, fmt.Sprint(addr.Port))
}

// listenHosts are the host names a listener is reached by besides the
// loopback ones: its address, or when it listens on every address (":8080"),
// the addresses of the machine's interfaces.
func listenHosts(l net.Listener) []string {
	addr, ok := l.Addr().(*net.TCPAddr)
	if !ok {
		return nil
	}
	if !addr.IP.IsUnspecified() {
		return []string{addr.IP.String()}
	}
	var hosts []string
	ifaddrs, _ := net.InterfaceAddrs()
	for _, a := range ifaddrs {
		if n, ok := a.(*net.IPNet); ok {
			hosts = append(hosts, n.IP.String())
		}
	}
	return hosts
}

// rateIdleTTL is how long the rate limiter remembers a quiet client; any
// bucket is full again well before.
const rateIdleTTL = 10 * time.Minute

// janitor drops hubs that nobody has used for hubIdleTTL, and the rate
// buckets of clients quiet for rateIdleTTL.
func (s *Server) janitor() {
	defer s.wg.Done()
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case now := <-t.C:
			s.evictIdle(now.Add(-hubIdleTTL))
			s.rate.forget(now.Add(-rateIdleTTL))
		}
	}
}

// resumeBots loads every live match that has a bot seat, which starts its
// bots if one of them is to act.
func (s *Server) resumeBots() {
	defer s.wg.Done()
	const most = 100000
	live, err := s.store.List(s.ctx, store.ListQuery{Limit: most})
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Error("cannot list live matches to resume their bots", "err", err)
		}
		return
	}
	for _, m := range live {
		hasBot := false
		for _, seat := range m.Seats {
			hasBot = hasBot || seat.Kind == store.Bot
		}
		if !hasBot {
			continue
		}
		h, err := s.acquire(s.ctx, m.ID)
		if err != nil {
			if s.ctx.Err() != nil {
				return
			}
			s.log.Error("cannot resume match", "match", m.ID, "err", err)
			continue
		}
		s.release(h)
	}
}
