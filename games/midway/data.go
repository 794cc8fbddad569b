package midway

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

// The designed data of the game (MW-1 … MW-7): embedded in the binary, read
// and validated once when the package loads.
//
//go:embed data/*.json
var dataFiles embed.FS

// Grid bounds of the big board lookup: every big-tile area lies within
// gridRadius of Midway.
const (
	gridRadius = 8
	gridSize   = 2*gridRadius + 1
	diagRadius = 3
	diagSize   = 2*diagRadius + 1
	numOrders  = 8 // kinds of regular order cards (1.6.3)
	deckSize   = 7 // firing cards per side (1.6.5)
	maxReinf   = 8
)

// colour is a range-diagram colour (1.6.1): what a plane draws when its rival
// is in an area of that colour.
type colour int8

// The colours, from off the diagram to the red attack area.
const (
	offDiagram colour = iota
	navy
	lightBlue
	yellow
	red
)

var colourNames = [...]string{"off", "navy", "lightblue", "yellow", "red"}

// String names the colour as the data files do.
func (c colour) String() string { return colourNames[c] }

// cards is the number of firing cards drawn for the colour (2.4.3).
func (c colour) cards() int { return [...]int{0, 1, 2, 2, 3}[c] }

// attack reports whether the colour is an Attack Area: a win destroys the
// rival (2.4.3).
func (c colour) attack() bool { return c >= yellow }

// orderInfo is one kind of regular order card.
type orderInfo struct {
	Name   string
	Copies int8
	Cost   int8
}

// gameData is the validated, read-only data of the game.
type gameData struct {
	layouts    []*layout // the first is the default
	tableRad   int
	smallTiles int
	diagram    [numSides][2][diagSize][diagSize]colour // side, fighter(0)/bomber(1)
	firing     [numSides][deckSize]int8
	orders     [numOrders]orderInfo
	special    [numSides]string
	specialN   [numSides]int8

	// Built from the above once, when the data is loaded (or on first use),
	// and read-only after: the views' board and range diagrams, and the
	// policy's odds of a Firing and table of typical duels.
	boardViews   [][]AreaView
	diagramViews [2][2][]DiagramCell
	odds         *oddsTable
	duels        func() *duelTable
}

// layout is one designed arrangement of the big tiles (MW-1, MW-3, MW-4):
// the option layout chooses it.
type layout struct {
	name       string
	tileNames  []string
	tileCentre []Hex
	grid       [gridSize][gridSize]int8 // big tile of each area, -1 off the board
	carrier    [numSides]Hex
	carrierDir [numSides]Facing
	reinf      [numSides][maxReinf]Hex
	numReinf   [numSides]int
	setupArea  [numSides][7]Hex // Hunt setup areas: the carrier and its neighbours (2.3.4)
	numSetup   [numSides]int
}

// orderNames are the regular order cards in the order the data lists them
// ("List of Orders").
var orderNames = [numOrders]string{"acceleration", "surprise attack", "feint", "aileron roll",
	"turnabout", "dodge", "loop", "sixth sense"}

// data is the game's designed data, read-only; the package does not load if
// it is invalid. A designer's variant plays on its own (prepare.go).
var data = mustLoad(dataFiles)

func mustLoad(fsys embed.FS) *gameData {
	read := func(name string) []byte {
		b, err := fsys.ReadFile("data/" + name)
		if err != nil {
			panic("midway: " + err.Error())
		}
		return b
	}
	d, err := loadData(read("board.json"), read("diagrams.json"), read("cards.json"))
	if err != nil {
		panic("midway: invalid embedded data: " + err.Error())
	}
	return d
}

type boardFile struct {
	About      string `json:"about"`
	SmallTiles struct {
		Count    int    `json:"count"`
		Areas    int    `json:"areas"`
		Designed string `json:"designed"`
	} `json:"small_tiles"`
	TableRadius   int          `json:"table_radius"`
	TableDesigned string       `json:"table_designed"`
	Layouts       []layoutFile `json:"layouts"`
}

type layoutFile struct {
	Name     string `json:"name"`
	Designed string `json:"designed"`
	Tiles    []struct {
		Name     string  `json:"name"`
		Centre   [2]int8 `json:"centre"`
		Designed string  `json:"designed"`
	} `json:"tiles"`
	Carriers map[string]struct {
		Hex      [2]int8 `json:"hex"`
		Facing   string  `json:"facing"`
		Designed string  `json:"designed"`
	} `json:"carriers"`
	Reinforcements map[string]struct {
		Hexes    [][2]int8 `json:"hexes"`
		Designed string    `json:"designed"`
	} `json:"reinforcements"`
}

