package midway

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// asking says what the game waits for, in plain words.
func (s *State) asking() string {
	switch s.step {
	case stRefill:
		return "draw a card into the Order Pool"
	case stPlace:
		return fmt.Sprintf("%s places a plane: fighter or %s at an area, with a facing", s.actor, s.specialName())
	case stBid:
		return "both sides bid 0-3 Command Points in secret for the Initiative"
	case stActivate:
		return fmt.Sprintf("%s activates a plane with a marker: fly or attack", s.actor)
	case stFlight:
		lo, hi := s.flightRange(s.mover)
		return fmt.Sprintf("%s manoeuvre %d of %d-%d: forward, left, right, or stop", s.fullName(s.mover), s.moves+1, lo, hi)
	case stPlan:
		return "both combatants plan their manoeuvre tokens in secret"
	case stFirst:
		return fmt.Sprintf("%s (attacker) chooses who resolves first", s.actor)
	case stOmit:
		return fmt.Sprintf("%s chooses the token its Ace omits (1-3)", s.actor)
	case stChain:
		return fmt.Sprintf("%s may play an order card or pass", s.actor)
	case stReplan:
		if s.cb.replanLeft == s.cb.flown[s.actor] {
			return fmt.Sprintf("%s re-plans its %d tokens one by one, or keeps its plane where it is", s.actor, s.cb.replanLeft)
		}
		return fmt.Sprintf("%s chooses a new token (%d left)", s.actor, s.cb.replanLeft)
	case stTile:
		return fmt.Sprintf("%s flies off the board at %s: lay a small tile there, or none and lose it", s.fullName(s.ask.plane), s.ask.at)
	case stFire:
		return fmt.Sprintf("draw a firing card for %s", s.fr.turn)
	case stBuy:
		return fmt.Sprintf("%s buys from the Order Pool (%d Command Points) or is done", s.actor, s.points[s.actor])
	case stReinforce:
		return fmt.Sprintf("%s returns a destroyed Fighter on a free Reinforcement Area", s.actor)
	}
	return "nothing: the game is over. " + s.outcome()
}

// outcome explains the end of the game: who won, how, and the score.
func (s *State) outcome() string {
	var lost [numSides]int
	for i, p := range s.planes {
		if p.status == down || p.status == gone {
			lost[sideOf(int8(i))]++
		}
	}
	losses := fmt.Sprintf("Planes lost: US %d, Japan %d.", lost[US], lost[Japan])
	score := fmt.Sprintf("Victory points: US %d, Japan %d (%d win; 1 a Fighter, 3 an Ace, 2 a round holding Midway).",
		s.score[US], s.score[Japan], s.threshold)
	w, l := s.winner, s.winner.other()
	adj := [numSides]string{"US", "Japanese"}
	switch {
	case s.draw && s.mode == hunt:
		return fmt.Sprintf("A draw: no carrier was bombed and both sides kept a Bomber through the %d rounds allowed (MW-15). %s", s.maxRounds, losses)
	case s.draw:
		return fmt.Sprintf("A draw: the %d rounds allowed ended level (MW-15). %s", s.maxRounds, score)
	case s.cause == causeCarrier:
		return fmt.Sprintf("%s wins: a %s Bomber reached the %s carrier at %s (2.1). %s", w, adj[w], adj[l], s.carrier(l), losses)
	case s.cause == causeBombers:
		return fmt.Sprintf("%s wins: both %s Bombers were destroyed (2.1). %s", w, adj[l], losses)
	case s.cause == causePoints:
		return fmt.Sprintf("%s wins with %d victory points (3.1). %s", w, s.score[w], score)
	}
	return fmt.Sprintf("%s wins on points after the %d rounds allowed (MW-15). %s", w, s.maxRounds, score)
}

