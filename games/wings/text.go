package wings

import (
	"fmt"
	"math"
	"strings"
)

// Plot size of the text table, in characters.
const (
	plotCols = 72
	plotRows = 18
)

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
		fmt.Fprintf(&b, " at (%4.0f,%4.0f) mm heading %3.0f° %s alt %d climb %d", p.X, p.Y, p.Heading, compass(p.Heading), p.Altitude, p.Climb)
		if p.Flown != "" {
			fmt.Fprintf(&b, " flew %s", p.Flown)
		}
		fmt.Fprintf(&b, "\n  damage %d token(s) of %d points", len(p.Tokens), p.DamagePoints)
		if len(p.Tokens) > 0 {
			fmt.Fprintf(&b, " [%s]", strings.Join(p.Tokens, ", "))
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
			fmt.Fprintf(&b, "\n  yours: %d damage, console [%s], climb rate %d", p.Own.Damage, strings.Join(p.Own.Console, ", "), p.Own.ClimbRate)
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
		fmt.Fprintf(&b, "torpedo at (%4.0f,%4.0f) mm heading %3.0f°, %d turn(s) run\n", tp.X, tp.Y, tp.Heading, tp.Turns)
	}
	for _, c := range v.Clouds {
		fmt.Fprintf(&b, "~ cloud at altitude %d: (%.0f,%.0f) %.0f × %.0f mm\n", c.Altitude, c.X, c.Y, c.Width, c.Height)
	}
	if len(v.Options) > 0 {
		b.WriteString("Cards (where each ends from here):\n")
		for _, o := range v.Options {
			if o.Legal {
				fmt.Fprintf(&b, "  %-12s -> (%4.0f,%4.0f) heading %3.0f°\n", o.Card, o.X, o.Y, o.Heading)
			}
		}
	}
	if v.Result != nil {
		fmt.Fprintf(&b, "Result: %s; winner %q\n", v.Result.Cause, v.Result.Winner)
	}
	if len(v.Legal) > 0 {
		fmt.Fprintf(&b, "You may: %s\n", strings.Join(v.Legal, " | "))
	}
	return b.String()
}

// writePlot draws the table coarsely: each plane in the air is its number,
// with a mark one cell ahead of it for its heading.
func (v *View) writePlot(b *strings.Builder) {
	var grid [plotRows][plotCols]byte
	for r := range grid {
		for c := range grid[r] {
			grid[r][c] = ' '
		}
	}
	cell := func(x, y float64) (int, int, bool) {
		c := int(x / v.TableWidth * plotCols)
		r := plotRows - 1 - int(y/v.TableHeight*plotRows)
		return r, c, c >= 0 && c < plotCols && r >= 0 && r < plotRows
	}
	for _, c := range v.Clouds {
		for x := c.X; x < c.X+c.Width; x += v.TableWidth / plotCols {
			for y := c.Y; y < c.Y+c.Height; y += v.TableHeight / plotRows {
				if r, col, ok := cell(x, y); ok {
					grid[r][col] = '~'
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
		step := v.TableWidth / plotCols
		if r, c, ok := cell(p.X+math.Cos(th)*step*1.5, p.Y+math.Sin(th)*step*2.5); ok && grid[r][c] == ' ' {
			grid[r][c] = '.'
		}
		if r, c, ok := cell(p.X, p.Y); ok {
			grid[r][c] = byte('1' + k)
		}
	}
	border := "+" + strings.Repeat("-", plotCols) + "+\n"
	b.WriteString(border)
	for _, row := range grid {
		b.WriteString("|" + string(row[:]) + "|\n")
	}
	b.WriteString(border)
}

// compass names a heading (0° east, counter-clockwise) by its nearest of
// eight points.
func compass(deg float64) string {
	names := [8]string{"E", "NE", "N", "NW", "W", "SW", "S", "SE"}
	return names[int(math.Round(deg/45))%8]
}
