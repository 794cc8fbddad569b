package squadron

import (
	"encoding/hex"
	"fmt"
	"strings"

	"scramble/engine"
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
		return who + "declare " + s.offer([]offered{{actAbility, "the pilot's ability"}, {actYellow, "the special die"},
			{actLater, "later (another pilot first)"}, {actBorrow, "a Medal for another's ability"}}, "neither")
	case stDiscard:
		return who + "discard a combat card"
	case stMove:
		return fmt.Sprintf("%s%d Movement left: ", who, s.raf[s.who].moveLeft) + s.offer([]offered{{actMove, "move"}, {actLand, "land"},
			{actPlay, "play a card to fly further"}, {actWithdraw, "withdraw"}, {actStart, "start elsewhere"},
			{actBorrow, "a Medal for Ferić's extra Area"}}, "done")
	case stFightChoose:
		return who + s.offer([]offered{{actAttack, "attack a German plane in the area"}, {actLater, "later (another pilot first)"}}, "hold")
	case stFrantisek:
		return who + s.offer([]offered{{actReroll, "roll the opponent's dice again (František)"}, {actBorrow, "a Medal for František's reroll"}}, "keep the dice")
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
		return fmt.Sprintf("%sspend airfield action points (%d left): ", who, s.raf[s.who].ap) +
			s.offer([]offered{{actAmmo, "ammo"}, {actDrawAP, "draw"}, {actRepair, "repair"}}, "leave")
	}
	return ""
}

// offered is one kind of action a prompt may name: the first action of
// its range and its words.
type offered struct {
	a    engine.Action
	text string
}

// offer lists the kinds of action legal now, in words, and the pass last:
// a prompt names only what the seat can do.
func (s *State) offer(kinds []offered, pass string) string {
	var lb [160]engine.Action
	legal := s.legal(lb[:0])
	var parts []string
	for _, k := range kinds {
		for _, a := range legal {
			if a == k.a || a > k.a && kindOf(a) == k.a {
				parts = append(parts, k.text)
				break
			}
		}
	}
	if len(parts) == 0 {
		return pass
	}
	return strings.Join(parts, ", ") + ", or " + pass
}

