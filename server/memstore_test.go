package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"scramble/engine"
	"scramble/store"
)

// memStore is an in-memory store.Store for tests. Its failAppend, when set,
// makes Append fail, to test the rollback.
type memStore struct {
	mu         sync.Mutex
	matches    map[string]*store.Match
	moves      map[string][]engine.Move
	chat       map[string][]store.ChatMessage
	failAppend error
}

func newMemStore() *memStore {
	return &memStore{matches: map[string]*store.Match{}, moves: map[string][]engine.Move{}, chat: map[string][]store.ChatMessage{}}
}

func (s *memStore) Create(ctx context.Context, m *store.Match) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.matches[m.ID]; ok {
		return fmt.Errorf("match %s exists", m.ID)
	}
	c := *m
	c.Seats = slices.Clone(m.Seats)
	c.Version = 0
	s.matches[m.ID] = &c
	return nil
}

func (s *memStore) Get(ctx context.Context, id string) (*store.Match, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.matches[id]
	if !ok {
		return nil, store.ErrNotFound
	}
	c := *m
	c.Seats = slices.Clone(m.Seats)
	return &c, nil
}

func (s *memStore) Moves(ctx context.Context, id string) ([]engine.Move, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.matches[id]; !ok {
		return nil, store.ErrNotFound
	}
	out := slices.Clone(s.moves[id])
	for i := range out {
		out[i].Action = 0 // as a real store: only the text is kept
	}
	return out, nil
}

func (s *memStore) Append(ctx context.Context, id string, from int, moves []engine.Move, dice string, result *engine.Result) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failAppend != nil {
		return s.failAppend
	}
	m, ok := s.matches[id]
	if !ok {
		return store.ErrNotFound
	}
	if m.Version != from {
		return store.ErrConflict
	}
	s.moves[id] = append(s.moves[id], moves...)
	m.Version += len(moves)
	m.Dice = dice
	m.Updated = time.Now()
	if result != nil {
		r := *result
		m.Result = &r
	}
	return nil
}

func (s *memStore) ClaimSeat(ctx context.Context, id string, seat int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.matches[id]
	if !ok {
		return store.ErrNotFound
	}
	if seat < 0 || seat >= len(m.Seats) {
		return errors.New("no such seat")
	}
	m.Seats[seat].Claimed = true
	return nil
}

func (s *memStore) JoinSeat(ctx context.Context, id string, seat int, tokenHash string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.matches[id]
	if !ok {
		return store.ErrNotFound
	}
	if seat < 0 || seat >= len(m.Seats) || m.Seats[seat].Claimed || m.Seats[seat].Kind != store.Person {
		return store.ErrConflict
	}
	m.Seats[seat].TokenHash, m.Seats[seat].Claimed = tokenHash, true
	return nil
}

func (s *memStore) List(ctx context.Context, q store.ListQuery) ([]store.Summary, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []store.Summary
	for _, m := range s.matches {
		if (m.Result != nil) != q.Finished || q.PublicOnly && !m.Public {
			continue
		}
		out = append(out, store.Summary{ID: m.ID, Game: m.Game, Created: m.Created, Updated: m.Updated,
			Version: m.Version, Result: m.Result, Seats: slices.Clone(m.Seats), Public: m.Public})
	}
	newer := func(a, b store.Summary) bool {
		return a.Created.After(b.Created) || a.Created.Equal(b.Created) && a.ID > b.ID
	}
	sort.Slice(out, func(i, j int) bool { return newer(out[i], out[j]) })
	if q.After != nil {
		after := store.Summary{Created: q.After.Created, ID: q.After.ID}
		out = slices.DeleteFunc(out, func(m store.Summary) bool { return !newer(after, m) })
	}
	if q.Limit > 0 && len(out) > q.Limit {
		out = out[:q.Limit]
	}
	return out, nil
}

func (s *memStore) AppendChat(ctx context.Context, id string, m store.ChatMessage) (store.ChatMessage, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.matches[id]; !ok {
		return store.ChatMessage{}, store.ErrNotFound
	}
	if m.Side == "" || m.Text == "" || m.Seat < 0 {
		return store.ChatMessage{}, fmt.Errorf("chat message %+v is incomplete", m)
	}
	m.Seq = len(s.chat[id]) + 1
	m.Time = time.Now().UTC().Truncate(time.Microsecond)
	s.chat[id] = append(s.chat[id], m)
	return m, nil
}

func (s *memStore) Chat(ctx context.Context, id string, q store.ChatQuery) ([]store.ChatMessage, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.matches[id]; !ok {
		return nil, store.ErrNotFound
	}
	out := []store.ChatMessage{}
	for _, m := range s.chat[id] {
		if m.Side == q.Side && m.Seq > q.After && (q.Limit <= 0 || len(out) < q.Limit) {
			out = append(out, m)
		}
	}
	return out, nil
}

func (s *memStore) Close() error { return nil }

func (s *memStore) setFail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failAppend = err
}
