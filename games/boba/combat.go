package boba

// attackAt returns the plane that plane p could fire at if it stood at
// (x, y) facing f with mp MPs left after moving steps squares in this move,
// or -1 and the rule and reason why it could not (Combat; BA-8, BA-9):
//
//   - a fighter fires while it moves: after moving at least one
//     square, and with at least one MP left (BA-8);
//   - it stops to fire, so it must be on a square no other plane occupies;
//   - the target sits in the square directly ahead, on the other side.
//
// Where the fighter goes after firing is flyThrough's business: the square
// beyond the target being off the board or occupied does not forbid the
// attack (BA-9).
func (s *state) attackAt(p, x, y int, f dir, mp, steps int) (int, string, string) {
	if steps < 1 {
		return -1, "Combat", "a fighter must move at least one square before it fires"
	}
	if mp < 1 {
		return -1, "Combat (BA-8)", "a fighter fires while it moves, and with no MP left its move is over"
	}
	if s.occupant(x, y, p) >= 0 {
		return -1, "Maneuver (BA-8)", "a fighter cannot stop to fire on an occupied square"
	}
	ax, ay := x+dx[f], y+dy[f]
	t := -1
	if s.onBoard(ax, ay) {
		t = s.occupant(ax, ay, p)
	}
	if t < 0 {
		return -1, "Combat (BA-8)", "no plane sits in the square directly ahead"
	}
	if s.P[t].german() == s.P[p].german() {
		return -1, "Combat", s.P[t].name() + " is on the same side"
	}
	return t, "", ""
}

// canFlyOn reports whether plane p, having missed the plane ahead of (x, y)
// facing f with mp MPs left, can fly through it to the square beyond
// (Maneuver): that square must be on the board (fighters stay on it,
// Placement), and the move must be able to end there (with one MP, or two
// and none left) or later on an empty square (BA-5, BA-9).
func (s *state) canFlyOn(p, x, y int, f dir, mp int) bool {
	bx, by := x+2*dx[f], y+2*dy[f]
	if !s.onBoard(bx, by) {
		return false
	}
	if mp <= 2 {
		return s.occupant(bx, by, p) < 0
	}
	m := mover{s: s, p: p}
	return m.best(bx, by, f, mp-2) >= 0
}

// attackFrom reports whether plane p, having moved, could fire from (x, y)
// facing f with mp MPs left. It looks at the square ahead first, which
// settles most cases at once.
func (s *state) attackFrom(p, x, y int, f dir, mp int) bool {
	ax, ay := x+dx[f], y+dy[f]
	if !s.onBoard(ax, ay) {
		return false
	}
	t := s.occupant(ax, ay, p)
	if t < 0 || s.P[t].german() == s.P[p].german() {
		return false
	}
	t, _, _ = s.attackAt(p, x, y, f, mp, 1)
	return t >= 0
}

// canAttack is attackAt for the moving plane where it stands.
func (s *state) canAttack() (int, string, string) {
	p := &s.P[s.Cur]
	return s.attackAt(int(s.Cur), int(p.X), int(p.Y), p.Face, int(s.MPLeft), int(s.Steps))
}

// startAttack stops the moving plane to fire at plane t and lines up the
// dice of the stop (Combat): the attacker's die by the hit chart; a fighter
// attacked head-on fires back with its forward guns; and every German gun
// covering the attacker's square fires at a British attacker (BA-10).
func (s *state) startAttack(t int) {
	a := int(s.Cur)
	ap, tp := &s.P[a], &s.P[t]
	ang := attackAngle(int(tp.X), int(tp.Y), tp.Face, int(ap.X), int(ap.Y))
	s.clearFire()
	s.FireKind, s.Tgt = stopAttack, int8(t)
	s.addShot(a, t, hitChart[ang])
	if ang == front && !tp.spec().Bomber {
		s.addShot(t, a, tp.spec().Forward)
	}
	if s.log != nil {
		s.logf("%s stops at %s and fires at %s from %s (needs %d).", ap.name(),
			squareName(int(ap.X), int(ap.Y)), tp.name(), angleNames[ang], hitChart[ang])
	}
	s.addGuns(a)
	s.Phase = phFire
}

// addShot lines up one die of the stop.
func (s *state) addShot(from, to, need int) {
	s.Fire[s.NFire] = shot{From: int8(from), To: int8(to), Need: int8(need)}
	s.NFire++
}

