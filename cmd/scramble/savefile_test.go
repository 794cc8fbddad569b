package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"scramble/engine"
)

// saveCommands are the two commands that read a save file.
var saveCommands = [][]string{{"replay"}, {"play", "--load"}}

// TestSaveFileTooBig: a file over engine.MaxSaveSize, or one with no end
// (/dev/zero), is refused once that much is read, with an error that says
// so, instead of being read into memory whole.
func TestSaveFileTooBig(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(big, []byte(strings.Repeat(" ", engine.MaxSaveSize+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []string{big}
	if _, err := os.Stat("/dev/zero"); err == nil {
		files = append(files, "/dev/zero")
	}
	for _, file := range files {
		for _, cmd := range saveCommands {
			_, err := scramble(t, "", append(cmd, file)...)
			if err == nil || !strings.Contains(err.Error(), "over 8 MiB") {
				t.Fatalf("%s %s: %v; want a refusal of the size", cmd, file, err)
			}
		}
	}
}

// TestSaveFileHostileText: a save file whose move holds an escape sequence
// and a megabyte of text is refused with an error that quotes the move
// escaped and short, once, rather than sending the sequence to the
// terminal and the megabyte twice.
func TestSaveFileHostileText(t *testing.T) {
	m := tinybobMatch(t, 8)
	firstActions(t, m, 3)
	f, err := m.Save()
	if err != nil {
		t.Fatal(err)
	}
	f.Moves[1].Text = "\x1b[2J\x1b]0;pwned\a" + strings.Repeat("A", 1<<20)
	data, _ := json.Marshal(f)
	file := filepath.Join(t.TempDir(), "hostile.json")
	os.WriteFile(file, data, 0o644)
	for _, cmd := range saveCommands {
		out, err := scramble(t, "", append(cmd, file)...)
		if err == nil {
			t.Fatalf("%s: a hostile save loaded", cmd)
		}
		msg := err.Error() + out
		if strings.ContainsAny(msg, "\x1b\a") || len(msg) > 1000 || !strings.Contains(msg, `\x1b[2J`) {
			t.Fatalf("%s: the error is %d bytes, holds raw control characters or no escaped move: %.300q", cmd, len(msg), msg)
		}
	}
}

// TestSaveFileStopsOnSignal: reading a save file that never ends (a FIFO no
// one writes) stops as soon as the context does, as at the first Ctrl-C or
// SIGTERM.
func TestSaveFileStopsOnSignal(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("cannot make a FIFO: %v", err)
	}
	for _, cmd := range saveCommands {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			var out strings.Builder
			done <- newTestApp().run(ctx, strings.NewReader(""), &out, append(cmd, fifo))
		}()
		cancel() // the signal
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped reading") {
				t.Fatalf("%s: %v; want it stopped by the signal", cmd, err)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: still reading the FIFO 30 s after the signal", cmd)
		}
	}
}
