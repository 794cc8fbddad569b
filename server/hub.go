package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"scramble/engine"
	"scramble/store"
)

// storeTimeout bounds one store write; a write is never cut short by a client
// that goes away, only by this.
const storeTimeout = 10 * time.Second

// hub is one match in memory: the engine.Match, the seats, the subscribed
// WebSockets and the match's bot goroutine. Every change goes through the
// hub's mutex, is committed to the store before anyone is told, and is then
// broadcast to the subscribers.
type hub struct {
	srv *Server
	id  string
	// owner is the address (clientKey) of the client that created the
	// match, its bots' turn in the bot queue (botpool.go); "" for a match
	// created before this process started.
	owner string

	// refs counts the users of the hub (requests, WebSockets, the bot
	// goroutine); used is when the last one left. Both are guarded by srv.mu.
	refs int
	used time.Time
	// loaded is set once the match is in memory; it is read without mu by
	// the server when it drops unused hubs.
	loaded atomic.Bool
	// leased is set while this node holds the lease on the match's bots
	// (on a store with leases); written under mu, read without it too.
	leased atomic.Bool
	// leasedAt is when leased was last set (Unix nanoseconds), so that a
	// renewal that began before does not take the new lease for lost.
	leasedAt atomic.Int64
	// stored is the version the hub last committed or loaded, readable
	// without mu, so that a notice of a commit the hub already holds (its
	// own, mostly) costs nothing.
	stored atomic.Int64

	mu       sync.Mutex
	match    *engine.Match
	seats    []seatRecord
	specHash string
	// hints is set when the match was created with hints allowed
	// (hint.go).
	hints bool
	// dice is the dice position stored with the last committed move.
	dice string
	// bots holds each bot seat's bot (nil for people).
	bots       []engine.Bot
	subs       map[*subscriber]struct{}
	botRunning bool
	botFailed  bool
	buf        []engine.Action
	// cache holds each seat's encoded snapshot of cached at cachedVersion.
	cache         map[engine.Seat][]byte
	cached        *engine.Match
	cachedVersion int
	// chatSeen is, per side, the highest chat message number the hub has
	// passed on or heard of (chat.go).
	chatSeen map[string]int
	// acting is, per seat, whether it was to act at the last commit or
	// load, so that a seat is told of its turn once (notify.go).
	acting []bool
	// clocks are the match's time control, nil for none (clocks.go).
	clocks *Clocks
	// ended is the result recorded for a match that ended outside its
	// rules (a seat lost on time, commit.go); nil otherwise.
	ended *engine.Result
}

// seatRecord is what the hub knows of a seat.
type seatRecord struct {
	Name string
	Side string
	Kind store.SeatKind
	Bot  string
	hash string
}

// acquire returns the match's hub, loaded, and counts the caller as a user
// until it calls release.
func (s *Server) acquire(ctx context.Context, id string) (*hub, error) {
	if !validID(id) {
		return nil, errorf(http.StatusNotFound, "no match with ID %s; check the link", quotePrefix(id))
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, errClosing
	}
	h := s.hubs[id]
	if h == nil {
		h = &hub{srv: s, id: id, subs: make(map[*subscriber]struct{})}
		s.hubs[id] = h
	}
	h.refs++
	s.mu.Unlock()
	if err := h.ensureLoaded(ctx); err != nil {
		s.release(h)
		return nil, err
	}
	return h, nil
}

// release ends a use of h that acquire (or addRef) counted.
func (s *Server) release(h *hub) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h.refs--
	h.used = time.Now()
	if h.refs == 0 && !h.loaded.Load() && !h.leased.Load() && s.hubs[h.id] == h {
		delete(s.hubs, h.id)
	}
}

// addRef counts one more user of h, which the caller already uses; it fails
// once the server is closing. When it succeeds, it also counts a background
// goroutine in s.wg, which must call s.wg.Done.
func (s *Server) addRef(h *hub) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	h.refs++
	s.wg.Add(1)
	return true
}

