package wings

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// The designed data of the game, embedded in the binary and checked when it
// is loaded (docs/rules/wings-of-glory.md, "Designed data").
//
//go:embed data/*.json data/scenarios/*.json
var dataFS embed.FS

// Limits of the compact state (state.go); the loader refuses data beyond them.
const (
	maxPlanes   = 8  // planes in a scenario
	maxCards    = 16 // card kinds in one manoeuvre deck
	maxTokens   = 12 // token kinds in one damage deck
	maxCrew     = 5  // crew members of one plane
	maxGuns     = 3  // guns (one per arc) of one plane
	numLetters  = 3  // damage decks A..C
	maxAltitude = 12 // highest ceiling the data may give
)

// Card flags (the symbols of a manoeuvre card).
const (
	flagStraight  uint8 = 1 << iota // a straight: the only cards around an Immelmann
	flagSteep                       // the diamond: never two in a row
	flagStall                       // a steep card with a short arrow
	flagImmelmann                   // the Immelmann card (a Split-S after a stall)
	flagClimb                       // the climb card: a climb counter
	flagDive                        // the dive card: one level down
	flagBombDive                    // a special dive card of the dive bombers
)

var flagNames = map[string]uint8{
	"straight": flagStraight, "steep": flagSteep, "stall": flagStall, "immelmann": flagImmelmann,
	"climb": flagClimb, "dive": flagDive, "bomb-dive": flagBombDive,
}

// card is one kind of manoeuvre card of a deck.
type card struct {
	id      string
	forward float64 // mm along the heading
	left    float64 // mm to the plane's left
	turn    float64 // degrees, counter-clockwise
	flags   uint8
	copies  int8
}

func (c *card) has(f uint8) bool { return c.flags&f != 0 }

// dir is the card's direction for a jammed rudder: +1 left, -1 right, 0
// neither.
func (c *card) dir() int8 {
	switch {
	case c.turn > 0 && c.turn < 180:
		return 1
	case c.turn < 0:
		return -1
	}
	return 0
}

// deck is a manoeuvre deck.
type deck struct {
	id    string
	cards []card
}

// Special damage symbols.
const (
	spNone uint8 = iota
	spSmoke
	spFire
	spRudder
	spCrew
	spEngine
	numSpecials
)

var specialNames = [numSpecials]string{"", "smoke", "fire", "rudder", "crew", "engine"}

// token is one kind of damage token.
type token struct {
	value   int8
	special uint8
	count   int
}

// damageDeck is one of the damage decks A..E.
type damageDeck struct {
	tokens []token
	total  int
}

// Gun arcs.
const (
	arcFront uint8 = iota
	arcRear
	arcTurret
	numArcs
)

var arcNames = [numArcs]string{"front", "rear", "turret"}

// gun is one gun of an aircraft.
type gun struct {
	arc   uint8
	fixed bool             // fixed forward-firing
	short [numLetters]int8 // tokens of each letter at short range
	long  [numLetters]int8
	crew  int8 // who fires it
	up    bool // may fire at an overlapping plane above
	down  bool // may fire at an overlapping plane below
}

// aircraft is the plane card of one type.
type aircraft struct {
	id, name  string
	side      string
	deck      int // index in data.decks
	damage    int16
	climbRate int8
	ceiling   int8
	crew      []string
	engines   int8
	fighter   bool
	bombs     int8
	torpedo   bool // its load is a torpedo (rulebook "Torpedos")
	large     bool // it stands on a large base (bombers)
	guns      []gun
}

// geometry holds the designed sizes, in tenths of a millimetre (the unit of
// positions in the state) and degrees.
type geometry struct {
	ruler      float64 // tenths of mm
	baseLength float64
	baseWidth  float64
	// largeLength and largeWidth are the large base of the bombers.
	largeLength float64
	largeWidth  float64
	arcHalf     [numArcs]float64 // degrees
}

// gameData is everything loaded from data/.
type gameData struct {
	geo       geometry
	decks     []deck
	damage    [numLetters]damageDeck
	aircraft  []aircraft
	scenarios []scenario
}

// loadData reads and checks every data file. The embedded files are part of
// the binary, so an error here is a defect of the data and is reported with
// the file and the value at fault.
func loadData() (*gameData, error) { return loadFS(dataFS) }

