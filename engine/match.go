package engine

import (
	"errors"
	"fmt"
)

// Match is one game being played for real: the state, the seeded dice, the
// history of every action (dice included) and the event log. It is what the
// terminal, the server and replays drive; simulation uses the leaner Player.
// A Match is not safe for concurrent use.
type Match struct {
	game    Game
	opts    Options
	seed    uint64
	state   State
	dice    *Rand
	history []Move
	log     *Log
}

// NewMatch sets up a game with opts (checked and completed with defaults) and
// dice seeded with seed, with its event log on.
func NewMatch(g Game, opts Options, seed uint64) (*Match, error) {
	s, full, err := Setup(g, opts)
	if err != nil {
		return nil, err
	}
	m := &Match{game: g, opts: full, seed: seed, state: s, dice: NewRand(seed), log: &Log{}}
	s.SetLog(m.log)
	return m, nil
}

// Game returns the match's game.
func (m *Match) Game() Game { return m.game }

// Options returns the match's complete options.
func (m *Match) Options() Options { return m.opts }

// Seed returns the seed the dice started from.
func (m *Match) Seed() uint64 { return m.seed }

// State returns the live state. Drivers may read it; only Match methods may
// change it.
func (m *Match) State() State { return m.state }

// History returns the moves applied so far; the slice must not be changed.
func (m *Match) History() []Move { return m.history }

// Log returns the event log.
func (m *Match) Log() *Log { return m.log }

// Apply validates and applies an action of seat and records it. An illegal
// action returns the state's error and changes nothing.
func (m *Match) Apply(seat Seat, a Action) error {
	text := m.state.ActionString(seat, a)
	m.log.Step = len(m.history)
	n := len(m.log.Events)
	if err := m.state.Apply(seat, a); err != nil {
		m.log.Events = m.log.Events[:n]
		return err
	}
	m.history = append(m.history, Move{Seat: seat, Action: a, Text: text})
	return nil
}

// ApplyText reads an action in its text form and applies it.
func (m *Match) ApplyText(seat Seat, text string) error {
	a, err := m.state.ParseAction(seat, text)
	if err != nil {
		return err
	}
	return m.Apply(seat, a)
}

// RollDice resolves chance nodes with the match's seeded dice until a seat
// must decide or the game ends. It returns the number of dice rolled.
func (m *Match) RollDice() (int, error) {
	var outs []Outcome
	n := 0
	for m.state.Current() == Chance {
		outs = m.state.ChanceOutcomes(outs[:0])
		if len(outs) == 0 {
			return n, errors.New("chance node with no outcomes")
		}
		if err := m.Apply(Chance, m.dice.Sample(outs)); err != nil {
			return n, fmt.Errorf("chance outcome refused: %w", err)
		}
		n++
	}
	return n, nil
}

// Rewind returns a new match holding the state after the first n moves of
// this one, with dice positioned as they were then only if no die has been
// rolled since (otherwise the dice continue from where this match stands, so
// a replayed game can still be stepped forward with its own history).
func (m *Match) Rewind(n int) (*Match, error) {
	if n < 0 || n > len(m.history) {
		return nil, fmt.Errorf("rewind to move %d: the match has %d moves", n, len(m.history))
	}
	r, err := NewMatch(m.game, m.opts, m.seed)
	if err != nil {
		return nil, err
	}
	if err := r.replay(m.history[:n]); err != nil {
		return nil, err
	}
	r.dice = &Rand{pcg: m.dice.pcg}
	return r, nil
}

func (m *Match) replay(moves []Move) error {
	for i, mv := range moves {
		a, err := m.state.ParseAction(mv.Seat, mv.Text)
		if err != nil {
			return fmt.Errorf("move %d (%s by seat %s): %w", i+1, mv.Text, mv.Seat, err)
		}
		if err := m.Apply(mv.Seat, a); err != nil {
			return fmt.Errorf("move %d (%s by seat %s): %w", i+1, mv.Text, mv.Seat, err)
		}
	}
	return nil
}

// ErrCannotUndo is returned by Undo when there is no decision to take back.
var ErrCannotUndo = errors.New("cannot undo")

// Undo takes back seat's last decision and everything after it, as long as no
// die was rolled and no other seat acted since that decision (dice once seen
// cannot be unseen). It
// returns the number of moves removed.
func (m *Match) Undo(seat Seat) (int, error) {
	decided := false
	for _, mv := range m.history {
		decided = decided || mv.Seat == seat
	}
	if !decided {
		return 0, fmt.Errorf("%w: you have made no decision yet", ErrCannotUndo)
	}
	for i := len(m.history) - 1; i >= 0; i-- {
		mv := m.history[i]
		if mv.Seat == Chance {
			return 0, fmt.Errorf("%w: dice were rolled after your last decision", ErrCannotUndo)
		}
		if mv.Seat != seat {
			who := "seat " + mv.Seat.String()
			if seats := m.state.Seats(); mv.Seat >= 0 && int(mv.Seat) < len(seats) {
				who = seats[mv.Seat].Name
			}
			return 0, fmt.Errorf("%w: %s has acted after your last decision", ErrCannotUndo, who)
		}
		r, err := m.Rewind(i)
		if err != nil {
			return 0, err
		}
		removed := len(m.history) - i
		*m = *r
		return removed, nil
	}
	return 0, fmt.Errorf("%w: you have made no decision yet", ErrCannotUndo)
}