// evictIdle drops the hubs nobody has used since before.
func (s *Server) evictIdle(before time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, h := range s.hubs {
		// A hub whose bots this node plays stays, or the next sweep
		// would load it again.
		if h.refs == 0 && h.used.Before(before) && !h.leased.Load() {
			delete(s.hubs, id)
		}
	}
}

// validID reports whether id looks like a match ID (base64url, at most 64
// characters), so that nonsense never reaches the store.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
		if !ok {
			return false
		}
	}
	return true
}

// ensureLoaded loads the match from the store unless it is in memory.
func (h *hub) ensureLoaded(ctx context.Context) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.ensureLoadedLocked(ctx)
}

func (h *hub) ensureLoadedLocked(ctx context.Context) error {
	if h.loaded.Load() {
		return nil
	}
	if err := h.loadLocked(ctx); err != nil {
		return err
	}
	h.leaseLocked(ctx)
	h.kickLocked()
	return nil
}

// loadLocked rebuilds the match from its stored record and moves: a new
// match with the stored game, options and seed, every stored move replayed
// through the engine, and the dice restored to their stored position.
func (h *hub) loadLocked(ctx context.Context) error {
	st := h.srv.store
	rec, err := st.Get(ctx, h.id)
	if err != nil {
		return err
	}
	moves, err := st.Moves(ctx, h.id)
	if err != nil {
		return err
	}
	opts, hints := splitHints(rec.Options)
	m, err := h.srv.rebuild(rec.Game, opts, rec.Seed, moves, rec.Dice)
	if err != nil {
		return fmt.Errorf("match %s cannot be rebuilt from the store: %w", h.id, err)
	}
	names := m.State().Seats()
	if len(names) != len(rec.Seats) {
		return fmt.Errorf("match %s: the store has %d seats but the game set up %d", h.id, len(rec.Seats), len(names))
	}
	h.seats = make([]seatRecord, len(rec.Seats))
	h.bots = make([]engine.Bot, len(rec.Seats))
	for i, seat := range rec.Seats {
		h.seats[i] = seatRecord{Name: names[i].Name, Side: names[i].Side, Kind: seat.Kind, Bot: seat.Bot, hash: seat.TokenHash}
		if seat.Kind != store.Bot {
			continue
		}
		if h.srv.newBot == nil {
			h.srv.log.Error("match has a bot seat but this server has no bots", "match", h.id, "seat", i)
			continue
		}
		// A match stored before the limits, or by a server with higher
		// ones, does not get its bot back: its seat waits.
		b, err := h.srv.buildBot(seat.Bot)
		if err != nil {
			h.srv.log.Error("cannot build the bot of a seat; the seat waits", "match", h.id, "seat", i, "bot", seat.Bot, "err", err)
			continue
		}
		h.bots[i] = b
	}
	h.specHash = rec.SpectatorHash
	h.hints = hints
	h.match = m
	h.stored.Store(int64(len(moves)))
	h.dice = rec.Dice
	h.botFailed = false
	h.ended = nil
	if rec.Result != nil && m.State().Current() != engine.Terminal {
		h.ended = rec.Result
	}
	h.acting = h.actingLocked()
	if err := h.loadClocksLocked(ctx); err != nil {
		return err
	}
	h.loaded.Store(true)
	// A match whose creation stopped before its setup dice were stored
	// rolls them now, from the same seed, so they come out the same.
	if m.State().Current() == engine.Chance {
		if err := h.rollAndCommitLocked(ctx, len(m.History())); err != nil {
			return err
		}
	}
	h.kickLocked()
	return nil
}

