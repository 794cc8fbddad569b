package wings

import (
	"fmt"
	"math"
	"strings"

	"scramble/engine"
)

// plotCols is the most columns the text table's plot takes.
const plotCols = 48

// String renders the view for the terminal: the planes with position,
// heading, altitude, counters and damage; a coarse plot of the table; and,
// while the seat plans, its cards with where each ends.
func (v *View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s — turn %d of %d, %s", v.Title, v.Turn, v.Turns, v.Phase)
	if v.SubPhase != "" {
		fmt.Fprintf(&b, " (%s)", v.SubPhase)
	}
	fmt.Fprintf(&b, "\n%s\n", v.Asking)
	v.writePlot(&b)
	for k, p := range v.Planes {
		fmt.Fprintf(&b, "%d %-10s %-14s %-9s", k+1, p.Name, p.Aircraft, p.Side)
		if p.Status != statusNames[flying] {
			fmt.Fprintf(&b, " %s\n", p.Status)
			continue
		}
		fmt.Fprintf(&b, " (%4.0f,%4.0f) %3.0f° %-2s alt %d climb %d", p.X, p.Y, p.Heading, compass(p.Heading), p.Altitude, p.Climb)
		if p.Flown != "" {
			fmt.Fprintf(&b, " flew %s", p.Flown)
		}
		if len(p.Tokens) == 0 {
			fmt.Fprintf(&b, "\n  no damage token yet (%d points destroy it)", p.DamagePoints)
		} else {
			fmt.Fprintf(&b, "\n  damage: %s (%s; %d points destroy it)", tokenCount(len(p.Tokens)), strings.Join(p.Tokens, ", "), p.DamagePoints)
		}
		for _, c := range []struct {
			n    int
			what string
		}{{p.Smoke, "smoke"}, {p.Fire, "flames"}, {p.Rudder, "rudder jammed"}, {p.Recovery, "recovery"}} {
			if c.n > 0 {
				fmt.Fprintf(&b, ", %s %d", c.what, c.n)
			}
		}
		if p.Pilot != "normal" {
			fmt.Fprintf(&b, ", %s pilot", p.Pilot)
		}
		for k, w := range p.Wounds {
			if w > 0 {
				fmt.Fprintf(&b, ", crew %d wounded %d", k+1, w)
			}
		}
		if p.Loaded {
			b.WriteString(", loaded")
		}
		if p.Own != nil {
			console := "empty"
			if len(p.Own.Console) > 0 {
				console = strings.Join(p.Own.Console, ", ")
			}
			fmt.Fprintf(&b, "\n  yours: %d damage points, console: %s, climb rate %d", p.Own.Damage, console, p.Own.ClimbRate)
			if p.Own.Engine > 0 {
				fmt.Fprintf(&b, ", engine damage %d", p.Own.Engine)
			}
			if p.Own.RudderDir != "" {
				fmt.Fprintf(&b, ", rudder jammed %s", p.Own.RudderDir)
			}
		}
		b.WriteString("\n")
	}
	for k, o := range v.Objects {
		fmt.Fprintf(&b, "%c %-10s %-8s %-9s at (%4.0f,%4.0f) mm", 'a'+k, o.Name, o.Kind, o.Side, o.X, o.Y)
		switch {
		case o.Sunk:
			b.WriteString(" sunk")
		case o.Silenced:
			b.WriteString(" silenced")
		}
		if o.Damage > 0 || o.BombDamage > 0 {
			fmt.Fprintf(&b, ", damage %d, bomb damage %d", o.Damage, o.BombDamage)
		}
		if o.VP > 0 {
			fmt.Fprintf(&b, ", %.1f VP to the attackers", o.VP)
		}
		if len(o.Counters) > 0 {
			fmt.Fprintf(&b, ", artillery counter on %s", strings.Join(o.Counters, ", "))
		}
		b.WriteString("\n")
	}
	for _, tp := range v.Torpedoes {
		turns := "1 turn"
		if tp.Turns != 1 {
			turns = fmt.Sprintf("%d turns", tp.Turns)
		}
		fmt.Fprintf(&b, "torpedo at (%4.0f,%4.0f) mm heading %3.0f°, %s run\n", tp.X, tp.Y, tp.Heading, turns)
	}
	for _, c := range v.Clouds {
		fmt.Fprintf(&b, "~ cloud at altitude %d: (%.0f,%.0f) %.0f × %.0f mm\n", c.Altitude, c.X, c.Y, c.Width, c.Height)
	}
	v.writePiles(&b)
	if len(v.Options) > 0 {
		o0 := v.Options[0]
		fmt.Fprintf(&b, "Cards, flown after the console's card (from (%.0f,%.0f) %.0f°): where each ends,\n"+
			"and each enemy from there: bearing off the nose, ruler, quarters, cones.\n",
			o0.FromX, o0.FromY, o0.FromHdg)
		for _, o := range v.Options {
			if !o.Legal {
				continue
			}
			steep := ""
			if o.Steep {
				steep = " steep"
			}
			fmt.Fprintf(&b, "  %-11s -> (%4.0f,%4.0f) %3.0f° %-2s alt %d%s\n", o.Card, o.X, o.Y, o.Heading, compass(o.Heading), o.Altitude, steep)
			for _, f := range o.Fixes {
				fmt.Fprintf(&b, "      %s\n", fixText(f))
			}
		}
	}
	if v.Result != nil {
		// The outcome says who won, the victory points and why it ended.
		fmt.Fprintf(&b, "Result: %s\n", v.Outcome)
	}
	if len(v.Legal) > 0 {
		fmt.Fprintf(&b, "You may: %s\n", strings.Join(v.Legal, " | "))
	}
	return b.String()
}

