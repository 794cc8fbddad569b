package wings

import (
	"fmt"
	"math"

	"scramble/engine"
)

// Ground and sea objects of the scenario rules (rulebook "Scenario Rules":
// "Strafing", "Ground Troops", "Anti-Aircraft Guns", "Level Bombing", "Dive
// Bombing", "Ships", "Motor Torpedo Boats", "Barrage Balloons") and clouds
// ("Clouds").

// Object kinds.
const (
	objTarget  uint8 = iota // a radar, airfield or factory: bombed for victory points
	objAA                   // an anti-aircraft gun
	objTroops               // ground troops
	objShip                 // a ship: bombed to sink it, its guns strafed to silence them
	objMTB                  // a motor torpedo boat: sunk by strafing
	objBalloon              // a barrage balloon
	objPAC                  // a parachute and cable launcher
	numObjKinds
)

var objKindNames = [numObjKinds]string{"target", "aa", "troops", "ship", "mtb", "balloon", "pac"}

// Gun styles of objects: "aa" fires as an anti-aircraft gun, "troops" as
// ground troops (cargo ships, MTBs).
const (
	gunAA uint8 = iota
	gunTroops
)

// Object gun arcs, relative to the object's heading.
const (
	oarcAll uint8 = iota
	oarcFront
	oarcRear
	oarcLeft
	oarcRight
)

var oarcNames = []string{"all", "front", "rear", "left", "right"}

const (
	maxObjects    = 8
	maxObjGuns    = 4
	maxClouds     = 6
	shipSpeed     = 250 // tenths of mm a turn: 2½ cm (rulebook "Ships")
	aaSilenced    = 10  // damage that silences an AA gun (rulebook "Strafing")
	troopSilenced = 5
	mtbSunk       = 20
)

// objGun is one gun of an object.
type objGun struct {
	style uint8
	arc   uint8
}

// objSpec is an object of a scenario at setup.
type objSpec struct {
	name         string
	kind         uint8
	side         string // the side that defends it
	x, y, hdg    int32
	length       float64 // tenths of mm
	width        float64
	vp           int8 // victory points to the attackers when destroyed (bombed, silenced or sunk)
	bombToSink   int8 // ships: bomb damage that sinks them
	moves        bool // ships and MTBs sail straight ahead
	guns         []objGun
	silenceLimit int16
	tow          int8 // balloons: the ship towing it, or -1
}

// cloud is a cloud: an axis-aligned rectangle at one altitude level.
type cloud struct {
	r   rect
	alt int8
}

// ObjectCard is an object's card on the table, as a scenario file gives
// it and as views show it.
type ObjectCard struct {
	Name    string  `json:"name"`
	Kind    string  `json:"kind"`
	Side    string  `json:"side"`
	X       float64 `json:"x_mm"`
	Y       float64 `json:"y_mm"`
	Heading float64 `json:"heading_deg"`
	Length  float64 `json:"length_mm"`
	Width   float64 `json:"width_mm"`
}

type objectJSON struct {
	ObjectCard
	VP      int      `json:"vp"`
	Sink    int      `json:"bombs_to_sink"`
	TowedBy string   `json:"towed_by"`
	Guns    []string `json:"guns"`
}

