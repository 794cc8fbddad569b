package tinybob

// The position score of the hand-written policy (policy.go). It is designed,
// not a rule: a sum of values measured in resources, the RAF's currency
// (TB-11), so that damage, a plane and an Ace weigh against each other.

// Designed values of the policy score, in resources.
const (
	// pipValue is a plane: it costs 2 to build (TB-11), and more is lost
	// with it (a die in its row to attack and disrupt with).
	pipValue = 2.5
	// Below fewPlanes planes every missing one weighs lowPlaneValue more:
	// with none the game is lost (TB-18).
	fewPlanes     = 4
	lowPlaneValue = 4.0
	// aceValue is an Ace: 1 to train (TB-11), and it may save a pip.
	aceValue = 0.8
	// resourceValue is a resource in hand.
	resourceValue = 0.8
	// lossValue is a location destroyed when that loses the game
	// (Airfields, or a second location, TB-18); firstLossValue is the
	// first other location destroyed.
	lossValue      = 100.0
	firstLossValue = 35.0
	// actionValue is a phase 3 action (TB-12): what a move followed by an
	// attack is charged for the second action, against an attack made at
	// once. Without it a move was credited with a free attack and the
	// policy moved where attacking at once was better (found where a
	// 2,000-iteration search disagreed with the policy; 10,000 games:
	// 20.1% without, 24.9% at 0.5, 25.4% at 0.75, 23.8% at 1, 23.3% at 4).
	actionValue = 0.75
	// antiAirWeight weighs damage to Anti-Air above the others: below the
	// raiders' value it no longer contests their raids (TB-16).
	antiAirWeight = 2.0
)

// healthValue is a standing location's health h (1..6): 0 at 3, what
// raising it back to 3 costs and more below (a location at 1 falls to any
// damage), a little for each level above.
func healthValue(h int8) float64 {
	return [...]float64{0, -12, -8, 0, 1.5, 2.5, 3}[h]
}

// threatWeight discounts a Luftwaffe die in column c (1..4): one in column
// 1 raids at the end of this round, farther ones may still be attacked in
// later rounds before they arrive (TB-2, TB-12).
func threatWeight(c int8) float64 {
	return [...]float64{1, 1, 0.85, 0.7, 0.4}[min(c, entryColumn)]
}

// policyScore rates the position for the RAF, higher is better: a victory or
// a loss outweighs everything; otherwise the locations' health, less the
// expected cost of every raid still to come (raidCost), discounted by how
// far its die still is, plus the planes, Aces and resources.
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
	for r := range int8(numRows) {
		if h := s.loc[r]; h > 0 {
			score += healthValue(h)
		}
		if v := s.lwVal[r]; v > 0 {
			score -= s.threat(r, v, destroyed)
		}
	}
	n := s.totalPips()
	score += pipValue*float64(n) - lowPlaneValue*float64(max(0, fewPlanes-n))
	return score + aceValue*float64(s.aces) + resourceValue*float64(s.resources)
}

// threat is the discounted expected cost of the raid still to come from the
// Luftwaffe die of row r, of value v: none once it has raided this round.
func (s *State) threat(r, v int8, destroyed int) float64 {
	inRaid := s.raidRow == r
	switch {
	case s.lwCol[r] > 0:
		if s.loc[r] == 0 {
			return threatWeight(s.lwCol[r]) * s.redirectCost(v, destroyed)
		}
		return threatWeight(s.lwCol[r]) * s.raidCost(r, v, destroyed)
	case inRaid && s.step == stDamage:
		// The raid is under way: only its rolled dice are left.
		return s.damageCost(s.raidTarget, v, 0, s.raidRolls, destroyed)
	case s.raiders&(1<<r) != 0 || inRaid && (s.step == stDisrupt || s.step == stRedirect):
		if s.loc[r] == 0 {
			return s.redirectCost(v, destroyed)
		}
		return s.raidCost(r, v, destroyed)
	}
	return 0
}

// raidCost is the expected cost of a raid on location t by a Luftwaffe die of
// value v (TB-16): Anti-Air beating v rolls one damage instead of a sure
// one; an RAF die in the row may disrupt and roll the other, at the price
// of the disrupting attack's risk to a pip (TB-13), when that pays.
func (s *State) raidCost(t, v int8, destroyed int) float64 {
	sure, rolled := int8(2), int8(0)
	if s.loc[rowAntiAir] > v {
		sure, rolled = 1, 1
	}
	cost := s.damageCost(t, v, sure, rolled, destroyed)
	if f := s.raf[t]; f > 0 {
		risk := float64(threshold(f, v)-1) / 6 * pipValue
		cost = min(cost, s.damageCost(t, v, sure-1, rolled+1, destroyed)+risk)
	}
	return cost
}

// damageCost is the expected loss of location t's value from sure damage
// and rolled damage dice that land on v or less (TB-16); rolled ≤ 2. It is
// read from damageTable: the policy scores thousands of positions a
// decision in a search's playouts.
func (s *State) damageCost(t, v, sure, rolled int8, destroyed int) float64 {
	fatal := 0
	if t == rowAirfields || destroyed > 0 {
		fatal = 1
	}
	antiAir := 0
	if t == rowAntiAir {
		antiAir = 1
	}
	return damageTable[s.loc[t]][v][sure][rolled][fatal][antiAir]
}

// damageTable holds damageOf for every health 0..6, raider value 0..6,
// sure and rolled damage 0..2, whether the location's loss loses the game
// (TB-18) and whether it is Anti-Air. It is filled once and never written
// again.
var damageTable = func() (t [maxPips + 1][maxPips + 1][3][3][2][2]float64) {
	eachDamageKey(func(h, v, sure, rolled int8, fatal, aa int) {
		t[h][v][sure][rolled][fatal][aa] = damageOf(h, v, sure, rolled, fatal == 1, aa == 1)
	})
	return t
}()

// eachDamageKey calls f with every index of damageTable.
func eachDamageKey(f func(h, v, sure, rolled int8, fatal, aa int)) {
	for h := range int8(maxPips + 1) {
		for v := range int8(maxPips + 1) {
			for sure := range int8(3) {
				for rolled := range int8(3) {
					for fatal := range 2 {
						for aa := range 2 {
							f(h, v, sure, rolled, fatal, aa)
						}
					}
				}
			}
		}
	}
}

// damageOf is the expected loss of value of a location of health h from
// sure damage and rolled damage dice that land on v or less (TB-16), rolled
// ≤ 2: a location brought to 0 is worth -lossValue if its loss loses the
// game (fatal, TB-18), else -firstLossValue; damage to Anti-Air weighs
// antiAirWeight times.
func damageOf(h, v, sure, rolled int8, fatal, antiAir bool) float64 {
	loss := firstLossValue
	if fatal {
		loss = lossValue
	}
	p := float64(v) / 6
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
		if pk == 0 {
			continue
		}
		after := -loss
		if left := h - sure - int8(k); left > 0 {
			after = healthValue(left)
		}
		cost += pk * (healthValue(h) - after)
	}
	if antiAir {
		cost *= antiAirWeight
	}
	return cost
}

// redirectCost is the expected cost of a raid by a die of value v on a
// destroyed location: it is redirected to a standing location named by a
// die, 6 naming the priority target (TB-15).
func (s *State) redirectCost(v int8, destroyed int) float64 {
	sum, n := 0.0, 0
	for t := range int8(numRows) {
		if s.loc[t] > 0 {
			sum += s.raidCost(t, v, destroyed)
			n++
		}
	}
	if s.priority >= 0 && s.loc[s.priority] > 0 {
		sum += s.raidCost(s.priority, v, destroyed)
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}
