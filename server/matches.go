package server

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"scramble/engine"
	"scramble/store"
)

// gameInfo is one entry of GET /api/games.
type gameInfo struct {
	Name        string              `json:"name"`
	Title       string              `json:"title"`
	Summary     string              `json:"summary"`
	Options     []engine.OptionSpec `json:"options"`
	Seats       []engine.SeatInfo   `json:"seats"`
	Resolutions []engine.Resolution `json:"resolutions"`
}

// describeGames lists the games of c with the seats of their default setup.
func describeGames(c Catalog) ([]gameInfo, error) {
	infos := []gameInfo{}
	for _, name := range c.Names() {
		g, ok := c.Lookup(name)
		if !ok {
			return nil, fmt.Errorf("the catalog names game %q but cannot look it up", name)
		}
		st, _, err := engine.Setup(g, nil)
		if err != nil {
			return nil, fmt.Errorf("game %s cannot be set up with its default options: %w", name, err)
		}
		info := g.Info()
		gi := gameInfo{
			Name: info.Name, Title: info.Title, Summary: info.Summary,
			Options: g.Options(), Seats: st.Seats(), Resolutions: info.Resolutions,
		}
		if gi.Options == nil {
			gi.Options = []engine.OptionSpec{}
		}
		if gi.Resolutions == nil {
			gi.Resolutions = []engine.Resolution{}
		}
		infos = append(infos, gi)
	}
	return infos, nil
}

// createRequest is the body of POST /api/matches.
type createRequest struct {
	Game    string         `json:"game"`
	Options engine.Options `json:"options"`
	// Seed is the dice seed; nil means a random one.
	Seed *uint64 `json:"seed"`
	// Seats fill the game's seats in order; empty means people in every
	// seat.
	Seats []seatRequest `json:"seats"`
	// Public lists the match in the lobby; otherwise only its links reach
	// it.
	Public bool `json:"public"`
	// client is the address (clientKey) of the client creating the match,
	// which its bots are counted under (botpool.go, botonly.go).
	client string
	// Clock names a time-control preset (clock.go); "" for none.
	// OnTimeout overrides its policy.
	Clock     string `json:"clock"`
	OnTimeout string `json:"on_timeout"`
	// Hints allows every seat hints even when people play different sides
	// (hint.go); solo, co-operative and practice matches have them anyway.
	Hints bool `json:"hints"`
}

// seatRequest says who fills one seat.
type seatRequest struct {
	Kind store.SeatKind `json:"kind"`
	Bot  string         `json:"bot"`
	// Standin is, for a person's seat, the bot that takes it over if its
	// person leaves (takeover.go); "" means DefaultStandin.
	Standin string `json:"standin"`
}

// createdMatch is the answer to POST /api/matches: the secret links.
type createdMatch struct {
	ID        string        `json:"id"`
	Seats     []createdSeat `json:"seats"`
	Spectator tokenLink     `json:"spectator"`
}

// createdSeat is one seat of a new match; people's seats carry their token
// and link.
type createdSeat struct {
	Seat  int            `json:"seat"`
	Name  string         `json:"name"`
	Kind  store.SeatKind `json:"kind"`
	Bot   string         `json:"bot,omitempty"`
	Token string         `json:"token,omitempty"`
	Link  string         `json:"link,omitempty"`
}

// tokenLink is a token and the page link that carries it.
type tokenLink struct {
	Token string `json:"token"`
	Link  string `json:"link"`
}

