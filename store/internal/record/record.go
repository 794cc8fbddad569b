// Package record converts store records to and from the column values both
// SQL stores use, and checks what a caller asks to store.
package record

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"scramble/engine"
	"scramble/store"
)

// Now is the current time as both stores keep it: UTC, to the microsecond.
func Now() time.Time { return Time(time.Now()) }

// Time rounds t down to the microsecond, in UTC: the precision both stores keep.
func Time(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// Seed returns the int64 with the same bits as the uint64 seed; SQL has no
// unsigned 64-bit integer.
func Seed(seed uint64) int64 { return int64(seed) }

// SeedOf turns a stored seed back into the uint64 it was.
func SeedOf(stored int64) uint64 { return uint64(stored) }

// PrepareCreate checks a new match and fills in what the store decides: a new
// match is at version 0, and a zero Created becomes now. Updated defaults to
// Created. Times are rounded as the stores keep them, so m equals what a later
// Get returns.
func PrepareCreate(m *store.Match) error {
	if m == nil {
		return errors.New("no match given")
	}
	if m.ID == "" {
		return errors.New("match has no ID")
	}
	if m.Game == "" {
		return errors.New("match has no game")
	}
	for i, s := range m.Seats {
		if s.Kind == "" {
			return fmt.Errorf("seat %d has no kind", i)
		}
	}
	if m.Created.IsZero() {
		m.Created = Now()
	}
	m.Created = Time(m.Created)
	if m.Updated.IsZero() {
		m.Updated = m.Created
	}
	m.Updated = Time(m.Updated)
	m.Version = 0
	return nil
}

// CheckAppend checks the arguments of an Append.
func CheckAppend(from int, moves []engine.Move) error {
	if from < 0 {
		return fmt.Errorf("version %d is negative", from)
	}
	for i, mv := range moves {
		if mv.Text == "" {
			return fmt.Errorf("move %d (seat %s) has no text", from+i+1, mv.Seat)
		}
	}
	return nil
}

// Options encodes match options as JSON.
func Options(o engine.Options) (string, error) {
	b, err := json.Marshal(o)
	if err != nil {
		return "", fmt.Errorf("encode options: %w", err)
	}
	return string(b), nil
}

// OptionsOf decodes stored options.
func OptionsOf(text []byte) (engine.Options, error) {
	var o engine.Options
	if err := json.Unmarshal(text, &o); err != nil {
		return nil, fmt.Errorf("decode options: %w", err)
	}
	return o, nil
}

// Result encodes a result as JSON, or nil (SQL NULL) for no result.
func Result(r *engine.Result) (*string, error) {
	if r == nil {
		return nil, nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode result: %w", err)
	}
	s := string(b)
	return &s, nil
}

// ResultOf decodes a stored result; nil text (SQL NULL) is no result.
func ResultOf(text *string) (*engine.Result, error) {
	if text == nil {
		return nil, nil
	}
	var r engine.Result
	if err := json.Unmarshal([]byte(*text), &r); err != nil {
		return nil, fmt.Errorf("decode result: %w", err)
	}
	return &r, nil
}

// PrepareChat checks a chat message a caller asks to store and stamps it
// with the time, as the stores keep it.
func PrepareChat(m *store.ChatMessage) error {
	switch {
	case m.Side == "":
		return errors.New("chat message has no side")
	case m.Seat < 0:
		return fmt.Errorf("chat message is from seat %d; a sender is a seat, 0 or more", m.Seat)
	case m.Text == "":
		return errors.New("chat message has no text")
	}
	m.Time = Now()
	return nil
}
