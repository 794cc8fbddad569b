package server

import (
	"encoding/json"

	"scramble/engine"
	"scramble/rulebook"
	"scramble/store"
)

// snapshotEvents is how many of the last events a snapshot carries.
const snapshotEvents = 50

// Snapshot is a match as one seat sees it: everything a client needs to draw
// the position and act. It is built from State.View(seat) only, so it never
// holds what that seat may not see.
type Snapshot struct {
	ID      string      `json:"id"`
	Game    string      `json:"game"`
	Version int         `json:"version"`
	Seat    engine.Seat `json:"seat"`
	Seats   []SeatState `json:"seats"`
	// Current is the seat to act, engine.Simultaneous or engine.Terminal
	// (never engine.Chance: the server rolls dice at once).
	Current engine.Seat `json:"current"`
	View    engine.View `json:"view"`
	Board   string      `json:"board"`
	// Legal lists the caller's legal actions; it is empty unless the
	// caller's seat must act.
	Legal []LegalAction `json:"legal"`
	// Rule cites the rule of the caller's decision ("2.4.3 Combat"), for
	// a link to its section of the rules reference; "" when the caller
	// has nothing to decide or the game does not tell it.
	Rule     string         `json:"rule,omitempty"`
	Events   []engine.Event `json:"events"`
	Result   *engine.Result `json:"result"`
	Finished bool           `json:"finished"`
	// Hints is the match's hint policy, shown to every seat: "open" (no
	// two people play different sides), "allowed" or "off" (they do, and
	// the match was created with hints allowed or without).
	Hints string `json:"hints"`
}

// SeatState describes a seat in a snapshot.
type SeatState struct {
	Name string `json:"name"`
	// Side is the seat's side: seats of one side play together and share
	// a chat when there are two or more of them.
	Side string         `json:"side"`
	Kind store.SeatKind `json:"kind"`
	Bot  string         `json:"bot"`
	// Standin is set when the seat is a person's that a bot plays now: the
	// person left, or ran out of time (takeover.go).
	Standin bool `json:"standin,omitempty"`
	// Clock is the seat's clock when the match has a time control
	// (clocks.go).
	Clock *seatClock `json:"clock,omitempty"`
}

// LegalAction is one action the caller may take: its number and its text.
type LegalAction struct {
	ID   engine.Action `json:"id"`
	Text string        `json:"text"`
}

// snapshotLocked encodes seat's snapshot of m, which is the hub's match or
// one rewound from it. It encodes at once, under the hub's lock, because a
// view may share memory with the live state. Snapshots of the live match are
// kept until its next move, so the actor's answer, the broadcast and every
// reader of one position share one encoding per seat.
func (h *hub) snapshotLocked(m *engine.Match, seat engine.Seat) ([]byte, error) {
	if m != h.match {
		return h.encodeSnapshot(m, seat)
	}
	if v := len(m.History()); h.cached != m || h.cachedVersion != v {
		h.cached, h.cachedVersion = m, v
		clear(h.cache)
	}
	if b, ok := h.cache[seat]; ok {
		return b, nil
	}
	b, err := h.encodeSnapshot(m, seat)
	if err != nil {
		return nil, err
	}
	if h.cache == nil {
		h.cache = make(map[engine.Seat][]byte)
	}
	h.cache[seat] = b
	return b, nil
}

// encodeSnapshot builds and encodes seat's snapshot of m.
func (h *hub) encodeSnapshot(m *engine.Match, seat engine.Seat) ([]byte, error) {
	st := m.State()
	cur := st.Current()
	// A match that ended outside its rules (a seat lost on time) shows
	// its recorded result at its last position, live or replayed.
	ended := h.ended
	if len(m.History()) != len(h.match.History()) {
		ended = nil
	}
	if ended != nil {
		cur = engine.Terminal
	}
	snap := Snapshot{
		ID:       h.id,
		Game:     m.Game().Info().Name,
		Version:  len(m.History()),
		Seat:     seat,
		Seats:    make([]SeatState, len(h.seats)),
		Current:  cur,
		Legal:    []LegalAction{},
		Finished: cur == engine.Terminal,
	}
	snap.Hints, _ = h.hintPolicyLocked(seat)
	for i, s := range h.seats {
		snap.Seats[i] = SeatState{Name: s.Name, Side: s.Side, Kind: s.Kind, Bot: s.Bot, Standin: h.standinLocked(i), Clock: h.clockOfLocked(i)}
	}
	view := st.View(seat)
	snap.View = view
	snap.Board = view.String()
	if seat != engine.Spectator && ended == nil {
		h.buf = st.Legal(seat, h.buf[:0])
		for _, a := range h.buf {
			snap.Legal = append(snap.Legal, LegalAction{ID: a, Text: st.ActionString(seat, a)})
		}
		if len(snap.Legal) > 0 {
			snap.Rule = rulebook.DecisionRule(st, seat)
		}
	}
	events := m.Log().Events
	if len(events) > snapshotEvents {
		events = events[len(events)-snapshotEvents:]
	}
	snap.Events = append([]engine.Event{}, events...)
	switch {
	case ended != nil:
		snap.Result = ended
	case snap.Finished:
		r := st.Result()
		snap.Result = &r
	}
	return json.Marshal(&snap)
}
