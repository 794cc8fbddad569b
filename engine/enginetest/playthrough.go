package enginetest

import (
	"fmt"
	"io"

	"scramble/engine"
)

// Decide makes one decision of a golden playthrough: the seat that acts on s
// and its action. It is never asked at a chance node (the match rolls its
// own dice) nor at the end.
type Decide func(s engine.State) (engine.Seat, engine.Action)

// Mover is the seat that acts next on s: the current seat, or at a
// simultaneous node the first seat still to choose.
func Mover(s engine.State) engine.Seat {
	if cur := s.Current(); cur != engine.Simultaneous {
		return cur
	}
	return firstSimultaneous(s)
}

// PlayThrough plays m to its end: the match rolls every die from its seed and
// decide makes every other choice. It fails when the match refuses a
// decision or a die.
func PlayThrough(m *engine.Match, decide Decide) error {
	for {
		if _, err := m.RollDice(); err != nil {
			return err
		}
		s := m.State()
		if s.Current() == engine.Terminal {
			return nil
		}
		seat, a := decide(s)
		if err := m.Apply(seat, a); err != nil {
			return fmt.Errorf("move %d: %w", len(m.History()), err)
		}
	}
}

// Transcript writes m's moves ("seat:text;" each) and then its events ("step
// text" a line each) to w: the form the games' golden playthrough digests
// record, so that any change of behaviour or wording changes the digest.
func Transcript(w io.Writer, m *engine.Match) {
	for _, mv := range m.History() {
		fmt.Fprintf(w, "%d:%s;", mv.Seat, mv.Text)
	}
	for _, e := range m.Log().Events {
		fmt.Fprintf(w, "%d %s\n", e.Step, e.Text)
	}
}