// loadFS reads and checks the data files under data/ in fsys: the embedded
// files, or a variant's laid over them (prepare.go).
func loadFS(fsys fs.FS) (*gameData, error) {
	d := &gameData{}
	if err := d.loadTable(fsys); err != nil {
		return nil, fmt.Errorf("data/table.json: %w", err)
	}
	if err := d.loadDecks(fsys); err != nil {
		return nil, fmt.Errorf("data/manoeuvres.json: %w", err)
	}
	if err := d.loadDamage(fsys); err != nil {
		return nil, fmt.Errorf("data/damage.json: %w", err)
	}
	if err := d.loadAircraft(fsys); err != nil {
		return nil, fmt.Errorf("data/aircraft.json: %w", err)
	}
	entries, err := fs.ReadDir(fsys, "data/scenarios")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		name := path.Join("data/scenarios", e.Name())
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		sc, err := d.parseScenario(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		d.scenarios = append(d.scenarios, sc)
	}
	sort.Slice(d.scenarios, func(i, j int) bool { return d.scenarios[i].order < d.scenarios[j].order })
	return d, nil
}

// decodeStrict decodes raw into v, refusing unknown fields so that a typing
// mistake in a data file is caught.
func decodeStrict(raw []byte, v any) error {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func (d *gameData) loadTable(fsys fs.FS) error {
	raw, err := fs.ReadFile(fsys, "data/table.json")
	if err != nil {
		return err
	}
	var f struct {
		Note       string    `json:"note"`
		Designed   bool      `json:"designed"`
		Ruler      float64   `json:"ruler_mm"`
		BaseLength float64   `json:"base_length_mm"`
		BaseWidth  float64   `json:"base_width_mm"`
		LargeBase  []float64 `json:"large_base_mm"`
		CardWidth  float64   `json:"card_width_mm"`
		Arcs       map[string]struct {
			Half     float64 `json:"half_angle_deg"`
			Designed bool    `json:"designed"`
		} `json:"arcs"`
	}
	if err := decodeStrict(raw, &f); err != nil {
		return err
	}
	if !f.Designed {
		return fmt.Errorf("the table sizes are designed and must say so (\"designed\": true)")
	}
	if f.Ruler <= 0 || f.BaseLength <= 0 || f.BaseWidth <= 0 || f.CardWidth <= 0 {
		return fmt.Errorf("ruler, base and card sizes must be positive")
	}
	if f.BaseWidth > f.BaseLength {
		return fmt.Errorf("a base is longer than it is wide: width %v > length %v", f.BaseWidth, f.BaseLength)
	}
	if len(f.LargeBase) != 2 || f.LargeBase[1] < f.BaseWidth || f.LargeBase[0] < f.BaseLength || f.LargeBase[1] > f.LargeBase[0] {
		return fmt.Errorf("large_base_mm is [length, width] of the bombers' base, no smaller than a base and longer than wide: %v", f.LargeBase)
	}
	d.geo = geometry{ruler: f.Ruler * 10, baseLength: f.BaseLength * 10, baseWidth: f.BaseWidth * 10,
		largeLength: f.LargeBase[0] * 10, largeWidth: f.LargeBase[1] * 10}
	for i, n := range arcNames {
		a, ok := f.Arcs[n]
		if !ok {
			return fmt.Errorf("arc %q is missing", n)
		}
		if a.Half <= 0 || a.Half > 180 || (a.Half > 90 && a.Half < 180) {
			return fmt.Errorf("arc %q: half angle %v must be in (0, 90] (a convex cone) or 180 (all round)", n, a.Half)
		}
		if !a.Designed {
			return fmt.Errorf("arc %q is designed and must say so", n)
		}
		d.geo.arcHalf[i] = a.Half
	}
	if len(f.Arcs) != int(numArcs) {
		return fmt.Errorf("unknown arc among %d arcs; the arcs are front, rear, turret", len(f.Arcs))
	}
	return nil
}

func (d *gameData) loadDecks(fsys fs.FS) error {
	raw, err := fs.ReadFile(fsys, "data/manoeuvres.json")
	if err != nil {
		return err
	}
	var f struct {
		Note  string `json:"note"`
		Decks []struct {
			ID       string `json:"id"`
			Designed bool   `json:"designed"`
			Note     string `json:"note"`
			Cards    []struct {
				ID      string   `json:"id"`
				Forward float64  `json:"forward_mm"`
				Left    float64  `json:"left_mm"`
				Turn    float64  `json:"turn_deg"`
				Flags   []string `json:"flags"`
				Copies  int      `json:"copies"`
			} `json:"cards"`
		} `json:"decks"`
	}
	if err := decodeStrict(raw, &f); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, fd := range f.Decks {
		if fd.ID == "" || seen[fd.ID] {
			return fmt.Errorf("deck id %q is empty or repeated", fd.ID)
		}
		seen[fd.ID] = true
		if !fd.Designed {
			return fmt.Errorf("deck %s is designed and must say so", fd.ID)
		}
		if len(fd.Cards) == 0 || len(fd.Cards) > maxCards {
			return fmt.Errorf("deck %s has %d card kinds; 1..%d are allowed", fd.ID, len(fd.Cards), maxCards)
		}
		dk := deck{id: fd.ID}
		ids := map[string]bool{}
		straight := false
		for _, fc := range fd.Cards {
			if fc.ID == "" || ids[fc.ID] || strings.ContainsAny(fc.ID, " \t") {
				return fmt.Errorf("deck %s: card id %q is empty, repeated or has a space", fd.ID, fc.ID)
			}
			ids[fc.ID] = true
			if fc.Copies < 1 || fc.Copies > 9 {
				return fmt.Errorf("deck %s card %s: %d copies; 1..9 are allowed", fd.ID, fc.ID, fc.Copies)
			}
			if fc.Forward <= 0 || fc.Turn <= -180 || fc.Turn > 180 {
				return fmt.Errorf("deck %s card %s: a card moves forward and turns by (-180, 180] degrees", fd.ID, fc.ID)
			}
			c := card{id: fc.ID, forward: fc.Forward * 10, left: fc.Left * 10, turn: fc.Turn, copies: int8(fc.Copies)}
			for _, fl := range fc.Flags {
				b, ok := flagNames[fl]
				if !ok {
					return fmt.Errorf("deck %s card %s: unknown flag %q", fd.ID, fc.ID, fl)
				}
				c.flags |= b
			}
			if c.has(flagStall) && !c.has(flagSteep) {
				return fmt.Errorf("deck %s card %s: a stall is a steep card", fd.ID, fc.ID)
			}
			if c.has(flagImmelmann) && !c.has(flagSteep) {
				return fmt.Errorf("deck %s card %s: the Immelmann is a steep card", fd.ID, fc.ID)
			}
			if c.has(flagStraight) && (c.turn != 0 || c.left != 0 || c.flags != flagStraight) {
				return fmt.Errorf("deck %s card %s: a straight goes straight ahead and has no other flag", fd.ID, fc.ID)
			}
			if c.has(flagBombDive) && !c.has(flagDive) {
				return fmt.Errorf("deck %s card %s: a bomb-dive card is a dive", fd.ID, fc.ID)
			}
			straight = straight || c.has(flagStraight)
			dk.cards = append(dk.cards, c)
		}
		if !straight {
			return fmt.Errorf("deck %s has no straight, which replaces illegal manoeuvres", fd.ID)
		}
		d.decks = append(d.decks, dk)
	}
	return nil
}

func (d *gameData) loadDamage(fsys fs.FS) error {
	raw, err := fs.ReadFile(fsys, "data/damage.json")
	if err != nil {
		return err
	}
	var f struct {
		Note  string `json:"note"`
		Decks []struct {
			Letter   string `json:"letter"`
			Designed bool   `json:"designed"`
			Tokens   []struct {
				Value   int    `json:"value"`
				Special string `json:"special"`
				Count   int    `json:"count"`
			} `json:"tokens"`
		} `json:"decks"`
	}
	if err := decodeStrict(raw, &f); err != nil {
		return err
	}
	if len(f.Decks) != numLetters {
		return fmt.Errorf("%d damage decks; the decks are A, B and C", len(f.Decks))
	}
	for i, fd := range f.Decks {
		if fd.Letter != string(rune('A'+i)) {
			return fmt.Errorf("damage deck %d is %q; the decks are A..E in order", i+1, fd.Letter)
		}
		if !fd.Designed {
			return fmt.Errorf("damage deck %s is designed and must say so", fd.Letter)
		}
		if len(fd.Tokens) == 0 || len(fd.Tokens) > maxTokens {
			return fmt.Errorf("damage deck %s has %d token kinds; 1..%d are allowed", fd.Letter, len(fd.Tokens), maxTokens)
		}
		dd := &d.damage[i]
		kinds := map[[2]int]bool{}
		for _, ft := range fd.Tokens {
			sp := -1
			for k, n := range specialNames {
				if n == ft.Special {
					sp = k
				}
			}
			if sp < 0 {
				return fmt.Errorf("damage deck %s: unknown special %q; known: smoke, fire, rudder, crew, engine", fd.Letter, ft.Special)
			}
			if ft.Value < 0 || ft.Value > 20 || ft.Count < 1 {
				return fmt.Errorf("damage deck %s: value %d, count %d out of range", fd.Letter, ft.Value, ft.Count)
			}
			if kinds[[2]int{ft.Value, sp}] {
				return fmt.Errorf("damage deck %s: the token %d %s is listed twice", fd.Letter, ft.Value, ft.Special)
			}
			kinds[[2]int{ft.Value, sp}] = true
			dd.tokens = append(dd.tokens, token{value: int8(ft.Value), special: uint8(sp), count: ft.Count})
			dd.total += ft.Count
		}
	}
	return nil
}
