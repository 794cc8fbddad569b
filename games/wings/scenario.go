package wings

import (
	"fmt"
	"math"
	"strings"
)

// Pilot qualities (rulebook "Novice or Wounded Pilot", "Lucky", "Aces").
const (
	pilotNormal uint8 = iota
	pilotNovice
	pilotLucky
	pilotAce
)

var pilotNames = []string{"normal", "novice", "lucky", "ace"}

// Ace skills, a bit each (rulebook "Ace Skills").
const (
	skAcrobatic uint8 = 1 << iota
	skEscaping
	skLuck
	skPerfectAim
	skSniper
	skItchy
)

var skillNames = []struct {
	name string
	bit  uint8
}{
	{"acrobatic", skAcrobatic}, {"escaping", skEscaping}, {"luck", skLuck},
	{"perfect-aim", skPerfectAim}, {"sniper", skSniper}, {"itchy-trigger", skItchy},
}

// seatSpec is one seat of a scenario.
type seatSpec struct {
	name, side string
	edge       int8 // the table edge the seat's planes fly home by (edgeNone: no home edge)
}

// Table edges (rulebook "Fuel": a plane leaving by another edge than its
// own is shot down; "Photo Reconnaissance": it must return to base).
const (
	edgeNone int8 = iota
	edgeWest
	edgeEast
	edgeSouth
	edgeNorth
)

var edgeNames = []string{"", "west", "east", "south", "north"}

// planeSpec is one plane of a scenario at setup.
type planeSpec struct {
	name     string
	aircraft int
	seat     int8
	x, y     int32 // tenths of mm
	heading  int32 // hundredths of a degree
	altitude int8
	pilot    uint8
	skills   uint8
	loaded   bool
	vp       int8 // victory points to the other sides when destroyed
	fuel     int8 // fuel points at the start; 0: no fuel rule
	camera   bool // carries a camera (rulebook "Photo Reconnaissance")
}

// scenario is a scenario loaded from data/scenarios.
type scenario struct {
	id, title string
	order     int
	width     int32 // table, tenths of mm
	height    int32
	floor     int8
	turns     int8
	seats     []seatSpec
	planes    []planeSpec
	objects   []objSpec
	clouds    []cloud
	// leavingLoses scores a plane that leaves the table as lost to the
	// enemy (WG-12, designed per scenario): a duel has no way home.
	leavingLoses bool
}

