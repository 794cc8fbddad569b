package wings

import "scramble/engine"

// The plan phase (rulebook "Setup", "Planning", "Special Manoeuvres", "Full
// Load", "Novice or Wounded Pilot", "Rudder jammed", engine damage).

// noviceLike says whether the plane's pilot flies as a novice: a novice, or
// a wounded pilot (rulebook "Novice or Wounded Pilot").
func (p *plane) noviceLike() bool { return p.pilot == pilotNovice || p.wounds[0] > 0 }

// skillReady says whether an ace skill can be used now (rulebook "Recovery").
func (p *plane) skillReady(sk uint8) bool {
	return p.skills&sk != 0 && p.recov == 0 && !p.recEnd
}

// useSkill puts the four recovery counters on the console.
func (p *plane) useSkill() { p.recov = 4 }

// Engine damage effects (rulebook "Engine Damage" table).
const (
	engNone uint8 = iota
	engClimb1
	engClimb2
	engNoClimb
	engDown
)

// engineTable is the rulebook's table of engine damage: the effect of the
// n-th engine damage token (columns 1..5) on a plane with 1..4 engines.
var engineTable = [5][6]uint8{
	1: {engNone, engNoClimb, engDown, engDown, engDown, engDown},
	2: {engNone, engClimb1, engNoClimb, engDown, engDown, engDown},
	3: {engNone, engClimb1, engClimb2, engNoClimb, engDown, engDown},
	4: {engNone, engNone, engClimb1, engClimb2, engNoClimb, engDown},
}

// engineEffect reads the table of engines and engine damage tokens.
func engineEffect(engines, hits int8) uint8 {
	return engineTable[engines][min(hits, 5)]
}

// climbRate is the plane's climb rate now: its card's, plus one when loaded
// (rulebook "Full Load"), plus the engine damage.
func (s *State) climbRate(p *plane) int8 {
	r := s.air(p).climbRate
	if p.loaded {
		r++
	}
	switch engineEffect(s.air(p).engines, p.engine) {
	case engClimb1:
		r++
	case engClimb2:
		r += 2
	}
	return r
}

// Breaches of the planning rules, as planCheck finds them; 0 is none.
const (
	okPlan uint8 = iota
	brSetupSteep
	brInUse
	brRudder
	brSteepTwice
	brSlowSteep
	brLoadedImmelmann
	brNoviceImmelmann
	brEngineImmelmann
	brNoStraightBefore
	brStraightReused
	brStraightAfter
	brAcrobaticRecovering
	brBombDive
	brEngineClimb
	brCeiling
)

// planCheck says whether plane i may plan (or, executing, fly) card c in
// the space being planned, as a breach code: the one definition of the
// planning rules, cheap enough for every legal list. When executing, the
// card is checked against the two cards flown before it and the plane's
// state now; the rudder and the copies in use no longer matter (the card is
// already on the console).
func (s *State) planCheck(i int, c int8, executing bool) uint8 {
	p := &s.planes[i]
	cd := s.cardOf(p, c)
	var before, before2 int8
	switch {
	case executing:
		before, before2 = p.prev, p.prev2
	case s.turn == 0:
		before, before2 = p.prev, p.prev2
		if cd.has(flagSteep) {
			return brSetupSteep
		}
	default:
		before, before2 = p.slot[0], p.prev
		if p.slot[0] == c && cd.copies < 2 {
			return brInUse
		}
		if p.rudder > 0 && cd.dir() == p.rudDir && p.rudDir != 0 {
			return brRudder
		}
	}
	var b, b2 *card
	if before >= 0 {
		b = s.cardOf(p, before)
	}
	if before2 >= 0 {
		b2 = s.cardOf(p, before2)
	}
	splitS := cd.has(flagImmelmann) && b != nil && b.has(flagStall)
	// Dive Bombing: after a bomb-dive, the other bomb-dive card or a climb
	// may follow though both are steep.
	diveOn := b != nil && b.has(flagBombDive) && (cd.has(flagClimb) || (cd.has(flagBombDive) && c != before))
	slow := p.loaded || p.noviceLike()
	// Engine Damage forbids planning a climb or an Immelmann; a card planned
	// before the hit is flown as planned, so the secret stays secret.
	eng := engNone
	if !executing {
		eng = engineEffect(s.air(p).engines, p.engine)
	}
	switch {
	case cd.has(flagSteep) && b != nil && b.has(flagSteep) && !splitS && !diveOn:
		return brSteepTwice
	case cd.has(flagSteep) && slow && b2 != nil && b2.has(flagSteep) && !diveOn:
		return brSlowSteep
	case cd.has(flagImmelmann) && p.loaded:
		return brLoadedImmelmann
	case cd.has(flagImmelmann) && p.noviceLike():
		return brNoviceImmelmann
	case cd.has(flagImmelmann) && eng >= engNoClimb:
		return brEngineImmelmann
	case cd.has(flagImmelmann) && !splitS && (b == nil || !b.has(flagStraight)):
		return brNoStraightBefore
	case cd.has(flagImmelmann) && !splitS && b2 != nil && b2.has(flagImmelmann):
		return brStraightReused
	case b != nil && b.has(flagImmelmann) && !cd.has(flagStraight) && p.skills&skAcrobatic == 0:
		return brStraightAfter
	case b != nil && b.has(flagImmelmann) && !cd.has(flagStraight) && executing && !p.skillReady(skAcrobatic):
		return brAcrobaticRecovering
	case b != nil && b.has(flagBombDive) && cd.has(flagSteep) && !diveOn:
		return brBombDive
	case cd.has(flagClimb) && eng >= engNoClimb:
		return brEngineClimb
	case cd.has(flagClimb) && s.altWhenFlown(p, executing) >= s.air(p).ceiling:
		return brCeiling
	}
	return okPlan
}

