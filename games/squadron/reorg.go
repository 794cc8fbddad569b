package squadron

import "scramble/engine"

// Why the game ended.
const (
	causeNone    uint8 = iota
	causeGoal          // the players met the scenario's goal
	causeTarget        // the Germans destroyed the scenario's target
	causeReserve       // a pilot was needed and the Reserve was empty
	causeTurns         // the last turn ended without the players' goal
)

var causeNames = [...]string{"", "victory", "target destroyed", "reserve empty", "goal not met"}

// finish ends the game.
func (s *State) finish(won bool, cause uint8) {
	s.won, s.cause = won, cause
	if won {
		// Medal Tokens: a Medal to each pilot in play for a won scenario.
		for p := range s.nPl {
			if s.active(int(p)) {
				s.pilots[s.raf[p].pilot].medals++
			}
		}
	}
	s.step = stOver
	s.f.on, s.ca.on, s.dmg.on = false, false, false
	for e := range s.nEv {
		if s.events[e].status == evOpen || s.events[e].status == evHidden && s.events[e].card >= 0 {
			s.events[e].status = evLost
		}
	}
	if s.log != nil {
		if won {
			s.logf("The end: the RAF wins (%s)", causeNames[cause])
		} else {
			s.logf("The end: the RAF loses (%s)", causeNames[cause])
		}
	}
}

// revealEvent turns event card k face up in slot e and brings its planes
// onto the map as a new squadron (Phase I).
func (s *State) revealEvent(e, k int) {
	ev := &s.t.events[k]
	s.evUsed |= 1 << k
	s.events[e] = eventSlot{card: int8(k), status: evOpen, squad: -1}
	if s.log != nil {
		s.logf("Event: %s", ev.name)
	}
	if s.nSq == maxSquads {
		return
	}
	q := s.nSq
	s.sq[q] = squad{target: int8(ev.target), home: int8(ev.spawn), area: int8(ev.spawn), mode: ev.mode, event: int8(e), hunted: -1}
	s.nSq++
	s.events[e].squad = q
	for kind, n := range ev.planes {
		for range n {
			s.addGerman(kind, int(q))
		}
	}
	s.sq[q].hadBombers = s.squadHasBombers(int(q))
}

// advanceReorg plays Phase VI: events settled, airfield action points,
// new pilots, the turn marker, the end.
func (s *State) advanceReorg() {
	switch s.sub {
	case 0:
		s.settleEvents(false)
		s.removeLostEvents()
		s.sub, s.cur = 1, 0
	case 1: // Airfield: 4 action points for each landed plane
		for ; s.cur < s.nPl; s.cur++ {
			p := int(s.cur)
			if s.active(p) && s.raf[p].landed && 4-s.apLoss > 0 {
				s.raf[p].ap = 4 - s.apLoss // the campaign's Port penalty
				s.who = s.cur
				s.sub = 2
				s.step = stAirfield
				return
			}
		}
		s.sub, s.cur = 4, 0
	case 2:
		s.who = s.cur
		s.step = stAirfield
	case 3: // an airfield card draw
		if s.needDraw() {
			return
		}
		s.sub = 2
		if s.raf[s.cur].ap <= 0 { // the last point is spent: the airfield turn ends
			s.cur++
			s.sub = 1
		}
	case 4: // new pilots from the Reserve
		for ; s.cur < s.nPl; s.cur++ {
			r := &s.raf[s.cur]
			if r.status != stDown && r.status != stWithdrawn {
				continue
			}
			if s.reserve == 0 {
				r.status = stOut
				s.finish(false, causeReserve)
				return
			}
			s.reserve--
			r.pilot = -1
			r.status = stActive
			r.area, r.landed = s.homeArea()
			r.ammo = int8(s.t.scenarios[s.sc].ammo)
			s.repairAll(int(s.cur))
			s.who = s.cur
			s.step = stPilot
			s.sub = 5
			return
		}
		s.sub = 6
	case 5: // the new pilot's cards, to the full hand
		s.draws = int8(max(0, s.t.scenarios[s.sc].hand-s.handSize(int(s.cur))))
		s.sub = 7
	case 7:
		if s.needDraw() {
			return
		}
		s.cur++
		s.sub = 4
	case 6:
		s.endOfTurn()
	}
}

// settleEvents awards the events whose planes are all shot down; at the end
// every event still open is lost (Events; Medal Tokens).
func (s *State) settleEvents(end bool) {
	for e := range s.nEv {
		ev := &s.events[e]
		if ev.status != evOpen {
			continue
		}
		left := false
		for i := range s.nGer {
			if s.ger[i].squad == ev.squad && s.ger[i].flags&gDown == 0 {
				left = true
			}
		}
		switch {
		case !left:
			ev.status = evWon
			for p := range s.nPl {
				if ev.helpers>>p&1 == 1 && s.active(int(p)) {
					s.pilots[s.raf[p].pilot].medals++
				}
			}
			if s.log != nil {
				s.logf("Event %s is won: a Medal for each pilot who helped", s.t.events[ev.card].name)
			}
		case end:
			ev.status = evLost
		}
	}
}

