package squadron

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
)

// The designed data of the game: the map, the dice, the aircraft, the pilots,
// the combat cards, the deployment cards, the events and the scenarios. Each
// file says in its note what comes from the rulebook and what is designed;
// each record lists its designed fields in "designed". The reasoning behind
// every designed value is in docs/rules/303-squadron.md.
//
//go:embed data/*.json
var dataFiles embed.FS

// Limits of the state's fixed arrays.
const (
	maxAreas   = 32 // areas fit a uint32 set
	numCards   = 51 // combat cards (rulebook: Components)
	maxGerman  = 32 // German planes on the map at once (27 models)
	maxSquads  = 16 // German squadrons
	maxSeats   = 4  // players
	maxPlanes  = 4  // RAF planes: one per player, two in the solo variant
	numPilots  = 7  // pilot cards (rulebook: Components)
	numTokens  = 4  // damage tokens per player (rulebook: Player boards)
	maxEvents  = 4  // events in one scenario
	numDeploy  = 42 // deployment cards (rulebook: Components)
	maxPerArea = 6  // deployment cards on one starting area
)

// symbol is a symbol on a die or a card.
type symbol uint8

// The symbols (rulebook: Dice & symbols; Combat cards).
const (
	symBlank    symbol = iota // no effect
	symHit                    // one damage to the target
	symEvade                  // one damage avoided
	symManeuver               // card trigger or Maneuver token
	symReroll                 // roll this die once more
	symSuccess                // special die: choose Hit, Evasion or Maneuver
	symFailure                // special die: two damage to the roller
	symJoker                  // card Support: matches any symbol
	numSymbols
)

var symbolNames = [numSymbols]string{"blank", "hit", "evade", "maneuver", "reroll", "success", "failure", "joker"}

func (s symbol) String() string {
	if int(s) < len(symbolNames) {
		return symbolNames[s]
	}
	return "?"
}

func parseSymbol(t string) (symbol, bool) {
	for i, n := range symbolNames {
		if n == t {
			return symbol(i), true
		}
	}
	return 0, false
}

// face is one die face: a symbol and, on a Luftwaffe Hit, the propeller
// (2, 3 or 4 blades). It is encoded as sym | prop<<3, the chance action of a
// die roll.
type face uint8

func mkFace(s symbol, prop int) face { return face(uint8(s) | uint8(prop)<<3) }
func (f face) sym() symbol           { return symbol(f & 7) }
func (f face) prop() int             { return int(f >> 3) }

func (f face) String() string {
	if f.prop() > 0 {
		return fmt.Sprintf("%s/%d", f.sym(), f.prop())
	}
	return f.sym().String()
}

func parseFace(t string) (face, bool) {
	name, prop, hasProp := strings.Cut(t, "/")
	s, ok := parseSymbol(name)
	if !ok {
		return 0, false
	}
	if !hasProp {
		return mkFace(s, 0), true
	}
	switch prop {
	case "2", "3", "4":
		if s != symHit {
			return 0, false
		}
		return mkFace(s, int(prop[0]-'0')), true
	}
	return 0, false
}

// dieKind is a kind of die.
type dieKind uint8

// The five kinds of dice (rulebook: Dice).
const (
	dieBlue dieKind = iota
	dieYellow
	dieRed
	dieBlack
	dieWhite
	numDice
)

var dieNames = [numDice]string{"blue", "yellow", "red", "black", "white"}

// faceProb is one distinct face of a die with its probability.
type faceProb struct {
	f    face
	prob float64
	n    int // how many of the six faces show it
}

// aircraft is one German aircraft type (the help cards).
type aircraft struct {
	id, name  string
	class     int // 0 fighter, 1 heavy fighter, 2 bomber (Specialization)
	toughness []int8
	die       dieKind
	dice      int
	counter   int // Counterattack dice; 0: does not counterattack
	move      int
	bombs     int
	models    int
}

// The aircraft indices.
const (
	bf109 = 0
	bf110 = 1
	he111 = 2
)

// area is one area of the map.
type area struct {
	id, name  string
	sector    byte
	kind      string
	toughness int
	x, y      int
	adj       uint32
}

// card is one combat card.
type card struct {
	id      int
	move    int
	support [3]symbol
	defence []int
	sym     symbol
	set     [2]symbol
	effect  string
}

// pilotCard is one pilot card.
type pilotCard struct {
	id, name, rank, timing, ability, text string
}

// deployCard is one deployment card.
type deployCard struct {
	id      int
	version string // fighter, bomber, british
	plane   int    // aircraft index, -1 for British planes
	count   int
}

