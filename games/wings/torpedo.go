package wings

import "math"

// Torpedoes (rulebook "Torpedos"). A torpedo is a card that runs straight
// ahead one card length a turn, after the ships, until it touches a ship
// or boat, or until its sixth turn.

const (
	maxTorpedoes = 4
	torpedoRun   = 600 // tenths of mm a turn: one card length (designed: a base's length)
	torpedoLife  = 5   // moves before it is removed at the start of the sixth turn
	torpedoWidth = 100 // tenths of mm
	torpedoAhead = 3   // rulers: how far ahead a ship must be for a launch (WG-16)
)

// torpedo is a torpedo in the water.
type torpedo struct {
	x, y, hdg int32
	age       int8
	live      bool
	wounded   bool // its bombardier was wounded at the launch
}

// afloat says whether object k is a ship or boat still afloat: what a
// torpedo can hit (rulebook "Torpedos", "Motor Torpedo Boats").
func (s *State) afloat(k int) bool {
	kind := s.scen().objects[k].kind
	return (kind == objShip || kind == objMTB) && !s.objects[k].sunk
}

// torpedoTarget says whether object k is a ship afloat: what a torpedo can
// sink (an MTB is sunk only by strafing, rulebook "Motor Torpedo Boats").
func (s *State) torpedoTarget(k int) bool {
	return s.scen().objects[k].kind == objShip && !s.objects[k].sunk
}

// canLaunch says whether plane i may launch its torpedo this turn (rulebook
// "Torpedos", WG-16): a loaded torpedo bomber at altitude 1 that flew a
// straight and fired no fixed gun this turn, with an enemy ship afloat.
func (s *State) canLaunch(i int) bool {
	p := &s.planes[i]
	if !p.loaded || !s.air(p).torpedo || p.status != flying || p.alt != 1 || p.flown < 0 || s.turn == 0 ||
		!s.cardOf(p, p.flown).has(flagStraight) || p.target >= 0 {
		return false
	}
	for k := 0; k < int(s.nobj); k++ {
		if s.torpedoTarget(k) && s.scen().objects[k].side != s.side(p) {
			return true
		}
	}
	return false
}

// nextLauncher asks, from plane cursor on, the owner of each plane that may
// launch its torpedo whether it does; then the bomb phase goes on.
func (s *State) nextLauncher() {
	for ; int(s.cursor) < int(s.n); s.cursor++ {
		if s.canLaunch(int(s.cursor)) {
			s.step = stLaunch
			return
		}
	}
	s.bombPhase()
	s.after = afterBombs
	s.runQueue()
}

// launchChoice applies the choice of the plane asked by nextLauncher.
func (s *State) launchChoice(launch bool) {
	if launch {
		s.launchTorpedo(int(s.cursor))
	}
	s.cursor++
	s.nextLauncher()
}

// launchAimed says whether plane i, which may launch, has an enemy ship
// within three rulers and 30° of its heading: the policy bot's reading of
// a good moment.
func (s *State) launchAimed(i int) bool {
	p := &s.planes[i]
	for k := 0; k < int(s.nobj); k++ {
		sp := &s.scen().objects[k]
		if !s.torpedoTarget(k) || sp.side == s.side(p) {
			continue
		}
		d := s.objCentre(k).sub(p.centre())
		if d.len() <= torpedoAhead*s.data.geo.ruler && angleDiff(bearing(p.centre(), s.objCentre(k)), p.pose().hdg) <= math.Pi/6 {
			return true
		}
	}
	return false
}

// launchTorpedo puts plane i's torpedo in the water under it.
func (s *State) launchTorpedo(i int) {
	p := &s.planes[i]
	for k := range s.torps {
		if !s.torps[k].live {
			s.torps[k] = torpedo{x: p.x, y: p.y, hdg: p.hdg, live: true, wounded: s.bombardierWounded(p)}
			p.loaded = false
			if s.log != nil {
				s.logf("%s launches its torpedo", s.name(i))
			}
			return
		}
	}
}

// torpedoRect is torpedo k's card.
func (s *State) torpedoRect(k int) rect {
	tp := &s.torps[k]
	th := radians(tp.hdg)
	f := unit(th).scale(torpedoRun / 2)
	l := unit(th + math.Pi/2).scale(torpedoWidth / 2)
	c := vec{float64(tp.x), float64(tp.y)}
	return rect{c.add(f).add(l), c.add(f).sub(l), c.sub(f).sub(l), c.sub(f).add(l)}
}

// runTorpedoes moves every torpedo and queues the die of each that touches
// a ship or boat.
func (s *State) runTorpedoes() {
	for k := range s.torps {
		tp := &s.torps[k]
		if !tp.live {
			continue
		}
		tp.age++
		if tp.age > torpedoLife {
			tp.live = false
			continue
		}
		from := vec{float64(tp.x), float64(tp.y)}
		th := radians(tp.hdg)
		tp.x += int32(math.Round(torpedoRun * math.Cos(th)))
		tp.y += int32(math.Round(torpedoRun * math.Sin(th)))
		for j := 0; j < int(s.nobj); j++ {
			if !s.afloat(j) {
				continue
			}
			r := s.objRect(j)
			if segmentHits(from, vec{float64(tp.x), float64(tp.y)}, r) || overlap(s.torpedoRect(k), r) {
				tp.live = false
				s.push(queued{kind: qTorpedo, plane: int8(k), partner: int8(j)})
				break
			}
		}
	}
}

// torpedoHits says whether the torpedo die d (after −2 for a wounded
// bombardier) hits: 5–6 on the front or rear, 2–6 on a side. The side is
// struck when the torpedo runs more than 45° off the ship's axis.
func (s *State) torpedoHits(k, j, d int) bool {
	if s.torps[k].wounded {
		d -= 2
	}
	off := angleDiff(radians(s.torps[k].hdg), radians(s.objects[j].hdg))
	side := off > math.Pi/4 && off < 3*math.Pi/4
	if side {
		return d >= 2
	}
	return d >= 5
}

// torpedoDamage applies the damage die of a hit on object j: 1–2 one bomb
// damage, 3 two, 4–5 three, 6 the ship explodes.
func (s *State) torpedoDamage(j, d int) {
	sp, o := &s.scen().objects[j], &s.objects[j]
	if sp.kind == objMTB { // only strafing sinks an MTB (rulebook "Motor Torpedo Boats")
		if s.log != nil {
			s.logf("%s cannot be sunk by a torpedo", sp.name)
		}
		return
	}
	dmg := torpedoDie(d)
	if s.log != nil {
		if dmg == 99 {
			s.logf("%s explodes", sp.name)
		} else {
			s.logf("%s takes %d bomb damage from the torpedo", sp.name, dmg)
		}
	}
	o.bombDmg = min(o.bombDmg+dmg, 99)
	if o.bombDmg >= sp.bombToSink && !o.sunk {
		o.sunk, o.halfVP = true, 2*sp.vp
	}
}

// torpedoDie is the bomb damage of a torpedo hit's die d (torpedoDamage):
// 1–2 one, 3 two, 4–5 three, 6 the ship explodes (99, more than any ship
// takes).
func torpedoDie(d int) int8 {
	switch {
	case d <= 2:
		return 1
	case d == 3:
		return 2
	case d <= 5:
		return 3
	}
	return 99
}
