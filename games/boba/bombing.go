package boba

// startBombing ends the raid's flying and lines up the bombing dice: one d6
// per engine of every bomber that left by the far edge (Bombing).
func (s *state) startBombing() {
	s.Cur, s.MPLeft, s.Steps = -1, 0, 0
	s.clearFire()
	n := 0
	for i := 0; i < int(s.NP); i++ {
		if p := &s.P[i]; p.Status == exited {
			n += p.spec().Engines
		}
	}
	s.Rec[s.Day-1].Turns = s.Turn
	s.beginBombing(n)
}

// unopposed lines up the bombing dice of every plane of the day's bomber
// squadrons when no British squadron can fly (Selection).
func (s *state) unopposed() {
	n := 0
	for _, sq := range s.Flying[gb] {
		if sq >= 0 {
			k := int(s.Str[gb][sq])
			n += k * planeSpecs[s.sqType(gb, int(sq))].Engines
			s.Rec[s.Day-1].Exited += int8(k)
		}
	}
	s.beginBombing(n)
}

func (s *state) beginBombing(dice int) {
	s.BombLeft = int8(dice)
	if dice == 0 {
		s.endDay()
		return
	}
	if s.log != nil {
		s.logf("%d bombing dice for the %s.", dice, targetNames[s.Target])
	}
	s.Phase = phBomb
}

// applyBomb adds one bombing die to the target. At 30 the target is
// destroyed and the points beyond are lost, so the remaining dice are not
// rolled (Bombing; BA-18).
func (s *state) applyBomb(face int) {
	t := int(s.Target)
	add := min(face, targetPoints-int(s.Dmg[t]))
	s.Dmg[t] += int8(add)
	s.Rec[s.Day-1].Damage += int8(add)
	s.BombLeft--
	if s.log != nil {
		s.logf("A bombing die shows %d: the %s has %d of %d points.", face, targetNames[t], s.Dmg[t], targetPoints)
	}
	if s.Dmg[t] >= targetPoints {
		if s.log != nil {
			s.logf("The %s is destroyed.", targetNames[t])
		}
		s.BombLeft = 0
	}
	if s.BombLeft == 0 {
		s.endDay()
	}
}
