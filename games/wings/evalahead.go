package wings

import "scramble/engine"

// Evaluating a turn's plans half made. A search that plans for the seat
// that plans first scores the position as soon as its card is down, with
// the other seats' cards still to come; the seat that plans last sees the
// cards revealed and flown on its sampled state, where the others' hidden
// cards are drawn among those they could plan. Scored as it stood, the
// first planner's card was judged against an enemy that had not moved, the
// last planner's against the enemy's possible moves played out: greedy
// favoured whoever planned last (docs/rules/wings-of-glory.md, "Bots and
// balance"). So a position with plans half made is scored as the last
// planner's is: the mean, over the cards the planes still to plan may plan,
// of the position once they are planned and flown.

// aheadCombos bounds the combinations of pending cards evaluateAhead
// plays: up to this many it tries every one, beyond it draws this many.
const aheadCombos = 16

// plansPending says whether the turn's plans are half made: some plane has
// planned the space being planned and some has not.
func (s *State) plansPending() bool {
	if s.step != stPlan {
		return false
	}
	k := s.planSlot()
	done, todo := false, false
	for i := 0; i < int(s.n); i++ {
		if p := &s.planes[i]; p.status == flying {
			done = done || p.slot[k] >= 0
			todo = todo || p.slot[k] < 0
		}
	}
	return done && todo
}

// evaluateAhead is Evaluate of a position with plans half made: the mean of
// evaluateNow over the completions of the plans (every combination of the
// pending planes' legal cards, or aheadCombos drawn at random when there are
// more), each flown, with its dice drawn, up to the next decision. The
// draws come from a source seeded by the position's turn, so the score is a
// function of the position.
func (s *State) evaluateAhead(seat engine.Seat) float64 {
	var pend [maxPlanes]int
	var cards [maxPlanes][maxCards]int8
	var ncards [maxPlanes]int
	np, total := 0, 1
	k := s.planSlot()
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if p.status != flying || p.slot[k] >= 0 {
			continue
		}
		for c := range s.deckOf(p).cards {
			if s.planCheck(i, int8(c), false) == okPlan {
				cards[np][ncards[np]] = int8(c)
				ncards[np]++
			}
		}
		if ncards[np] == 0 { // no legal card: the straight is flown instead (WG-3)
			cards[np][0], ncards[np] = s.straightCard(p), 1
		}
		pend[np] = i
		total *= ncards[np]
		np++
	}
	r := engine.NewRand(uint64(s.turn) + 1)
	runs := min(total, aheadCombos)
	sum := 0.0
	for run := range runs {
		c := *s
		c.log = nil
		code := run
		for j := range np {
			n := ncards[j]
			pick := code % n
			if total > aheadCombos {
				pick = r.IntN(n)
			}
			code /= n
			c.plan(pend[j], cards[j][pick])
		}
		for c.Current() == engine.Chance {
			c.Roll(r)
		}
		sum += c.evaluateNow(seat)
	}
	return sum / float64(runs)
}