// eventCard is one event card.
type eventCard struct {
	id, name string
	colours  []string
	spawn    int
	planes   [3]int // by aircraft index
	mode     uint8
	target   int
	tile     string
}

// route is the target and mode of the squadrons of one starting area.
type route struct {
	target int
	mode   uint8
}

// scenario is one scenario card.
type scenario struct {
	id, name   string
	turns      int
	ammo, hand int
	goal       string // defend, return, both
	target     int    // -1 when none
	start      int
	paidStart  bool
	events     []scenarioEvent
	areas      [maxSeats + 1][]int // by player count
	deployment [maxSeats + 1][]int
	routes     map[int]route
}

// scenarioEvent is one event slot of a scenario.
type scenarioEvent struct {
	colours []string
	turn    int
}

// tables is the whole loaded data, read-only once loaded.
type tables struct {
	areas     []area
	dist      [maxAreas][maxAreas]int8
	next      [maxAreas][maxAreas]int8 // first step of the shortest route
	dice      [numDice][]faceProb
	aircraft  []aircraft
	cards     []card
	pilots    []pilotCard
	deploy    []deployCard
	events    []eventCard
	scenarios []scenario
	toughness map[string]int
	radar     map[int][]byte
}

var loadOnce = sync.OnceValues(func() (*tables, error) { return loadTables(dataFiles) })

// loadData returns the game's data, loaded and validated once.
func loadData() (*tables, error) { return loadOnce() }

// decodeStrict reads one JSON data file, refusing unknown fields.
func decodeStrict(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, "data/"+name)
	if err != nil {
		return fmt.Errorf("data file %s: %w", name, err)
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("data file %s: %w", name, err)
	}
	return nil
}

