package boba

// The sequence of a raid's turn (Movement): the German fighters move, then
// the British fighters, then the German bombers. Each fighter side first
// rolls its handful of movement dice, one per plane (Identification; Table 2;
// BA-22), then moves its planes one at a time.

// turnLimit is the most turns a raid lasts (BA-15).
func (s *state) turnLimit() int { return raidTurnsPerRow * s.Cfg.Length }

// advance runs what no one decides: automatic steps, the German automation
// and the ends of phases, until a die, a seat or the end of the campaign is
// waited for.
func (s *state) advance() {
	for {
		switch s.Phase {
		case phTarget:
			if _, n := s.targetsLeft(); n == 1 {
				s.applyTarget(0)
				continue
			}
			return
		case phDive:
			if s.automated() {
				s.chooseDive(germansAlwaysDive)
				continue
			}
			return
		case phMP:
			if s.nextToRoll() < 0 {
				s.Phase = phPick
				continue
			}
			return
		case phPick:
			i := s.nextToMove()
			if i < 0 {
				s.endSide()
				continue
			}
			if s.automated() {
				s.startMove(i)
				continue
			}
			return
		case phMove:
			if s.automated() {
				s.germanMove()
				continue
			}
			if !s.hasMoveChoice() {
				s.endMove()
				continue
			}
			return
		default:
			return
		}
	}
}

// automated reports whether the decision now is the German automation's:
// the German fighters' side when the Luftwaffe is not a seat (BA-16).
func (s *state) automated() bool { return s.Side == 0 && !s.Cfg.LuftSeat }

// hasMoveChoice reports whether the moving plane has anything left to
// decide: a step, or an attack.
func (s *state) hasMoveChoice() bool {
	if _, most := s.moveChoices(); most >= 0 {
		return true
	}
	t, _, _ := s.canAttack()
	return t >= 0
}

// startSide begins the move of one fighter side: with the optional rule on
// the raid's first turn each squadron may first take the dive roll; then the
// movement dice.
func (s *state) startSide(side int) {
	s.Side = int8(side)
	g := sideGroup[side]
	for i := 0; i < int(s.NP); i++ {
		if p := &s.P[i]; p.Group == g {
			p.Rolled, p.Moved, p.Hold, p.MP = false, false, false, 0
		}
	}
	s.Dive[side] = [2]int8{}
	s.Phase = phMP
	if s.Cfg.DiveFirst && s.Turn == 1 {
		s.DiveSlot = -1
		s.nextDiveSlot()
	}
}

// nextDiveSlot moves the dive question to the side's next squadron with
// planes on the board, or on to the movement dice.
func (s *state) nextDiveSlot() {
	g := sideGroup[s.Side]
	for slot := int(s.DiveSlot) + 1; slot < 2; slot++ {
		for i := 0; i < int(s.NP); i++ {
			if p := &s.P[i]; p.Group == g && int(p.Slot) == slot && p.Status == onBoard {
				s.DiveSlot = int8(slot)
				s.Phase = phDive
				return
			}
		}
	}
	s.DiveSlot = -1
	s.Phase = phMP
}

// diveSquadron is the squadron asked about the dive roll.
func (s *state) diveSquadron() int {
	return int(s.Flying[sideGroup[s.Side]][s.DiveSlot])
}

// chooseDive takes or declines the dive roll for the squadron asked
// (Placement, optional rule). The automated Germans always take it (BA-17).
func (s *state) chooseDive(roll bool) {
	if roll {
		s.Phase = phDiveRoll
		return
	}
	if s.log != nil {
		s.logf("%s flies level on its first move.", sqName(int(sideGroup[s.Side]), s.diveSquadron()))
	}
	s.nextDiveSlot()
}

// applyDiveRoll reads the dive-or-climb die: even, its number is added to
// each plane's MPs this turn; odd, the squadron climbs and stays still.
func (s *state) applyDiveRoll(face int) {
	b := diveBonus(face)
	s.Dive[s.Side][s.DiveSlot] = int8(b)
	g := sideGroup[s.Side]
	if b < 0 {
		for i := 0; i < int(s.NP); i++ {
			if p := &s.P[i]; p.Group == g && p.Slot == s.DiveSlot {
				p.Hold = true
			}
		}
		if s.log != nil {
			s.logf("%s rolls %d: it climbs and stays still on its first move.", sqName(int(g), s.diveSquadron()), face)
		}
	} else {
		if s.log != nil {
			s.logf("%s rolls %d: it dives, +%d MPs on its first move.", sqName(int(g), s.diveSquadron()), face, b)
		}
	}
	s.nextDiveSlot()
}

// nextToRoll is the next plane of the side whose movement die is to be
// rolled, in the order of the planes (colour order), or -1.
func (s *state) nextToRoll() int {
	g := sideGroup[s.Side]
	for i := 0; i < int(s.NP); i++ {
		if p := &s.P[i]; p.Group == g && p.Status == onBoard && !p.Rolled && !p.Hold {
			return i
		}
	}
	return -1
}

// applyMP reads a fighter's movement die: 1d6 plus its type's bonus (Table
// 2), plus the squadron's dive bonus on the first move.
func (s *state) applyMP(face int) {
	i := s.nextToRoll()
	p := &s.P[i]
	mp := face + p.spec().MP
	if b := s.Dive[s.Side][p.Slot]; b > 0 {
		mp += int(b)
	}
	p.MP, p.Rolled = int8(mp), true
	if s.log != nil {
		s.logf("%s rolls %d for movement: %d MPs.", p.name(), face, mp)
	}
}

// nextToMove is the side's first plane still to move this turn, or -1.
func (s *state) nextToMove() int {
	g := sideGroup[s.Side]
	for i := 0; i < int(s.NP); i++ {
		if s.movable(i, g) {
			return i
		}
	}
	return -1
}

// movable reports whether plane i of group g may still move this turn.
func (s *state) movable(i int, g int8) bool {
	p := &s.P[i]
	return p.Group == g && p.Status == onBoard && !p.Moved && !p.Hold
}

// endSide closes a fighter side's move: the British follow the Germans, and
// the bombers follow the British (Movement).
func (s *state) endSide() {
	if s.Side == 0 {
		s.startSide(1)
		return
	}
	s.Cur = -1
	s.bomberPhase()
	if s.raidOver() {
		return
	}
	s.Turn++
	if int(s.Turn) > s.turnLimit() {
		for i := 0; i < int(s.NP); i++ {
			if p := &s.P[i]; p.Status == onBoard && p.spec().Bomber {
				p.Status = turnedBack
			}
		}
		s.Turn = int8(s.turnLimit())
		if s.log != nil {
			s.logf("The raid has lasted %d turns: the bombers still over the board turn back.", s.turnLimit())
		}
		s.startBombing()
		return
	}
	s.startSide(0)
}

// raidOver ends the raid when no bomber is left on the board (Placement:
// fighters stay until every bomber is down or out); when no British fighter
// is left the surviving bombers fly on unopposed to the target (BA-15). It
// reports whether the raid ended.
func (s *state) raidOver() bool {
	if s.count(gb, onBoard) == 0 {
		s.startBombing()
		return true
	}
	if s.count(bf, onBoard) == 0 {
		for i := 0; i < int(s.NP); i++ {
			if p := &s.P[i]; p.Status == onBoard && p.spec().Bomber {
				p.Status = exited
				s.Rec[s.Day-1].Exited++
			}
		}
		if s.log != nil {
			s.logf("No British fighter is left: the bombers fly on to the target unopposed.")
		}
		s.startBombing()
		return true
	}
	return false
}
