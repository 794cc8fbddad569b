package boba

// The campaign (Objectives; Victory): one raid a day for Days days. Losses
// carry over from day to day (Selection: losses are not made up), damage on
// the targets adds up (Bombing), and the record sheet keeps each day.

// newDay clears the board for the day s.Day and waits for the target die.
func (s *state) newDay() {
	s.Target = -1
	s.Flying = [3][2]int8{{-1, -1}, {-1, -1}, {-1, -1}}
	s.P = [maxPlanes]plane{}
	s.NP, s.Turn, s.Side, s.DiveSlot = 0, 0, 0, -1
	s.Dive = [2][2]int8{}
	s.Cur, s.MPLeft, s.Steps = -1, 0, 0
	s.clearFire()
	s.BombLeft = 0
	s.Group = gb
	s.Rec[s.Day-1] = dayRec{Played: true, Target: -1, Flying: s.Flying}
	s.Phase = phTarget
}

// endDay closes the day on the record sheet and ends the campaign, or starts
// the next day.
func (s *state) endDay() {
	s.Cur = -1
	switch {
	case s.germansWon():
		s.finish(1, causeTargets)
	case int(s.Day) >= s.Cfg.Days:
		s.finish(0, causeCampaign)
	case !s.germansCanWin():
		s.finish(0, causeCannotWin)
	default:
		s.Day++
		s.newDay()
	}
}

func (s *state) finish(winner, cause int) {
	s.Winner, s.Cause = int8(winner), int8(cause)
	s.Phase = phOver
	side := "The British"
	if winner == 1 {
		side = "The Germans"
	}
	if s.log != nil {
		s.logf("%s win after %d days: %s.", side, s.Day, causeNames[cause])
	}
}

// germansWon: the airfield and one secondary target destroyed (Victory).
func (s *state) germansWon() bool {
	return s.Dmg[airfield] >= targetPoints && (s.Dmg[radar] >= targetPoints || s.Dmg[factory] >= targetPoints)
}

// raidCapacity is the most points one raid could still score: every plane
// of the two strongest bomber squadrons reaching the target and rolling 6 on
// every die.
func (s *state) raidCapacity() int {
	first, second := 0, 0
	for sq := 0; sq < 6; sq++ {
		c := int(s.Str[gb][sq]) * planeSpecs[s.sqType(gb, sq)].Engines * 6
		switch {
		case c > first:
			first, second = c, first
		case c > second:
			second = c
		}
	}
	return first + second
}

// germansCanWin reports whether the days left after today could still bring
// the Germans their victory (BA-19): each target takes at least one day (one
// target a day), and a day scores at most raidCapacity. The check decides
// the campaign's early end (the author's Game Notes, Day 7).
func (s *state) germansCanWin() bool {
	left := s.Cfg.Days - int(s.Day)
	capacity := s.raidCapacity()
	if capacity == 0 {
		return false
	}
	need := func(t int) int { return targetPoints - int(s.Dmg[t]) }
	days := ceilDiv(need(airfield), capacity) + ceilDiv(min(need(radar), need(factory)), capacity)
	return days <= left
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }
