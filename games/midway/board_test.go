package midway

import (
	"os"
	"strings"
	"testing"

	"scramble/engine"
)

// TestBoardSevenRosettes checks the designed board (1.2, 2.3.1, MW-1):
// seven big tiles of seven areas, disjoint, Midway in the centre.
func TestBoardSevenRosettes(t *testing.T) {
	areas := map[Hex]int{}
	data := data.layouts[layoutIndex("v1")]
	for _, a := range boardView(data) {
		areas[at(int8(a.Q), int8(a.R))] = a.Tile
	}
	if len(areas) != 49 {
		t.Fatalf("%d areas, want 49", len(areas))
	}
	count := map[int]int{}
	for h, tile := range areas {
		count[tile]++
		if data.tileOf(h) != tile {
			t.Errorf("area %s: tileOf %d, want %d", h, data.tileOf(h), tile)
		}
	}
	for tile := range 7 {
		if count[tile] != 7 {
			t.Errorf("tile %d has %d areas", tile, count[tile])
		}
	}
	if data.tileOf(at(0, 0)) != 0 || data.tileNames[0] != "Midway" {
		t.Error("Midway is not the centre tile")
	}
	if data.tileOf(at(5, 0)) != -1 {
		t.Error("5,0 should be off the board")
	}
}

// TestCarriersOpposite checks 2.3.2 and MW-3: the carriers on opposite
// tiles, facing outward, each with seven setup areas for six planes.
func TestCarriersOpposite(t *testing.T) {
	for _, data := range data.layouts {
		testCarriersOpposite(t, data)
	}
}

func testCarriersOpposite(t *testing.T, data *layout) {
	u, j := data.carrier[US], data.carrier[Japan]
	if u.Add(j) != (Hex{}) {
		t.Errorf("carriers %s and %s are not opposite across Midway", u, j)
	}
	if data.carrierDir[US] != data.carrierDir[Japan].turn(3) {
		t.Error("carriers do not face opposite ways")
	}
	for sd := range numSides {
		if data.numSetup[sd] != 7 {
			t.Errorf("%s has %d setup areas, want 7", side(sd), data.numSetup[sd])
		}
	}
}

// TestReinforcementAreas checks 3.3.2 and MW-4: six areas per side on the
// outer edge of outer tiles.
func TestReinforcementAreas(t *testing.T) {
	data := data.layouts[layoutIndex("v1")]
	for sd := range numSides {
		if data.numReinf[sd] != 6 {
			t.Fatalf("%s: %d areas", side(sd), data.numReinf[sd])
		}
		for _, h := range data.reinf[sd][:6] {
			if h.Dist() != 4 || data.tileOf(h) <= 0 {
				t.Errorf("%s area %s is not on the outer edge of an outer tile", side(sd), h)
			}
		}
	}
}

