package tinybob

import "scramble/engine"

// Advise is the game's hand-written policy for the RAF (the "policy" bot:
// bot.Advisor). It is designed, not a rule, and searches nothing beyond one
// decision:
//
//   - phase 2 (TB-11) buys in a fixed order: raise a location left at 1
//     (Airfields, then Industry, whose value is the income), then Anti-Air
//     up to 4 (it contests the raids of dice of value 3, TB-16), then a
//     location at 2, then a plane while the RAF has fewer than 8, then Aces
//     up to 2, then stop;
//   - every other decision (phase 3 moves and attacks, Aces on a failed
//     roll, disrupting a raid) takes the action whose expected threat score
//     (threatScore), over the dice it sets rolling up to the next decision,
//     is best.
//
// Ties go to the first legal action. r is unused: the policy is
// deterministic.
func (v *View) Advise(legal []engine.Action, r *engine.Rand) engine.Action {
	s := &v.state
	if len(legal) == 0 {
		return 0
	}
	if s.step == stSpend {
		return s.purchase(legal)
	}
	// The pass (ending phase 3, keeping the Aces, letting a raid through)
	// is the default: another action must do strictly better, so the
	// policy never shuffles planes back and forth for nothing.
	pass, hasPass := stepInfo[s.step].pass, false
	for _, a := range legal {
		hasPass = hasPass || a == pass
	}
	if !hasPass {
		pass = legal[0]
	}
	bestScore := s.after(pass)
	if s.step == stActions {
		// Ending phase 3 lets the Luftwaffe move, which every score
		// after it shows as a loss; score it as the board stands, the
		// same moment the other actions are scored at.
		bestScore = s.threatScore()
	}
	best := pass
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

// after is the expected threat score once the RAF takes a.
func (s *State) after(a engine.Action) float64 {
	c := *s
	c.log = nil
	if err := c.Apply(rafSeat, a); err != nil {
		return -1e9
	}
	return c.expectedThreat(policyDiceDepth)
}

// policyDiceDepth is how many dice in a row Advise averages over exactly;
// deeper dice are left unrolled and the position scored as it stands.
const policyDiceDepth = 3

// purchase is the fixed phase 2 order of Advise.
func (s *State) purchase(legal []engine.Action) engine.Action {
	has := func(a engine.Action) bool {
		for _, l := range legal {
			if l == a {
				return true
			}
		}
		return false
	}
	order := [...]int8{rowAirfields, rowIndustry, rowAntiAir, rowWarning, rowFuel}
	for _, r := range order {
		if s.loc[r] == 1 && has(actRaise+engine.Action(r)) {
			return actRaise + engine.Action(r)
		}
	}
	if s.loc[rowAntiAir] <= 3 && has(actRaise+rowAntiAir) {
		return actRaise + rowAntiAir
	}
	for _, r := range order {
		if s.loc[r] == 2 && has(actRaise+engine.Action(r)) {
			return actRaise + engine.Action(r)
		}
	}
	switch {
	case s.totalPips() < 8 && has(actBuild):
		return actBuild
	case s.aces < 2 && has(actTrain):
		return actTrain
	}
	return actDone
}

// expectedThreat is threatScore averaged over the dice to be rolled before
// the next decision, exactly for depth dice.
func (s *State) expectedThreat(depth int) float64 {
	if depth == 0 || s.Current() != engine.Chance {
		return s.threatScore()
	}
	var buf [6]engine.Outcome
	sum := 0.0
	for _, o := range s.ChanceOutcomes(buf[:0]) {
		c := *s
		if err := c.Apply(engine.Chance, o.Action); err != nil {
			continue
		}
		sum += o.Prob * c.expectedThreat(depth-1)
	}
	return sum
}

// threatScore rates the position for the RAF, higher is better: a victory or
// a loss outweighs everything; otherwise each Luftwaffe die still flying
// threatens its location by the damage its raid would do (TB-16: 2 when
// uncontested, 1 + value/6 when partly contested by Anti-Air or by an RAF
// die in the row to disrupt, 2 × value/6 when both), more the nearer it is
// (its column) and the weaker the location; Airfields, and every location
// once one is destroyed, weigh three times (TB-18). Planes, Aces and
// resources count for a little.
func (s *State) threatScore() float64 {
	switch s.cause {
	case causeNone:
	case causeVictory:
		return 1000
	default:
		return -1000
	}
	destroyed := 0
	for r := range numRows {
		if s.loc[r] == 0 {
			destroyed++
		}
	}
	aa := s.loc[rowAntiAir]
	score := 0.0
	for r := range numRows {
		h := float64(s.loc[r])
		if h == 0 {
			continue
		}
		score += 0.3 * h
		v := s.lwVal[r]
		if v == 0 {
			continue
		}
		contested := 0
		if aa > v {
			contested++
		}
		if s.raf[r] > 0 {
			contested++
		}
		dmg := [...]float64{2, 1 + float64(v)/6, 2 * float64(v) / 6}[contested]
		w := 1.0
		if r == rowAirfields || destroyed > 0 {
			w = 3
		}
		urgency := [...]float64{1, 1, 0.8, 0.6, 0.4}[min(max(s.lwCol[r], 0), entryColumn)]
		score -= w * dmg * float64(v) / 3 * urgency * 3 / h
		// An RAF die stronger than the raider attacks it at better odds
		// (TB-13: 3+ instead of 4+ or 5+ to avoid a loss).
		switch f := s.raf[r]; {
		case f > v:
			score += 0.3 * w * urgency
		case f == v:
			score += 0.15 * w * urgency
		}
	}
	return score + 0.15*float64(s.totalPips()) + 0.05*float64(s.aces) + 0.01*float64(s.resources)
}

// Advise is View.Advise read straight from the state, without building a
// view: the fast path for a search that plays the policy in its playouts
// (bot.MCTS). Nothing is hidden, so the two give the same advice.
func (s *State) Advise(legal []engine.Action, r *engine.Rand) engine.Action {
	v := View{state: *s}
	return v.Advise(legal, r)
}
