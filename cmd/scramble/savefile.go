package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"scramble/engine"
	"scramble/internal/quote"
)

// maxErrorText bounds the message about a save file that does not load:
// the file may be anyone's, and its moves any length.
const maxErrorText = 500

// loadSave reads and replays the save file at path for "scramble replay"
// and "play --load". It reads at most engine.MaxSaveSize bytes, stops as
// soon as ctx ends (the first Ctrl-C or SIGTERM), and writes what it quotes
// from the file escaped and shortened (quote.Within, quote.Clean), so a
// hostile file can neither send escape sequences to the terminal nor flood
// it.
//
// It also returns the seating a terminal save remembers (nil when the file
// has none).
func (a *app) loadSave(ctx context.Context, path string) (*engine.Match, *table, error) {
	type result struct {
		m   *engine.Match
		t   *table
		err error
	}
	done := make(chan result, 1)
	go func() {
		m, t, err := readSave(path, a.games)
		done <- result{m, t, err}
	}()
	select {
	case <-ctx.Done():
		// The reader goroutine is left to the program's exit.
		return nil, nil, fmt.Errorf("%s: stopped reading the save file: %w", quote.Clean(path, maxErrorText), ctx.Err())
	case r := <-done:
		if r.err != nil {
			return nil, nil, fmt.Errorf("%s: %w", quote.Clean(path, maxErrorText), r.err)
		}
		return r.m, r.t, nil
	}
}

// readSave reads and replays the save file at path, its errors cleaned of
// the file's hostile text.
func readSave(path string, games engine.Catalog) (*engine.Match, *table, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer file.Close()
	// Read at most one byte over the limit, so that ReadSave can tell a file
	// that is too big from one that is just big enough.
	data, err := io.ReadAll(io.LimitReader(file, engine.MaxSaveSize+1))
	if err != nil {
		return nil, nil, err
	}
	f, err := engine.ReadSave(bytes.NewReader(data))
	if err != nil {
		return nil, nil, errors.New(quote.Clean(err.Error(), maxErrorText))
	}
	var extra struct {
		Table *table `json:"terminal"`
	}
	if json.Unmarshal(data, &extra) != nil {
		extra.Table = nil
	}
	m, err := f.Load(games)
	if err != nil {
		msg := quote.Within(err.Error(), f.Game)
		for _, mv := range f.Moves {
			msg = quote.Within(msg, mv.Text)
		}
		for k, v := range f.Options {
			msg = quote.Within(quote.Within(msg, k), v)
		}
		return nil, nil, errors.New(quote.Clean(msg, maxErrorText))
	}
	return m, extra.Table, nil
}