// rebuild replays moves of a match of game from its setup and puts the dice
// at their stored position.
func (s *Server) rebuild(game string, opts engine.Options, seed uint64, moves []engine.Move, dice string) (*engine.Match, error) {
	g, ok := s.games.Lookup(game)
	if !ok {
		return nil, fmt.Errorf("the match is of game %q, which this server does not have", game)
	}
	if len(moves) == 0 && dice == "" {
		return engine.NewMatch(g, opts, seed)
	}
	f := engine.SaveFile{
		Format: engine.SaveFormat, Version: engine.SaveVersion,
		Game: game, Options: opts, Seed: seed, Dice: dice, Moves: moves,
	}
	return f.Load(s.games)
}

// version is the number of moves of the match, dice included.
func (h *hub) versionLocked() int { return len(h.match.History()) }

// playLocked applies seat's action, rolls the dice that follow, commits them
// all and tells every subscriber. An illegal action is a 422 and changes
// nothing.
func (h *hub) playLocked(ctx context.Context, seat engine.Seat, a engine.Action) error {
	from := h.versionLocked()
	if err := h.match.Apply(seat, a); err != nil {
		return illegal(err)
	}
	return h.rollAndCommitLocked(ctx, from)
}

// rollAndCommitLocked rolls every pending die, then stores the moves made
// since version from in one transaction and broadcasts the new position. If
// anything fails, the match goes back to version from.
func (h *hub) rollAndCommitLocked(ctx context.Context, from int) error {
	if _, err := h.match.RollDice(); err != nil {
		h.rollbackLocked(from)
		return fmt.Errorf("rolling dice: %w", err)
	}
	save, err := h.match.Save()
	if err != nil {
		h.rollbackLocked(from)
		return fmt.Errorf("reading the dice position: %w", err)
	}
	if len(save.Moves) == from {
		h.broadcastLocked()
		h.kickLocked()
		return nil
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	err = h.appendLocked(wctx, from, save)
	if err != nil {
		if errors.Is(err, store.ErrConflict) {
			// Another writer moved the match on: the store is right.
			h.loaded.Store(false)
			if lerr := h.loadLocked(wctx); lerr != nil {
				h.srv.log.Error("cannot reload a match after a store conflict", "match", h.id, "err", lerr)
			}
			h.broadcastLocked()
			return errConflict
		}
		h.srv.log.Error("cannot store moves; rolled the match back", "match", h.id, "from", from, "err", err)
		h.rollbackLocked(from)
		return errStoreFailed
	}
	h.dice = save.Dice
	h.stored.Store(int64(len(save.Moves)))
	h.broadcastLocked()
	h.kickLocked()
	if save.Result != nil {
		h.unleaseLocked()
	}
	return nil
}

// rollbackLocked puts the match back at version from, with the dice where
// the store has them. If that fails the hub forgets the match, to be
// reloaded from the store on next use.
func (h *hub) rollbackLocked(from int) {
	moves := h.match.History()[:from]
	m, err := h.srv.rebuild(h.match.Game().Info().Name, h.match.Options(), h.match.Seed(), moves, h.dice)
	if err != nil {
		h.srv.log.Error("cannot roll a match back; it will be reloaded from the store", "match", h.id, "err", err)
		h.loaded.Store(false)
		return
	}
	h.match = m
}

// identify returns the seat a token opens in this match.
func (h *hub) identify(token string) (engine.Seat, error) {
	h.mu.Lock()
	hashes := make([]string, len(h.seats))
	for i, s := range h.seats {
		hashes[i] = s.hash
	}
	spec := h.specHash
	h.mu.Unlock()
	return identify(token, hashes, spec)
}

// snapshot returns seat's snapshot of the live match.
func (h *hub) snapshot(ctx context.Context, seat engine.Seat) ([]byte, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.ensureLoadedLocked(ctx); err != nil {
		return nil, err
	}
	return h.snapshotLocked(h.match, seat)
}

// events returns a page of the event log.
func (h *hub) events(ctx context.Context, r eventRange) (eventPage, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.ensureLoadedLocked(ctx); err != nil {
		return eventPage{}, err
	}
	return r.page(h.match.Log().Events), nil
}
