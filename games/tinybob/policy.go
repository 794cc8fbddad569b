package tinybob

import (
	"math/bits"

	"scramble/engine"
)

// Advise is the game's hand-written policy for the RAF (the "policy" bot:
// bot.Advisor). It is designed, not a rule, and searches nothing beyond the
// dice of one decision:
//
//   - phase 2 (TB-11) buys in a fixed order (purchase);
//   - every other decision (phase 3 moves and attacks, Aces on a failed
//     roll, disrupting a raid) takes the action whose expected position
//     score (policyScore), over the dice it sets rolling, is best. The dice
//     averaged are those of the decision's own consequence: the attack die
//     of an attack, the damage and attack dice of a raid; the reinforcement
//     and movement of the Luftwaffe are left to the score's threat terms.
//     A phase 3 move is worth the better of itself and the best attack it
//     leads to in the two rows it changes, less the value of the second
//     action that attack takes (actionValue), so the policy brings a pip to
//     a die before attacking with it when that pays (TB-12, TB-13).
//
// Ties go to the pass, then to the first legal action. r is unused: the
// policy is deterministic.
func (v *View) Advise(legal []engine.Action, r *engine.Rand) engine.Action {
	return v.state.AdviseSeat(v.Seat, legal, r)
}

// AdviseSeat is View.Advise read straight from the state, without building
// a view: the fast path for a search that plays the policy in its playouts
// (bot.SeatAdvisor). The game has one seat and hides nothing, so the two
// give the same advice.
func (s *State) AdviseSeat(_ engine.Seat, legal []engine.Action, _ *engine.Rand) engine.Action {
	if len(legal) == 0 {
		return 0
	}
	if s.step == stSpend {
		return s.purchase(legal)
	}
	pass, hasPass := stepInfo[s.step].pass, false
	for _, a := range legal {
		hasPass = hasPass || a == pass
	}
	if !hasPass {
		pass = legal[0]
	}
	best, bestScore := pass, s.after(pass)
	for _, a := range legal {
		if a == pass {
			continue
		}
		if sc := s.after(a); sc > bestScore+1e-9 {
			best, bestScore = a, sc
		}
	}
	return best
}

// after is the expected policy score once the RAF takes a.
func (s *State) after(a engine.Action) float64 {
	c := *s
	c.log = nil
	if s.step == stActions && a == actEnd {
		// Ending phase 3 hands over to the Luftwaffe's dice, which the
		// score already weighs as threats: score the board as it stands.
		return c.policyScore()
	}
	c.play(a)
	sc := c.settle(policyDiceDepth)
	if s.step == stActions && a < actAttack && c.step == stActions {
		// A move is worth what it leads to: the best attack it makes
		// possible (or better) with the next action in the two rows it
		// changes, if that is better than the move alone.
		from, to := (a-actMove)/numPlaces, (a-actMove)%numPlaces
		for m := c.attackMask() & (1<<from | 1<<to); m != 0; m &= m - 1 {
			atk := actAttack + engine.Action(bits.TrailingZeros64(m))
			d := c
			d.play(atk)
			// The attack takes a second action, which an attack made
			// at once leaves for something else: it is charged.
			sc = max(sc, d.settle(policyDiceDepth)-actionValue)
		}
	}
	return sc
}

// policyDiceDepth is how many dice in a row the policy averages over
// exactly; deeper dice are left unrolled and the position scored as it
// stands.
const policyDiceDepth = 4

// settle is policyScore averaged over the dice that follow the decision just
// taken, up to depth dice: an attack die, the damage dice of a raid, a new
// priority target. At an Aces decision it takes the policy's own choice (the
// best of its options). It stops at anything else: the next decision, the
// reinforcement dice, the redirection of another raid.
func (s State) settle(depth int) float64 {
	switch s.step {
	case stAttackRoll, stDamage, stNewPriority:
		if depth == 0 {
			return s.policyScore()
		}
		var buf [6]engine.Outcome
		var seen [8]bool
		var value [8]float64
		sum := 0.0
		for _, o := range s.ChanceOutcomes(buf[:0]) {
			// Faces with the same consequence are scored once.
			k := s.faceClass(int8(o.Action))
			if !seen[k] {
				c := s
				c.play(o.Action)
				seen[k], value[k] = true, c.settle(depth-1)
			}
			sum += o.Prob * value[k]
		}
		return sum
	case stAces:
		best := -1e18
		for n := engine.Action(0); n <= engine.Action(s.atkNeed-s.atkRoll); n++ {
			c := s
			c.play(actAces + n)
			best = max(best, c.settle(depth))
		}
		return best
	}
	return s.policyScore()
}