// tokenCount says how many damage tokens a plane has drawn.
func tokenCount(n int) string {
	if n == 1 {
		return "1 token"
	}
	return fmt.Sprintf("%d tokens", n)
}

// plotScale returns the millimetres of table a column of the plot covers:
// the table's width in at most plotCols columns, rounded up to 5 mm. A row
// covers twice as much, as a terminal's cells are about twice as tall as
// wide, so the plot keeps the table's shape.
func (v *View) plotScale() float64 {
	return math.Ceil(v.TableWidth/plotCols/5) * 5
}

// writePlot draws the table coarsely, to a stated scale: each plane in the
// air is its number, with a mark one cell ahead of it for its heading.
func (v *View) writePlot(b *strings.Builder) {
	col := v.plotScale()
	cols := int(math.Ceil(v.TableWidth / col))
	rows := int(math.Ceil(v.TableHeight / (2 * col)))
	grid := make([][]byte, rows)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(" ", cols))
	}
	cell := func(x, y float64) (int, int, bool) {
		c := int(math.Floor(x / col))
		r := rows - 1 - int(math.Floor(y/(2*col)))
		return r, c, c >= 0 && c < cols && r >= 0 && r < rows
	}
	for _, c := range v.Clouds {
		for x := c.X; x < c.X+c.Width; x += col {
			for y := c.Y; y < c.Y+c.Height; y += 2 * col {
				if r, cc, ok := cell(x, y); ok {
					grid[r][cc] = '~'
				}
			}
		}
	}
	for k, o := range v.Objects {
		if r, c, ok := cell(o.X, o.Y); ok && !o.Sunk {
			grid[r][c] = byte('a' + k)
		}
	}
	for k, p := range v.Planes {
		if p.Status != statusNames[flying] {
			continue
		}
		th := p.Heading * math.Pi / 180
		if r, c, ok := cell(p.X+math.Cos(th)*col*1.5, p.Y+math.Sin(th)*col*3); ok && grid[r][c] == ' ' {
			grid[r][c] = '.'
		}
		if r, c, ok := cell(p.X, p.Y); ok {
			grid[r][c] = byte('1' + k)
		}
	}
	border := "+" + strings.Repeat("-", cols) + "+\n"
	fmt.Fprintf(b, "Table %.0f × %.0f mm, north up: a column %.0f mm, a row %.0f mm (a ruler %.1f columns)\n",
		v.TableWidth, v.TableHeight, col, 2*col, v.Ruler/col)
	b.WriteString(border)
	for _, row := range grid {
		b.WriteString("|" + string(row) + "|\n")
	}
	b.WriteString(border)
}

// Look says, for each plane of the view's seat in the air, how every enemy
// plane lies from where it stands now: bearing off the nose, the ruler to
// its base, the range in quarters and the cones that reach it (the
// terminal's look command; issue 31 §4).
func (v *View) Look() string {
	var b strings.Builder
	s := &v.state
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if p.status != flying || (engine.Seat(p.seat) != v.Seat && v.Seat >= 0) {
			continue
		}
		fmt.Fprintf(&b, "%s at (%.0f,%.0f) heading %.0f° %s, altitude %d:\n", s.name(i), float64(p.x)/10, float64(p.y)/10,
			float64(p.hdg)/100, compass(float64(p.hdg)/100), p.alt)
		fx := s.fixes(i, p.x, p.y, p.hdg, p.alt)
		if len(fx) == 0 {
			b.WriteString("  no enemy plane in the air\n")
		}
		for _, f := range fx {
			fmt.Fprintf(&b, "  %s\n", fixText(f))
		}
	}
	if b.Len() == 0 {
		return "You have no plane in the air."
	}
	return strings.TrimRight(b.String(), "\n")
}

// compass names a heading (0° east, counter-clockwise) by its nearest of
// eight points.
func compass(deg float64) string {
	names := [8]string{"E", "NE", "N", "NW", "W", "SW", "S", "SE"}
	return names[int(math.Round(deg/45))%8]
}

// writePiles writes the damage piles' tokens left, once a token has been
// drawn (WG-8).
func (v *View) writePiles(b *strings.Builder) {
	var parts []string
	drawn := false
	for _, p := range v.Piles {
		parts = append(parts, fmt.Sprintf("%s %d/%d", p.Letter, p.Left, p.Full))
		drawn = drawn || p.Left < p.Full
	}
	if drawn {
		fmt.Fprintf(b, "damage piles, tokens left: %s\n", strings.Join(parts, ", "))
	}
}
