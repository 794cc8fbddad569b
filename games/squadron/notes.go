package squadron

import (
	"fmt"
	"strings"

	"scramble/engine"
)

// This file says in words what an action means, beside its text: what a
// card gives to this choice next to its number ("play 20" alone is no
// choice a person can make; the hand's table on the board gives the rest),
// and, for the card of a Combat round, whether it completes its set with the
// die on the table and whether it opens a Support (issue 30 §3).

// ActionNote adds to an action of the terminal's list what the choice needs
// of the card it names, the rest being in the hand's table on the board: for
// the card of a Combat round its set and whether it completes it with this
// round's die (whether a card opens a Support is said once, in the Fight's
// lines).
func (s *State) ActionNote(seat engine.Seat, a engine.Action) string {
	if seat < 0 || seat != s.Current() {
		return ""
	}
	card := -1
	switch {
	case a >= actPlay && a < actPlay+numCards:
		card = int(a - actPlay)
	case a >= actDiscard && a < actDiscard+numCards:
		card = int(a - actDiscard)
	case a >= actGive && a < actGive+numCards:
		card = int(a - actGive)
	case a >= actSupport && a < actSupport+2*numCards:
		card = int(a-actSupport) / 2
	case a >= actDefend && a < actDefend+4*numCards:
		card = int(a-actDefend) / 4
	}
	if card < 0 {
		return ""
	}
	// The person's own hand is on the board as a table, so a card's note
	// only repeats what matters to this choice (issue 34 §7: the screen
	// fits 40 rows): in a Combat round its set and whether it completes it
	// now, when moving its Movement, against a Counterattack its defence.
	k := &s.t.cards[card]
	switch s.step {
	case stCard:
		text := fmt.Sprintf("%s+%s→%s", k.set[0], k.set[1], effectWords(k.effect))
		if n := s.sets(card, s.symbolsWith(int8(card), 0)); n > 0 {
			text += "; completes " + plural(int(n), "set")
		}
		return text
	case stMove:
		return fmt.Sprintf("move %d", k.move)
	case stDefend:
		props := make([]string, len(k.defence))
		for i, p := range k.defence {
			props[i] = fmt.Sprint(p)
		}
		return "def " + strings.Join(props, "/")
	}
	return ""
}

// supportMayCome reports whether a card played now lets another pilot
// Support: none came yet, the Fight's Supports are not used up and another
// plane flies in the area (what hands hold is not looked at).
func (s *State) supportMayCome() bool {
	f := &s.f
	if f.supSym != symBlank || f.supports >= s.supportsAllowed(int(f.pl)) {
		return false
	}
	for q := range s.nPl {
		if q != f.pl && s.airborne(int(q)) && s.raf[q].area == s.raf[f.pl].area {
			return true
		}
	}
	return false
}