// checkDesigned checks that a record's designed list names only its fields.
func checkDesigned(file, rec string, designed []string, fields ...string) error {
	for _, d := range designed {
		found := false
		for _, f := range fields {
			if f == d {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("data file %s: %s marks %q designed, which is not one of its fields %v", file, rec, d, fields)
		}
	}
	return nil
}

// loadTables reads and validates every data file.
func loadTables(fsys fs.FS) (*tables, error) {
	t := &tables{}
	if err := t.loadBoard(fsys); err != nil {
		return nil, err
	}
	if err := t.loadDice(fsys); err != nil {
		return nil, err
	}
	if err := t.loadAircraft(fsys); err != nil {
		return nil, err
	}
	if err := t.loadCards(fsys); err != nil {
		return nil, err
	}
	if err := t.loadPilots(fsys); err != nil {
		return nil, err
	}
	if err := t.loadDeployment(fsys); err != nil {
		return nil, err
	}
	if err := t.loadEvents(fsys); err != nil {
		return nil, err
	}
	if err := t.loadScenarios(fsys); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *tables) areaIndex(id string) int {
	for i, a := range t.areas {
		if a.id == id {
			return i
		}
	}
	return -1
}

// areaByName finds an area by its place name ("Biggin Hill"), -1 if none.
func (t *tables) areaByName(name string) int {
	for i, a := range t.areas {
		if a.name == name {
			return i
		}
	}
	return -1
}

func (t *tables) loadBoard(fsys fs.FS) error {
	var f struct {
		Note    string `json:"note"`
		Sectors []struct {
			ID, Name, Colour string
			Designed         []string `json:"designed"`
		} `json:"sectors"`
		Areas []struct {
			ID        string   `json:"id"`
			Name      string   `json:"name"`
			Kind      string   `json:"kind"`
			Toughness int      `json:"toughness"`
			X         int      `json:"x"`
			Y         int      `json:"y"`
			Adjacent  []string `json:"adjacent"`
			Designed  []string `json:"designed"`
		} `json:"areas"`
		Toughness  map[string]int      `json:"toughness"`
		RadarCover map[string][]string `json:"radar_cover"`
	}
	if err := decodeStrict(fsys, "board.json", &f); err != nil {
		return err
	}
	sectors := map[byte]bool{}
	for _, s := range f.Sectors {
		if len(s.ID) != 1 {
			return fmt.Errorf("data file board.json: sector %q must be one letter", s.ID)
		}
		if err := checkDesigned("board.json", "sector "+s.ID, s.Designed, "name", "colour"); err != nil {
			return err
		}
		sectors[s.ID[0]] = true
	}
	for _, want := range "ABCDE" {
		if !sectors[byte(want)] {
			return fmt.Errorf("data file board.json: sector %c is missing; the rulebook names sectors A to E", want)
		}
	}
	if len(f.Areas) == 0 || len(f.Areas) > maxAreas {
		return fmt.Errorf("data file board.json: %d areas; there must be 1 to %d", len(f.Areas), maxAreas)
	}
	t.toughness = f.Toughness
	for _, k := range []string{"factory", "port", "radar", "airfield"} {
		if t.toughness[k] <= 0 {
			return fmt.Errorf("data file board.json: no toughness for %s targets (rulebook: Toughness)", k)
		}
	}
	for _, a := range f.Areas {
		if len(a.ID) < 2 || !sectors[a.ID[0]] {
			return fmt.Errorf("data file board.json: area %q must start with its sector letter", a.ID)
		}
		if t.areaIndex(a.ID) >= 0 {
			return fmt.Errorf("data file board.json: area %s is listed twice", a.ID)
		}
		if err := checkDesigned("board.json", "area "+a.ID, a.Designed, "name", "kind", "toughness", "x", "y", "adjacent"); err != nil {
			return err
		}
		tough := a.Toughness
		switch a.Kind {
		case "", "sea":
		case "city":
			if tough <= 0 {
				return fmt.Errorf("data file board.json: city %s needs a toughness", a.ID)
			}
		case "factory", "port", "radar", "airfield":
			if tough == 0 {
				tough = f.Toughness[a.Kind]
			}
		default:
			return fmt.Errorf("data file board.json: area %s has unknown kind %q", a.ID, a.Kind)
		}
		t.areas = append(t.areas, area{id: a.ID, name: a.Name, sector: a.ID[0], kind: a.Kind, toughness: tough, x: a.X, y: a.Y})
	}
	for i, a := range f.Areas {
		for _, n := range a.Adjacent {
			j := t.areaIndex(n)
			if j < 0 || j == i {
				return fmt.Errorf("data file board.json: area %s lists %q as adjacent, which is no other area", a.ID, n)
			}
			t.areas[i].adj |= 1 << j
		}
	}
	for i := range t.areas {
		for j := range t.areas {
			if (t.areas[i].adj>>j&1 == 1) != (t.areas[j].adj>>i&1 == 1) {
				return fmt.Errorf("data file board.json: %s and %s are adjacent one way only", t.areas[i].id, t.areas[j].id)
			}
		}
	}
	for _, name := range []string{"Northolt", "Biggin Hill"} {
		found := false
		for _, a := range t.areas {
			found = found || (a.name == name && a.kind == "airfield")
		}
		if !found {
			return fmt.Errorf("data file board.json: the airfield %s is missing (rulebook: Landing)", name)
		}
	}
	t.radar = map[int][]byte{}
	for id, secs := range f.RadarCover {
		i := t.areaIndex(id)
		if i < 0 || t.areas[i].kind != "radar" {
			return fmt.Errorf("data file board.json: radar cover names %s, which is not a radar area", id)
		}
		for _, s := range secs {
			t.radar[i] = append(t.radar[i], s[0])
		}
	}
	if len(t.radar) != 4 {
		return fmt.Errorf("data file board.json: %d radars have a cover; the rulebook names four", len(t.radar))
	}
	t.routes()
	for i := range t.areas {
		for j := range t.areas {
			if t.dist[i][j] < 0 {
				return fmt.Errorf("data file board.json: no route from %s to %s; the map must be connected", t.areas[i].id, t.areas[j].id)
			}
		}
	}
	return nil
}

// routes fills the distance and first-step tables by breadth-first search;
// among equally short routes the first step is the lowest-numbered area.
func (t *tables) routes() {
	n := len(t.areas)
	for to := 0; to < n; to++ {
		for i := range t.dist {
			t.dist[i][to] = -1
			t.next[i][to] = -1
		}
		t.dist[to][to] = 0
		t.next[to][to] = int8(to)
		queue := []int{to}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for nb := 0; nb < n; nb++ {
				if t.areas[c].adj>>nb&1 == 1 && t.dist[nb][to] < 0 {
					t.dist[nb][to] = t.dist[c][to] + 1
					queue = append(queue, nb)
				}
			}
		}
		for from := 0; from < n; from++ {
			if from == to {
				continue
			}
			for nb := 0; nb < n; nb++ {
				if t.areas[from].adj>>nb&1 == 1 && t.dist[nb][to] == t.dist[from][to]-1 {
					t.next[from][to] = int8(nb)
					break
				}
			}
		}
	}
}

