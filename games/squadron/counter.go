package squadron

import "scramble/engine"

// counter is a Counterattack in progress: Phase IV, a Patrol that moved in
// to engage (Phase V), or Hun in the Sun before a Fight.
type counter struct {
	on     bool
	kind   uint8
	stage  uint8
	area   int8
	planes uint32 // German planes still to roll
	g      int8   // the German plane rolling
	left   int8   // its dice still to roll
	hits   [3]int8
	asked  uint8
	next   int8                // Phase IV and V: the next area to look at
	dice   [maxShownDice]face  // the dice rolled so far, for the view
	dkind  [maxShownDice]uint8 // their die kinds
	nd     int8
}

// maxShownDice is the number of a Counterattack's dice the view shows, the
// first ones rolled (the Hits count them all).
const maxShownDice = 16

// Counterattack kinds.
const (
	ckPhase uint8 = iota // Phase IV
	ckMoved              // a Patrol moved in during Phase V: one die fewer
	ckSun                // Hun in the Sun: one die each before the Fight
)

// Counterattack stages.
const (
	csRoll uint8 = iota
	csDefend
	csDamage
	csDone
)

// counterDice is the number of dice German plane i rolls in a
// Counterattack of kind k.
func (s *State) counterDice(i int, k uint8) int8 {
	n := s.t.aircraft[s.ger[i].kind].counter
	if s.aceActive(i, aceFighterCounter) {
		n++
	}
	switch k {
	case ckMoved:
		n--
	case ckSun:
		n = min(n, 1) // SQ-6: the scenarios' Hun in the Sun rolls one die
	}
	return int8(max(n, 0))
}

// counterattackers is the set of German planes in area a that
// counterattack: fighters not engaged in a Fight this turn, without a
// Maneuver token, not escaping (Phase IV; FAQ 9).
func (s *State) counterattackers(a int8, k uint8) uint32 {
	var out uint32
	for m := s.germansIn(a); m != 0; m &= m - 1 {
		i := trailing(uint64(m))
		g := &s.ger[i]
		// Hun in the Sun once a turn; it does not spare Phase IV (SQ-6).
		if g.tokens > 0 || g.flags&gEngaged != 0 || k == ckSun && g.flags&gSunned != 0 || s.counterDice(i, k) == 0 || s.sq[g.squad].mode == modeEscape {
			continue
		}
		if k == ckMoved && g.flags&gMovedIn == 0 {
			continue
		}
		out |= 1 << i
	}
	return out
}

// sunAttackers is the set of fighters in Offensive mode in area a that
// strike before a Fight there (Hun in the Sun), once per turn.
func (s *State) sunAttackers(a int8) uint32 {
	var out uint32
	for m := s.counterattackers(a, ckSun); m != 0; m &= m - 1 {
		i := trailing(uint64(m))
		if s.sq[s.ger[i].squad].mode == modeOffensive {
			out |= 1 << i
		}
	}
	return out
}

// advanceCounter looks for the next area with a Counterattack: Phase IV,
// or the moved-in Patrols of Phase V.
func (s *State) advanceCounter(moved bool) {
	k := ckPhase
	if moved {
		k = ckMoved
	}
	for ; int(s.ca.next) < len(s.t.areas); s.ca.next++ {
		a := s.ca.next
		if !s.rafIn(a) {
			continue
		}
		if m := s.counterattackers(a, k); m != 0 {
			s.ca.next++
			s.startCounter(a, m, k)
			return
		}
	}
	if moved {
		s.phase, s.sub, s.cur = phaseReorg, 0, 0
		return
	}
	s.phase, s.sub = phaseGermans, 0
}

// startCounter begins a Counterattack of planes m in area a.
func (s *State) startCounter(a int8, m uint32, k uint8) {
	next := s.ca.next
	s.revealAces(a)
	s.ca = counter{on: true, kind: k, area: a, planes: m, g: -1, next: next}
	for rest := m; rest != 0; rest &= rest - 1 {
		i := trailing(uint64(rest))
		if k == ckSun {
			s.ger[i].flags |= gSunned
		}
	}
	if s.log != nil {
		what := map[uint8]string{ckPhase: "Counterattack", ckMoved: "Counterattack of the Patrol that moved in", ckSun: "Hun in the Sun"}[k]
		s.logf("%s in %s by %s", what, s.t.areas[a].id, plural(popcount32(m), "German fighter"))
	}
	s.step = stContinue
}

