package squadron

import (
	"math/bits"
	"strings"
)

// applyCamp applies an outcome or choice of the campaign's own step,
// already checked.
func (cs *CampaignState) applyCamp(k int) {
	c := &cs.c
	t := cs.s.t
	switch c.step {
	case cDeal: // Game set up 2: the planes' pilots first, then the Reserve
		c.roster |= 1 << k
		if c.dealt < c.nPl {
			c.carried[c.dealt] = int8(k)
			// Shown on the board until the first scenario is set up.
			cs.s.raf[c.dealt].pilot = int8(k)
		}
		c.dealt++
		if cs.log != nil {
			if int(c.dealt) <= int(c.nPl) {
				cs.logf("Campaign: %s joins the squadron, flying plane %d", t.pilots[k].name, c.dealt)
			} else {
				cs.logf("Campaign: %s joins the squadron in the Reserve", t.pilots[k].name)
			}
		}
	case cInjure:
		c.injure = false
		c.injured = 1 << k
		c.injuries[k]++
		if cs.log != nil {
			cs.logf("Campaign: %s is injured and misses the next scenario", t.pilots[k].name)
		}
	case cLose:
		c.lost |= 1 << k
		c.london--
		if cs.log != nil {
			cs.logf("Campaign: London is damaged; %s is lost from the Reserve for the next scenario", t.pilots[k].name)
		}
	case cChoose:
		c.legs[c.idx].sc = int8(k)
		if cs.log != nil {
			cs.logf("Campaign: the players choose %s", t.scenarios[k].name)
		}
	}
	cs.next()
}

// next finds the campaign's next step: the pilots to deal, an injury,
// London losses, the players' choice, then the next scenario.
func (cs *CampaignState) next() {
	c := &cs.c
	switch {
	case int(c.dealt) < c.squadronSize():
		c.step = cDeal
	case c.injure:
		// The pool always holds one pilot more than the empty seats (the
		// squadron has a Reserve), so putting one aside leaves every seat
		// a pilot.
		c.step = cInjure
	case c.london > 0 && bits.OnesCount8(cs.reservePool()) > cs.emptySeats():
		c.step = cLose
	case c.legs[c.idx].sc < 0 && bits.OnesCount8(c.legs[c.idx].options) > 1:
		c.step = cChoose
	default:
		if c.legs[c.idx].sc < 0 {
			c.legs[c.idx].sc = int8(bits.TrailingZeros8(c.legs[c.idx].options))
		}
		cs.startScenario()
	}
}

// reservePool is the pilot cards available for the next scenario's Reserve
// and empty seats: the squadron less the pilots carried in their planes,
// the injured and the lost.
func (cs *CampaignState) reservePool() uint8 {
	c := &cs.c
	m := c.roster &^ c.injured &^ c.lost
	for p := range c.nPl {
		if k := c.carried[p]; k >= 0 {
			m &^= 1 << k
		}
	}
	return m
}

// emptySeats counts the planes with no pilot carried over.
func (cs *CampaignState) emptySeats() int {
	n := 0
	for p := range cs.c.nPl {
		if cs.c.carried[p] < 0 {
			n++
		}
	}
	return n
}

// startScenario sets up the next leg's scenario with the carry-overs and
// the penalties of the last scenario's failed events.
func (cs *CampaignState) startScenario() {
	c := &cs.c
	l := &c.legs[c.idx]
	t := cs.s.t
	cr := carry{recs: c.recs, pilot: c.carried, pool: cs.reservePool(), tiles: c.tiles}
	if l.penalty[penFactory] {
		cr.hand = 3
	}
	if l.penalty[penPort] {
		cr.apLoss = 1
	}
	var sec strings.Builder
	for i, h := range c.sectors {
		if h {
			sec.WriteByte(byte('A' + i))
		}
	}
	cr.sectors = sec.String()
	x := extras{level: int(c.level), special: c.special, mulligan: c.mulligan, carry: &cr}
	if l.aces {
		x.aces = numAces // one ace for every squadron, as far as the tokens go
	}
	log := cs.log
	cs.s = *newState(t, int(l.sc), int(c.players), x)
	c.step = cPlay
	c.sectors = [5]bool{}
	cs.s.SetLog(log)
	if log != nil {
		cs.logf("Campaign: scenario %d of %d, %s", c.idx+1, c.nLegs, t.scenarios[l.sc].name)
	}
}

