package wings

import (
	"fmt"
	"math"

	"scramble/engine"
)

// Damage (rulebook "Damage", "Special Damage", "Crew Hit", "Engine Damage",
// "Collisions") and the chance nodes that draw it, kept in a queue so that
// everything drawn in one sub-phase is resolved together.

// push queues a chance node.
func (s *State) push(q queued) {
	if int(s.qlen) < queueSize {
		s.queue[s.qlen] = q
		s.qlen++
	}
}

// head is the chance node being drawn.
func (s *State) head() *queued { return &s.queue[s.qhead] }

// runQueue draws the queue if anything waits in it; once it is empty the
// damage is resolved and the turn goes on.
func (s *State) runQueue() {
	for s.qhead < s.qlen && s.head().kind == qCrew && s.crewLeft(s.head()) == 0 {
		s.qhead++ // every crewman is already out: nothing to roll
	}
	if s.qhead < s.qlen {
		s.step = stDraw
		return
	}
	s.qhead, s.qlen = 0, 0
	s.resolve()
	switch s.after {
	case afterMove:
		s.startFire(subItchy)
	case afterSub:
		if s.sub+1 < numSubs {
			s.startFire(s.sub + 1)
			return
		}
		s.cursor = 0
		s.nextLauncher()
	case afterBombs:
		s.endTurn()
	case afterTurn:
		s.nextTurn()
	}
}

// resolve eliminates the planes whose damage reached their damage points or
// that were doomed (rulebook "Damage": simultaneously, after the draws).
func (s *State) resolve() {
	s.resolveObjects()
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if p.status != flying {
			continue
		}
		switch {
		case p.smash:
			p.status = collided
		case p.doomed, p.engDoom:
			p.status = shotDown
		case p.dmg >= s.air(p).damage:
			p.status = shotDown
		default:
			continue
		}
		if s.log != nil {
			s.logf("%s is %s", s.name(i), statusNames[p.status])
		}
	}
}

// endTurn takes the flame tokens and discards smoke and flame counters
// (rulebook "Smoke", "Fire").
func (s *State) endTurn() {
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if p.status != flying {
			continue
		}
		if p.fire > 0 {
			p.fire--
			s.push(queued{kind: qPlain, plane: int8(i), letter: 0})
		}
		if p.smoke > 0 {
			p.smoke--
		}
	}
	s.after = afterTurn
	s.runQueue()
}

// nextTurn ends the game or starts the next turn's planning.
func (s *State) nextTurn() {
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		p.recEnd = false
		p.lastTgt = p.target
	}
	if why := s.over(); why != "" {
		s.endWhy, s.step = why, stOver
		if s.log != nil {
			s.logf("The game ends: %s", why)
		}
		return
	}
	s.turn++
	s.step = stPlan
	if s.log != nil {
		s.logf("Turn %d: plan the next manoeuvre", s.turn)
	}
}

// drawing names the chance node being drawn.
func (s *State) drawing() string {
	if s.step != stDraw {
		return "no draw"
	}
	q := s.head()
	switch q.kind {
	case qCrew:
		return "the crew dice of " + s.name(int(q.plane))
	case qRudder:
		return "the jammed rudder's direction of " + s.name(int(q.plane))
	case qGround:
		return fmt.Sprintf("a %c token for %s", 'A'+q.letter, s.scen().objects[q.plane].name)
	case qAim:
		return "the target of " + s.scen().objects[q.plane].name
	case qBomb:
		return "the bombing die of " + s.name(int(q.plane))
	case qPhoto:
		return "the photograph's die of " + s.name(int(q.plane))
	case qTorpedo:
		return "the torpedo's die against " + s.scen().objects[q.partner].name
	case qTorpDmg:
		return "the torpedo's damage die against " + s.scen().objects[q.partner].name
	}
	return fmt.Sprintf("a %c token for %s", 'A'+q.letter, s.name(int(q.plane)))
}

