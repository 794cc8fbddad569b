package wings

import "strconv"

// The debugging dump of a state, which the invariant harness compares.

// String renders the whole state, hidden parts included. It is built with
// strconv rather than fmt: the invariant harness compares states often.
func (s *State) String() string {
	b := make([]byte, 0, 2048)
	num := func(label string, v int) {
		b = append(b, ' ')
		b = append(b, label...)
		b = append(b, '=')
		b = strconv.AppendInt(b, int64(v), 10)
	}
	flag := func(label string, v bool) {
		if v {
			b = append(b, ' ')
			b = append(b, label...)
		}
	}
	b = append(b, "wings "...)
	b = append(b, s.scen().id...)
	num("turn", int(s.turn))
	num("step", int(s.step))
	num("sub", int(s.sub))
	num("cursor", int(s.cursor))
	num("after", int(s.after))
	num("pend0", int(s.pend[0]))
	num("pend1", int(s.pend[1]))
	num("pendN", int(s.pendN))
	b = append(b, ' ')
	b = append(b, s.endWhy...)
	for l := range s.out {
		b = append(b, "\n  pile "...)
		b = append(b, byte('A'+l))
		num("refills", int(s.refills[l]))
		for k, n := range s.out[l] {
			if n != 0 {
				num("out"+strconv.Itoa(k), int(n))
			}
		}
	}
	for i := s.qhead; i < s.qlen; i++ {
		q := s.queue[i]
		b = append(b, "\n  queue"...)
		num("kind", int(q.kind))
		num("plane", int(q.plane))
		num("letter", int(q.letter))
		num("partner", int(q.partner))
	}
	for k := 0; k < int(s.nobj); k++ {
		o := &s.objects[k]
		b = append(b, "\nobject"...)
		num("k", k)
		num("x", int(o.x))
		num("y", int(o.y))
		num("dmg", int(o.dmg))
		num("bomb", int(o.bombDmg))
		num("halfVP", int(o.halfVP))
		flag("silenced", o.silenced)
		flag("sunk", o.sunk)
		num("active", int(o.active))
		flag("launched", o.launched)
		num("strafedBy", int(o.strafedBy))
		for _, c := range o.counter {
			num("counter", int(c))
		}
	}
	for k, tp := range s.torps {
		if tp.live {
			b = append(b, "\ntorpedo"...)
			num("k", k)
			num("x", int(tp.x))
			num("y", int(tp.y))
			num("hdg", int(tp.hdg))
			num("age", int(tp.age))
			flag("wounded", tp.wounded)
		}
	}
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		b = append(b, '\n')
		b = append(b, s.name(i)...)
		num("kind", int(p.kind))
		num("seat", int(p.seat))
		num("status", int(p.status))
		flag("doomed", p.doomed)
		flag("smash", p.smash)
		flag("engDoom", p.engDoom)
		num("x", int(p.x))
		num("y", int(p.y))
		num("hdg", int(p.hdg))
		num("alt", int(p.alt))
		num("climb", int(p.climb))
		num("slot0", int(p.slot[0]))
		num("slot1", int(p.slot[1]))
		num("prev", int(p.prev))
		num("prev2", int(p.prev2))
		num("flown", int(p.flown))
		flag("split", p.split)
		num("dmg", int(p.dmg))
		num("engine", int(p.engine))
		num("smoke", int(p.smoke))
		num("fire", int(p.fire))
		num("rudder", int(p.rudder))
		num("rudDir", int(p.rudDir))
		for k, w := range p.wounds {
			if w != 0 {
				num("wound"+strconv.Itoa(k), int(w))
			}
		}
		num("pilot", int(p.pilot))
		num("skills", int(p.skills))
		num("recov", int(p.recov))
		flag("recEnd", p.recEnd)
		flag("luck", p.luck)
		flag("noFire", p.noFire)
		num("fired", int(p.fired))
		num("target", int(p.target))
		num("lastTgt", int(p.lastTgt))
		flag("overHit", p.overHit)
		flag("loaded", p.loaded)
		num("fuel", int(p.fuel))
		num("photo", int(p.photo))
		num("snap", int(p.snap))
		flag("home", p.home)
		for l := range p.drawn {
			for k := range p.drawn[l] {
				if n := p.drawn[l][k]; n != 0 {
					num("tok"+string(rune('A'+l))+strconv.Itoa(k), int(n))
				}
				if n := p.plain[l][k]; n != 0 {
					num("pts"+string(rune('A'+l))+strconv.Itoa(k), int(n))
				}
			}
		}
	}
	return string(b)
}