// String renders the view as the terminal board: the hex map with the
// planes and their facings, then the scores, the pool, the hand and what is
// asked.
func (v *View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Battle of Midway (%s), round %d of %d: %s\n", v.Mode, v.Round, v.MaxRounds, v.Asking)
	v.writeMap(&b)
	b.WriteString("Planes: U/J US/Japan, f/b/a fighter/bomber/ace, facing, * marker, /C area under\n")
	b.WriteString("Areas: q,r; r is the row, q runs down to the right (top, bottom, empty areas);\n")
	b.WriteString("  C carrier, + reinforcement area, ~ small tile, o Midway\n")
	for _, p := range v.Planes {
		if p.Status != "flying" {
			continue
		}
		m := ""
		if p.Marker {
			m = " (marker)"
		}
		fmt.Fprintf(&b, "  %s %s at %d,%d facing %s%s\n", p.Label, p.Kind, p.Q, p.R, p.Facing, m)
	}
	fmt.Fprintf(&b, "Initiative: %s. Command Points US %d, Japan %d.", v.Initiative, v.Points[0], v.Points[1])
	if v.Mode == "domination" {
		fmt.Fprintf(&b, " Score US %d, Japan %d (of %d).", v.Score[0], v.Score[1], v.Threshold)
	}
	b.WriteString("\n")
	b.WriteString("Pool (cost):")
	for i, c := range v.Pool {
		if c.Name == "" {
			fmt.Fprintf(&b, " %d empty", i+1)
			continue
		}
		fmt.Fprintf(&b, " %d %s (%d)", i+1, c.Name, c.Cost)
	}
	fmt.Fprintf(&b, "\nOrder pile %d, discards %d; hands US %d, Japan %d cards\n", v.PileSize, v.Discards, v.HandSizes[0], v.HandSizes[1])
	if v.Hand != nil {
		names := make([]string, 0, len(v.Hand))
		for n, c := range v.Hand {
			names = append(names, fmt.Sprintf("%s x%d", n, c))
		}
		sort.Strings(names)
		fmt.Fprintf(&b, "Your hand: %s\n", strings.Join(names, ", "))
	}
	if c := v.Combat; c != nil {
		fmt.Fprintf(&b, "Combat: %s attacks %s", v.Planes[c.Attacker].Label, v.Planes[c.Defender].Label)
		for sd, p := range c.Plans {
			if p != nil {
				fmt.Fprintf(&b, "; %s tokens %s", [2]string{"US", "Japan"}[sd], strings.Join(p, " "))
			} else if c.Planned[sd] {
				fmt.Fprintf(&b, "; %s tokens face down", [2]string{"US", "Japan"}[sd])
			}
		}
		if c.Modifiers != "" {
			b.WriteString("; " + c.Modifiers)
		}
		b.WriteString("\n")
	}
	if f := v.Firing; f != nil {
		fmt.Fprintf(&b, "Firing: US %s draws %d %v, Japan %s draws %d %v\n", f.Colours[0], f.Draw[0], f.Cards[0], f.Colours[1], f.Draw[1], f.Cards[1])
	}
	if v.Result != nil {
		fmt.Fprintf(&b, "Result: %s\n", v.Outcome)
	}
	return b.String()
}

// writeMap draws the board: one row of areas per r, shifted half a cell per
// row (pointy-top hexes), each area 6 characters wide: a plane shows as its
// side, kind and facing ("UfNE" a US fighter facing NE), "*" with a marker.
func (v *View) writeMap(b *strings.Builder) {
	cells := map[Hex]string{}
	minQ, maxQ, minR, maxR := 100, -100, 100, -100
	mark := func(h HexView, t string) {
		cells[Hex{int8(h.Q), int8(h.R)}] = t
		minR, maxR = min(minR, h.R), max(maxR, h.R)
		minQ, maxQ = min(minQ, 2*h.Q+h.R), max(maxQ, 2*h.Q+h.R)
	}
	// An empty area shows its mark and its q; its row is its r, so that q,r
	// reads as actions and the log write it.
	area := func(h HexView, m string) string {
		return fmt.Sprintf(" %s%-4s", m, strconv.Itoa(h.Q))
	}
	for _, a := range v.Board {
		t := area(HexView{a.Q, a.R}, " ")
		if a.Tile == 0 {
			t = area(HexView{a.Q, a.R}, "o")
		}
		mark(HexView{a.Q, a.R}, t)
	}
	for _, h := range v.SmallTiles {
		mark(h, area(h, "~"))
	}
	for _, h := range v.Carriers {
		mark(h, area(h, "C"))
	}
	for _, l := range v.Reinforcements {
		for _, h := range l {
			mark(h, area(h, "+"))
		}
	}
	for _, p := range v.Planes {
		if p.Status != "flying" {
			continue
		}
		m := ""
		if p.Marker {
			m = "*"
		}
		h := Hex{int8(p.Q), int8(p.R)}
		under := cells[h][1:2] // the area's own mark stays visible
		cell := p.Side[:1] + p.Kind[:1] + p.Facing + strings.TrimSpace(m)
		if under != " " {
			if len(cell)+2 <= 6 {
				cell += "/"
			}
			cell += under
		}
		mark(HexView{p.Q, p.R}, fmt.Sprintf("%-6s", cell))
	}
	// q along the top and the bottom: area q,r sits at x = 2q+r, so the
	// areas of one q run down to the right from the label above the first
	// row, and up to the left from the label under the last; each label
	// stands over (under) the q of that row.
	qLabels := func(r int) string {
		var line strings.Builder
		for x := minQ; x <= maxQ; x++ {
			if (x-r)%2 != 0 {
				line.WriteString("   ")
				continue
			}
			line.WriteString(fmt.Sprintf(" q%-4s", strconv.Itoa((x-r)/2)))
			x++
		}
		return strings.TrimRight(line.String(), " ")
	}
	fmt.Fprintf(b, " r %s\n", qLabels(minR))
	for r := minR; r <= maxR; r++ {
		var line strings.Builder
		for x := minQ; x <= maxQ; x++ {
			if (x-r)%2 != 0 {
				line.WriteString("   ")
				continue
			}
			h := Hex{int8((x - r) / 2), int8(r)}
			if t, ok := cells[h]; ok {
				line.WriteString(t)
			} else {
				line.WriteString("      ")
			}
			x++ // each area takes two half-cells
		}
		fmt.Fprintf(b, "%2d %s\n", r, strings.TrimRight(line.String(), " "))
	}
	fmt.Fprintf(b, "   %s\n", qLabels(maxR))
}