// altWhenFlown is the altitude at which a card being planned (or flown,
// executing) will be flown: when planning the second space after a dive on
// the console, a level lower (WG-10: a climb is offered wherever it is not
// certain to be an illegal manoeuvre).
func (s *State) altWhenFlown(p *plane, executing bool) int8 {
	if executing || s.turn == 0 || p.slot[0] < 0 || !s.cardOf(p, p.slot[0]).has(flagDive) {
		return p.alt
	}
	return p.alt - 1
}

// planRule is planCheck as an error that cites the rule and says why, or
// nil.
func (s *State) planRule(i int, c int8, executing bool) error {
	br := s.planCheck(i, c, executing)
	if br == okPlan {
		return nil
	}
	p := &s.planes[i]
	n, id := s.name(i), s.cardOf(p, c).id
	switch br {
	case brSetupSteep:
		return engine.Illegal("Setup", "%s may not plan the steep card %s during setup", n, id)
	case brInUse:
		return engine.Illegal("Planning", "%s's only %s card is already on the console", n, id)
	case brRudder:
		return engine.Illegal("Rudder jammed", "%s's rudder is jammed: no %s manoeuvre for %d more plans", n, dirName(p.rudDir), p.rudder)
	case brSteepTwice:
		return engine.Illegal("Steep Manoeuvres", "%s may not fly two steep cards in a row (%s after another steep card)", n, id)
	case brSlowSteep:
		return engine.Illegal("Full Load", "%s, loaded or with a novice or wounded pilot, needs two non-steep cards between steep ones", n)
	case brLoadedImmelmann:
		return engine.Illegal("Full Load", "%s is loaded and cannot use the Immelmann card", n)
	case brNoviceImmelmann:
		return engine.Illegal("Immelmann turn", "%s's pilot is a novice or wounded and cannot fly an Immelmann or a Split-S", n)
	case brEngineImmelmann:
		return engine.Illegal("Engine Damage", "%s's engines are too damaged for an Immelmann", n)
	case brNoStraightBefore:
		return engine.Illegal("Immelmann turn", "%s needs a straight just before an Immelmann (or a stall before a Split-S)", n)
	case brStraightReused:
		return engine.Illegal("Immelmann turn", "%s: the straight after an Immelmann cannot be the straight before another", n)
	case brStraightAfter:
		return engine.Illegal("Immelmann turn", "%s must fly a straight after an Immelmann or a Split-S", n)
	case brAcrobaticRecovering:
		return engine.Illegal("Acrobatic Pilot", "%s's ace still has recovery counters and cannot fly %s after an Immelmann", n, id)
	case brBombDive:
		return engine.Illegal("Dive Bombing", "after a bomb-dive %s must fly the other bomb-dive card, a non-steep card or a climb", n)
	case brEngineClimb:
		return engine.Illegal("Engine Damage", "%s's engines are too damaged to climb", n)
	}
	return engine.Illegal("Climb", "%s is at its ceiling, altitude %d", n, p.alt)
}

func dirName(d int8) string {
	if d > 0 {
		return "left"
	}
	return "right"
}

// plan puts card c in the space being planned, and reveals the plans when
// every plane has one.
func (s *State) plan(i int, c int8) {
	p := &s.planes[i]
	p.slot[s.planSlot()] = c
	if s.turn > 0 && p.rudder > 0 {
		p.rudder--
	}
	if s.log != nil {
		s.logf("%s plans a manoeuvre", s.name(i))
	}
	for j := 0; j < int(s.n); j++ {
		if q := &s.planes[j]; q.status == flying && q.slot[s.planSlot()] < 0 {
			return
		}
	}
	if s.turn == 0 {
		s.turn = 1
		if s.log != nil {
			s.logf("Turn 1: plan the next manoeuvre")
		}
		return
	}
	s.moveAll()
}