// createMatch sets up, stores and starts a new match.
func (s *Server) createMatch(ctx context.Context, req *createRequest) (_ *createdMatch, err error) {
	g, ok := s.games.Lookup(req.Game)
	if !ok {
		return nil, errorf(http.StatusBadRequest, "unknown game %s; known games: %s", quotePrefix(req.Game), strings.Join(s.games.Names(), ", "))
	}
	if err := checkOptionLengths(req.Options); err != nil {
		return nil, err
	}
	tc, err := s.timeControlOf(req)
	if err != nil {
		return nil, err
	}
	seed := randomSeed()
	if req.Seed != nil {
		seed = *req.Seed
	}
	m, err := engine.NewMatch(g, req.Options, seed)
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "cannot set up %s: %v", req.Game, err)
	}
	names := m.State().Seats()
	seats := req.Seats
	if len(seats) == 0 {
		seats = make([]seatRequest, len(names))
		for i := range seats {
			seats[i].Kind = store.Person
		}
	}
	if len(seats) != len(names) {
		return nil, errorf(http.StatusBadRequest, "%s with these options has %d seats (%s) but %d were given; give one per seat", req.Game, len(names), seatNames(names), len(seats))
	}
	bots := make([]engine.Bot, len(seats))
	for i, seat := range seats {
		switch seat.Kind {
		case store.Person:
			if seat.Bot != "" {
				return nil, errorf(http.StatusBadRequest, "seat %d is a person but names bot %s; make it {\"kind\":\"bot\"} or drop \"bot\"", i, quotePrefix(seat.Bot))
			}
			if err := s.checkStandin(i, seat.Standin); err != nil {
				return nil, err
			}
			seats[i].Bot = seat.Standin // a person's seat keeps its stand-in in the bot column
		case store.Bot:
			if s.newBot == nil {
				return nil, errorf(http.StatusBadRequest, "seat %d: this server has no bots; make every seat a person", i)
			}
			if seat.Bot == "" {
				return nil, errorf(http.StatusBadRequest, "seat %d is a bot but names none; give \"bot\", such as \"random\" or \"mcts\"", i)
			}
			if bots[i], err = s.buildBot(seat.Bot); err != nil {
				return nil, errorf(http.StatusBadRequest, "seat %d: %v", i, err)
			}
		default:
			return nil, errorf(http.StatusBadRequest, "seat %d has kind %s; use \"person\" or \"bot\"", i, quotePrefix(string(seat.Kind)))
		}
	}

	initial, err := m.Save()
	if err != nil {
		return nil, err
	}
	id := newMatchID()
	botOnly := isBotOnly(seats)
	if botOnly {
		if err := s.claimBotOnly(req.client, id); err != nil {
			return nil, err
		}
		created := false
		defer func() {
			if !created {
				s.dropBotOnly(req.client, id)
			}
		}()
		defer func() { created = err == nil }()
	}
	out := &createdMatch{ID: id, Seats: make([]createdSeat, len(seats))}
	now := time.Now().UTC()
	rec := &store.Match{
		ID: id, Game: req.Game, Options: withHints(m.Options(), req.Hints), Seed: seed,
		Seats: make([]store.Seat, len(seats)), Created: now, Updated: now, Dice: initial.Dice,
		Public: req.Public,
	}
	h := &hub{
		srv: s, id: id, owner: req.client, subs: make(map[*subscriber]struct{}),
		match: m, dice: initial.Dice, seats: make([]seatRecord, len(seats)), bots: bots,
		hints: req.Hints,
	}
	for i, seat := range seats {
		cs := createdSeat{Seat: i, Name: names[i].Name, Kind: seat.Kind, Bot: seat.Bot}
		rs := store.Seat{Kind: seat.Kind, Bot: seat.Bot}
		if seat.Kind == store.Person {
			cs.Token = newToken()
			cs.Link = fmt.Sprintf("/m/%s?seat=%d&token=%s", id, i, url.QueryEscape(cs.Token))
			rs.TokenHash = hashToken(cs.Token)
		}
		out.Seats[i] = cs
		rec.Seats[i] = rs
		h.seats[i] = seatRecord{Name: names[i].Name, Side: names[i].Side, Kind: seat.Kind, Bot: seat.Bot, hash: rs.TokenHash}
	}
	spec := newToken()
	out.Spectator = tokenLink{Token: spec, Link: fmt.Sprintf("/m/%s?token=%s", id, url.QueryEscape(spec))}
	rec.SpectatorHash = hashToken(spec)
	h.specHash = rec.SpectatorHash

	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	if err := s.store.Create(wctx, rec); err != nil {
		return nil, fmt.Errorf("storing the new match: %w", err)
	}

	// Publish the hub, then roll the setup dice through it like any move.
	if !s.install(h) {
		return nil, errClosing
	}
	defer s.release(h)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.loaded.Store(true)
	h.leaseLocked(ctx)
	if tc != nil {
		h.clocks = NewClocks(*tc, len(seats))
		h.updateClocksLocked(wctx)
	}
	if err := h.rollAndCommitLocked(ctx, 0); err != nil {
		// The match is stored at version 0; whoever opens it next rolls
		// its setup dice again, from the same seed.
		h.loaded.Store(false)
		return nil, err
	}
	return out, nil
}

// maxOptionText bounds the name and the value of a match option; every
// game's are a few characters.
const maxOptionText = 100

// checkOptionLengths refuses an option name or value too long to be real,
// before the game reads it, so that no error echoes it back whole.
func checkOptionLengths(opts engine.Options) error {
	for name, value := range opts {
		if len(name) > maxOptionText || len(value) > maxOptionText {
			return errorf(http.StatusBadRequest, "option %s=%s is too long: option names and values are at most %d bytes", quotePrefix(name), quotePrefix(value), maxOptionText)
		}
	}
	return nil
}

