package boba

// setupRaid places the day's squadrons as Figure 1 shows (DESIGNED, BA-2):
//
//   - the first (slowest) bomber squadron's vic in the centre of the German
//     end, its leader on row 2 of column Width/2 and its wingmen a row
//     behind, one column out; the second squadron's leader four rows ahead
//     of the first leader, in the same vic;
//   - the German fighter pairs in the two corners of that end: the leader
//     inside and forward, the wingman in the corner (the lower-numbered
//     squadron in the west corner);
//   - the British vics in the two corners of the far end, the leader one row
//     nearer the Germans (the lower-numbered squadron in the west corner).
//
// Germans face north, the British south. A weakened squadron fills the
// leader's place first, then the west wingman's, then the east wingman's.
func (s *state) setupRaid() {
	W, L := s.Cfg.Width, s.Cfg.Length
	s.NP = 0
	s.P = [maxPlanes]plane{}
	var seen [numTypes]int
	c := W / 2
	for slot := 0; slot < 2; slot++ {
		var pos [3][2]int
		for k, o := range bomberVic {
			pos[k] = [2]int{c + o[0], o[1] + bomberGap*slot}
		}
		s.placeSquadron(gb, slot, pos[:], north, &seen)
	}
	for slot := 0; slot < 2; slot++ {
		var pos [2][2]int
		for k, o := range fighterPair {
			pos[k] = mirror(o, slot, W, 0)
		}
		s.placeSquadron(gf, slot, pos[:], north, &seen)
	}
	for slot := 0; slot < 2; slot++ {
		var pos [3][2]int
		for k, o := range britishVic {
			pos[k] = mirror(o, slot, W, L)
		}
		if pos[1][0] > pos[2][0] {
			pos[1], pos[2] = pos[2], pos[1]
		}
		s.placeSquadron(bf, slot, pos[:], south, &seen)
	}
	s.Turn = 1
	if s.log != nil {
		s.logf("Day %d, the raid on the %s: the planes take their places (Figure 1).", s.Day, targetNames[s.Target])
	}
	s.startSide(0)
}

// mirror turns a corner offset into a square: slot 0 is the west corner,
// slot 1 the east; length 0 means the German end, otherwise the far end.
func mirror(o [2]int, slot, width, length int) [2]int {
	x, y := o[0], o[1]
	if slot == 1 {
		x = width - 1 - x
	}
	if length > 0 {
		y = length - 1 - y
	}
	return [2]int{x, y}
}

// placeSquadron puts the planes of the squadron flying in slot of group g on
// the squares pos, numbering them within their type: a type's first squadron
// of the day takes 1, 2, 3 (red, white, blue), its second continues after
// the first's full strength (black, yellow, green) (Identification; BA-3).
func (s *state) placeSquadron(g, slot int, pos [][2]int, f dir, seen *[numTypes]int) {
	sq := int(s.Flying[g][slot])
	if sq < 0 {
		return
	}
	t := s.sqType(g, sq)
	first := seen[t] * squadronTable[g][sq].Planes
	seen[t]++
	for k := 0; k < int(s.Str[g][sq]); k++ {
		s.P[s.NP] = plane{
			Type: t, Group: int8(g), Sq: int8(sq), Slot: int8(slot), Num: int8(first + k + 1),
			X: int8(pos[k][0]), Y: int8(pos[k][1]), Face: f, HomeX: int8(pos[k][0]), Status: onBoard,
		}
		s.NP++
	}
}