// removeLostEvents takes off the map the planes of every event whose goal
// the Luftwaffe has completed (Phase VI: the finished Event's planes go back
// to the box).
func (s *State) removeLostEvents() {
	for e := range s.nEv {
		ev := &s.events[e]
		if ev.status != evLost || ev.squad < 0 {
			continue
		}
		for i := range s.nGer {
			if s.ger[i].squad == ev.squad && s.onMap(int(i)) {
				s.ger[i].flags |= gGone
				if s.log != nil {
					s.logf("%s leaves the map: its event is over", s.gName(int(i)))
				}
			}
		}
	}
}

// legalAirfield lists the airfield actions: 2 ammunition, a card or a
// repair for one action point each (Airfield), or leave.
func (s *State) legalAirfield(buf []engine.Action) []engine.Action {
	r := &s.raf[s.who]
	buf = append(buf, actPass)
	if r.ammo < int8(s.t.scenarios[s.sc].ammo) && r.ammo < 4 {
		buf = append(buf, actAmmo)
	}
	if s.deck|s.discard != 0 {
		buf = append(buf, actDrawAP)
	}
	if r.ndmg > 0 {
		buf = append(buf, actRepair)
	}
	return buf
}

// applyAirfield spends one action point (Airfield): ammunition up to the
// scenario's starting level (SQ-9), a card, or the last damage token off.
func (s *State) applyAirfield(a engine.Action) {
	p := int(s.who)
	r := &s.raf[p]
	s.step = stContinue
	if a == actPass {
		r.ap = 0
	} else {
		r.ap--
	}
	switch a {
	case actAmmo:
		r.ammo = min(r.ammo+2, int8(s.t.scenarios[s.sc].ammo), 4)
		if s.log != nil {
			s.logf("%s reloads: ammunition %d", s.planeName(p), r.ammo)
		}
	case actDrawAP:
		s.draws = 1
		s.sub = 3
	case actRepair:
		r.ndmg--
		r.tokens |= 1 << r.track[r.ndmg]
		if s.log != nil {
			s.logf("%s repairs one damage", s.planeName(p))
		}
	}
	if r.ap == 0 && s.sub != 3 {
		s.cur++
		s.sub = 1
	}
}

// homeArea is where a new pilot from the Reserve and a withdrawn plane are
// placed, and whether landed (Withdraw; SQ-13): the scenario's starting
// area when the goal is to fly home (Coming Home), in the air unless it is
// an airfield, so that neither being shot down nor withdrawing brings a
// pilot home; otherwise the scenario's starting airfield, or Northolt when
// the scenario starts away from an airfield.
func (s *State) homeArea() (int8, bool) {
	scn := &s.t.scenarios[s.sc]
	start := int8(scn.start)
	if scn.goal == "return" || s.t.areas[start].kind == "airfield" {
		return start, s.t.areas[start].kind == "airfield"
	}
	return int8(s.t.areaByName("Northolt")), true
}

// endOfTurn ends the turn: at the last turn the scenario's goal decides;
// in a return scenario the players win as soon as every pilot has landed.
func (s *State) endOfTurn() {
	scn := &s.t.scenarios[s.sc]
	home := true
	for p := range s.nPl {
		if s.active(int(p)) && !s.raf[p].landed {
			home = false
		}
	}
	standing := scn.target < 0 || int(s.tdmg[scn.target]) < s.t.areas[scn.target].toughness
	switch {
	case scn.goal == "return" && home:
		s.finish(true, causeGoal)
	case int(s.turn) < scn.turns:
		for k := range s.pilots {
			if s.pilots[k].clock > 0 {
				s.pilots[k].clock-- // Specialization: one field a Reorganization
			}
		}
		s.startTurn()
	default:
		s.settleEvents(true)
		won := standing
		if scn.goal != "defend" {
			won = won && home
		}
		cause := causeTurns
		if won {
			cause = causeGoal
		}
		s.finish(won, cause)
	}
}

// Result tells how the game ended: every seat wins or loses together.
func (s *State) Result() engine.Result {
	res := engine.Result{Returns: make([]float64, len(s.Seats())), Winner: "Luftwaffe", Cause: causeNames[s.cause], Rounds: int(s.turn)}
	if s.won {
		res.Winner = "RAF"
		for i := range res.Returns {
			res.Returns[i] = 1
		}
	}
	kills, downs := 0, 0
	for _, p := range s.pilots {
		kills += int(p.kills[0] + p.kills[1] + p.kills[2])
	}
	for i := range s.nGer {
		if s.ger[i].flags&gDown != 0 {
			downs++
		}
	}
	won := 0
	for e := range s.nEv {
		if s.events[e].status == evWon {
			won++
		}
	}
	lost := 0
	for p := range s.nPl {
		if s.raf[p].status == stDown || s.raf[p].status == stOut {
			lost++
		}
	}
	res.Score = kills
	res.Stats = []engine.Stat{
		{Name: "german planes shot down", Value: float64(downs)},
		{Name: "events won", Value: float64(won)},
		{Name: "target damage", Value: float64(s.targetDamage())},
		{Name: "reserve left", Value: float64(s.reserve)},
	}
	_ = lost
	return res
}

// targetDamage is the bombs on the scenario's target.
func (s *State) targetDamage() int {
	if t := s.t.scenarios[s.sc].target; t >= 0 {
		return int(s.tdmg[t])
	}
	return 0
}