// addGuns lines up the German guns that cover the square where British
// fighter a stops: every bomber's nose and tail guns (Figure 4) and every
// Me110's rear gun (Addenda), each needing a 6 (BA-10). The target's own
// nose gun answers a head-on attack this way.
func (s *state) addGuns(a int) {
	ap := &s.P[a]
	if ap.german() {
		return
	}
	x, y := int(ap.X), int(ap.Y)
	for i := 0; i < int(s.NP); i++ {
		g := &s.P[i]
		if g.Status != onBoard || !g.german() {
			continue
		}
		sp := g.spec()
		switch {
		case sp.Bomber && inBomberArc(int(g.X), int(g.Y), g.Face, x, y):
			s.addShot(i, a, defensiveNeed)
		case !sp.Bomber && sp.Rear > 0 && inRearArc(int(g.X), int(g.Y), g.Face, x, y):
			s.addShot(i, a, sp.Rear)
		}
	}
}

// endMove ends the moving plane's move: it stops, and the guns covering its
// square fire at it (Combat: bombers fire whenever a fighter stops in range).
func (s *state) endMove() {
	s.clearFire()
	s.FireKind = stopEnd
	s.addGuns(int(s.Cur))
	if s.NFire == 0 {
		s.finishMove()
		return
	}
	if s.log != nil {
		p := &s.P[s.Cur]
		if s.log != nil {
			s.logf("%s ends its move at %s under the guns of %d German plane(s).", p.name(), squareName(int(p.X), int(p.Y)), s.NFire)
		}
	}
	s.Phase = phFire
}

// finishMove closes the moving plane's move.
func (s *state) finishMove() {
	if s.Cur >= 0 {
		s.P[s.Cur].Moved = true
	}
	s.Cur, s.MPLeft, s.Steps = -1, 0, 0
	s.clearFire()
	s.Phase = phPick
}

// applyFire reads the die of the next shot of the stop. When the last die
// is in, every hit takes effect together, so two planes can shoot each
// other down (Combat; BA-11).
func (s *state) applyFire(face int) {
	sh := &s.Fire[s.FireNext]
	sh.Roll = int8(face)
	s.FireNext++
	if s.log != nil {
		verdict := "misses"
		if face >= int(sh.Need) {
			verdict = "hits"
		}
		if s.log != nil {
			s.logf("%s fires at %s: %d (needs %d) %s.", s.P[sh.From].name(), s.P[sh.To].name(), face, sh.Need, verdict)
		}
	}
	if s.FireNext < s.NFire {
		return
	}
	for i := 0; i < int(s.NFire); i++ {
		if sh := &s.Fire[i]; sh.Roll >= sh.Need {
			s.destroy(int(sh.To))
		}
	}
	if s.raidOver() {
		return
	}
	if s.FireKind == stopEnd || s.P[s.Cur].Status != onBoard {
		s.finishMove()
		return
	}
	s.flyThrough(s.P[s.Tgt].Status != onBoard)
}

// flyThrough makes the forced move after an attack (Maneuver; BA-9): into
// the vacated square if the target fell (1 MP), else straight on through the
// target to the square beyond (2 MPs, or the last MP). With no MP left the
// move ends there. When the square beyond is off the board or the move
// could not end there or later on an empty square, a fighter that missed
// stays where it fired and its move ends: it has already stopped there, and
// the guns covering that square have fired at it.
func (s *state) flyThrough(destroyed bool) {
	p := &s.P[s.Cur]
	f := p.Face
	n := 2
	if destroyed {
		n = 1
	} else if !s.canFlyOn(int(s.Cur), int(p.X), int(p.Y), f, int(s.MPLeft)) {
		if s.log != nil {
			s.logf("%s cannot fly on past %s and ends its move at %s.", p.name(), s.P[s.Tgt].name(), squareName(int(p.X), int(p.Y)))
		}
		s.finishMove()
		return
	}
	p.X += int8(n * dx[f])
	p.Y += int8(n * dy[f])
	s.Steps += int8(n)
	s.MPLeft = max(0, s.MPLeft-int8(n))
	if s.log != nil {
		s.logf("%s flies on to %s (%d MPs left).", p.name(), squareName(int(p.X), int(p.Y)), s.MPLeft)
	}
	s.clearFire()
	if s.MPLeft == 0 {
		s.endMove()
		return
	}
	s.Phase = phMove
}

// clearFire empties the stop's dice.
func (s *state) clearFire() {
	for i := range s.Fire[:s.NFire] {
		s.Fire[i] = shot{}
	}
	s.NFire, s.FireNext, s.FireKind, s.Tgt = 0, 0, 0, -1
}
