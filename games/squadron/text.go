package squadron

import (
	"encoding/hex"
	"fmt"
	"strings"
)

// asking says in plain words what is being decided or rolled now.
func (s *State) asking() string {
	who := ""
	if s.Current() >= 0 {
		who = s.planeName(int(s.who)) + ": "
	}
	switch s.step {
	case stOver:
		return "nothing: the game is over"
	case stDeal:
		return "a deployment card for the next German starting area"
	case stPilot:
		return "a pilot card from the Reserve"
	case stDraw:
		return "a combat card from the deck"
	case stEvent:
		return "an event card"
	case stDamage:
		return "a damage token for " + s.planeName(int(s.dmg.head()))
	case stRoll:
		return "a " + dieNames[s.rollingDie()] + " die"
	case stDeclare:
		return who + "declare the pilot's ability, the special die, or neither"
	case stDiscard:
		return who + "discard a combat card"
	case stMove:
		return fmt.Sprintf("%smove (%d Movement left), land, play a card to fly further, or done", who, s.raf[s.who].moveLeft)
	case stFightChoose:
		return who + "attack a German plane in the area, or hold"
	case stFrantisek:
		return who + "roll the opponent's dice again (František), or keep them"
	case stDieChoice:
		return who + "choose the die for this Combat round"
	case stCard:
		return who + "play a combat card with the die, or none"
	case stSupport:
		return who + "Support the fight with a card, or not"
	case stManeuver:
		return who + "assign the Maneuver to the opponent, keep it, or drop it"
	case stNextRound:
		return who + "choose the opponent of the next Combat round"
	case stToken:
		return who + "spend a kept Maneuver token as a Maneuver symbol this round, or not"
	case stBreak:
		return fmt.Sprintf("%sbreak away up to %s (the card's effect), or fight on", who, plural(int(s.f.brk), "area"))
	case stDefend:
		return who + "play a defence card against the Counterattack, or none"
	case stMedal:
		return who + "spend a Medal to stop a squadron's extra move, or not"
	case stAirfield:
		return fmt.Sprintf("%sspend airfield action points (%d left): ammo, draw, repair, or leave", who, s.raf[s.who].ap)
	}
	return ""
}

// String renders the whole state, every hand included, for debugging and
// for comparing states in tests: a summary line, the hands, then the whole
// position as hexadecimal bytes (the terminal rendering is View.String).
func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d, %s, step %d, %s\n", s.turn, phaseNames[s.phase], s.step, s.asking())
	for p := range s.nPl {
		fmt.Fprintf(&b, "hand %d: %s\n", p+1, cardList(s.raf[p].hand))
	}
	var buf [2048]byte
	b.WriteString(hex.EncodeToString(s.core.bytes(buf[:0])))
	return b.String()
}

func cardList(h uint64) string {
	var parts []string
	for ; h != 0; h &= h - 1 {
		parts = append(parts, fmt.Sprint(trailing(h)+1))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " ")
}