// install publishes a new hub as in use by the caller.
func (s *Server) install(h *hub) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	h.refs++
	s.hubs[h.id] = h
	return true
}

func seatNames(seats []engine.SeatInfo) string {
	n := make([]string, len(seats))
	for i, s := range seats {
		n[i] = s.Name
	}
	return strings.Join(n, ", ")
}

// randomSeed draws a dice seed for a match that asked for none.
func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// claimRequest is the body of POST /api/matches/{id}/claim.
type claimRequest struct {
	// Seat is the seat claimed; nil means whichever seat the token opens.
	Seat  *int   `json:"seat"`
	Token string `json:"token"`
}

// joinRequest is the body of POST /api/matches/{id}/join.
type joinRequest struct {
	Seat int `json:"seat"`
}

// join gives the open seat of a public, live match to the caller: a new
// token for the seat (the old link stops working), stored claimed, which
// it returns. A private or finished match, a bot's seat or a claimed one
// is refused.
func (h *hub) join(ctx context.Context, seat int) (string, error) {
	m, err := h.srv.store.Get(ctx, h.id)
	if err != nil {
		return "", err
	}
	switch {
	case !m.Public:
		return "", errorf(http.StatusForbidden, "this match is not listed in the lobby: only its links open its seats")
	case m.Result != nil:
		return "", errorf(http.StatusConflict, "this match is over: watch its replay instead")
	case seat < 0 || seat >= len(m.Seats):
		return "", errorf(http.StatusBadRequest, "seat %d does not exist: this match has seats 0 to %d", seat, len(m.Seats)-1)
	case m.Seats[seat].Kind != store.Person:
		return "", errorf(http.StatusConflict, "seat %d is played by a bot", seat)
	case m.Seats[seat].Claimed:
		return "", errorf(http.StatusConflict, "seat %d has been taken; the lobby lists the seats still open", seat)
	}
	token := newToken()
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	if err := h.srv.store.JoinSeat(wctx, h.id, seat, hashToken(token)); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return "", errorf(http.StatusConflict, "seat %d has just been taken by someone else", seat)
		}
		return "", fmt.Errorf("joining seat %d: %w", seat, err)
	}
	defer h.started(wctx, m, seat)
	h.mu.Lock()
	if seat < len(h.seats) {
		h.seats[seat].hash = hashToken(token)
	}
	h.mu.Unlock()
	return token, nil
}

// claim checks a seat's token, marks the seat claimed and returns the seat.
func (h *hub) claim(ctx context.Context, req *claimRequest) (engine.Seat, error) {
	if req.Token == "" {
		return 0, errorf(http.StatusBadRequest, `"token" is missing: send the token from the seat's link`)
	}
	seat, err := h.identify(req.Token)
	if err != nil {
		return 0, err
	}
	if req.Seat != nil && engine.Seat(*req.Seat) != seat {
		return 0, errorf(http.StatusForbidden, "this token does not open seat %d; use that seat's own link", *req.Seat)
	}
	if seat == engine.Spectator {
		return seat, nil
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	var before *store.Match
	if h.srv.notify != nil {
		// Read first, to tell the first opening of the last open seat
		// (the match begins) from any later one.
		if before, err = h.srv.store.Get(wctx, h.id); err != nil {
			return 0, err
		}
	}
	if err := h.srv.store.ClaimSeat(wctx, h.id, int(seat)); err != nil {
		return 0, fmt.Errorf("marking seat %d claimed: %w", seat, err)
	}
	h.started(wctx, before, int(seat))
	return seat, nil
}

// started queues the "match started" notification for every other
// person's seat when seat, open in match record before (as read before it
// was taken), was the last open one of a live match: the match has begun.
// A seat connected now is not told.
func (h *hub) started(ctx context.Context, before *store.Match, seat int) {
	if h.srv.notify == nil || before == nil || before.Result != nil || seat >= len(before.Seats) || before.Seats[seat].Claimed {
		return
	}
	for i, s := range before.Seats {
		if i != seat && s.Kind == store.Person && !s.Claimed {
			return // another seat is still open
		}
	}
	h.mu.Lock()
	var notes []store.Note
	for i, s := range before.Seats {
		if i == seat || s.TokenHash == "" || i >= len(h.seats) || h.connectedLocked(i) {
			continue
		}
		notes = append(notes, store.Note{Seat: i, Kind: store.NoteStart, Text: h.noteText(i, "has begun: every seat is taken")})
	}
	h.mu.Unlock()
	h.srv.enqueue(ctx, h.id, notes)
}