// parseObjects reads and checks the objects and clouds of a scenario.
func (sc *scenario) parseObjects(objs []objectJSON, clouds []CloudView, sides map[string]bool) error {
	if len(objs) > maxObjects || len(clouds) > maxClouds {
		return fmt.Errorf("at most %d objects and %d clouds", maxObjects, maxClouds)
	}
	for _, fo := range objs {
		where := fmt.Sprintf("object %q", fo.Name)
		o := objSpec{tow: -1, name: fo.Name, kind: numObjKinds, side: fo.Side, x: int32(math.Round(fo.X * 10)), y: int32(math.Round(fo.Y * 10)),
			hdg: normHeading(fo.Heading), length: fo.Length * 10, width: fo.Width * 10, vp: int8(fo.VP), bombToSink: int8(fo.Sink)}
		for k, n := range objKindNames {
			if n == fo.Kind {
				o.kind = uint8(k)
			}
		}
		switch {
		case fo.Name == "":
			return fmt.Errorf("an object needs a name")
		case o.kind == numObjKinds:
			return fmt.Errorf("%s: unknown kind %q", where, fo.Kind)
		case !sides[fo.Side]:
			return fmt.Errorf("%s: side %q has no seat", where, fo.Side)
		case o.x <= 0 || o.y <= 0 || o.x >= sc.width || o.y >= sc.height:
			return fmt.Errorf("%s: off the table", where)
		case fo.Length < 10 || fo.Width < 10 || fo.Length > 400 || fo.Width > 400:
			return fmt.Errorf("%s: size %v × %v mm outside 10..400", where, fo.Length, fo.Width)
		case fo.VP < 0 || fo.VP > 20:
			return fmt.Errorf("%s: victory points %d outside 0..20", where, fo.VP)
		case len(fo.Guns) > maxObjGuns:
			return fmt.Errorf("%s: at most %d guns", where, maxObjGuns)
		}
		for _, g := range fo.Guns {
			var style, arc string
			if _, err := fmt.Sscanf(g, "%s %s", &style, &arc); err != nil {
				return fmt.Errorf("%s: gun %q: write STYLE ARC, as in \"aa all\"", where, g)
			}
			og := objGun{style: 255, arc: 255}
			switch style {
			case "aa":
				og.style = gunAA
			case "troops":
				og.style = gunTroops
			}
			for k, n := range oarcNames {
				if n == arc {
					og.arc = uint8(k)
				}
			}
			if og.style == 255 || og.arc == 255 {
				return fmt.Errorf("%s: gun %q: style aa or troops, arc all, front, rear, left or right", where, g)
			}
			o.guns = append(o.guns, og)
		}
		switch o.kind {
		case objAA:
			o.silenceLimit = aaSilenced
			if len(o.guns) == 0 {
				o.guns = []objGun{{gunAA, oarcAll}}
			}
		case objTroops:
			o.silenceLimit = troopSilenced
			if len(o.guns) == 0 {
				o.guns = []objGun{{gunTroops, oarcAll}}
			}
		case objShip:
			// A ship whose guns all fire as ground troops (a cargo ship) is
			// silenced as ground troops are (rulebook "Ships", "Strafing").
			o.moves, o.silenceLimit = true, troopSilenced
			for _, g := range o.guns {
				if g.style == gunAA {
					o.silenceLimit = aaSilenced
				}
			}
			if o.bombToSink < 1 {
				return fmt.Errorf("%s: a ship sinks after 1..4 bomb damage (bombs_to_sink)", where)
			}
		case objMTB:
			o.moves, o.silenceLimit = true, mtbSunk
			if len(o.guns) == 0 {
				o.guns = []objGun{{gunTroops, oarcAll}}
			}
		case objTarget, objBalloon, objPAC:
			if len(o.guns) > 0 {
				return fmt.Errorf("%s: a %s has no guns", where, fo.Kind)
			}
			if o.kind == objTarget && o.vp < 1 {
				return fmt.Errorf("%s: a target is worth 1..20 victory points", where)
			}
		}
		sc.objects = append(sc.objects, o)
	}
	for k, fo := range objs {
		if fo.TowedBy == "" {
			continue
		}
		for j, t := range sc.objects {
			if t.name == fo.TowedBy && t.kind == objShip {
				sc.objects[k].tow = int8(j)
			}
		}
		if sc.objects[k].tow < 0 || sc.objects[k].kind != objBalloon {
			return fmt.Errorf("object %q: only a balloon is towed, and by a ship of the scenario (not %q)", fo.Name, fo.TowedBy)
		}
	}
	for _, fc := range clouds {
		if fc.Width <= 0 || fc.Height <= 0 || fc.Altitude < 1 || fc.Altitude > maxAltitude {
			return fmt.Errorf("cloud at (%v, %v): a positive size and an altitude 1..%d", fc.X, fc.Y, maxAltitude)
		}
		x0, y0, x1, y1 := fc.X*10, fc.Y*10, (fc.X+fc.Width)*10, (fc.Y+fc.Height)*10
		sc.clouds = append(sc.clouds, cloud{r: rect{{x1, y1}, {x1, y0}, {x0, y0}, {x0, y1}}, alt: int8(fc.Altitude)})
	}
	return nil
}

// object is an object in play.
type object struct {
	x, y, hdg int32
	dmg       int16            // strafing damage (tokens face up: public)
	bombDmg   int8             // bomb damage (ships)
	halfVP    int8             // victory points its attackers scored on it, in halves
	silenced  bool             // its guns no longer fire; for AA guns and troops, eliminated
	active    int8             // a launched PAC: movement phases it stays up
	launched  bool             // a PAC fired (once a game)
	sunk      bool             // a ship or MTB sunk, or sailed off the table
	strafedBy uint8            // planes that fired at it this turn (bits)
	counter   [maxObjGuns]int8 // AA artillery counter: the plane it is on, or -1
}