func (t *tables) loadDice(fsys fs.FS) error {
	var f struct {
		Note string `json:"note"`
		Dice []struct {
			ID       string   `json:"id"`
			Name     string   `json:"name"`
			Count    int      `json:"count"`
			Faces    []string `json:"faces"`
			Designed []string `json:"designed"`
		} `json:"dice"`
	}
	if err := decodeStrict(fsys, "dice.json", &f); err != nil {
		return err
	}
	allowed := map[dieKind][]symbol{
		dieBlue:   {symBlank, symHit, symEvade, symManeuver, symReroll},
		dieYellow: {symSuccess, symFailure},
		dieRed:    {symBlank, symHit, symEvade},
		dieBlack:  {symBlank, symHit, symEvade},
		dieWhite:  {symBlank, symHit, symEvade},
	}
	total := 0
	for _, d := range f.Dice {
		k := -1
		for i, n := range dieNames {
			if n == d.ID {
				k = i
			}
		}
		if k < 0 {
			return fmt.Errorf("data file dice.json: unknown die %q; the dice are %v", d.ID, dieNames)
		}
		if err := checkDesigned("dice.json", "die "+d.ID, d.Designed, "count", "faces"); err != nil {
			return err
		}
		if len(d.Faces) != 6 {
			return fmt.Errorf("data file dice.json: die %s has %d faces, not 6", d.ID, len(d.Faces))
		}
		total += d.Count
		counts := map[face]int{}
		var order []face
		for _, fs := range d.Faces {
			fc, ok := parseFace(fs)
			if !ok {
				return fmt.Errorf("data file dice.json: die %s: unreadable face %q", d.ID, fs)
			}
			okSym := false
			for _, s := range allowed[dieKind(k)] {
				okSym = okSym || s == fc.sym()
			}
			german := k >= int(dieRed)
			if !okSym || (german && fc.sym() == symHit && fc.prop() == 0) || (!german && fc.prop() > 0) {
				return fmt.Errorf("data file dice.json: die %s cannot show %q (every Luftwaffe Hit carries a propeller, no RAF face does)", d.ID, fs)
			}
			if counts[fc] == 0 {
				order = append(order, fc)
			}
			counts[fc]++
		}
		sort.Slice(order, func(i, j int) bool { return order[i] < order[j] })
		for _, fc := range order {
			t.dice[k] = append(t.dice[k], faceProb{f: fc, prob: float64(counts[fc]) / 6, n: counts[fc]})
		}
	}
	for k := range t.dice {
		if len(t.dice[k]) == 0 {
			return fmt.Errorf("data file dice.json: die %s is missing", dieNames[k])
		}
	}
	if total != 21 {
		return fmt.Errorf("data file dice.json: %d dice in all; the rulebook counts 21", total)
	}
	return nil
}

func (t *tables) loadAircraft(fsys fs.FS) error {
	var f struct {
		Note     string `json:"note"`
		Aircraft []struct {
			ID            string   `json:"id"`
			Name          string   `json:"name"`
			Class         string   `json:"class"`
			Toughness     []int8   `json:"toughness"`
			Die           string   `json:"die"`
			Dice          int      `json:"dice"`
			Counterattack int      `json:"counterattack"`
			Move          int      `json:"move"`
			Bombs         int      `json:"bombs"`
			Designed      []string `json:"designed"`
		} `json:"aircraft"`
		Models map[string]int `json:"models"`
	}
	if err := decodeStrict(fsys, "aircraft.json", &f); err != nil {
		return err
	}
	want := []string{"bf109", "bf110", "he111"}
	if len(f.Aircraft) != len(want) {
		return fmt.Errorf("data file aircraft.json: %d aircraft; the basic game has %v", len(f.Aircraft), want)
	}
	for i, a := range f.Aircraft {
		if a.ID != want[i] {
			return fmt.Errorf("data file aircraft.json: aircraft %d is %q, want %q", i, a.ID, want[i])
		}
		if err := checkDesigned("aircraft.json", a.ID, a.Designed, "toughness", "die", "dice", "counterattack", "move", "bombs"); err != nil {
			return err
		}
		class := map[string]int{"fighter": 0, "heavy": 1, "bomber": 2}
		c, ok := class[a.Class]
		if !ok {
			return fmt.Errorf("data file aircraft.json: %s has unknown class %q", a.ID, a.Class)
		}
		die := -1
		for k, n := range dieNames {
			if n == a.Die && k >= int(dieRed) {
				die = k
			}
		}
		if die < 0 {
			return fmt.Errorf("data file aircraft.json: %s rolls %q, not a Luftwaffe die", a.ID, a.Die)
		}
		if len(a.Toughness) == 0 || a.Dice < 1 || a.Dice > 3 || a.Counterattack < 0 || a.Counterattack > 3 || a.Move < 1 || a.Move > 2 {
			return fmt.Errorf("data file aircraft.json: %s has a value out of range (toughness groups, 1-3 dice, 0-3 counterattack dice, move 1-2)", a.ID)
		}
		for _, g := range a.Toughness {
			if g < 1 || g > 3 {
				return fmt.Errorf("data file aircraft.json: %s has a toughness group of %d hits; groups are 1 to 3", a.ID, g)
			}
		}
		t.aircraft = append(t.aircraft, aircraft{id: a.ID, name: a.Name, class: c, toughness: a.Toughness, die: dieKind(die),
			dice: a.Dice, counter: a.Counterattack, move: a.Move, bombs: a.Bombs, models: f.Models[a.ID]})
	}
	if f.Models["bf109"] != 16 || f.Models["he111"] != 7 || f.Models["bf110"] != 4 || f.Models["hurricane"] != 5 {
		return fmt.Errorf("data file aircraft.json: models %v differ from the rulebook's 16 Bf 109, 7 He 111, 4 Bf 110, 5 Hurricanes", f.Models)
	}
	if a := t.aircraft[bf109]; len(a.toughness) != 2 || a.toughness[0] != 1 || a.toughness[1] != 1 || a.dice != 2 || a.die != dieRed {
		return fmt.Errorf("data file aircraft.json: the Bf 109 must have toughness [1,1] and roll 2 red dice (rulebook: Toughness)")
	}
	if a := t.aircraft[he111]; len(a.toughness) != 3 || a.toughness[1] != 2 || a.die != dieBlack {
		return fmt.Errorf("data file aircraft.json: the He 111 must have toughness [1,2,1] and roll black dice (rulebook: Toughness)")
	}
	return nil
}