// TestDataValidation breaks each data file on purpose: the loader refuses
// it with an error naming the file and the fault.
func TestDataValidation(t *testing.T) {
	board, _ := os.ReadFile("data/board.json")
	diagrams, _ := os.ReadFile("data/diagrams.json")
	cards, _ := os.ReadFile("data/cards.json")
	if _, err := loadData(board, diagrams, cards); err != nil {
		t.Fatalf("the embedded data does not load: %v", err)
	}
	cases := []struct {
		file, old, new, want string
	}{
		{"board", `"centre": [2, 1]`, `"centre": [1, 1]`, "overlaps"},
		{"board", `"designed": "MW-1"`, `"designed": ""`, "not marked designed"},
		{"board", `[3, 1], [2, 2]`, `[3, 1], [3, 1]`, "listed twice"},
		{"board", `"hex": [2, 1]`, `"hex": [0, 0]`, "outer big tile"},
		{"board", `"facing": "E"`, `"facing": "X"`, "facing"},
		{"diagrams", `"navy": [[-1, 0]],`, `"navy": [[1, 0]],`, "both"},
		{"diagrams", `"red": [[1, 0], [2, 0]]`, `"red": [[1, 0], [5, 0]]`, "areas from the plane"},
		{"cards", `"copies": 3, "cost": 1, "designed": "MW-7: a common, cheap movement card"},
    {"name": "surprise`, `"copies": 4, "cost": 1, "designed": "MW-7: a common, cheap movement card"},
    {"name": "surprise`, "want 20"},
		{"cards", `"cost": 3`, `"cost": 4`, "cost of 1..3"},
		{"cards", `[1, 2, 3, 4, 5, 6, 7], "designed": "MW-6: seven`, `[1, 2, 2, 4, 5, 6, 7], "designed": "MW-6: seven`, "distinct"},
		{"cards", `"name": "veterans"`, `"name": "kamikaze"`, "want \"veterans\""},
		{"cards", `"about"`, `"bogus"`, "unknown field"},
	}
	for _, c := range cases {
		b, d, k := string(board), string(diagrams), string(cards)
		src := map[string]*string{"board": &b, "diagrams": &d, "cards": &k}[c.file]
		if !strings.Contains(*src, c.old) {
			t.Fatalf("%s.json has no %q", c.file, c.old)
		}
		*src = strings.Replace(*src, c.old, c.new, 1)
		_, err := loadData([]byte(b), []byte(d), []byte(k))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.file) {
			t.Errorf("%s with %q: got %v, want an error naming the file and %q", c.file, c.new, err, c.want)
		}
	}
}

// TestFacingsAndRotation checks the hex geometry: six facings, turns of one
// side, 180 degrees for Turnabout, and frames that undo each other.
func TestFacingsAndRotation(t *testing.T) {
	for f := range numFacings {
		if dirs[f].rotLeft() != dirs[f.turn(1)] || dirs[f].rotRight() != dirs[f.turn(-1)] {
			t.Errorf("rotation of %s is wrong", f)
		}
		if f.turn(3).turn(3) != f || dirs[f.turn(3)] != (Hex{-dirs[f].Q, -dirs[f].R}) {
			t.Errorf("turnabout of %s is not 180 degrees", f)
		}
		for q := int8(-3); q <= 3; q++ {
			for r := int8(-3); r <= 3; r++ {
				h := at(q, r)
				if h.fromFrame(f).toFrame(f) != h || h.fromFrame(f).Dist() != h.Dist() {
					t.Fatalf("frames of %s at %s do not round-trip", h, f)
				}
			}
		}
		if dirs[East].fromFrame(f) != dirs[f] {
			t.Errorf("ahead of a plane facing %s is not %s", f, dirs[f])
		}
	}
}

// TestLayouts checks the option layout (MW-1, MW-3, MW-4): every layout is
// seven 7-area tiles joined to Midway; v2, the default, puts the carriers
// ten areas apart at the centres of the far tiles; v1 stays reachable with
// its carriers six apart.
func TestLayouts(t *testing.T) {
	for _, l := range data.layouts {
		if n := len(boardView(l)); n != 49 {
			t.Errorf("layout %s: %d areas, want 49", l.name, n)
		}
	}
	for _, c := range []struct {
		opt  string
		dist int
		us   Hex
	}{{"", 10, at(5, -1)}, {"v2", 10, at(5, -1)}, {"v1", 6, at(2, 1)}} {
		o := engine.Options{}
		if c.opt != "" {
			o["layout"] = c.opt
		}
		st, err := New().New(o)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if d := s.carrier(US).Sub(s.carrier(Japan)).Dist(); d != c.dist || s.carrier(US) != c.us {
			t.Errorf("layout %q: US carrier %s, %d areas from Japan's, want %s and %d", c.opt, s.carrier(US), d, c.us, c.dist)
		}
	}
	if _, err := New().New(engine.Options{"layout": "v9"}); err == nil {
		t.Error("an unknown layout should be refused")
	}
}
