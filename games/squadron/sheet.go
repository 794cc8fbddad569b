package squadron

import (
	"fmt"
	"strings"
)

// mapCell is the width of one column of the text map: an area's id and what
// is in it ("D4 2g5"), and a space.
const mapCell = 7

// Sheet draws the area map in text for the terminal's sheet command: each
// area at its place on the board, with the Hurricanes in it by pilot number,
// its German planes counted, a hidden squadron and the target marked; then
// every area's name and the areas next to it, which is how far a move goes.
func (v *View) Sheet() string {
	if len(v.Areas) == 0 {
		return ""
	}
	minX, maxX, minY, maxY := v.Areas[0].X, v.Areas[0].X, v.Areas[0].Y, v.Areas[0].Y
	for _, a := range v.Areas {
		minX, maxX = min(minX, a.X), max(maxX, a.X)
		minY, maxY = min(minY, a.Y), max(maxY, a.Y)
	}
	target := ""
	if v.Target != nil {
		target = v.Target.Area
	}
	grid := make([][]string, maxY-minY+1)
	for i := range grid {
		grid[i] = make([]string, maxX-minX+1)
	}
	for _, a := range v.Areas {
		cell := a.ID
		if a.ID == target {
			cell += "*"
		}
		var what string
		for _, p := range a.RAF {
			what += fmt.Sprint(p)
		}
		if n := len(a.Germans); n > 0 {
			what += fmt.Sprintf("g%d", n)
		}
		if len(a.Hidden) > 0 {
			what += "?"
		}
		if what != "" {
			cell += " " + what
		}
		if len([]rune(cell)) > mapCell-1 {
			cell = string([]rune(cell)[:mapCell-1])
		}
		grid[a.Y-minY][a.X-minX] = cell
	}
	var b strings.Builder
	b.WriteString("The area map, London to the west (left), the Channel to the south (below):\n")
	for _, row := range grid {
		var line strings.Builder
		for _, cell := range row {
			fmt.Fprintf(&line, "%-*s", mapCell, cell)
		}
		fmt.Fprintf(&b, "  %s\n", strings.TrimRight(line.String(), " "))
	}
	b.WriteString("An area: its id, * the target, your Hurricanes by pilot number (12: pilots 1\nand 2), g and the number of German planes, ? a hidden squadron.\n\nAreas and the areas next to them:\n")
	for _, a := range v.Areas {
		kind := ""
		if a.Kind != "" {
			kind = " (" + a.Kind + ")"
		}
		fmt.Fprintf(&b, "  %s %s%s: %s\n", a.ID, a.Name, kind, strings.Join(a.Adjacent, " "))
	}
	return b.String()
}

// Sheet is the campaign's whole record, then the scenario's area map.
func (v *CampaignView) Sheet() string {
	if v.Scenario == nil {
		return v.record()
	}
	return v.record() + "\n" + v.Scenario.Sheet()
}
