package squadron

import "encoding/binary"

// The position's bytes, for State.String: every field of core in order,
// little-endian, exactly as encoding/binary.Write would write it (the test
// TestEncodeMatchesBinary holds the two together), but without reflection,
// which the invariant harness would otherwise spend most of its time in.

type enc []byte

func (e enc) i8(v int8) enc  { return append(e, byte(v)) }
func (e enc) u8(v uint8) enc { return append(e, v) }
func (e enc) b(v bool) enc {
	if v {
		return append(e, 1)
	}
	return append(e, 0)
}
func (e enc) u16(v uint16) enc { return binary.LittleEndian.AppendUint16(e, v) }
func (e enc) u32(v uint32) enc { return binary.LittleEndian.AppendUint32(e, v) }
func (e enc) u64(v uint64) enc { return binary.LittleEndian.AppendUint64(e, v) }

func (e enc) raf(r *rafPlane) enc {
	e = e.i8(r.seat).i8(r.pilot).u8(r.status).i8(r.area).b(r.landed).i8(r.ammo).u64(r.hand).u8(r.tokens)
	for _, t := range r.track {
		e = e.i8(t)
	}
	e = e.i8(r.ndmg).i8(r.mans).u8(r.declared).i8(r.moveLeft).b(r.moveCard).b(r.moved).b(r.fought).b(r.foughtLast)
	e = e.i8(r.owed).i8(r.extra).i8(r.ap).i8(r.startArea).i8(r.borrow).b(r.mullUsed).i8(r.mullTok).i8(r.mullOut).u64(r.split).b(r.noAttack)
	return e.i8(r.recon).i8(r.reconLeft)
}

func (e enc) german(g *german) enc {
	return e.i8(g.kind).i8(g.area).i8(g.dmg).i8(g.tokens).i8(g.squad).u8(g.flags).i8(g.home)
}

func (e enc) squad(q *squad) enc {
	e = e.i8(q.target).i8(q.home).u8(q.mode).i8(q.event).i8(q.hunted).b(q.hadBombers).i8(q.ace).b(q.aceUp)
	return e.i8(q.acePlane).b(q.hidden).i8(q.area).u64(q.cards)
}

func (e enc) pilot(p *pilotRec) enc {
	for _, k := range p.kills {
		e = e.i8(k)
	}
	return e.i8(p.medals).b(p.used).i8(p.spec).i8(p.clock)
}

func (e enc) fight(f *fight) enc {
	e = e.b(f.on).u8(f.stage).i8(f.pl).i8(f.target).i8(f.round).i8(f.rounds)
	for _, d := range f.die {
		e = e.u8(uint8(d))
	}
	e = e.b(f.yellow)
	for _, u := range f.used {
		e = e.b(u)
	}
	for _, u := range f.rerolled {
		e = e.b(u)
	}
	e = e.i8(f.rollIdx)
	for _, d := range f.gd {
		e = e.u8(uint8(d))
	}
	e = e.i8(f.ng).i8(f.gi).b(f.franUsed).u8(uint8(f.sym)).b(f.fail).b(f.failUsed)
	for _, c := range f.carry {
		e = e.u8(uint8(c))
	}
	e = e.i8(f.nCarry).i8(f.card).i8(f.supports).u8(uint8(f.supSym)).u8(f.asked).i8(f.mans).i8(f.gHits).b(f.first)
	return e.i8(f.curDie).b(f.specUsed).u8(uint8(f.specSym)).u8(f.gRer).i8(f.tok).i8(f.brk).i8(f.brkAsked)
}

func (e enc) counter(c *counter) enc {
	e = e.b(c.on).u8(c.kind).u8(c.stage).i8(c.area).u32(c.planes).i8(c.g).i8(c.left)
	for _, h := range c.hits {
		e = e.i8(h)
	}
	e = e.u8(c.asked).i8(c.next)
	for _, d := range c.dice {
		e = e.u8(uint8(d))
	}
	for _, k := range c.dkind {
		e = e.u8(k)
	}
	return e.i8(c.nd)
}

func (e enc) damage(q *damageQueue) enc {
	e = e.b(q.on).u8(q.stage)
	for _, n := range q.n {
		e = e.i8(n)
	}
	return e.b(q.discarding).u32(q.downs).i8(q.area).u8(q.asked).u16(q.stopped)
}

// bytes encodes the whole position.
func (c *core) bytes(e enc) enc {
	e = e.i8(c.sc).i8(c.players).i8(c.nPl).i8(c.leader).i8(c.turn).i8(c.phase).i8(c.sub).u8(uint8(c.step))
	e = e.i8(c.cur).i8(c.who).i8(c.lead).i8(c.order).u8(c.done).u8(c.later)
	for i := range c.raf {
		e = e.raf(&c.raf[i])
	}
	for i := range c.ger {
		e = e.german(&c.ger[i])
	}
	e = e.i8(c.nGer)
	for i := range c.sq {
		e = e.squad(&c.sq[i])
	}
	e = e.i8(c.nSq)
	for i := range c.pilots {
		e = e.pilot(&c.pilots[i])
	}
	e = e.u64(c.deck).u64(c.discard).u8(c.pilotPool).i8(c.reserve)
	for _, m := range c.models {
		e = e.i8(m)
	}
	e = e.u64(c.dealLeft).i8(c.dealSlot).b(c.dealBomb).i8(c.draws)
	for _, d := range c.tdmg {
		e = e.i8(d)
	}
	for _, ev := range c.events {
		e = e.i8(ev.card).u8(ev.status).u8(ev.helpers).i8(ev.squad)
	}
	e = e.i8(c.nEv).u8(c.evUsed).i8(c.ev)
	e = e.fight(&c.f).counter(&c.ca).damage(&c.dmg)
	e = e.u8(c.cause).b(c.won).b(c.fresh)
	e = e.b(c.mulligan).b(c.special).i8(c.aces).u8(c.acePool).i8(c.aceSq).i8(c.hide).i8(c.level)
	return e.i8(c.hand0).i8(c.apLoss).u8(c.downs)
}
