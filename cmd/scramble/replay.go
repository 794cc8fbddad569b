package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"scramble/engine"
	"scramble/internal/quote"
)

// replay runs "scramble replay FILE": it loads a saved game and steps through
// it move by move (each die rolled is a move), showing the board after the
// move and the events the move caused.
func (a *app) replay(ctx context.Context, in io.Reader, out io.Writer, args []string) error {
	pos, err := parse(newFlagSet("replay"), args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("replay needs one FILE, a game saved with \"save FILE\" in scramble play")
	}
	m, _, err := a.loadSave(ctx, pos[0])
	if err != nil {
		return err
	}
	r := replayer{m: m, out: out, total: len(m.History()), ended: endedOf(pos[0])}
	lines := readLines(in)
	defer lines.stop()
	fmt.Fprintf(out, "%s, seed %d: %d moves.\n", m.Game().Info().Title, m.Seed(), r.total)
	at := 0
	if err := r.show(at); err != nil {
		return err
	}
	for {
		fmt.Fprintf(out, "move %d/%d [Enter] next, p previous, g N go to, s start, e end, q quit> ", at, r.total)
		line, err := lines.next(ctx)
		if errors.Is(err, io.EOF) {
			fmt.Fprintln(out)
			return nil
		}
		if err != nil {
			return err
		}
		to, quit, msg := r.command(strings.TrimSpace(line), at)
		if quit {
			return nil
		}
		if msg != "" {
			fmt.Fprintln(out, msg)
			continue
		}
		at = to
		if err := r.show(at); err != nil {
			return err
		}
	}
}

// replayer shows the positions of a loaded match.
type replayer struct {
	m     *engine.Match
	out   io.Writer
	total int
	// ended is the result a server recorded for a match that ended outside
	// its rules (a seat lost on time: "ended" in the server's replay file,
	// docs/api.md), nil otherwise.
	ended *engine.Result
}

// endedOf reads the "ended" result of the replay file at path, if it has
// one; a file without it, or one that cannot be read again, has none.
func endedOf(path string) *engine.Result {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var extra struct {
		Ended *engine.Result `json:"ended"`
	}
	if json.NewDecoder(io.LimitReader(f, engine.MaxSaveSize)).Decode(&extra) != nil {
		return nil
	}
	return extra.Ended
}

// command reads one replay command given the current move. It returns the
// move to show, whether to quit, or a message when there is nothing to show.
func (r *replayer) command(line string, at int) (to int, quit bool, msg string) {
	word, arg, _ := strings.Cut(line, " ")
	switch word {
	case "", "n", "next":
		if at == r.total {
			return at, false, fmt.Sprintf("That was the last move (%d). Type p, g N or s to go back, q to quit.", r.total)
		}
		return at + 1, false, ""
	case "p", "prev", "previous":
		if at == 0 {
			return at, false, "This is the start. Press Enter for the first move."
		}
		return at - 1, false, ""
	case "g", "go":
		n, err := strconv.Atoi(strings.TrimSpace(arg))
		if err != nil || n < 0 || n > r.total {
			return at, false, fmt.Sprintf("Go to which move? Type g N with N from 0 (the start) to %d.", r.total)
		}
		return n, false, ""
	case "s", "start":
		return 0, false, ""
	case "e", "end":
		return r.total, false, ""
	case "q", "quit", "exit":
		return at, true, ""
	case "help", "?":
		return at, false, "Enter or n: next move; p: previous; g N: go to move N (0 is the start); s: start; e: end; q: quit."
	}
	return at, false, fmt.Sprintf("Unknown command %q. %s", line, "Type help for the keys.")
}

// show prints the position after move k: the board, then the move and the
// events it caused.
func (r *replayer) show(k int) error {
	pos, err := r.m.Rewind(k)
	if err != nil {
		return err
	}
	st := pos.State()
	seats := st.Seats()
	viewer := engine.Spectator
	if len(seats) == 1 {
		viewer = 0
	}
	if k == 0 {
		fmt.Fprintf(r.out, "\n=== Start (%d moves follow) ===\n", r.total)
	} else {
		fmt.Fprintf(r.out, "\n=== Move %d of %d ===\n", k, r.total)
	}
	v := st.View(viewer)
	fmt.Fprintf(r.out, "%s\n", fit(strings.TrimRight(v.String(), "\n"), screenWidth))
	if k > 0 {
		mv := r.m.History()[k-1]
		who := "dice"
		if mv.Seat >= 0 && int(mv.Seat) < len(seats) {
			who = seats[mv.Seat].Name
		}
		fmt.Fprintf(r.out, "\n%s: %s\n", who, quote.Clean(mv.Text, screenWidth))
		for _, e := range r.m.Log().Events {
			if e.Step == k-1 {
				fmt.Fprint(r.out, wrap("    ", e.Text, screenWidth))
			}
		}
	}
	if _, told := v.(resultTeller); st.Current() == engine.Terminal && !told {
		fmt.Fprintln(r.out, resultLine(st.Result()))
	}
	if e := r.ended; e != nil && k == r.total && st.Current() != engine.Terminal {
		outcome := "nobody won"
		if e.Winner != "" {
			outcome = quote.Clean(e.Winner, screenWidth) + " won"
		}
		fmt.Fprintf(r.out, "Game over: %s (%s).\n", outcome, quote.Clean(e.Cause, screenWidth))
	}
	return nil
}