// faceClass groups the faces of the die being rolled by their consequence
// (0..7; faces in one class lead to the same position): an attack die that
// succeeds, or fails with no Aces that could help (TB-13); a damage die that
// lands, or misses (TB-16). Any other face is its own class.
func (s *State) faceClass(f int8) int8 {
	switch s.step {
	case stAttackRoll:
		switch {
		case f >= s.atkNeed:
			return 0
		case f+s.aces < s.atkNeed:
			return 7
		}
	case stDamage:
		if f <= s.lwVal[s.raidRow] {
			return 0
		}
		return 7
	}
	return f
}

// purchase is the fixed phase 2 order of Advise (TB-11): the first goal of
// purchaseOrder not yet met whose next step is affordable.
func (s *State) purchase(legal []engine.Action) engine.Action {
	has := func(a engine.Action) bool {
		for _, l := range legal {
			if l == a {
				return true
			}
		}
		return false
	}
	for _, g := range purchaseOrder() {
		switch g.what {
		case goalRaise:
			if s.loc[g.row] > 0 && s.loc[g.row] < g.upTo && has(actRaise+engine.Action(g.row)) {
				return actRaise + engine.Action(g.row)
			}
		case goalPlanes:
			if s.totalPips() < int(g.upTo) && has(actBuild) {
				return actBuild
			}
		case goalAces:
			if s.aces < g.upTo && has(actTrain) {
				return actTrain
			}
		}
	}
	return actDone
}

// goal is one step of the purchase order: raise a location, build planes or
// train Aces, up to a level.
type goal struct {
	what goalKind
	row  int8
	upTo int8
}

// goalKind says what a goal buys.
type goalKind uint8

const (
	goalRaise goalKind = iota
	goalPlanes
	goalAces
)

// purchaseOrder is the designed order of phase 2 purchases: every location
// back to 2 (Airfields first: at 1 any damage destroys it, TB-17, TB-18);
// Industry up to 4 (its value is the income of every round, TB-10);
// Airfields back to 3; Aces up to 2 (an Ace costs 1 and can save a pip in
// an attack, TB-13; training needs a plane in the Reserve, TB-11); Anti-Air
// up to 4 (it then contests the raids of dice of value 3, TB-16); planes up
// to 8; the other locations back to 3; Industry up to 5. Each goal is
// checked in turn and the first affordable one bought: the policy never
// saves. The order was chosen by 10,000-game runs of variants (seed 2026,
// checked on seed 2027); see docs/bots.md.
func purchaseOrder() [13]goal {
	return [...]goal{
		{goalRaise, rowAirfields, 2},
		{goalRaise, rowIndustry, 2},
		{goalRaise, rowAntiAir, 2},
		{goalRaise, rowWarning, 2},
		{goalRaise, rowFuel, 2},
		{goalRaise, rowIndustry, 4},
		{goalRaise, rowAirfields, 3},
		{goalAces, 0, 2},
		{goalRaise, rowAntiAir, 4},
		{goalPlanes, 0, 8},
		{goalRaise, rowWarning, 3},
		{goalRaise, rowFuel, 3},
		{goalRaise, rowIndustry, 5},
	}
}

// play applies a, known to be legal at the current step, as Apply would,
// but calling the step's method directly rather than through stepInfo: the
// policy's copies of the state then stay on the stack (an indirect call
// makes them escape to the heap), which matters in a search's playouts.
func (s *State) play(a engine.Action) {
	switch s.step {
	case stSpend:
		s.spend(a)
	case stActions:
		s.act(a)
	case stAttackRoll:
		s.attackRoll(a)
	case stAces:
		s.spendAces(a)
	case stDisrupt:
		s.raidDamage(a)
	case stDamage:
		s.damageRoll(a)
	case stNewPriority:
		s.newPriority(a)
	default:
		panic("tinybob: the policy plays only at the RAF's decisions and the dice of an attack or a raid")
	}
}