// living returns the crew members of p still able to act (fewer than two
// wounds) as a bit set.
func (p *plane) living(crew int) uint8 {
	var m uint8
	for k := 0; k < crew; k++ {
		if p.wounds[k] < 2 {
			m |= 1 << k
		}
	}
	return m
}

// crewLeft returns the living crew of the plane of a crew roll.
func (s *State) crewLeft(q *queued) uint8 {
	p := &s.planes[q.plane]
	return p.living(len(s.air(p).crew))
}

// ChanceOutcomes lists the outcomes of the chance node being drawn.
func (s *State) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.step != stDraw {
		return buf
	}
	q := s.head()
	switch q.kind {
	case qRudder:
		return append(buf, engine.Outcome{Action: 0, Prob: 0.5}, engine.Outcome{Action: 1, Prob: 0.5})
	case qBomb, qPhoto, qTorpedo, qTorpDmg:
		for f := 1; f <= 6; f++ {
			buf = append(buf, engine.Outcome{Action: engine.Action(f), Prob: 1.0 / 6})
		}
		return buf
	case qAim:
		m := uint8(q.partner)
		p := 1 / float64(popcount(m))
		for j := 0; j < maxPlanes; j++ {
			if m&(1<<j) != 0 {
				buf = append(buf, engine.Outcome{Action: engine.Action(j), Prob: p})
			}
		}
		return buf
	case qCrew:
		p := &s.planes[q.plane]
		live := p.living(len(s.air(p).crew))
		n := popcount(live)
		for m := uint8(1); m != 0 && m <= live; m++ {
			if m&^live == 0 {
				buf = append(buf, engine.Outcome{Action: engine.Action(m), Prob: crewProb(n, popcount(m))})
			}
		}
		return buf
	}
	l := int(q.letter)
	n := float64(s.pileSize(l))
	for k := range s.data.damage[l].tokens {
		if left := s.pileLeft(l, k); left > 0 {
			buf = append(buf, engine.Outcome{Action: engine.Action(k), Prob: float64(left) / n})
		}
	}
	return buf
}

// The piles of damage tokens (WG-8). Each letter's tokens are one pile
// drawn without replacement: a token taken stays on the console or beside
// the ground target (rulebook "Damage", "Strafing"); a sniper's other token
// goes back (rulebook "Sniper"), as does a token a lucky pilot ignores. A
// draw from an empty pile first fills it again with a full set; the tokens
// already taken stay where they are.

// drawsToken says whether a queued chance node draws from a pile.
func drawsToken(kind uint8) bool {
	switch kind {
	case qToken, qPlain, qCollide, qSniper, qGround:
		return true
	}
	return false
}

// pileCount is how many tokens letter l's pile holds now.
func (s *State) pileCount(l int) int {
	n := s.data.damage[l].total
	for _, o := range s.out[l] {
		n -= int(o)
	}
	return n
}

// pileSize is how many tokens the next draw from letter l's pile is made
// among: an empty pile is filled again first.
func (s *State) pileSize(l int) int {
	if n := s.pileCount(l); n > 0 {
		return n
	}
	return s.data.damage[l].total
}

// pileLeft is how many tokens of kind k the next draw from letter l's pile
// may give.
func (s *State) pileLeft(l, k int) int {
	if s.pileCount(l) == 0 {
		return s.data.damage[l].tokens[k].count
	}
	return s.data.damage[l].tokens[k].count - int(s.out[l][k])
}

// takeOut takes a token of kind k from letter l's pile, filling an empty
// pile first.
func (s *State) takeOut(l, k int) {
	if s.pileCount(l) == 0 {
		s.out[l] = [maxTokens]uint8{}
		if s.refills[l] < 255 {
			s.refills[l]++
		}
		if s.log != nil {
			s.logf("The %c pile is empty: a full set of %c tokens is shuffled into it", 'A'+l, 'A'+l)
		}
	}
	s.out[l][k]++
}