func (t *tables) loadCards(fsys fs.FS) error {
	// A card record is what the view shows of a card, and its designed
	// fields.
	var f struct {
		Note  string `json:"note"`
		Cards []struct {
			CardView
			Designed []string `json:"designed"`
		} `json:"cards"`
	}
	if err := decodeStrict(fsys, "cards.json", &f); err != nil {
		return err
	}
	if len(f.Cards) != numCards {
		return fmt.Errorf("data file cards.json: %d cards; the rulebook counts %d", len(f.Cards), numCards)
	}
	for i, c := range f.Cards {
		rec := fmt.Sprintf("card %d", c.ID)
		if c.ID != i+1 {
			return fmt.Errorf("data file cards.json: card %d is numbered %d; number them 1 to %d in order", i+1, c.ID, numCards)
		}
		if err := checkDesigned("cards.json", rec, c.Designed, "move", "support", "defence", "symbol", "set", "effect"); err != nil {
			return err
		}
		if c.Move < 1 || c.Move > 3 {
			return fmt.Errorf("data file cards.json: %s moves %d; a card extends the move by 1 to 3", rec, c.Move)
		}
		var k card
		k.id, k.move, k.effect = c.ID, c.Move, c.Effect
		if len(c.Support) != 3 {
			return fmt.Errorf("data file cards.json: %s needs 3 Support symbols", rec)
		}
		jokers := 0
		for j, s := range c.Support {
			sy, ok := parseSymbol(s)
			if !ok || (sy != symHit && sy != symEvade && sy != symJoker) {
				return fmt.Errorf("data file cards.json: %s: Support symbol %q is not hit, evade or joker", rec, s)
			}
			if sy == symJoker {
				jokers++
			}
			k.support[j] = sy
		}
		if jokers == 3 {
			return fmt.Errorf("data file cards.json: %s: three Jokers never form a Sequence", rec)
		}
		if len(c.Defence) < 1 || len(c.Defence) > 2 {
			return fmt.Errorf("data file cards.json: %s needs one or two defence propellers", rec)
		}
		for _, p := range c.Defence {
			if p < 2 || p > 4 {
				return fmt.Errorf("data file cards.json: %s: a propeller has 2, 3 or 4 blades, not %d", rec, p)
			}
		}
		k.defence = c.Defence
		sy, ok := parseSymbol(c.Symbol)
		if !ok || (sy != symHit && sy != symEvade && sy != symManeuver) {
			return fmt.Errorf("data file cards.json: %s: RAF symbol %q is not hit, evade or maneuver", rec, c.Symbol)
		}
		k.sym = sy
		if len(c.Set) != 2 {
			return fmt.Errorf("data file cards.json: %s: a set is two symbols", rec)
		}
		for j, s := range c.Set {
			sy, ok := parseSymbol(s)
			if !ok || (sy != symHit && sy != symEvade && sy != symManeuver) {
				return fmt.Errorf("data file cards.json: %s: set symbol %q is not hit, evade or maneuver", rec, s)
			}
			k.set[j] = sy
		}
		switch c.Effect {
		case "hit", "evade", "maneuver", "firststrike", "thirdround":
		default:
			return fmt.Errorf("data file cards.json: %s: unknown effect %q", rec, c.Effect)
		}
		t.cards = append(t.cards, k)
	}
	return nil
}