// parseScenario reads and checks one scenario file.
func (d *gameData) parseScenario(raw []byte) (scenario, error) {
	var f struct {
		ID       string `json:"id"`
		Order    int    `json:"order"`
		Title    string `json:"title"`
		Note     string `json:"note"`
		Designed bool   `json:"designed"`
		Table    [2]int `json:"table_mm"`
		Floor    int    `json:"floor"`
		Turns    int    `json:"turns"`
		// LeavingLoses: a plane that leaves the table counts as lost.
		LeavingLoses bool `json:"leaving_loses"`
		Seats        []struct {
			Name string `json:"name"`
			Side string `json:"side"`
			Edge string `json:"edge"`
		} `json:"seats"`
		Planes []struct {
			Name     string   `json:"name"`
			Aircraft string   `json:"aircraft"`
			Seat     int      `json:"seat"`
			X        float64  `json:"x_mm"`
			Y        float64  `json:"y_mm"`
			Heading  float64  `json:"heading_deg"`
			Altitude int      `json:"altitude"`
			Pilot    string   `json:"pilot"`
			Skills   []string `json:"skills"`
			Loaded   bool     `json:"loaded"`
			VP       int      `json:"vp"`
			Fuel     int      `json:"fuel"`
			Camera   bool     `json:"camera"`
		} `json:"planes"`
		Objects []objectJSON `json:"objects"`
		Clouds  []CloudView  `json:"clouds"`
	}
	if err := decodeStrict(raw, &f); err != nil {
		return scenario{}, err
	}
	sc := scenario{id: f.ID, title: f.Title, order: f.Order, width: int32(f.Table[0] * 10), height: int32(f.Table[1] * 10),
		floor: int8(f.Floor), turns: int8(f.Turns), leavingLoses: f.LeavingLoses}
	switch {
	case f.ID == "" || strings.ContainsAny(f.ID, " \t,"):
		return sc, fmt.Errorf("scenario id %q is empty or has a space", f.ID)
	case !f.Designed:
		return sc, fmt.Errorf("scenario %s is designed and must say so", f.ID)
	case f.Table[0] < 200 || f.Table[1] < 200 || f.Table[0] > 3000 || f.Table[1] > 3000:
		return sc, fmt.Errorf("scenario %s: table %v mm outside 200..3000 a side", f.ID, f.Table)
	case f.Turns < 1 || f.Turns > 40:
		return sc, fmt.Errorf("scenario %s: %d turns outside 1..40", f.ID, f.Turns)
	case len(f.Seats) < 2 || len(f.Seats) > 4:
		return sc, fmt.Errorf("scenario %s: %d seats; 2..4 are allowed", f.ID, len(f.Seats))
	case len(f.Planes) < 2 || len(f.Planes) > maxPlanes:
		return sc, fmt.Errorf("scenario %s: %d planes; 2..%d are allowed", f.ID, len(f.Planes), maxPlanes)
	case f.Floor < 0 || f.Floor > 3:
		return sc, fmt.Errorf("scenario %s: floor %d outside 0..3", f.ID, f.Floor)
	}
	sides := map[string]bool{}
	for _, s := range f.Seats {
		if s.Name == "" || s.Side == "" {
			return sc, fmt.Errorf("scenario %s: a seat needs a name and a side", f.ID)
		}
		edge := int8(-1)
		for k, n := range edgeNames {
			if n == s.Edge {
				edge = int8(k)
			}
		}
		if edge < 0 {
			return sc, fmt.Errorf("scenario %s: seat %s: edge %q is not west, east, south or north", f.ID, s.Name, s.Edge)
		}
		sc.seats = append(sc.seats, seatSpec{s.Name, s.Side, edge})
		sides[s.Side] = true
	}
	if len(sides) < 2 {
		return sc, fmt.Errorf("scenario %s: every seat is on side %s; two sides are needed", f.ID, sc.seats[0].side)
	}
	names := map[string]bool{}
	seatHas := make([]bool, len(f.Seats))
	for _, fp := range f.Planes {
		where := fmt.Sprintf("scenario %s plane %q", f.ID, fp.Name)
		if fp.Name == "" || names[strings.ToLower(fp.Name)] || strings.ContainsAny(fp.Name, " \t") {
			return sc, fmt.Errorf("%s: a plane name must be one word, unique", where)
		}
		names[strings.ToLower(fp.Name)] = true
		p := planeSpec{name: fp.Name, aircraft: d.aircraftByID(fp.Aircraft), seat: int8(fp.Seat),
			x: int32(math.Round(fp.X * 10)), y: int32(math.Round(fp.Y * 10)), heading: normHeading(fp.Heading),
			altitude: int8(fp.Altitude), loaded: fp.Loaded, vp: int8(fp.VP), fuel: int8(fp.Fuel), camera: fp.Camera}
		if fp.Fuel < 0 || fp.Fuel > 60 {
			return sc, fmt.Errorf("%s: fuel %d outside 0..60", where, fp.Fuel)
		}

		if p.vp == 0 {
			p.vp = 1
		}
		if fp.VP < 0 || fp.VP > 20 {
			return sc, fmt.Errorf("%s: victory points %d outside 0..20", where, fp.VP)
		}
		if p.aircraft < 0 {
			return sc, fmt.Errorf("%s: unknown aircraft %q", where, fp.Aircraft)
		}
		a := &d.aircraft[p.aircraft]
		if fp.Seat < 0 || fp.Seat >= len(f.Seats) {
			return sc, fmt.Errorf("%s: seat %d does not exist", where, fp.Seat)
		}
		if a.side != f.Seats[fp.Seat].Side {
			return sc, fmt.Errorf("%s: a %s plane in a seat of side %s", where, a.side, f.Seats[fp.Seat].Side)
		}
		seatHas[fp.Seat] = true
		if fp.Camera && sc.seats[fp.Seat].edge == edgeNone {
			return sc, fmt.Errorf("%s: a camera plane's seat needs a home edge to bring the photographs back", where)
		}
		if p.x <= 0 || p.y <= 0 || p.x >= sc.width || p.y >= sc.height {
			return sc, fmt.Errorf("%s: starts off the table", where)
		}
		if fp.Altitude < 1 || fp.Altitude > int(a.ceiling) {
			return sc, fmt.Errorf("%s: altitude %d outside 1..%d (its ceiling)", where, fp.Altitude, a.ceiling)
		}
		if fp.Loaded && a.bombs == 0 {
			return sc, fmt.Errorf("%s: loaded, but a %s carries no bombs", where, a.name)
		}
		pk := -1
		for i, n := range pilotNames {
			if n == fp.Pilot {
				pk = i
			}
		}
		if pk < 0 {
			return sc, fmt.Errorf("%s: pilot %q is not one of %s", where, fp.Pilot, strings.Join(pilotNames, ", "))
		}
		p.pilot = uint8(pk)
		for _, s := range fp.Skills {
			bit := uint8(0)
			for _, k := range skillNames {
				if k.name == s {
					bit = k.bit
				}
			}
			if bit == 0 {
				return sc, fmt.Errorf("%s: unknown ace skill %q", where, s)
			}
			p.skills |= bit
		}
		if (p.skills != 0) != (p.pilot == pilotAce) {
			return sc, fmt.Errorf("%s: an ace has at least one skill, and only aces have skills", where)
		}
		sc.planes = append(sc.planes, p)
	}
	if err := sc.parseObjects(f.Objects, f.Clouds, sides); err != nil {
		return sc, fmt.Errorf("scenario %s: %w", f.ID, err)
	}
	for i, ok := range seatHas {
		if !ok {
			return sc, fmt.Errorf("scenario %s: seat %s flies no plane", f.ID, f.Seats[i].Name)
		}
	}
	return sc, nil
}

// normHeading converts degrees to the stored hundredths of a degree in
// [0, 36000).
func normHeading(deg float64) int32 {
	h := int32(math.Round(deg*100)) % 36000
	if h < 0 {
		h += 36000
	}
	return h
}