// putBack returns a token of kind k to letter l's pile. A token drawn
// before the pile was filled again is set aside if its kind is complete.
func (s *State) putBack(l, k int) {
	if s.out[l][k] > 0 {
		s.out[l][k]--
	}
}

func popcount(m uint8) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// crewProb is the chance that exactly a given k of n crew dice share the
// highest score (rulebook "Crew Hit": those crewmen are wounded): the sum
// over the high score h of (1/6)^k ((h-1)/6)^(n-k).
func crewProb(n, k int) float64 {
	p := 0.0
	for h := 1; h <= 6; h++ {
		p += math.Pow(1.0/6, float64(k)) * math.Pow(float64(h-1)/6, float64(n-k))
	}
	return p
}

// validOutcome says whether a is an outcome of the node being drawn.
func (s *State) validOutcome(a engine.Action) bool {
	if s.step != stDraw {
		return false
	}
	q := s.head()
	switch q.kind {
	case qRudder:
		return a == 0 || a == 1
	case qBomb, qPhoto, qTorpedo, qTorpDmg:
		return a >= 1 && a <= 6
	case qAim:
		return a >= 0 && a < maxPlanes && uint8(q.partner)&(1<<a) != 0
	case qCrew:
		p := &s.planes[q.plane]
		live := p.living(len(s.air(p).crew))
		return a > 0 && a < 256 && uint8(a)&^live == 0
	}
	return a >= 0 && int(a) < len(s.data.damage[q.letter].tokens) && s.pileLeft(int(q.letter), int(a)) > 0
}

// applyOutcome applies a checked outcome and draws on.
func (s *State) applyOutcome(a engine.Action) {
	q := *s.head()
	switch q.kind {
	case qGround:
		tk := s.data.damage[q.letter].tokens[a]
		s.objects[q.plane].dmg += int16(tk.value)
		if s.log != nil {
			s.logf("%s takes a %c %d token", s.scen().objects[q.plane].name, 'A'+q.letter, tk.value)
		}
		s.qhead++
		s.runQueue()
		return
	case qAim:
		s.placeCounter(int(q.plane), int(q.letter), int(a))
		s.qhead++
		s.runQueue()
		return
	case qBomb:
		s.bombResult(int(q.plane), int(q.partner), int(a))
		s.qhead++
		s.runQueue()
		return
	case qPhoto:
		s.photoResult(int(q.plane), int(q.partner), int(a))
		s.qhead++
		s.runQueue()
		return
	case qTorpedo:
		s.qhead++
		hit := s.torpedoHits(int(q.plane), int(q.partner), int(a))
		if s.log != nil {
			s.logf("The torpedo %s %s", map[bool]string{true: "hits", false: "misses"}[hit], s.scen().objects[q.partner].name)
		}
		if hit {
			s.push(queued{kind: qTorpDmg, plane: q.plane, partner: q.partner})
		}
		s.runQueue()
		return
	case qTorpDmg:
		s.torpedoDamage(int(q.partner), int(a))
		s.qhead++
		s.runQueue()
		return
	}
	p := &s.planes[q.plane]
	switch q.kind {
	case qRudder:
		p.rudDir = 1 - 2*int8(a)
		if s.log != nil {
			s.logf("%s's rudder is jammed (its direction is secret)", s.name(int(q.plane)))
		}
	case qCrew:
		s.wound(int(q.plane), uint8(a))
	case qSniper:
		// Sniper: two tokens drawn for the sniper's eyes, then his choice.
		s.pend[s.pendN] = int8(a)
		s.pendN++
		if s.pendN == 2 {
			s.step = stSniper
		}
		return
	default:
		if p.luck && (p.pilot == pilotLucky || p.skillReady(skLuck)) {
			// Luck of the Devil: the owner sees the token and may ignore it.
			s.pend[0], s.pendN = int8(a), 1
			s.step = stLuck
			return
		}
		s.qhead++
		s.take(q, int(a))
		s.runQueue()
		return
	}
	s.qhead++
	s.runQueue()
}