func (t *tables) loadPilots(fsys fs.FS) error {
	var f struct {
		Note   string `json:"note"`
		Pilots []struct {
			ID, Name, Rank, Timing, Ability, Text string
			Designed                              []string `json:"designed"`
		} `json:"pilots"`
	}
	if err := decodeStrict(fsys, "pilots.json", &f); err != nil {
		return err
	}
	want := []string{"lokuciewski", "feric", "zumbach", "frantisek", "paszkiewicz", "urbanowicz", "krasnodebski"}
	if len(f.Pilots) != numPilots {
		return fmt.Errorf("data file pilots.json: %d pilots; the rulebook has %d", len(f.Pilots), numPilots)
	}
	for i, p := range f.Pilots {
		if p.ID != want[i] {
			return fmt.Errorf("data file pilots.json: pilot %d is %q, want %q", i+1, p.ID, want[i])
		}
		if err := checkDesigned("pilots.json", p.ID, p.Designed, "ability", "text"); err != nil {
			return err
		}
		t.pilots = append(t.pilots, pilotCard{id: p.ID, name: p.Name, rank: p.Rank, timing: p.Timing, ability: p.Ability, text: p.Text})
	}
	return nil
}

func (t *tables) loadDeployment(fsys fs.FS) error {
	var f struct {
		Note  string `json:"note"`
		Cards []struct {
			ID       int      `json:"id"`
			Version  string   `json:"version"`
			Plane    string   `json:"plane"`
			Count    int      `json:"count"`
			Designed []string `json:"designed"`
		} `json:"cards"`
	}
	if err := decodeStrict(fsys, "deployment.json", &f); err != nil {
		return err
	}
	if len(f.Cards) != numDeploy {
		return fmt.Errorf("data file deployment.json: %d cards; the rulebook counts %d", len(f.Cards), numDeploy)
	}
	british := 0
	for i, c := range f.Cards {
		rec := fmt.Sprintf("deployment card %d", c.ID)
		if c.ID != i+1 {
			return fmt.Errorf("data file deployment.json: card %d is numbered %d; number them in order", i+1, c.ID)
		}
		if err := checkDesigned("deployment.json", rec, c.Designed, "version", "plane", "count"); err != nil {
			return err
		}
		if c.Count < 0 || c.Count > 6 {
			return fmt.Errorf("data file deployment.json: %s shows %d planes; cards show 0 to 6", rec, c.Count)
		}
		d := deployCard{id: c.ID, version: c.Version, plane: -1, count: c.Count}
		for k, a := range t.aircraft {
			if a.id == c.Plane {
				d.plane = k
			}
		}
		switch {
		case c.Version == "british" && c.Plane == "hurricane":
			british++
		case c.Version == "fighter" && (d.plane == bf109 || d.plane == bf110):
		case c.Version == "bomber" && d.plane == he111:
		default:
			return fmt.Errorf("data file deployment.json: %s: a %s card cannot show %q", rec, c.Version, c.Plane)
		}
		t.deploy = append(t.deploy, d)
	}
	if british != 2 {
		return fmt.Errorf("data file deployment.json: %d British cards; the rulebook has 2", british)
	}
	return nil
}

// German modes (rulebook: German modes).
const (
	modeEscort    uint8 = iota // Close Escort (fighters with bombers), else Patrol
	modePatrol                 // Patrol
	modeOffensive              // Offensive: Patrol with Hun in the Sun
	modeHunting                // Hunting one pilot
	modeEscape                 // Escape: never attack, go home
)

var modeNames = []string{"escort", "patrol", "offensive", "hunting", "escape"}

func parseMode(s string) (uint8, bool) {
	for i, n := range modeNames {
		if n == s {
			return uint8(i), true
		}
	}
	return 0, false
}