func popcount32(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// advanceCounterProc moves the Counterattack in progress on.
func (s *State) advanceCounterProc() {
	c := &s.ca
	switch c.stage {
	case csRoll:
		if c.left > 0 {
			s.step = stRoll
			return
		}
		if c.planes == 0 {
			c.stage = csDefend
			return
		}
		c.g = int8(trailing(uint64(c.planes)))
		c.planes &^= 1 << c.g
		c.left = s.counterDice(int(c.g), c.kind)
	case csDefend:
		if c.hits == [3]int8{} {
			c.stage = csDone
			return
		}
		for q := range s.nPl {
			if c.asked>>q&1 == 1 || !s.airborne(int(q)) || s.raf[q].area != c.area {
				continue
			}
			// Every pilot hit is asked, holding a matching propeller or not,
			// so that nothing of a hand shows in who is asked.
			if s.raf[q].hand != 0 {
				s.who = q
				s.step = stDefend
				return
			}
		}
		// Each propeller not cancelled is a Hit on every RAF plane in the
		// area.
		n := c.hits[0] + c.hits[1] + c.hits[2]
		if s.log != nil {
			s.logf("%s hit every RAF plane in %s", plural(int(n), "propeller"), s.t.areas[c.area].id)
		}
		c.stage = csDamage
		for q := range s.nPl {
			if s.airborne(int(q)) && s.raf[q].area == c.area {
				s.queueDamage(int(q), n)
			}
		}
		s.startDamage()
	case csDamage, csDone:
		c.on = false
	}
}

// counterRolled records one die of the Counterattack: each propeller on a
// Hit face is a Hit (Phase IV).
func (s *State) counterRolled(fc face) {
	c := &s.ca
	c.left--
	if c.nd < maxShownDice {
		c.dice[c.nd] = fc
		c.dkind[c.nd] = uint8(s.t.aircraft[s.ger[c.g].kind].die)
		c.nd++
	}
	if fc.prop() > 0 {
		c.hits[fc.prop()-2]++
	}
	if s.log != nil {
		s.logf("%s rolls %s", s.gName(int(c.g)), fc)
	}
	s.step = stContinue
}

// legalDefend lists plane q's defences: a card with a propeller matching an
// uncancelled Hit; Krasnodębski uses both propellers of his card.
func (s *State) legalDefend(buf []engine.Action, q int) []engine.Action {
	buf = append(buf, actPass)
	c := &s.ca
	both := s.usesAbility(q, "bothprops")
	for h := s.raf[q].hand; h != 0; h &= h - 1 {
		k := trailing(h)
		props := s.t.cards[k].defence
		for _, p := range props {
			if c.hits[p-2] > 0 {
				buf = append(buf, actDefend+engine.Action(4*k+p-2))
			}
		}
		if both && len(props) == 2 && c.hits[props[0]-2] > 0 && c.hits[props[1]-2] > 0 {
			buf = append(buf, actDefend+engine.Action(4*k+3))
		}
	}
	return buf
}

// applyDefend plays a defence card: each propeller cancels one Hit with
// the same propeller.
func (s *State) applyDefend(a engine.Action) {
	c := &s.ca
	q := s.who
	s.step = stContinue
	c.asked |= 1 << q
	if a == actPass {
		return
	}
	k := int(a-actDefend) / 4
	which := int(a-actDefend) % 4
	s.raf[q].hand &^= 1 << k
	s.discard |= 1 << k
	props := s.t.cards[k].defence
	if which == 3 {
		for _, p := range props {
			c.hits[p-2]--
		}
	} else {
		c.hits[which]--
	}
	if s.log != nil {
		s.logf("%s defends with card %d (%s)", s.planeName(int(q)), k+1, s.ActionString(engine.Seat(s.raf[q].seat), a))
	}
}
