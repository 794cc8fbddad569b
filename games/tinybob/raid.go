package tinybob

import (
	"math/bits"

	"scramble/engine"
)

// Phase 5: Luftwaffe movement and bombing raids (rulebook "5. Move Luftwaffe
// dice and resolve any bombing raids", "Bombing raids"; TB-15, TB-16, TB-17).
//
// Order of one raid: redirection roll if its location is destroyed; the
// disrupt decision if the raided row holds an RAF die; the sure damage, then
// each rolled damage die; a new priority target roll if the priority target
// was destroyed; the disrupting attack. Raids go in row order 1 to 5.

// startRaids moves every Luftwaffe die in play one column left (a die already
// on its location after a reinforcement stays there), moves the Wave Tracker
// one space, and starts the raids (TB-9, TB-14, TB-15).
func (s *State) startRaids() {
	// One byte per row (bytes.go): each die in play and off its location
	// moves; those on their location raid.
	c, in := rowsWord(&s.lwCol), atLeastEach(rowsWord(&s.lwVal), 1)
	c -= in & atLeastEach(c, 1)
	setRows(&s.lwCol, c)
	s.raiders = uint8(eachBit(in &^ atLeastEach(c, 1)))
	s.wavePos++
	if s.log != nil {
		s.logf("Phase 5: the Luftwaffe dice move one column left (columns %s); the Wave Tracker moves to space %d",
			s.columnsText(), s.wavePos)
	}
	s.nextRaid()
}

// columnsText lists the Luftwaffe dice's columns for the log ("-" shot
// down).
func (s *State) columnsText() string {
	b := make([]byte, 0, 2*numRows)
	for r := range numRows {
		if r > 0 {
			b = append(b, ' ')
		}
		if s.lwVal[r] == 0 {
			b = append(b, '-')
		} else {
			b = append(b, byte('0'+s.lwCol[r]))
		}
	}
	return string(b)
}

// nextRaid starts the raid of the next row holding a Luftwaffe die on its
// location, redirected by a roll if that location is destroyed (TB-15), or,
// when there is none left, plays phase 7, the clean-up (TB-19): Luftwaffe
// dice that raided or were shot down return to column 4 at value 3; then the
// Wave Tracker on the bomb returns to its box one lower, or ends the game in
// victory if it was at 1 (TB-9, TB-20). (The clean-up is written here rather
// than in a function of its own: a call fewer each round on the sim path.)
func (s *State) nextRaid() {
	if s.raiders == 0 {
		s.raidRow = -1
		// stay is 0xff in the byte of each row whose die is in play and off its
		// location, 0 for those that raided or were shot down (bytes.go).
		c, v := rowsWord(&s.lwCol), rowsWord(&s.lwVal)
		stay := atLeastEach(c, 1) & atLeastEach(v, 1) * 0xff
		setRows(&s.lwCol, c&stay|entryColumn*lowBits&^stay)
		setRows(&s.lwVal, v&stay|resetValue*lowBits&^stay)
		if s.wavePos == bombSpace {
			if s.waveVal == 1 {
				if s.log != nil {
					s.logf("Clean-up: the last wave is over; the RAF has held out")
				}
				s.win()
				return
			}
			s.waveVal--
			s.wavePos = 0
			if s.log != nil {
				s.logf("Clean-up: the wave ends; the Wave Tracker goes back to its box at %d", s.waveVal)
			}
		}
		s.startRound()
		return
	}
	r := int8(bits.TrailingZeros8(s.raiders))
	s.raiders &= s.raiders - 1
	s.raidRow, s.raidTarget, s.raidFace = r, r, 0
	s.raidDisrupt, s.raidRolls = false, 0
	if s.loc[r] == 0 {
		s.step = stRedirect
		return
	}
	s.raidTargetFixed()
}

// redirect takes the redirection die: 1-5 name their location, 6 the priority
// target. Faces naming a destroyed location are never offered: they would be
// rolled again (TB-15).
func (s *State) redirect(a engine.Action) {
	f := int8(a)
	s.raidFace = f
	s.raidTarget = f - 1
	if f == 6 {
		s.raidTarget = s.priority
	}
	if s.log != nil {
		s.logf("Raid by the Luftwaffe die of row %d: %s is destroyed; roll %d redirects it to %s",
			s.raidRow+1, rowName(s.raidRow), f, rowName(s.raidTarget))
	}
	s.raidTargetFixed()
}

// raidTargetFixed asks whether to disrupt if the raided row holds an RAF die
// (TB-16).
func (s *State) raidTargetFixed() {
	if s.raf[s.raidTarget] > 0 {
		s.step = stDisrupt
		return
	}
	s.raidDamage(actLetThrough) // no RAF die there: nobody disrupts
}