func (t *tables) loadEvents(fsys fs.FS) error {
	var f struct {
		Note   string `json:"note"`
		Events []struct {
			ID       string         `json:"id"`
			Name     string         `json:"name"`
			Colours  []string       `json:"colours"`
			Spawn    string         `json:"spawn"`
			Planes   map[string]int `json:"planes"`
			Mode     string         `json:"mode"`
			Target   string         `json:"target"`
			Tile     string         `json:"tile"`
			Designed []string       `json:"designed"`
		} `json:"events"`
	}
	if err := decodeStrict(fsys, "events.json", &f); err != nil {
		return err
	}
	if len(f.Events) != 4 {
		return fmt.Errorf("data file events.json: %d events; the basic game has 4", len(f.Events))
	}
	for _, e := range f.Events {
		if err := checkDesigned("events.json", e.ID, e.Designed, "colours", "spawn", "planes", "mode", "target", "tile"); err != nil {
			return err
		}
		ev := eventCard{id: e.ID, name: e.Name, colours: e.Colours, spawn: t.areaIndex(e.Spawn), target: t.areaIndex(e.Target), tile: e.Tile}
		if ev.spawn < 0 || ev.target < 0 {
			return fmt.Errorf("data file events.json: %s: spawn %q or target %q is no area", e.ID, e.Spawn, e.Target)
		}
		m, ok := parseMode(e.Mode)
		if !ok || m == modeEscape {
			return fmt.Errorf("data file events.json: %s: unknown mode %q", e.ID, e.Mode)
		}
		ev.mode = m
		for name, n := range e.Planes {
			k := -1
			for i, a := range t.aircraft {
				if a.id == name {
					k = i
				}
			}
			if k < 0 || n < 0 || n > 6 {
				return fmt.Errorf("data file events.json: %s brings %d %q; name an aircraft and 0 to 6 planes", e.ID, n, name)
			}
			ev.planes[k] = n
		}
		switch e.Tile {
		case "factory", "port", "radar", "london":
		default:
			return fmt.Errorf("data file events.json: %s: Target Damage tile %q is not factory, port, radar or london", e.ID, e.Tile)
		}
		t.events = append(t.events, ev)
	}
	return nil
}

func (t *tables) loadScenarios(fsys fs.FS) error {
	var f struct {
		Note      string `json:"note"`
		Scenarios []struct {
			ID         string           `json:"id"`
			Name       string           `json:"name"`
			Turns      int              `json:"turns"`
			Ammo       int              `json:"ammo"`
			Hand       int              `json:"hand"`
			Goal       string           `json:"goal"`
			Target     string           `json:"target"`
			Start      string           `json:"start"`
			PaidStart  bool             `json:"paid_start"`
			Events     []scenarioEventF `json:"events"`
			Areas      map[string][]string
			Deployment map[string][]int
			Routes     map[string]struct{ Target, Mode string }
			Designed   []string `json:"designed"`
		} `json:"scenarios"`
	}
	if err := decodeStrict(fsys, "scenarios.json", &f); err != nil {
		return err
	}
	want := []string{"training", "bigginhill", "blitz", "cominghome", "homesweethome"}
	if len(f.Scenarios) != len(want) {
		return fmt.Errorf("data file scenarios.json: %d scenarios; the rulebook has 5", len(f.Scenarios))
	}
	for i, s := range f.Scenarios {
		if s.ID != want[i] {
			return fmt.Errorf("data file scenarios.json: scenario %d is %q, want %q", i+1, s.ID, want[i])
		}
		if err := checkDesigned("scenarios.json", s.ID, s.Designed, "turns", "ammo", "hand", "goal", "target", "start", "events", "areas", "deployment", "routes"); err != nil {
			return err
		}
		sc := scenario{id: s.ID, name: s.Name, turns: s.Turns, ammo: s.Ammo, hand: s.Hand, goal: s.Goal,
			target: t.areaIndex(s.Target), start: t.areaIndex(s.Start), paidStart: s.PaidStart, routes: map[int]route{}}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("data file scenarios.json: %s: %s", s.ID, fmt.Sprintf(format, args...))
		}
		if sc.turns < 1 || sc.turns > 12 || sc.ammo < 1 || sc.ammo > 6 || sc.hand < 1 || sc.hand > 8 {
			return bad("turns 1-12, ammunition 1-6 and hand 1-8")
		}
		if sc.start < 0 {
			return bad("start %q is no area", s.Start)
		}
		switch s.Goal {
		case "defend", "both":
			if sc.target < 0 || t.areas[sc.target].toughness == 0 {
				return bad("goal %s needs a target with a toughness, not %q", s.Goal, s.Target)
			}
		case "return":
		default:
			return bad("unknown goal %q", s.Goal)
		}
		if len(s.Events) > maxEvents {
			return bad("%d events; at most %d", len(s.Events), maxEvents)
		}
		for _, e := range s.Events {
			if e.Turn < 1 || e.Turn > sc.turns || len(e.Colours) == 0 {
				return bad("an event needs colours and a turn within the scenario")
			}
			sc.events = append(sc.events, scenarioEvent{colours: e.Colours, turn: e.Turn})
		}
		if err := t.checkEventPools(sc); err != nil {
			return bad("%v", err)
		}
		for from, r := range s.Routes {
			a, tg := t.areaIndex(from), t.areaIndex(r.Target)
			m, ok := parseMode(r.Mode)
			if a < 0 || tg < 0 || !ok || (m != modeEscort && m != modeOffensive) {
				return bad("route %s to %s in mode %q: areas must exist, modes are escort or offensive", from, r.Target, r.Mode)
			}
			sc.routes[a] = route{target: tg, mode: m}
		}
		for n := 1; n <= maxSeats; n++ {
			key := fmt.Sprint(n)
			for _, id := range s.Areas[key] {
				a := t.areaIndex(id)
				if a < 0 {
					return bad("starting area %q is no area", id)
				}
				if _, ok := sc.routes[a]; !ok {
					return bad("starting area %s has no route", id)
				}
				sc.areas[n] = append(sc.areas[n], a)
			}
			if len(sc.areas[n]) == 0 {
				return bad("no German starting areas for %d players", n)
			}
			sc.deployment[n] = s.Deployment[key]
			if err := t.checkDeployment(sc, n); err != nil {
				return bad("%d players: %v", n, err)
			}
		}
		t.scenarios = append(t.scenarios, sc)
	}
	return nil
}

