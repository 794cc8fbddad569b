package tinybob

import "scramble/engine"

// Phase 4: Luftwaffe reinforcements (rulebook "4. Apply Luftwaffe
// reinforcement effects", TB-14).
//
// The row die and the effect die are two chance nodes, the row die first.
// When the row die already shows that nothing will happen (no Luftwaffe die in
// play in that row, or Early Warning blocks it), the effect die is not rolled:
// its face could not matter.

// reinforceRow takes the row die: 1-5 name their row, 6 the priority target
// (TB-1). It asks for the effect die if the reinforcement applies.
func (s *State) reinforceRow(a engine.Action) {
	f := int8(a)
	r := f - 1
	if f == 6 {
		r = s.priority
	}
	s.reinfFace, s.reinfRow = f, r
	switch {
	case s.lwVal[r] == 0:
		if s.log != nil {
			s.logf("Reinforcement: %s; its Luftwaffe die is shot down: no effect", s.reinfWhere())
		}
	case s.lwCol[r] < s.loc[rowWarning]:
		if s.log != nil {
			s.logf("Reinforcement: %s; its Luftwaffe die is in column %d, below Early Warning %d: no effect",
				s.reinfWhere(), s.lwCol[r], s.loc[rowWarning])
		}
	default:
		s.step = stReinfEffect
		return
	}
	s.startRaids()
}

// reinforceEffect takes the effect die: even adds a pip (at most 6), odd moves
// the die one column left at once (TB-14).
func (s *State) reinforceEffect(a engine.Action) {
	f := int8(a)
	r := s.reinfRow
	before := s.lwVal[r]
	if f%2 == 0 {
		s.lwVal[r] = min(maxPips, s.lwVal[r]+1)
	} else {
		s.lwCol[r]--
	}
	if s.log != nil {
		switch {
		case f%2 == 1 && s.lwCol[r] == 0:
			s.logf("Reinforcement: %s; effect %d (odd): the Luftwaffe die moves onto %s and will raid", s.reinfWhere(), f, rowName(r))
		case f%2 == 1:
			s.logf("Reinforcement: %s; effect %d (odd): the Luftwaffe die moves to column %d", s.reinfWhere(), f, s.lwCol[r])
		case before == maxPips:
			s.logf("Reinforcement: %s; effect %d (even): the Luftwaffe die is already at 6", s.reinfWhere(), f)
		default:
			s.logf("Reinforcement: %s; effect %d (even): the Luftwaffe die grows to %d", s.reinfWhere(), f, s.lwVal[r])
		}
	}
	s.startRaids()
}

// reinfWhere says which row the row die named, for the log.
func (s *State) reinfWhere() string {
	if s.reinfFace == 6 {
		return "row 6 is the priority target " + rowName(s.reinfRow)
	}
	return "row " + itoa(int(s.reinfFace)) + " " + rowName(s.reinfRow)
}
