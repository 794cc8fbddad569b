package midway

import "testing"

// TestRangeDiagramEveryHex classifies every relative hex within 3 areas,
// for every side, type and facing (1.6.1, MW-5): the class turns with the
// plane, and matches the designed table written out here.
func TestRangeDiagramEveryHex(t *testing.T) {
	// The designed diagrams for a plane facing E, one string per row r =
	// -3..3 over q = -3..3 (R red, Y yellow, L light blue, N navy, . off,
	// @ the plane, space outside 3 areas).
	want := map[[2]int][7]string{
		{0, 0}: {"   ....", "  .....", " ..LYY.", "..N@RRY", "..LYY. ", ".....  ", "....   "},
		{0, 1}: {"   ....", "  .....", " ..LN..", ".NL@Y..", "..LN.. ", ".....  ", "....   "},
		{1, 0}: {"   ....", "  .....", " ..LRY.", ".NN@RY.", "..LRY. ", ".....  ", "....   "},
		{1, 1}: {"   ....", "  .....", " ..N...", ".NL@Y..", "..N... ", ".....  ", "....   "},
	}
	for sd := range numSides {
		for typ := range 2 {
			rows := want[[2]int{int(sd), typ}]
			for r := -3; r <= 3; r++ {
				for q := -3; q <= 3; q++ {
					h := at(int8(q), int8(r))
					if h.Dist() > 3 {
						continue
					}
					c := data.diagram[sd][typ][q+3][r+3]
					got := ".NLYR"[c]
					if h == (Hex{}) {
						got = '@'
					}
					row := rows[r+3]
					if q+3 >= len(row) || row[q+3] != got {
						t.Errorf("%s type %d offset %s: %c, table row %q", side(sd), typ, h, got, row)
					}
					for f := range numFacings {
						if c2 := data.colourAt(side(sd), typ, f, h.fromFrame(f)); h != (Hex{}) && c2 != c {
							t.Errorf("%s type %d facing %s offset %s: %s, want %s", side(sd), typ, f, h, c2, c)
						}
					}
				}
			}
		}
	}
	// Off the diagram beyond 3 areas.
	if data.colourAt(US, 0, East, at(4, 0)) != offDiagram {
		t.Error("4 areas ahead should be off the diagram")
	}
	// Cards per colour (2.4.3): red 3, yellow 2, light blue 2, navy 1, off 0;
	// only red and yellow are Attack Areas.
	for c, n := range map[colour]int{red: 3, yellow: 2, lightBlue: 2, navy: 1, offDiagram: 0} {
		if c.cards() != n || c.attack() != (c == red || c == yellow) {
			t.Errorf("%s: %d cards, attack %v", c, c.cards(), c.attack())
		}
	}
}
