package main

import (
	"context"
	"fmt"

	"scramble/engine"
)

// Hot-seat play: several people take turns at one keyboard, each playing
// their own seats. Before each person's turn the screen is cleared and the
// keyboard handed over, so nobody sees another's board; each person is then
// shown only their own view (State.View hides the other seats' secrets) and
// the moves made since their last turn, with the choices made at a
// simultaneous node shown as secret except their own.

// personSpec is the --bot spec that gives a seat to a person at the keyboard.
const personSpec = "human"

// clearScreen clears an ANSI terminal and its scrollback.
const clearScreen = "\033[H\033[2J\033[3J"

// hotseat reports whether more than one seat is played at the keyboard.
func (s *session) hotseat() bool {
	n := 0
	for _, p := range s.people {
		if p {
			n++
		}
	}
	return n > 1
}

// handover passes the keyboard to the person playing seat, if another person
// had it (or, in hot-seat play, at the first turn): it clears the screen and
// waits for that person's Enter. It reports done when the input ends.
func (s *session) handover(ctx context.Context, seat engine.Seat) (done bool, err error) {
	if !s.hotseat() || seat == s.human && len(s.seen) > 0 {
		s.human = seat
		return false, nil
	}
	if len(s.seen) > 0 {
		s.seen[s.human] = [2]int{s.shownMoves, s.shownEvents}
	}
	if c, ok := s.seen[seat]; ok {
		s.shownMoves, s.shownEvents = c[0], c[1]
	} else {
		s.seen[seat] = [2]int{s.shownMoves, s.shownEvents}
	}
	s.human, s.decided = seat, -1 // a new person sees the whole board
	name := s.m.State().Seats()[seat].Name
	fmt.Fprintf(s.out, "%sPass the keyboard to %s. %s: press Enter when only you can see the screen.\n", clearScreen, name, name)
	_, done, err = s.prompt(ctx, name+", ready? ")
	return done, err
}

// apply applies seat's action to the match, remembering a choice made at a
// simultaneous node as secret.
func (s *session) apply(seat engine.Seat, a engine.Action) error {
	if s.m.State().Current() == engine.Simultaneous {
		s.secret[len(s.m.History())] = true
	}
	return s.m.Apply(seat, a)
}

// moveText is the text of move k as the person deciding now may see it: a
// secret choice of another seat is not shown.
func (s *session) moveText(k int) string {
	mv := s.m.History()[k]
	if s.secret[k] && mv.Seat != s.human {
		return "(a secret choice)"
	}
	return mv.Text
}