// objRect is the card of object k.
func (s *State) objRect(k int) rect {
	o, sp := &s.objects[k], &s.scen().objects[k]
	f := unit(radians(o.hdg)).scale(sp.length / 2)
	l := unit(radians(o.hdg) + math.Pi/2).scale(sp.width / 2)
	c := vec{float64(o.x), float64(o.y)}
	return rect{c.add(f).add(l), c.add(f).sub(l), c.sub(f).sub(l), c.sub(f).add(l)}
}

// sailAll moves ships and MTBs 2½ cm straight ahead (rulebook "Ships"); a
// ship leaving the table is gone.
func (s *State) sailAll() {
	sc := s.scen()
	var moved [maxObjects][2]int32
	for k := 0; k < int(s.nobj); k++ {
		o, sp := &s.objects[k], &sc.objects[k]
		if !sp.moves || o.sunk {
			continue
		}
		th := radians(o.hdg)
		moved[k] = [2]int32{int32(math.Round(shipSpeed * math.Cos(th))), int32(math.Round(shipSpeed * math.Sin(th)))}
		o.x += moved[k][0]
		o.y += moved[k][1]
		if o.x < 0 || o.y < 0 || o.x > sc.width || o.y > sc.height {
			o.sunk = true
			if s.log != nil {
				s.logf("%s sails off the table", sp.name)
			}
		}
	}
	for k := 0; k < int(s.nobj); k++ { // balloons towed by a ship move with it
		if t := sc.objects[k].tow; t >= 0 {
			s.objects[k].x += moved[t][0]
			s.objects[k].y += moved[t][1]
		}
	}
}

// balloons queues four C tokens for plane i if its base, flying card c
// from the pose from, swept across a barrage balloon, or a launched
// parachute and cable, at altitude 1 or 2 (rulebook "Barrage Balloons",
// "Parachute and Cable": crossing the card; the sweep is geometry.sweep).
func (s *State) balloons(i int, from pose, c *card) {
	p := &s.planes[i]
	if p.alt > 2 || p.status != flying {
		return
	}
	var hulls [][]vec
	for k := 0; k < int(s.nobj); k++ {
		if kind := s.scen().objects[k].kind; kind != objBalloon && (kind != objPAC || s.objects[k].active == 0) {
			continue
		}
		if hulls == nil {
			hulls = s.data.geo.sweep(from, c, 8, make([][]vec, 0, 8))
		}
		r := s.objRect(k)
		hit := false
		for _, h := range hulls {
			hit = hit || polysOverlap(h, r[:])
		}
		if hit {
			if s.log != nil {
				s.logf("%s flies into the cable of %s: four C tokens", s.name(i), s.scen().objects[k].name)
			}
			for range 4 {
				s.push(queued{kind: qToken, plane: int8(i), letter: 2, partner: -1})
			}
		}
	}
}

// cloudBlockers appends the clouds that block a shot between altitudes a
// and b (rulebook "Clouds": firing into, out of or through a cloud).
func (s *State) cloudBlockers(a, b int8, buf []rect) []rect {
	lo, hi := min(a, b), max(a, b)
	for _, c := range s.scen().clouds {
		if c.alt >= lo && c.alt <= hi {
			buf = append(buf, c.r)
		}
	}
	return buf
}

// objCentre is object k's centre.
func (s *State) objCentre(k int) vec { return vec{float64(s.objects[k].x), float64(s.objects[k].y)} }

// pacReady says whether object k is a parachute and cable launcher that can
// still be launched (rulebook "Parachute and Cable": once a game).
func (s *State) pacReady(k int) bool {
	return s.scen().objects[k].kind == objPAC && !s.objects[k].launched
}

// pacSeat is the seat that launches object k: the first of its side.
func (s *State) pacSeat(k int) engine.Seat {
	side := s.scen().objects[k].side
	for i, st := range s.scen().seats {
		if st.side == side {
			return engine.Seat(i)
		}
	}
	return 0
}

// launch fires the parachute and cable of object k: up for the next six
// movement phases.
func (s *State) launch(k int) {
	s.objects[k].launched, s.objects[k].active = true, 6
	if s.log != nil {
		s.logf("%s launches its parachutes and cables", s.scen().objects[k].name)
	}
}
