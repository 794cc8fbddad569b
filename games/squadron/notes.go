package squadron

import (
	"fmt"
	"strings"

	"scramble/engine"
)

// This file says in words what an action means, beside its text: a card's
// text next to its number ("play 20" alone is no choice a person can make),
// and, for the card of a Combat round, whether it completes its set with the
// die on the table and whether it opens a Support (issue 30 §3).

// cardText is combat card c in a few words: its symbol, its set and effect,
// its Movement and its defence propellers.
func (s *State) cardText(c int) string {
	k := &s.t.cards[c]
	trig := ""
	if k.token {
		trig = " (token)"
	}
	props := make([]string, len(k.defence))
	for i, p := range k.defence {
		props[i] = fmt.Sprint(p)
	}
	return fmt.Sprintf("%s; %s+%s%s→%s; move %d; def %s", k.sym, k.set[0], k.set[1], trig, k.effect, k.move, strings.Join(props, "/"))
}

// ActionNote adds to an action of the terminal's list what it means: the
// card's text for every action naming a card, and for the card of a Combat
// round whether it completes its set with this round's die (whether a card
// opens a Support is said once, in the Fight's lines).
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
	text := s.cardText(card)
	if s.step == stCard {
		if n := s.sets(card, s.symbolsWith(int8(card), 0)); n > 0 {
			text += "; completes " + plural(int(n), "set")
		}
	}
	return text
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