type diagramEntry struct {
	Red       [][2]int8 `json:"red"`
	Yellow    [][2]int8 `json:"yellow"`
	LightBlue [][2]int8 `json:"lightblue"`
	Navy      [][2]int8 `json:"navy"`
	Designed  string    `json:"designed"`
}

type diagramFile struct {
	About string                  `json:"about"`
	US    map[string]diagramEntry `json:"us"`
	Japan map[string]diagramEntry `json:"japan"`
}

type cardsFile struct {
	About  string `json:"about"`
	Firing map[string]struct {
		Values   []int8 `json:"values"`
		Designed string `json:"designed"`
	} `json:"firing"`
	Orders []struct {
		Name     string `json:"name"`
		Copies   int8   `json:"copies"`
		Cost     int8   `json:"cost"`
		Designed string `json:"designed"`
	} `json:"orders"`
	Specials map[string]struct {
		Name     string `json:"name"`
		Copies   int8   `json:"copies"`
		Designed string `json:"designed"`
	} `json:"specials"`
}

var sideKeys = [numSides]string{"us", "japan"}

// strictUnmarshal decodes b into v, refusing unknown fields.
func strictUnmarshal(name string, b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// loadData reads and validates the three data files. Every error names the
// file and the value that is wrong.
func loadData(board, diagrams, cards []byte) (*gameData, error) {
	d := &gameData{}
	var bf boardFile
	if err := strictUnmarshal("board.json", board, &bf); err != nil {
		return nil, err
	}
	if err := d.loadBoard(&bf); err != nil {
		return nil, fmt.Errorf("board.json: %w", err)
	}
	var df diagramFile
	if err := strictUnmarshal("diagrams.json", diagrams, &df); err != nil {
		return nil, err
	}
	if err := d.loadDiagrams(df); err != nil {
		return nil, fmt.Errorf("diagrams.json: %w", err)
	}
	var cf cardsFile
	if err := strictUnmarshal("cards.json", cards, &cf); err != nil {
		return nil, err
	}
	if err := d.loadCards(&cf); err != nil {
		return nil, fmt.Errorf("cards.json: %w", err)
	}
	d.boardViews, d.diagramViews, d.odds = boardViews(d), diagramsView(d), buildOdds(d)
	d.duels = sync.OnceValue(func() *duelTable { return buildDuels(d) })
	return d, nil
}

func (d *gameData) loadBoard(bf *boardFile) error {
	if bf.SmallTiles.Count != 2 || bf.SmallTiles.Areas != 1 || bf.SmallTiles.Designed == "" {
		return errors.New("small_tiles: want 2 designed tiles of 1 area (1.3, MW-2)")
	}
	d.smallTiles = bf.SmallTiles.Count
	if bf.TableRadius < gridRadius || bf.TableRadius > 100 || bf.TableDesigned == "" {
		return fmt.Errorf("table_radius %d: want a designed radius in %d..100", bf.TableRadius, gridRadius)
	}
	d.tableRad = bf.TableRadius
	if len(bf.Layouts) == 0 || len(bf.Layouts) > 8 {
		return fmt.Errorf("%d layouts, want 1..8", len(bf.Layouts))
	}
	for i := range bf.Layouts {
		lf := &bf.Layouts[i]
		for _, l := range d.layouts {
			if l.name == lf.Name {
				return fmt.Errorf("layout %q listed twice", lf.Name)
			}
		}
		l := &layout{name: lf.Name}
		if lf.Name == "" || lf.Designed == "" {
			return fmt.Errorf("layout %d: needs a name and a designed note", i+1)
		}
		if err := l.load(lf); err != nil {
			return fmt.Errorf("layout %s: %w", lf.Name, err)
		}
		d.layouts = append(d.layouts, l)
	}
	return nil
}

// load reads and validates one layout: seven big tiles, disjoint, Midway at
// the centre, every tile joined to Midway through tiles (2.3.2), carriers
// with room for six planes (2.3.4), Reinforcement Areas (3.3.2).
func (d *layout) load(bf *layoutFile) error {
	if len(bf.Tiles) != 7 {
		return fmt.Errorf("%d big tiles, want 7 (1.2)", len(bf.Tiles))
	}
	for i := range d.grid {
		for j := range d.grid[i] {
			d.grid[i][j] = -1
		}
	}
	for i, t := range bf.Tiles {
		if t.Designed == "" {
			return fmt.Errorf("tile %q: not marked designed", t.Name)
		}
		c := Hex{t.Centre[0], t.Centre[1]}
		if i == 0 && (t.Name != "Midway" || c != (Hex{})) {
			return errors.New("the first tile must be Midway at 0,0 (2.3.1)")
		}
		for k := -1; k < int(numFacings); k++ {
			h := c
			if k >= 0 {
				h = c.step(Facing(k))
			}
			if h.Dist() > gridRadius {
				return fmt.Errorf("tile %q: area %s is more than %d from Midway", t.Name, h, gridRadius)
			}
			if prev := d.grid[h.Q+gridRadius][h.R+gridRadius]; prev >= 0 {
				return fmt.Errorf("tile %q overlaps tile %q at %s", t.Name, bf.Tiles[prev].Name, h)
			}
			d.grid[h.Q+gridRadius][h.R+gridRadius] = int8(i)
		}
		d.tileNames = append(d.tileNames, t.Name)
		d.tileCentre = append(d.tileCentre, c)
	}
	joined := map[int]bool{0: true}
	for grew := true; grew; {
		grew = false
		for i, c := range d.tileCentre {
			if joined[i] {
				continue
			}
			for k := range numFacings {
				for m := range numFacings {
					if o := d.tileOf(c.step(k).step(m)); o >= 0 && joined[o] && !joined[i] {
						joined[i], grew = true, true
					}
				}
			}
		}
	}
	for i := range d.tileCentre {
		if !joined[i] {
			return fmt.Errorf("tile %q is not joined to the Midway tile (2.3.2)", d.tileNames[i])
		}
	}
	for s, key := range sideKeys {
		c, ok := bf.Carriers[key]
		if !ok || c.Designed == "" {
			return fmt.Errorf("carriers: %s missing or not marked designed", key)
		}
		h := Hex{c.Hex[0], c.Hex[1]}
		if d.tileOf(h) <= 0 {
			return fmt.Errorf("carriers: the %s carrier at %s is not on an outer big tile (2.3.2)", key, h)
		}
		if d.tileOf(h) == d.tileOf(d.carrier[0]) && s == 1 {
			return fmt.Errorf("carriers: both carriers on tile %q (2.3.2)", d.tileNames[d.tileOf(h)])
		}
		f, ok := parseFacing(c.Facing)
		if !ok {
			return fmt.Errorf("carriers: %s facing %q is not one of E, NE, NW, W, SW, SE", key, c.Facing)
		}
		d.carrier[s], d.carrierDir[s] = h, f
		d.setupArea[s][0] = h
		n := 1
		for k := range numFacings {
			if nb := h.step(k); d.tileOf(nb) >= 0 {
				d.setupArea[s][n] = nb
				n++
			}
		}
		if n < planesPerSide {
			return fmt.Errorf("carriers: the %s carrier has %d setup areas, fewer than its %d planes (2.3.4)", key, n, planesPerSide)
		}
		d.numSetup[s] = n
		r, ok := bf.Reinforcements[key]
		if !ok || r.Designed == "" {
			return fmt.Errorf("reinforcements: %s missing or not marked designed", key)
		}
		if len(r.Hexes) < planesPerSide || len(r.Hexes) > maxReinf {
			return fmt.Errorf("reinforcements: %s has %d areas, want %d..%d (3.3.4)", key, len(r.Hexes), planesPerSide, maxReinf)
		}
		for i, x := range r.Hexes {
			h := Hex{x[0], x[1]}
			if d.tileOf(h) <= 0 {
				return fmt.Errorf("reinforcements: %s area %s is not on an outer big tile (3.3.2)", key, h)
			}
			for _, p := range d.reinf[s][:i] {
				if p == h {
					return fmt.Errorf("reinforcements: %s area %s listed twice", key, h)
				}
			}
			d.reinf[s][i] = h
		}
		d.numReinf[s] = len(r.Hexes)
	}
	for _, h := range d.reinf[US][:d.numReinf[US]] {
		for _, j := range d.reinf[Japan][:d.numReinf[Japan]] {
			if h == j {
				return fmt.Errorf("reinforcements: area %s belongs to both sides", h)
			}
		}
	}
	if d.carrier[US] == d.carrier[Japan] {
		return errors.New("carriers: both carriers on one area")
	}
	return nil
}

func (d *gameData) loadDiagrams(df diagramFile) error {
	for s, key := range sideKeys {
		sd := [numSides]map[string]diagramEntry{df.US, df.Japan}[s]
		if sd == nil {
			return fmt.Errorf("no diagrams for %s", key)
		}
		for t, typ := range [2]string{"fighter", "bomber"} {
			e, ok := sd[typ]
			if !ok || e.Designed == "" {
				return fmt.Errorf("%s %s: missing or not marked designed", key, typ)
			}
			g := &d.diagram[s][t]
			for c, list := range map[colour][][2]int8{red: e.Red, yellow: e.Yellow, lightBlue: e.LightBlue, navy: e.Navy} {
				for _, x := range list {
					h := Hex{x[0], x[1]}
					if h == (Hex{}) || h.Dist() > diagRadius {
						return fmt.Errorf("%s %s %s: offset %s must be 1..%d areas from the plane", key, typ, c, h, diagRadius)
					}
					if prev := g[h.Q+diagRadius][h.R+diagRadius]; prev != offDiagram {
						return fmt.Errorf("%s %s: offset %s is both %s and %s", key, typ, h, prev, c)
					}
					g[h.Q+diagRadius][h.R+diagRadius] = c
				}
			}
		}
	}
	return nil
}

func (d *gameData) loadCards(cf *cardsFile) error {
	for s, key := range sideKeys {
		f, ok := cf.Firing[key]
		if !ok || f.Designed == "" {
			return fmt.Errorf("firing: %s missing or not marked designed", key)
		}
		if len(f.Values) != deckSize {
			return fmt.Errorf("firing: %s has %d cards, want %d (1.6.5)", key, len(f.Values), deckSize)
		}
		for i, v := range f.Values {
			if v < 0 || v > 20 {
				return fmt.Errorf("firing: %s card %d has value %d, want 0..20", key, i+1, v)
			}
			if i > 0 && v <= f.Values[i-1] {
				return fmt.Errorf("firing: %s values must be distinct and increasing", key)
			}
			d.firing[s][i] = v
		}
		sp, ok := cf.Specials[key]
		if !ok || sp.Designed == "" || sp.Copies != 2 {
			return fmt.Errorf("specials: %s missing, not designed, or not 2 copies (1.6.4)", key)
		}
		want := [numSides]string{"thach weave", "veterans"}[s]
		if sp.Name != want {
			return fmt.Errorf("specials: %s is %q, want %q", key, sp.Name, want)
		}
		d.special[s], d.specialN[s] = sp.Name, sp.Copies
	}
	if len(cf.Orders) != numOrders {
		return fmt.Errorf("orders: %d kinds, want %d", len(cf.Orders), numOrders)
	}
	total := 0
	for i, o := range cf.Orders {
		if o.Name != orderNames[i] {
			return fmt.Errorf("orders: kind %d is %q, want %q", i+1, o.Name, orderNames[i])
		}
		if o.Designed == "" || o.Copies < 1 || o.Cost < 1 || o.Cost > 3 {
			return fmt.Errorf("orders: %s needs designed copies >= 1 and a cost of 1..3 Command Points", o.Name)
		}
		total += int(o.Copies)
		d.orders[i] = orderInfo{Name: o.Name, Copies: o.Copies, Cost: o.Cost}
	}
	if total != 20 {
		return fmt.Errorf("orders: %d cards in all, want 20 (1.6.3)", total)
	}
	return nil
}

// tileOf returns the big tile of h, or -1 off the big tiles.
func (d *layout) tileOf(h Hex) int {
	q, r := int(h.Q)+gridRadius, int(h.R)+gridRadius
	if q < 0 || q >= gridSize || r < 0 || r >= gridSize {
		return -1
	}
	return int(d.grid[q][r])
}

// colourAt classifies a rival at world offset off from a plane of side s and
// type t (0 fighter or Ace, 1 bomber) facing f.
func (d *gameData) colourAt(s side, t int, f Facing, off Hex) colour {
	h := off.toFrame(f)
	if h.Dist() > diagRadius {
		return offDiagram
	}
	return d.diagram[s][t][h.Q+diagRadius][h.R+diagRadius]
}
