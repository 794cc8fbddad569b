package midway

import "fmt"

// Option example starts a game at the position of one of the rulebook's
// worked examples, so that a lesson (rulebook/lessons.go) can replay it on
// the real rules: the position the game's tests replay it from
// (flight_test.go, combat_test.go).
var exampleNames = []string{"flight", "combat"}

// setUpExample lays out the worked example named example on s, a Hunt just
// set up: the first layout (the tests' coordinates), round 1 with the pool
// of acceleration, surprise attack, feint and aileron roll, and only the
// example's planes on the board.
func (s *State) setUpExample(example string) error {
	if s.mode != hunt {
		return fmt.Errorf("option example: %s is set in the Aircraft Carrier Hunt; give mode=hunt", example)
	}
	s.clearBoard()
	us, japan := int8(0), int8(planesPerSide) // US F1, Japan F1
	switch example {
	case "flight":
		// Andy's fighter (US F1) at 1,0 with an enemy fighter two areas
		// ahead, nose to nose; another Japanese plane still has its marker.
		s.planes[us] = plane{pos: Hex{1, 0}, face: East, status: flying, marker: true}
		s.planes[japan] = plane{pos: Hex{3, 0}, face: West, status: flying, marker: true}
		s.planes[japan+1] = plane{pos: Hex{-3, 1}, face: East, status: flying, marker: true}
		s.step, s.actor, s.initiative = stActivate, US, US
	case "combat":
		// Andy's fighter (US F1) attacks Katie's (Japan F1) three areas
		// ahead of it; the US holds an Acceleration, Japan a Turnabout.
		s.planes[us] = plane{pos: Hex{-3, 1}, face: East, status: flying, marker: true}
		s.planes[japan] = plane{pos: Hex{0, -1}, face: East, status: flying, marker: true}
		s.hand[US][kAcceleration], s.hand[Japan][kTurnabout] = 1, 1
		s.step, s.actor, s.initiative = stActivate, US, US
	default:
		return fmt.Errorf("option example: %q is not one of %v", example, exampleNames)
	}
	return nil
}

// layoutIndexOf returns the index of the named layout, or -1.
func layoutIndexOf(name string) int {
	for i, l := range data.layouts {
		if l.name == name {
			return i
		}
	}
	return -1
}

// clearBoard makes s round 1 of the first layout (the coordinates of the
// rulebook's examples and of the tests) with no plane on the board and the
// pool of acceleration, surprise attack, feint and aileron roll: the bare
// board on which an example (or a test) places its own planes.
func (s *State) clearBoard() {
	s.lay = int8(layoutIndexOf("v1"))
	for i := range s.pool {
		s.pool[i] = int8(i)
		s.pile[i]--
	}
	for i := range s.planes {
		s.planes[i].status = gone
	}
	s.round, s.points, s.fresh = 1, [numSides]int8{roundPoints, roundPoints}, false
}