// closeScenario records the scenario just ended and prepares the next: the
// result, the pilots' records, the carried pilots, Medals (already given by
// the scenario for the win and the events), aces after a win, the Target
// Damage tiles and penalties of failed events (The Campaign).
func (cs *CampaignState) closeScenario() {
	c := &cs.c
	s := &cs.s
	t := s.t
	l := &c.legs[c.idx]
	l.played, l.won, l.cause = true, s.won, s.cause
	if s.won {
		c.wins++
	}
	// Victories, Medals and Specialization stay with each pilot; the
	// recovery clock starts green.
	c.recs = s.pilots
	for k := range c.recs {
		c.recs[k].used, c.recs[k].clock = false, 0
	}
	for k := range numPilots {
		if s.downs>>k&1 == 1 {
			c.downs[k]++
		}
	}
	// The last active pilot of each plane is carried over; the shot down
	// and the withdrawn return to the Reserve.
	for p := range c.nPl {
		c.carried[p] = -1
		if s.active(int(p)) {
			c.carried[p] = s.raf[p].pilot
		}
	}
	// Two or more shot down: one of them, at random, is injured.
	c.injured, c.lost, c.london = 0, 0, 0
	c.injure = bits.OnesCount8(s.downs) >= 2
	var pen [4]bool
	for e := range s.nEv {
		ev := &s.events[e]
		switch ev.status {
		case evWon:
			l.evWon++
		case evLost:
			l.evLost++
			if ev.card < 0 {
				continue
			}
			card := &t.events[ev.card]
			i := penaltyIndex(card.tile)
			pen[i] = true
			a := tileArea(t, card)
			if a >= 0 {
				c.tiles[a]++
			}
			switch i {
			case penLondon:
				c.london++
			case penRadar:
				for _, sec := range t.radar[a] {
					c.sectors[sec-'A'] = true
				}
			}
			if cs.log != nil {
				cs.logf("Campaign: event %s failed: a Target Damage tile on %s (%s penalty next)", card.name, t.areas[max(a, 0)].name, card.tile)
			}
		}
	}
	if cs.log != nil {
		word := "lost"
		if s.won {
			word = "won"
		}
		cs.logf("Campaign: %s is %s (%d of %d scenarios played, %d won)", t.scenarios[l.sc].name, word, c.idx+1, c.nLegs, c.wins)
	}
	c.idx++
	if c.idx == c.nLegs {
		c.step = cOver
		if cs.log != nil {
			if cs.campaignWon() {
				cs.logf("Campaign: the RAF wins the campaign")
			} else {
				cs.logf("Campaign: the RAF loses the campaign")
			}
		}
		return
	}
	nl := &c.legs[c.idx]
	nl.aces = s.won
	nl.penalty = pen
	cs.next()
}

// penaltyIndex is the penalty of a Target Damage tile kind.
func penaltyIndex(tile string) int {
	for i, n := range penaltyNames {
		if n == tile {
			return i
		}
	}
	return penFactory
}

// tileArea is where a failed event's Target Damage tile goes: its target
// when that area is of the tile's kind, else the first area of that kind on
// the map (London for the london tile).
func tileArea(t *tables, e *eventCard) int {
	match := func(i int) bool {
		a := &t.areas[i]
		if e.tile == "london" {
			return a.name == "London"
		}
		return a.kind == e.tile
	}
	if e.target >= 0 && match(e.target) {
		return e.target
	}
	for i := range t.areas {
		if match(i) {
			return i
		}
	}
	return -1
}

// asking says what the campaign is waiting for.
func (cs *CampaignState) asking() string {
	c := &cs.c
	switch c.step {
	case cPlay:
		return cs.s.asking()
	case cDeal:
		return "the squadron's pilot cards are dealt"
	case cInjure:
		return "one of the pilots shot down is injured"
	case cLose:
		return "a Reserve pilot is lost to the damage in London"
	case cChoose:
		return "choose the next scenario (scenario ID)"
	}
	return "the campaign is over"
}