// choose applies the decision of a lucky pilot (0 keep, 1 ignore the
// token) or of a sniper (give the first or the second token).
func (s *State) choose(c int) {
	q := *s.head()
	s.qhead++
	tk := s.pend
	s.pend, s.pendN = [2]int8{}, 0
	if s.step == stSniper {
		s.putBack(int(q.letter), int(tk[1-c]))
		s.planes[q.partner].useSkill()
		if s.log != nil {
			s.logf("%s's sniper picks one of two %c tokens for %s", s.name(int(q.partner)), 'A'+q.letter, s.name(int(q.plane)))
		}
		q.kind = qToken
		s.qhead-- // the chosen token may still meet the target's luck
		s.queue[s.qhead] = q
		s.step = stDraw
		s.applyOutcome(engine.Action(tk[c]))
		return
	}
	p := &s.planes[q.plane]
	if c == 1 {
		s.putBack(int(q.letter), int(tk[0]))
		p.luck = false
		if p.pilot == pilotAce {
			p.useSkill()
		}
		if s.log != nil {
			s.logf("%s's pilot has the luck of the devil: a %c token is ignored", s.name(int(q.plane)), 'A'+q.letter)
		}
	} else {
		s.take(q, int(tk[0]))
	}
	s.runQueue()
}

// take gives plane q.plane the token kind k of q's letter.
func (s *State) take(q queued, k int) {
	p := &s.planes[q.plane]
	name := s.name(int(q.plane))
	tk := s.data.damage[q.letter].tokens[k]
	p.dmg += int16(tk.value)
	if q.kind == qToken {
		p.drawn[q.letter][k]++
		s.special(int(q.plane), tk.special)
	} else {
		p.plain[q.letter][k]++
	}
	if s.log != nil {
		s.logf("%s takes a %c damage token", name, 'A'+q.letter)
	}
	if q.kind == qCollide && tk.value == 0 {
		p.doomed, p.smash = true, true
		s.planes[q.partner].doomed, s.planes[q.partner].smash = true, true
		if s.log != nil {
			s.logf("A 0: %s and %s are destroyed in the collision", name, s.name(int(q.partner)))
		}
	}
}

// special applies a special damage symbol (rulebook "Special Damage").
func (s *State) special(i int, sp uint8) {
	p := &s.planes[i]
	name := s.name(i)
	switch sp {
	case spSmoke:
		if p.smoke > 0 {
			p.smoke, p.fire = 0, 6
			if s.log != nil {
				s.logf("%s smokes again: it catches fire", name)
			}
			return
		}
		if p.fire == 0 {
			p.smoke = 6
		}
		if s.log != nil {
			s.logf("%s is smoking", name)
		}
	case spFire:
		p.smoke, p.fire = 0, 6
		if s.log != nil {
			s.logf("%s is on fire", name)
		}
	case spRudder:
		p.rudder = 2
		s.push(queued{kind: qRudder, plane: int8(i)})
	case spCrew:
		if s.log != nil {
			s.logf("%s: crew hit", name)
		}
		s.push(queued{kind: qCrew, plane: int8(i)})
	case spEngine:
		p.engine++
		if engineEffect(s.air(p).engines, p.engine) == engDown {
			p.engDoom = true
		}
	}
}

// wound gives a wound to each crew member in mask (rulebook "Crew Hit").
func (s *State) wound(i int, mask uint8) {
	p := &s.planes[i]
	crew := s.air(p).crew
	for k := range crew {
		if mask&(1<<k) == 0 {
			continue
		}
		p.wounds[k]++
		if s.log != nil {
			s.logf("%s: the %s (crew %d) is wounded (%d wound(s))", s.name(i), crew[k], k+1, p.wounds[k])
		}
		if k == 0 && p.wounds[0] >= 2 {
			p.doomed = true
			if s.log != nil {
				s.logf("%s's pilot is incapacitated: the plane crashes", s.name(i))
			}
		}
	}
}