// raidDamage takes the RAF's choice a, to disrupt the raid or let it through
// (TB-16), applies the sure damage and asks for the rolled damage dice: each
// contest condition that holds turns one sure damage into a rolled one.
func (s *State) raidDamage(a engine.Action) {
	s.raidDisrupt = a == actDisrupt
	t := s.raidTarget
	antiAir := s.loc[rowAntiAir] > s.lwVal[s.raidRow]
	rolled := int8(0)
	if antiAir {
		rolled++
	}
	if s.raidDisrupt {
		rolled++
	}
	sure := 2 - rolled
	if s.log != nil {
		s.logRaid(antiAir, sure)
	}
	if s.loc[t] > sure && s.log == nil {
		// The common case: the location survives every sure damage and
		// there is no log to write, so the hits are one subtraction.
		s.loc[t] -= sure
	} else {
		for range sure {
			if s.hit(t) {
				break
			}
		}
	}
	if s.step == stOver {
		return
	}
	s.raidRolls = rolled
	s.nextDamageDie()
}

func (s *State) logRaid(antiAir bool, sure int8) {
	v := s.lwVal[s.raidRow]
	aa := "Anti-Air " + itoa(int(s.loc[rowAntiAir])) + " does not beat " + itoa(int(v))
	if antiAir {
		aa = "Anti-Air " + itoa(int(s.loc[rowAntiAir])) + " beats " + itoa(int(v))
	}
	raf := "no RAF die to disrupt"
	switch {
	case s.raidDisrupt:
		raf = "the RAF disrupts"
	case s.raf[s.raidTarget] > 0:
		raf = "the RAF lets it through"
	}
	kind := [3]string{"uncontested", "partially contested", "contested"}[2-sure]
	s.logf("Raid on %s by the Luftwaffe die of row %d (value %d): %s, %s: %s; %d sure damage",
		rowName(s.raidTarget), s.raidRow+1, v, aa, raf, kind, sure)
}

// hit takes one point of damage off location t and reports whether it was
// destroyed. A destroyed location may lose the game at once (TB-18) or need a
// new priority target (TB-17). The common case, a location that stands with
// no log to write, is kept small enough to be inlined.
func (s *State) hit(t int8) bool {
	s.loc[t]--
	return (s.loc[t] == 0 || s.log != nil) && s.hitNoted(t)
}

// hitNoted is the rest of hit: the log, and the location destroyed.
func (s *State) hitNoted(t int8) bool {
	if s.log != nil {
		s.logf("%s takes 1 damage (now %d)", rowName(t), s.loc[t])
	}
	if s.loc[t] > 0 {
		return false
	}
	if s.log != nil {
		s.logf("%s is destroyed", rowName(t))
	}
	if s.checkLocations() {
		return true
	}
	if t == s.priority {
		s.needNewPri = true
	}
	return true
}

// nextDamageDie asks for the next rolled damage die, unless none is left or
// the location is already destroyed. Then the raid goes on: a new priority
// target is rolled if needed, then comes the disrupting attack at range 0,
// then the next raid.
func (s *State) nextDamageDie() {
	if s.raidRolls > 0 && s.loc[s.raidTarget] > 0 {
		s.step = stDamage
		return
	}
	s.raidRolls = 0
	if s.needNewPri {
		s.step = stNewPriority
		return
	}
	if s.raidDisrupt {
		s.startAttack(s.raidTarget, s.raidRow, true)
		return
	}
	s.nextRaid()
}

// damageRoll takes one rolled damage die: it lands on a face at most the
// raider's value (TB-16).
func (s *State) damageRoll(a engine.Action) {
	f := int8(a)
	s.raidRolls--
	v := s.lwVal[s.raidRow]
	if f <= v {
		if s.log != nil {
			s.logf("Raid on %s: roll %d ≤ %d, the damage lands", rowName(s.raidTarget), f, v)
		}
		s.hit(s.raidTarget)
		if s.step == stOver {
			return
		}
	} else if s.log != nil {
		s.logf("Raid on %s: roll %d > %d, no damage", rowName(s.raidTarget), f, v)
	}
	s.nextDamageDie()
}

// newPriority takes the new priority target roll; faces naming a destroyed
// location, and 6, are never offered: they would be rolled again (TB-17).
func (s *State) newPriority(a engine.Action) {
	f := int8(a)
	s.priority = f - 1
	s.needNewPri = false
	if s.log != nil {
		s.logf("New priority target: %s (roll %d)", rowName(s.priority), f)
	}
	s.nextDamageDie() // no damage die is left: the raid goes on
}