type scenarioEventF struct {
	Colours []string `json:"colours"`
	Turn    int      `json:"turn"`
}

// checkEventPools checks that every event slot of sc can always draw a card
// different from the slots before it.
func (t *tables) checkEventPools(sc scenario) error {
	for i, e := range sc.events {
		if n := len(t.eventPool(e.colours, 0)); n <= i {
			return fmt.Errorf("event %d draws from colours %v, which hold only %d cards", i+1, e.colours, n)
		}
	}
	return nil
}

// eventPool lists the events with one of colours, leaving out those in used
// (a set of event indices).
func (t *tables) eventPool(colours []string, used uint8) []int {
	var pool []int
	for i, e := range t.events {
		if used>>i&1 == 1 {
			continue
		}
	match:
		for _, c := range e.colours {
			for _, w := range colours {
				if c == w {
					pool = append(pool, i)
					break match
				}
			}
		}
	}
	return pool
}

// checkDeployment checks the deployment list of sc for n players: known
// German cards, no more planes than the models even with every event's
// planes, and no more cards on an area than it can hold.
func (t *tables) checkDeployment(sc scenario, n int) error {
	var planes [3]int
	fighters, bombers := 0, 0
	seen := map[int]bool{}
	for _, id := range sc.deployment[n] {
		if id < 1 || id > len(t.deploy) || seen[id] {
			return fmt.Errorf("deployment card %d is unknown or listed twice", id)
		}
		seen[id] = true
		d := t.deploy[id-1]
		if d.plane < 0 {
			return fmt.Errorf("deployment card %d is British; the basic scenarios deal German cards only", id)
		}
		planes[d.plane] += d.count
		if d.version == "bomber" {
			bombers++
		} else {
			fighters++
		}
	}
	if fighters+bombers == 0 {
		return fmt.Errorf("no deployment cards")
	}
	areas := len(sc.areas[n])
	if (fighters+areas-1)/areas+(bombers+areas-1)/areas > maxPerArea {
		return fmt.Errorf("too many cards on one starting area")
	}
	// The worst case of events: every card the scenario's events can draw.
	var extra [3]int
	var drawable uint8
	for _, e := range sc.events {
		for _, i := range t.eventPool(e.colours, 0) {
			drawable |= 1 << i
		}
	}
	for i, e := range t.events {
		if drawable>>i&1 == 1 {
			for k := range extra {
				extra[k] += e.planes[k]
			}
		}
	}
	total := 0
	for k, a := range t.aircraft {
		if planes[k]+extra[k] > a.models {
			return fmt.Errorf("%d %s with the events' but only %d models", planes[k]+extra[k], a.name, a.models)
		}
		total += planes[k] + extra[k]
	}
	if total > maxGerman {
		return fmt.Errorf("%d German planes with every event; the state holds %d", total, maxGerman)
	}
	return nil
}
