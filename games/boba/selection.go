package boba

import (
	"fmt"
	"strings"
)

// targetsLeft lists the targets not yet destroyed, in the order radar,
// factory, airfield.
func (s *state) targetsLeft() (left [3]int, n int) {
	for t := 0; t < 3; t++ {
		if s.Dmg[t] < targetPoints {
			left[n] = t
			n++
		}
	}
	return left, n
}

// targetForFace is the target a face of the target die names (Selection;
// Bombing). With all three standing: 1-2 radar, 3-4 factory, 5-6 airfield.
// With two: 1-3 the first of them in the order radar, factory, airfield, 4-6
// the second (BA-7).
func (s *state) targetForFace(face int) int {
	left, n := s.targetsLeft()
	if n == 3 {
		return targetOfFace[face]
	}
	if face <= 3 {
		return left[0]
	}
	return left[1]
}

// applyTarget sets the day's target from the die (face 0: automatic, the
// only target left).
func (s *state) applyTarget(face int) {
	t := 0
	if face == 0 {
		left, _ := s.targetsLeft()
		t = left[0]
		if s.log != nil {
			s.logf("Day %d: the %s is the only target left.", s.Day, targetNames[t])
		}
	} else {
		t = s.targetForFace(face)
		if s.log != nil {
			s.logf("Day %d: the target die shows %d: the %s.", s.Day, face, targetNames[t])
		}
	}
	s.Target = int8(t)
	r := &s.Rec[s.Day-1]
	r.TargetRoll, r.Target = int8(face), int8(t)
	s.Group = gb
	s.Phase = phSelect
}

// applySelect reads the red and white dice for the group being selected
// (Selection): a squadron is picked by each die; doubles pick one squadron
// alone; a squadron with no planes left does not fly and is not replaced.
func (s *state) applySelect(red, white int) {
	g := int(s.Group)
	r := &s.Rec[s.Day-1]
	r.Rolls[g] = [2]int8{int8(red), int8(white)}
	picked := []int{red - 1}
	if white != red {
		picked = append(picked, white-1)
	}
	fly := s.flyingOrder(g, picked)
	s.Flying[g] = fly
	r.Flying[g] = fly
	if s.log != nil {
		s.logSelect(g, red, white, fly)
	}
	switch g {
	case gb:
		if fly[0] < 0 {
			r.Outcome = dayScrubbed
			if s.log != nil {
				s.logf("No bomber squadron can fly: the raid is scrubbed.")
			}
			s.endDay()
			return
		}
		s.Group = gf
	case gf:
		s.Group = bf
	case bf:
		if fly[0] < 0 {
			r.Outcome = dayUnopposed
			if s.log != nil {
				s.logf("No British squadron can fly: the bombers reach the target unopposed.")
			}
			s.unopposed()
			return
		}
		r.Outcome = dayRaid
		s.setupRaid()
	}
}

// flyingOrder returns the picked squadrons that still have planes, in their
// order of placement: bombers slowest first (the slowest flies in the centre
// of the German end, Placement), equal speeds and fighters by number (BA-2).
func (s *state) flyingOrder(g int, picked []int) [2]int8 {
	fly := [2]int8{-1, -1}
	n := 0
	for _, sq := range picked {
		if s.Str[g][sq] > 0 {
			fly[n] = int8(sq)
			n++
		}
	}
	if n == 2 {
		a, b := int(fly[0]), int(fly[1])
		ka, kb := a, b
		if g == gb {
			ka += 10 * planeSpecs[s.sqType(g, a)].MP
			kb += 10 * planeSpecs[s.sqType(g, b)].MP
		}
		if kb < ka {
			fly[0], fly[1] = fly[1], fly[0]
		}
	}
	return fly
}

func (s *state) logSelect(g, red, white int, fly [2]int8) {
	names := []string{"bomber", "fighter", "British"}
	var picked []string
	for _, sq := range []int{red - 1, white - 1} {
		n := sqName(g, sq)
		if s.Str[g][sq] == 0 {
			n += " (destroyed)"
		}
		if len(picked) == 0 || red != white {
			picked = append(picked, n)
		}
	}
	note := ""
	if red == white {
		note = " (doubles: one squadron alone)"
	}
	var flying []string
	for _, sq := range fly {
		if sq >= 0 {
			flying = append(flying, fmt.Sprintf("%s with %d", sqName(g, int(sq)), s.Str[g][sq]))
		}
	}
	if len(flying) == 0 {
		flying = []string{"none"}
	}
	s.logf("The %s dice show %d and %d%s: %s; flying: %s.", names[g], red, white, note,
		strings.Join(picked, ", "), strings.Join(flying, ", "))
}
