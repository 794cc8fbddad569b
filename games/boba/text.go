package boba

import "strconv"

// String renders every field of the game (core), compactly: the harness
// compares states by this text after every refused action, so it is built
// by hand rather than by reflection. Plane slots past NP, shots past NFire
// and days after Day are always zero (the code that empties them clears
// them), so they are left out.
func (s *state) String() string {
	c := &s.core
	b := make([]byte, 0, 1024)
	b = append(b, "cfg"...)
	b = num(b, c.Cfg.Width)
	b = num(b, c.Cfg.Length)
	b = num(b, c.Cfg.Days)
	b = num(b, b2i(c.Cfg.LuftSeat))
	b = num(b, b2i(c.Cfg.DiveFirst))
	b = num(b, int(c.Cfg.GB2))
	b = append(b, "\nday"...)
	b = num(b, int(c.Day))
	b = num(b, int(c.Phase))
	b = num(b, int(c.Group))
	b = append(b, "\nstr"...)
	for g := range c.Str {
		b = nums(b, c.Str[g][:])
	}
	b = append(b, "\ndmg"...)
	b = nums(b, c.Dmg[:])
	b = append(b, "\nraid"...)
	b = num(b, int(c.Target))
	for g := range c.Flying {
		b = nums(b, c.Flying[g][:])
	}
	b = num(b, int(c.NP))
	b = num(b, int(c.Turn))
	b = num(b, int(c.Side))
	b = num(b, int(c.DiveSlot))
	b = nums(b, c.Dive[0][:])
	b = nums(b, c.Dive[1][:])
	b = append(b, "\nmove"...)
	b = num(b, int(c.Cur))
	b = num(b, int(c.MPLeft))
	b = num(b, int(c.Steps))
	b = append(b, "\nfire"...)
	b = num(b, int(c.NFire))
	b = num(b, int(c.FireNext))
	b = num(b, int(c.FireKind))
	b = num(b, int(c.Tgt))
	for _, f := range c.Fire[:c.NFire] {
		b = append(b, " /"...)
		b = nums(b, []int8{f.From, f.To, f.Need, f.Roll})
	}
	b = append(b, "\nend"...)
	b = num(b, int(c.BombLeft))
	b = num(b, int(c.Winner))
	b = num(b, int(c.Cause))
	for i := range c.P[:c.NP] {
		p := &c.P[i]
		b = append(b, "\nplane"...)
		b = nums(b, []int8{int8(p.Type), p.Group, p.Sq, p.Slot, p.Num, p.X, p.Y, int8(p.Face), p.HomeX,
			int8(p.Status), p.MP, int8(b2i(p.Rolled)), int8(b2i(p.Moved)), int8(b2i(p.Hold))})
	}
	for i := range c.Rec[:c.Day] {
		r := &c.Rec[i]
		b = append(b, "\nrecord"...)
		b = nums(b, []int8{int8(b2i(r.Played)), r.TargetRoll, r.Target, r.Outcome, r.Damage, r.Exited, r.Turns})
		for g := 0; g < 3; g++ {
			b = append(b, " /"...)
			b = nums(b, r.Rolls[g][:])
			b = nums(b, r.Flying[g][:])
			b = nums(b, r.Losses[g][:])
		}
	}
	return string(b)
}

func num(b []byte, n int) []byte {
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(n), 10)
}

func nums(b []byte, v []int8) []byte {
	for _, n := range v {
		b = num(b, int(n))
	}
	return b
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
