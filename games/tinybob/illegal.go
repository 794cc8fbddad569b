package tinybob

import (
	"strconv"
	"strings"

	"scramble/engine"
)

// The refusals of Apply. Apply decides legality with legalMask, the set that
// Legal lists; the functions here only explain, in plain words and citing
// the rule, why an action is not in it. Each ends with a general reason, so an
// illegal action is always refused.

// refuse explains why an RAF action is not legal now.
func (s *State) refuse(a engine.Action) error {
	if a < 0 || a >= numActions {
		return engine.Illegal("Flow of Play", "action %d does not exist: RAF actions are numbered 0-%d", a, numActions-1)
	}
	switch s.step {
	case stSpend:
		if a <= actTrain {
			return s.refuseSpend(a)
		}
	case stActions:
		if a >= actMove && a <= actEnd {
			return s.refuseActions(a)
		}
	case stAces:
		if a >= actAces && a <= actAces+maxPips {
			return s.refuseAces(a)
		}
	}
	return s.wrongPhase(a)
}

// refuseSpend explains a refused phase 2 action (TB-11).
func (s *State) refuseSpend(a engine.Action) error {
	switch {
	case a >= actRaise && a < actRaise+numRows:
		r := int8(a - actRaise)
		v := s.loc[r]
		switch {
		case v == 0:
			return engine.Illegal("TB-17", "%s is destroyed and cannot be restored", rowName(r))
		case v >= maxPips:
			return engine.Illegal("TB-11", "%s is already at 6, the most a die can show", rowName(r))
		}
		return engine.Illegal("TB-11", "raising %s from %d to %d costs %d resources and the RAF has %d", rowName(r), v, v+1, v+1, s.resources)
	case a == actBuild:
		switch {
		case s.resources < planeCost:
			return engine.Illegal("TB-11", "a plane costs 2 resources and the RAF has %d", s.resources)
		case s.raf[reserve] >= maxPips:
			return engine.Illegal("TB-4", "the Reserve die already holds 6 planes")
		}
		return engine.Illegal("TB-11", "a new plane needs a red die for the Reserve, and all five red dice are on rows")
	case a == actTrain:
		switch {
		case s.resources < aceCost:
			return engine.Illegal("TB-11", "an Ace costs 1 resource and the RAF has none")
		case s.raf[reserve] == 0:
			return engine.Illegal("TB-11", "training an Ace needs at least one plane in the Reserve, and it is empty")
		}
		return engine.Illegal("TB-11", "Aces are already at 6, the most")
	}
	return s.wrongPhase(a)
}

// refuseActions explains a refused phase 3 action (TB-4, TB-12).
func (s *State) refuseActions(a engine.Action) error {
	switch {
	case a >= actMove && a < actMove+numPlaces*numPlaces:
		m := int8(a - actMove)
		from, to := m/numPlaces, m%numPlaces
		switch {
		case from == to:
			return engine.Illegal("TB-12", "a plane must move to another place than %s", rowName(from))
		case s.raf[from] == 0:
			return engine.Illegal("TB-12", "there is no plane in %s to move", rowName(from))
		case s.raf[to] >= maxPips:
			return engine.Illegal("TB-4", "the red die in %s already holds 6 planes", rowName(to))
		}
		return engine.Illegal("TB-4", "%s has no red die and none is free: all five are in use and the one in %s keeps %s",
			rowName(to), rowName(from), plural(int(s.raf[from]-1), "plane"))
	case a >= actAttack && a < actAttack+numRows:
		r := int8(a - actAttack)
		switch {
		case s.raf[r] == 0:
			return engine.Illegal("TB-12", "there is no RAF die in %s to attack with", rowName(r))
		case s.lwVal[r] == 0:
			return engine.Illegal("TB-13", "the Luftwaffe die of %s is shot down until clean-up", rowName(r))
		case s.loc[rowFuel] == 0:
			return engine.Illegal("TB-12", "Fuel Dumps is destroyed, so the RAF cannot reach the Luftwaffe die in column %d", s.lwCol[r])
		}
		return engine.Illegal("TB-12", "Fuel Dumps is %d, so the RAF cannot reach the Luftwaffe die in column %d", s.loc[rowFuel], s.lwCol[r])
	}
	return s.wrongPhase(a)
}

// refuseAces explains a refused choice of Aces on a failed attack roll
// (TB-13).
func (s *State) refuseAces(a engine.Action) error {
	n, need := int8(a-actAces), s.atkNeed-s.atkRoll
	if n > s.aces {
		return engine.Illegal("TB-13", "the RAF has only %s", plural(int(s.aces), "Ace"))
	}
	return engine.Illegal("TB-13", "roll %d needs only %s to reach %d+; spending more would only lose Aces, so it is not offered",
		s.atkRoll, plural(int(need), "Ace"), s.atkNeed)
}

// wrongPhase refuses an RAF action that belongs to another decision.
func (s *State) wrongPhase(a engine.Action) error {
	return engine.Illegal("Flow of Play", "%q is not possible now: the RAF is asked to %s", rafText(a), s.asking())
}

// wrongSeat refuses an action of a seat that is not to act.
func (s *State) wrongSeat(seat engine.Seat) error {
	switch {
	case s.step == stOver:
		return engine.Illegal("TB-18", "the game is over (%s)", s.cause)
	case seat == engine.Chance:
		return engine.Illegal("Flow of Play", "no die is being rolled: the RAF is asked to %s", s.asking())
	case seat == rafSeat:
		return engine.Illegal("Flow of Play", "the RAF must wait: the next step is to %s", s.asking())
	}
	return engine.Illegal("Flow of Play", "seat %s is not in this game: the RAF (seat 0) is the only seat", seat)
}

// refuseFace refuses a die face the die being rolled cannot show.
func (s *State) refuseFace(a engine.Action) error {
	rule := "Flow of Play"
	switch s.step {
	case stSetupPriority:
		rule = "TB-7"
	case stRedirect:
		rule = "TB-15"
	case stNewPriority:
		rule = "TB-17"
	}
	var faces []string
	m := s.faceMask()
	for f := 1; f <= 6; f++ {
		if m&(1<<f) != 0 {
			faces = append(faces, strconv.Itoa(f))
		}
	}
	return engine.Illegal(rule, "%d is not a face %s can show here; it shows %s", a, s.dieName(), strings.Join(faces, ", "))
}
