package main

import (
	"context"
	"errors"
	"fmt"
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
func (a *app) loadSave(ctx context.Context, path string) (*engine.Match, error) {
	type result struct {
		m   *engine.Match
		err error
	}
	done := make(chan result, 1)
	go func() {
		m, err := readSave(path, a.games)
		done <- result{m, err}
	}()
	select {
	case <-ctx.Done():
		// The reader goroutine is left to the program's exit.
		return nil, fmt.Errorf("%s: stopped reading the save file: %w", quote.Clean(path, maxErrorText), ctx.Err())
	case r := <-done:
		if r.err != nil {
			return nil, fmt.Errorf("%s: %w", quote.Clean(path, maxErrorText), r.err)
		}
		return r.m, nil
	}
}

// readSave reads and replays the save file at path, its errors cleaned of
// the file's hostile text.
func readSave(path string, games engine.Catalog) (*engine.Match, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	f, err := engine.ReadSave(file)
	if err != nil {
		return nil, errors.New(quote.Clean(err.Error(), maxErrorText))
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
		return nil, errors.New(quote.Clean(msg, maxErrorText))
	}
	return m, nil
}
