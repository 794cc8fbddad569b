package tinybob

// The position score of the hand-written policy (policy.go). It is designed,
// not a rule: a sum of values measured in resources, the RAF's currency
// (TB-11), so that a pip of damage, a plane and an Ace can be weighed
// against each other.

// Designed values of the policy score, in resources.
var (
	// pipValue is a plane: it costs 2 to build (TB-11), and more is lost
	// with it (a die in its row to attack and disrupt with).
	pipValue float64 = 2.5
	// fewPlanes is the total below which every missing plane weighs
	// lowPlaneValue more: with no plane the game is lost (TB-18).
	fewPlanes             = 4
	lowPlaneValue float64 = 4.0
	// aceValue is an Ace: 1 to train (TB-11), and it saves a pip.
	aceValue float64 = 0.8
	// resourceValue is a resource in hand.
	resourceValue float64 = 0.8
	// optionWeight weighs the option of attacking a Luftwaffe die later:
	// what one attack would gain, less its risk to a pip (TB-13).
	optionWeight float64 = 0
	// lossValue is a location destroyed when that loses the game
	// (Airfields, or a second location, TB-18); firstLossValue is the
	// first other location destroyed.
	lossValue      float64 = 100.0
	firstLossValue float64 = 35.0
)

// healthValue is a standing location's health, worth what raising it back
// to 3 costs (TB-11: 2 + 3 from 1), and a little for each level above 3.
var healthValue = [...]float64{0, -14, -6, 0, 1.5, 2.5, 3}

// threatWeight discounts a Luftwaffe die by its column: one in column 1
// raids at the end of this round, farther ones may still be attacked in
// later rounds before they arrive.
var threatWeight = [...]float64{1, 1, 0.85, 0.7, 0.55}

// policyScore rates the position for the RAF, higher is better: a victory or
// a loss outweighs everything; otherwise the locations' health, less the
// expected cost of every raid still to come this wave (raidCost), plus the
// planes, Aces and resources.
func (s *State) policyScore() float64 {
	switch s.cause {
	case causeNone:
	case causeVictory:
		return 1e4
	default:
		return -1e4
	}
	destroyed := 0
	for r := range numRows {
		if s.loc[r] == 0 {
			destroyed++
		}
	}
	score := 0.0
	for r := range numRows {
		if h := s.loc[r]; h > 0 {
			score += healthValue[h]
		}
		v := s.lwVal[r]
		if v == 0 {
			continue
		}
		w, sure, rolled := 0.0, int8(2), int8(0)
		switch {
		case s.lwCol[r] > 0:
			w = threatWeight[min(s.lwCol[r], entryColumn)]
		case s.raidRow == int8(r) && s.step == stDamage:
			// The raid is under way: only its rolled dice are left.
			w, sure, rolled = 1, 0, s.raidRolls
		case s.raiders&(1<<r) != 0 || s.raidRow == int8(r) && (s.step == stDisrupt || s.step == stRedirect):
			w = 1
		default:
			continue // it has raided this round
		}
		if w == 0 {
			continue
		}
		t := int8(r)
		if s.loc[t] == 0 && !(s.raidRow == int8(r) && s.step == stDamage) {
			score -= w * s.redirectCost(v, destroyed)
			continue
		}
		if s.raidRow == int8(r) && s.step == stDamage {
			t = s.raidTarget
		}
		cost := s.raidCost(t, v, sure, rolled, destroyed)
		score -= w * cost
		if f := s.raf[r]; f > 0 && s.lwCol[r] > 0 && s.loc[r] > 0 {
			// The option of attacking this die later (TB-13).
			gain := cost
			if v > 1 {
				gain -= s.raidCost(t, v-1, sure, rolled, destroyed)
			}
			score += optionWeight * w * max(0, gain-float64(threshold(f, v)-1)/6*pipValue)
		}
	}
	n := s.totalPips()
	score += pipValue*float64(n) - lowPlaneValue*float64(max(0, fewPlanes-n))
	return score + aceValue*float64(s.aces) + resourceValue*float64(s.resources)
}

// raidCost is the expected cost of a raid on location t by a Luftwaffe die of
// value v (TB-16). sure and rolled are the damage dice when the raid has not
// begun (sure = 2); the contest is then worked out here: Anti-Air beating v
// rolls one damage, an RAF die in the row disrupts and rolls the other, at
// the price of the disrupting attack's risk to a pip (TB-13).
func (s *State) raidCost(t, v, sure, rolled int8, destroyed int) float64 {
	if sure < 2 {
		return s.damageCost(t, v, sure, rolled, destroyed)
	}
	if s.loc[rowAntiAir] > v {
		sure, rolled = 1, 1
	}
	cost := s.damageCost(t, v, sure, rolled, destroyed)
	if f := s.raf[t]; f > 0 {
		// Disrupting is a choice: the RAF takes it when it pays.
		risk := float64(threshold(f, v)-1) / 6 * pipValue
		cost = min(cost, s.damageCost(t, v, sure-1, rolled+1, destroyed)+risk)
	}
	return cost
}

// damageCost is the expected loss of location value from sure damage and
// rolled damage dice landing on v or less (TB-16).
func (s *State) damageCost(t, v, sure, rolled int8, destroyed int) float64 {
	h := s.loc[t]
	p := float64(v) / 6
	loss := firstLossValue
	if t == rowAirfields || destroyed > 0 {
		loss = lossValue
	}
	value := func(d int8) float64 {
		if h-d <= 0 {
			return -loss
		}
		return healthValue[h-d]
	}
	// d = sure + Binomial(rolled, p), rolled ≤ 2.
	q := 1 - p
	probs := [3]float64{1, 0, 0}
	switch rolled {
	case 1:
		probs = [3]float64{q, p, 0}
	case 2:
		probs = [3]float64{q * q, 2 * p * q, p * p}
	}
	cost := 0.0
	for k, pk := range probs {
		if pk > 0 {
			cost += pk * (healthValue[h] - value(sure+int8(k)))
		}
	}
	return cost * importance[t]
}

// importance weighs damage to each location by what its die does (rulebook
// "Locations").
var importance = [numRows]float64{1, 1.5, 1, 1, 1}

// redirectCost is the expected cost of a raid by a die of value v on a
// destroyed location: it is redirected to a standing location named by a
// die, 6 naming the priority target (TB-15).
func (s *State) redirectCost(v int8, destroyed int) float64 {
	sum, n := 0.0, 0
	for t := range int8(numRows) {
		if s.loc[t] > 0 {
			sum += s.raidCost(t, v, 2, 0, destroyed)
			n++
		}
	}
	if s.priority >= 0 && s.loc[s.priority] > 0 {
		sum += s.raidCost(s.priority, v, 2, 0, destroyed)
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}
