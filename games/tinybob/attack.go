package tinybob

import "scramble/engine"

// The attack procedure (rulebook "3. Use three actions", steps a-d; TB-13),
// used by phase 3 attacks and by disrupting attacks at range 0 (TB-16).
//
// Designed interface: after the roll, the RAF is asked about Aces only when
// the roll fails and enough Aces are left to make it succeed; it may then
// spend 0 ("keep") up to exactly the number needed. Spending more than needed,
// or Aces that cannot reach success, would change nothing but lose Aces, so it
// is not offered. This narrows the choices; it changes no rule.

// threshold is the result that avoids the RAF losing a pip, from the values
// before the attack: 5+ weaker, 4+ equal, 3+ stronger (TB-13).
func threshold(rafVal, lwVal int8) int8 {
	switch {
	case rafVal < lwVal:
		return 5
	case rafVal == lwVal:
		return 4
	}
	return 3
}

// startAttack sets up an attack of the RAF die of row rafRow on the Luftwaffe
// die of row lwRow and asks for the roll.
func (s *State) startAttack(rafRow, lwRow int8, raid bool) {
	s.atkRaf, s.atkLw, s.atkRaid = rafRow, lwRow, raid
	s.atkNeed = threshold(s.raf[rafRow], s.lwVal[lwRow])
	s.atkRoll = 0
	s.step = stAttackRoll
}

// attackRoll takes the attack die and asks about Aces when they can turn a
// failure into a success.
func (s *State) attackRoll(a engine.Action) {
	f := int8(a)
	s.atkRoll = f
	if f < s.atkNeed && f+s.aces >= s.atkNeed {
		s.step = stAces
		return
	}
	s.resolveAttack(0)
}

// resolveAttack spends n Aces and applies the result: the RAF die loses a pip
// unless the total reaches the threshold, and the Luftwaffe die always loses
// one. The loss check follows the RAF's pip at once (TB-18).
func (s *State) resolveAttack(n int8) {
	s.aces -= n
	total := s.atkRoll + n
	saved := total >= s.atkNeed
	rafBefore, lwBefore := s.raf[s.atkRaf], s.lwVal[s.atkLw]
	if !saved {
		s.raf[s.atkRaf]--
	}
	lost := !saved && s.totalPips() == 0
	if !lost {
		s.lwVal[s.atkLw]--
	}
	if s.log != nil {
		s.logAttack(n, total, saved, rafBefore, lwBefore)
	}
	if lost {
		s.lose(causeNoPlanes)
		return
	}
	s.atkRoll = 0
	if s.atkRaid {
		s.nextRaid()
		return
	}
	s.continueActions()
}

func (s *State) logAttack(n, total int8, saved bool, rafBefore, lwBefore int8) {
	what := "RAF attack in " + rowName(s.atkRaf)
	if s.atkRaid {
		what = "Disrupting attack by the RAF die of " + rowName(s.atkRaf) + " on the raider from row " + itoa(int(s.atkLw)+1)
	}
	roll := "roll " + itoa(int(s.atkRoll))
	if n > 0 {
		roll += " + " + plural(int(n), "ace") + " = " + itoa(int(total))
	}
	outcome := "no loss"
	if !saved {
		outcome = "the RAF die loses a pip, " + itoa(int(rafBefore)) + " → " + itoa(int(s.raf[s.atkRaf]))
		if s.raf[s.atkRaf] == 0 {
			outcome += " (out of play)"
		}
	}
	lw := "; Luftwaffe die " + itoa(int(lwBefore)) + " → " + itoa(int(s.lwVal[s.atkLw]))
	if s.lwVal[s.atkLw] == 0 {
		lw += " (shot down)"
	}
	if s.lwVal[s.atkLw] == lwBefore {
		lw = ""
	}
	s.logf("%s: %s, needs %d+: %s%s", what, roll, s.atkNeed, outcome, lw)
}
