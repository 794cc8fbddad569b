package squadron

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
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
	token   bool // the Maneuver of the set must be a spent Maneuver token (SQ-8)
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
	desc       string // one line for the campaign's choice
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
	levels    []level
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
	if err := t.loadLevels(fsys); err != nil {
		return nil, err
	}
	return t, nil
}