// kindOf is the first action of the range a belongs to, for the ranges a
// prompt names (a move, a card played, an attack, a paid start, a
// Reconnaissance, a Medal for another's ability).
func kindOf(a engine.Action) engine.Action {
	for _, r := range [...]struct{ lo, n engine.Action }{{actMove, maxAreas}, {actPlay, numCards}, {actAttack, maxGerman},
		{actStart, 3}, {actRecon, maxSquads}, {actBorrow, numPilots}} {
		if a >= r.lo && a < r.lo+r.n {
			return r.lo
		}
	}
	return a
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
	fmt.Fprintf(&b, "303 Squadron: %s, turn %d of %d, %s (%s)\n", v.Scenario, v.Turn, v.Turns, v.Phase, v.Difficulty)
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
		if len(a.RAF)+len(a.Hidden)+len(a.Germans) > 0 {
			b.WriteString(":")
		}
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
		// German planes of one type, squadron and state in one group:
		// "Bf 109 g1, g2, g4 (s1 close escort)".
		type group struct {
			head  string
			nums  []string
			notes string
		}
		var groups []*group
		for _, n := range a.Germans {
			g := german[n]
			var notes []string
			if g.Damage > 0 {
				notes = append(notes, fmt.Sprintf("%d damage", g.Damage))
			}
			if g.Tokens > 0 {
				notes = append(notes, plural(g.Tokens, "token"))
			}
			notes = append(notes, fmt.Sprintf("s%d %s", g.Squadron, g.Mode))
			key := strings.Join(notes, ", ")
			var at *group
			for _, gr := range groups {
				if gr.head == g.Type && gr.notes == key {
					at = gr
				}
			}
			if at == nil {
				at = &group{head: g.Type, notes: key}
				groups = append(groups, at)
			}
			at.nums = append(at.nums, fmt.Sprintf("g%d", g.N))
		}
		for i, gr := range groups {
			sep := " "
			if i > 0 || len(a.RAF) > 0 || len(a.Hidden) > 0 {
				sep = "; "
			}
			// No space inside a type's name, so that a wrapped line never
			// splits "He 111".
			fmt.Fprintf(&b, "%s%s %s (%s)", sep, strings.ReplaceAll(gr.head, " ", "\u00a0"), strings.Join(gr.nums, ", "), gr.notes)
		}
		b.WriteString("\n")
	}
	// The squadrons on one line each only when a route makes it long.
	var squads []string
	for _, q := range v.Squadrons {
		t := fmt.Sprintf("s%d %s toward %s", q.N, q.Mode, q.Target)
		if len(q.Route) > 1 {
			t += " by " + strings.Join(q.Route, ">")
		}
		if q.Hunting != "" {
			t += ", hunting " + q.Hunting
		}
		if q.Ace != "" {
			t += ", ace " + q.Ace
		}
		squads = append(squads, t)
	}
	if len(squads) > 0 {
		fmt.Fprintf(&b, "German squadrons: %s\n", strings.Join(squads, "; "))
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
		damage := "no damage"
		if len(p.Damage) > 0 {
			words := make([]string, len(p.Damage))
			for i, d := range p.Damage {
				words[i] = damageWords(d)
			}
			damage = "damage: " + strings.Join(words, ", ")
		}
		declared := ""
		if p.Declared != "" && p.Declared != "neither" {
			declared = ", declared " + p.Declared
		}
		// Tokens and Medals only when there are some.
		var held string
		if p.Maneuvers > 0 {
			held += ", " + plural(p.Maneuvers, "Maneuver token")
		}
		if p.Medals > 0 {
			held += ", " + plural(p.Medals, "Medal")
		}
		fmt.Fprintf(&b, "  %d%s %s (%s, %s): ammo %d, %s%s, victories %d/%d/%d, %d cards (limit %d)%s\n",
			p.Plane, lead, name, p.Status, p.Area, p.Ammo, damage, held,
			p.Victories[0], p.Victories[1], p.Victories[2], p.HandSize, p.HandLimit, declared)
		if p.Specialization != "" {
			fmt.Fprintf(&b, "     specialized against %s, level %d, clock %d\n", p.Specialization, p.Level, p.Clock)
		}
		if len(p.Hand) > 0 {
			b.WriteString("     card move def  symbol    support            set: effect\n")
		}
		for _, c := range p.Hand {
			trig := ""
			if c.Trigger == "token" {
				trig = " (token)"
			}
			def := make([]string, len(c.Defence))
			for i, d := range c.Defence {
				def[i] = fmt.Sprint(d)
			}
			fmt.Fprintf(&b, "     %4d %4d %-4s %-9s %-18s %s+%s%s: %s\n",
				c.ID, c.Move, strings.Join(def, "/"), c.Symbol, strings.Join(c.Support, "/"), c.Set[0], c.Set[1], trig, effectWords(c.Effect))
		}
	}
	var events []string
	for i, e := range v.Events {
		if e.Name == "" {
			events = append(events, fmt.Sprintf("%d not yet seen (turn %d, %s)", i+1, e.Turn, e.Status))
			continue
		}
		events = append(events, fmt.Sprintf("%d %s (turn %d, %s)", i+1, e.Name, e.Turn, e.Status))
	}
	if len(events) > 0 {
		fmt.Fprintf(&b, "Events: %s\n", strings.Join(events, "; "))
	}
	if f := v.Fight; f != nil {
		writeFight(&b, f)
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

// writeFight writes the Fight's lines: who fights whom, the dice, and this
// round's card, symbols and sets (never the last round's), the Support and
// the Maneuvers still to place.
func writeFight(b *strings.Builder, f *FightView) {
	fmt.Fprintf(b, "Fight: %s (Hurricane %d) against %s, round %d of %d\n", f.Pilot, f.Plane, f.Opponent, f.Round, f.Rounds)
	var dice []string
	for i, d := range f.Dice {
		kind := "blue"
		if i < len(f.DiceKinds) {
			kind = f.DiceKinds[i]
		}
		used := ""
		if i < len(f.Used) && f.Used[i] {
			used = " (used)"
		}
		dice = append(dice, fmt.Sprintf("die %d %s %s%s", i+1, kind, d, used))
	}
	fmt.Fprintf(b, "  RAF dice: %s; German dice (%s): %s\n", orNone(strings.Join(dice, ", ")), f.GermanDie, orNone(strings.Join(f.German, " ")))
	var round []string
	if len(f.Set) == 2 {
		round = append(round, fmt.Sprintf("card %d (set %s+%s: %s)", f.Card, f.Set[0], f.Set[1], effectWords(f.Effect)))
	}
	if len(f.Symbols) > 0 {
		round = append(round, "symbols "+strings.Join(f.Symbols, " "))
		round = append(round, plural(f.Sets, "set"))
	}
	if f.Support != "" {
		round = append(round, "Support +"+f.Support)
	} else if f.SupportOpen {
		round = append(round, "a Support may come")
	}
	if f.ManeuversLeft > 0 {
		round = append(round, plural(f.ManeuversLeft, "Maneuver")+" to place")
	}
	if len(round) > 0 {
		fmt.Fprintf(b, "  This round: %s\n", strings.Join(round, "; "))
	}
	if len(f.Carried) > 0 {
		fmt.Fprintf(b, "  Carried from the round before: %s\n", strings.Join(f.Carried, " "))
	}
	if f.SupportIfCard {
		b.WriteString("  A card played now lets another pilot in the area Support\n")
	}
	if len(f.SetCards) > 0 {
		cards := make([]string, len(f.SetCards))
		for i, c := range f.SetCards {
			cards[i] = fmt.Sprint(c)
		}
		fmt.Fprintf(b, "  Cards that complete their set with this die: %s\n", strings.Join(cards, " "))
	}
}

// effectWords writes a card's effect as players say it: "first strike" for
// the data's firststrike.
func effectWords(e string) string {
	switch e {
	case "firststrike":
		return "first strike"
	case "thirdround":
		return "third round"
	case "breakaway":
		return "break away"
	}
	return e
}

// damageWords writes a damage token as players say it.
func damageWords(t string) string {
	switch t {
	case "discard":
		return "discard a card"
	case "hand":
		return "hand limit -1"
	case "nofree":
		return "no free move"
	case "none":
		return "no effect"
	}
	return t
}

// orNone is text, or "none" when it is empty.
func orNone(text string) string {
	if text == "" {
		return "none"
	}
	return text
}