// String renders the view as the terminal board: the areas with what is in
// them, the pilots' boards, the hand, the decision.
func (v *View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "303 Squadron: %s (%s), turn %d of %d, %s\n", v.Scenario, v.Difficulty, v.Turn, v.Turns, v.Phase)
	if t := v.Target; t != nil {
		fmt.Fprintf(&b, "Target: %s (%s), %d of %d toughness lost\n", t.Name, t.Area, t.Damage, t.Toughness)
	}
	german := map[int]GermanView{}
	for _, g := range v.Germans {
		german[g.N] = g
	}
	b.WriteString("Areas:\n")
	for _, a := range v.Areas {
		if len(a.RAF) == 0 && len(a.Germans) == 0 && len(a.Hidden) == 0 && a.Damage == 0 {
			continue
		}
		fmt.Fprintf(&b, "  %s %s", a.ID, a.Name)
		if a.Kind != "" {
			fmt.Fprintf(&b, " (%s)", a.Kind)
		}
		if a.Damage > 0 {
			fmt.Fprintf(&b, " [%d/%d bombed]", a.Damage, a.Toughness)
		}
		b.WriteString(":")
		for _, p := range a.RAF {
			pv := v.Pilots[p-1]
			fmt.Fprintf(&b, " Hurricane %d", p)
			if pv.Landed {
				b.WriteString(" (landed)")
			}
		}
		for _, q := range a.Hidden {
			fmt.Fprintf(&b, " hidden squadron s%d", q)
		}
		for _, n := range a.Germans {
			g := german[n]
			fmt.Fprintf(&b, " %s g%d", g.Type, g.N)
			var notes []string
			if g.Damage > 0 {
				notes = append(notes, fmt.Sprintf("%d dmg", g.Damage))
			}
			if g.Tokens > 0 {
				notes = append(notes, plural(g.Tokens, "token"))
			}
			notes = append(notes, fmt.Sprintf("s%d %s", g.Squadron, g.Mode))
			fmt.Fprintf(&b, " (%s)", strings.Join(notes, ", "))
		}
		b.WriteString("\n")
	}
	for _, q := range v.Squadrons {
		fmt.Fprintf(&b, "Squadron s%d: %s toward %s", q.N, q.Mode, q.Target)
		if q.Ace != "" {
			fmt.Fprintf(&b, ", ace %s", q.Ace)
		}
		b.WriteString("\n")
	}
	b.WriteString("Pilots:\n")
	for _, p := range v.Pilots {
		name := p.Pilot
		if name == "" {
			name = "(no pilot)"
		}
		lead := ""
		if p.Leader {
			lead = " Leader"
		}
		fmt.Fprintf(&b, "  %d%s %s, %s, %s: ammo %d, damage [%s], %d maneuvers, %d medals, victories %d/%d/%d, %d cards (limit %d), declared %s\n",
			p.Plane, lead, name, p.Status, p.Area, p.Ammo, strings.Join(p.Damage, " "), p.Maneuvers, p.Medals,
			p.Victories[0], p.Victories[1], p.Victories[2], p.HandSize, p.HandLimit, p.Declared)
		if p.Specialization != "" {
			fmt.Fprintf(&b, "     specialized against %s, level %d, clock %d\n", p.Specialization, p.Level, p.Clock)
		}
		for _, c := range p.Hand {
			trig := ""
			if c.Trigger == "token" {
				trig = " (maneuver from a token)"
			}
			fmt.Fprintf(&b, "     card %d: move %d, support %s, defence %v, symbol %s, set %s+%s%s: %s\n",
				c.ID, c.Move, strings.Join(c.Support, "/"), c.Defence, c.Symbol, c.Set[0], c.Set[1], trig, c.Effect)
		}
	}
	for i, e := range v.Events {
		name := e.Name
		if name == "" {
			name = "?"
		}
		fmt.Fprintf(&b, "Event %d (turn %d): %s, %s\n", i+1, e.Turn, name, e.Status)
	}
	if f := v.Fight; f != nil {
		fmt.Fprintf(&b, "Fight: Hurricane %d against g%d, round %d of %d, dice %v (used %v), German dice %v, die symbol %s, card %d, carried %v, support %q\n",
			f.Plane, f.Target, f.Round, f.Rounds, f.Dice, f.Used, f.German, f.Symbol, f.Card, f.Carried, f.Support)
	}
	if c := v.Counter; c != nil {
		fmt.Fprintf(&b, "%s in %s: Hits by propeller 2/3/4: %d/%d/%d\n", c.Kind, c.Area, c.Hits[0], c.Hits[1], c.Hits[2])
	}
	fmt.Fprintf(&b, "Deck %d, discards %d, Reserve %d\n", v.Deck, v.Discards, v.Reserve)
	if v.Result != nil {
		fmt.Fprintf(&b, "Over: %s wins (%s)\n", v.Result.Winner, v.Result.Cause)
	} else {
		fmt.Fprintf(&b, "To act: %s — %s\n", v.ToAct, v.Asking)
	}
	return b.String()
}
