package midway

// The policy's view of a Combat (2.4.3): where the two planes end after
// their manoeuvre tokens, and the chance that each is shot down in the
// Firing that follows, worked out exactly from the range diagrams (MW-5) and
// the firing piles (MW-6). Nothing here reads a secret: the plans scored are
// every plan the rival could lay.

// maxDraw bounds the firing cards one side draws (red 3, plus two Veterans).
const maxDraw = 6

// bestOdds[n][k][v] is the chance that a side drawing n cards of its pile
// 1..7, with its k highest ignored (Aileron Roll, MW-14), scores v (0: no
// card left).
var bestOdds = buildBestOdds()

func buildBestOdds() (t [maxDraw + 1][maxDraw + 1][deckSize + 1]float64) {
	for n := 0; n <= maxDraw; n++ {
		for k := 0; k <= maxDraw; k++ {
			if n <= k || n > deckSize {
				t[n][k][0] = 1
				continue
			}
			// The (k+1)-th highest of n cards drawn from 1..7 is at most v
			// when at most k of them exceed v.
			cdf := func(v int) float64 {
				p := 0.0
				for j := 0; j <= k; j++ {
					p += float64(choose(deckSize-v, j) * choose(v, n-j))
				}
				return p / float64(choose(deckSize, n))
			}
			for v := 1; v <= deckSize; v++ {
				t[n][k][v] = cdf(v) - cdf(v-1)
			}
		}
	}
	return t
}

// choose is the binomial coefficient.
func choose(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	c := 1
	for i := range k {
		c = c * (n - i) / (i + 1)
	}
	return c
}

// hand is what one side brings to a Firing: the cards it draws, its highest
// cards ignored and an Ace's bonus (MW-14).
type hand struct{ n, ignore, bonus int }

// firingOdds returns the chances that the US's hand a scores more than
// Japan's hand b and that b scores more than a, with d's firing cards
// (2.4.3: the higher card wins, a tie does nothing).
func (d *gameData) firingOdds(a, b hand) (aWins, bWins float64) {
	i, j := a.index(), b.index()
	return d.odds[i][j][0], d.odds[i][j][1]
}

// handKinds is the number of distinct hands (cards, ignored, bonus).
const handKinds = (maxDraw + 1) * (maxDraw + 1) * 2

// index numbers a hand for oddsTable.
func (h hand) index() int {
	return (min(h.n, maxDraw)*(maxDraw+1)+min(h.ignore, maxDraw))*2 + min(h.bonus, 1)
}

// oddsTable holds countOdds for every pair of hands, the US's first.
type oddsTable [handKinds][handKinds][2]float64

// buildOdds works out the odds table of d's firing cards.
func buildOdds(d *gameData) *oddsTable {
	t := new(oddsTable)
	for n := 0; n <= maxDraw; n++ {
		for k := 0; k <= maxDraw; k++ {
			for b := range 2 {
				a := hand{n, k, b}
				for m := 0; m <= maxDraw; m++ {
					for l := 0; l <= maxDraw; l++ {
						for c := range 2 {
							o := hand{m, l, c}
							t[a.index()][o.index()][0], t[a.index()][o.index()][1] = d.countOdds(a, o)
						}
					}
				}
			}
		}
	}
	return t
}

// countOdds works out firingOdds from bestOdds: the US's hand a against
// Japan's b.
func (d *gameData) countOdds(a, b hand) (aWins, bWins float64) {
	na, nb := min(a.n, maxDraw), min(b.n, maxDraw)
	for va := 0; va <= deckSize; va++ {
		pa := bestOdds[na][min(a.ignore, maxDraw)][va]
		if pa == 0 {
			continue
		}
		sa := d.score(US, va, a.bonus)
		for vb := 0; vb <= deckSize; vb++ {
			pb := bestOdds[nb][min(b.ignore, maxDraw)][vb]
			switch sb := d.score(Japan, vb, b.bonus); {
			case sa > sb:
				aWins += pa * pb
			case sb > sa:
				bWins += pa * pb
			}
		}
	}
	return aWins, bWins
}

// score is the value of side sd's v-th lowest firing card (1 to 7) with an
// Ace's bonus; no card (v 0) scores 0 (MW-6).
func (d *gameData) score(sd side, v, bonus int) int {
	if v == 0 {
		return 0
	}
	return int(d.firing[sd][v-1]) + bonus
}

// craft is one combatant as the duel sees it.
type craft struct {
	id    int8 // the plane, or noPlane in the table of typical duels
	side  side
	kind  int8 // 0 Fighter, 1 Bomber, 2 Ace
	pos   Hex
	face  Facing
	alive bool
}

// Plane kinds for the policy.
const (
	kindFighter int8 = iota
	kindBomber
	kindAce
)

// kindOf is plane p's kind.
func (s *State) kindOf(p int8) int8 {
	switch {
	case s.isBomber(p):
		return kindBomber
	case s.isAce(p):
		return kindAce
	}
	return kindFighter
}

// craftOf is plane p where it is now.
func (s *State) craftOf(p int8) craft {
	pl := &s.planes[p]
	return craft{id: p, side: sideOf(p), kind: s.kindOf(p), pos: pl.pos, face: pl.face, alive: pl.status == flying}
}

// sees is the colour in which c has its rival o (1.6.1), as
// gameData.colourAt gives it.
func (d *gameData) sees(c, o craft) colour {
	t := 0
	if c.kind == kindBomber {
		t = 1
	}
	h, ok := inFrame(c.face, o.pos.Sub(c.pos))
	if !ok || h.Dist() > diagRadius {
		return offDiagram
	}
	return d.diagram[c.side][t][h.Q+diagRadius][h.R+diagRadius]
}

// frames[f][q][r] is the world offset (q, r) - reachMax as seen by a plane
// facing f (Hex.toFrame), for offsets within reachMax on both axes.
var frames = func() (t [numFacings][2*reachMax + 1][2*reachMax + 1]Hex) {
	for f := range numFacings {
		for q := -reachMax; q <= reachMax; q++ {
			for r := -reachMax; r <= reachMax; r++ {
				t[f][q+reachMax][r+reachMax] = Hex{int8(q), int8(r)}.toFrame(f)
			}
		}
	}
	return t
}()

// inFrame is off as seen by a plane facing f, or false when off is beyond
// reachMax on an axis.
func inFrame(f Facing, off Hex) (Hex, bool) {
	q, r := int(off.Q)+reachMax, int(off.R)+reachMax
	if q < 0 || q > 2*reachMax || r < 0 || r > 2*reachMax {
		return Hex{}, false
	}
	return frames[f][q][r], true
}

// bonus is an Ace's +1 on every card (3.3.4).
func (c craft) bonus() int {
	if c.kind == kindAce {
		return 1
	}
	return 0
}

// mods are the order cards played into a Firing so far (MW-14), by side.
type mods struct{ extra, ignore [numSides]int }

// deaths returns the chance that each of the two crafts is destroyed in the
// main Firing between them where they stand (2.4.3), by side.
func (d *gameData) deaths(c [numSides]craft, m mods) (dead [numSides]float64) {
	if !c[US].alive || !c[Japan].alive {
		for sd := range numSides {
			if !c[sd].alive {
				dead[sd] = 1
			}
		}
		return dead
	}
	cu, cj := d.sees(c[US], c[Japan]), d.sees(c[Japan], c[US])
	if !cu.attack() && !cj.attack() {
		return dead
	}
	u := hand{n: cu.cards() + m.extra[US], ignore: m.ignore[US], bonus: c[US].bonus()}
	j := hand{n: cj.cards() + m.extra[Japan], ignore: m.ignore[Japan], bonus: c[Japan].bonus()}
	uw, jw := d.firingOdds(u, j)
	if cu.attack() {
		dead[Japan] = uw
	}
	if cj.attack() {
		dead[US] = jw
	}
	return dead
}

// sky says where planes may fly during a duel: on open sky (the table of
// typical duels, s nil) or on this board (a plane flying where no area can
// be is destroyed, 2.4.3 Flight), and by which range diagrams they fire (d).
type sky struct {
	s *State
	d *gameData
}

// fly moves c one manoeuvre (forward, then the token's turn), swapping
// with o when it enters o's area; a token below 0 is no manoeuvre.
func (k sky) fly(c, o *craft, tok int8) {
	if !c.alive || tok < 0 {
		return
	}
	to := c.pos.step(c.face)
	if k.s != nil && !k.s.canEnter(to) {
		c.alive = false
		return
	}
	if o.alive && o.pos == to {
		o.pos = c.pos
	}
	c.pos = to
	c.face = c.face.turn(tokTurn[tok])
}

// seq is a two-token sequence of manoeuvres actually flown.
type seq [2]int8

// allSeqs are the nine two-token sequences.
var allSeqs = func() (out [9]seq) {
	for i := range out {
		out[i] = seq{int8(i / 3), int8(i % 3)}
	}
	return out
}()

// flown returns the sequences a plan code may fly: itself, or for an Ace's
// three tokens each choice of the one omitted (3.3.4).
func flown(code int8) []seq {
	t := planTokens(code)
	if t.n == 2 {
		return []seq{{t.t[0], t.t[1]}}
	}
	return []seq{{t.t[1], t.t[2]}, {t.t[0], t.t[2]}, {t.t[0], t.t[1]}}
}

// duel resolves both sides' sequences, first's first, and returns the
// crafts where they end.
func (k sky) duel(c [numSides]craft, q [numSides]seq, first side) [numSides]craft {
	for _, sd := range [2]side{first, first.other()} {
		o := sd.other()
		for _, t := range q[sd] {
			k.fly(&c[sd], &c[o], t)
		}
	}
	return c
}

// duelWorth is what a duel between c is worth to side me: the rival's
// plane's worth times its chance of falling, less mine times my chance, and
// a win when a Bomber lands on the enemy carrier (MW-20).
func (k sky) duelWorth(me side, c [numSides]craft, worth [numSides]float64, m mods) float64 {
	return k.duelWorthCached(me, c, worth, m, nil)
}

// duelWorthCached is duelWorth remembering Thach Weave chances in cache
// (nil: none).
func (k sky) duelWorthCached(me side, c [numSides]craft, worth [numSides]float64, m mods, cache *thachCache) float64 {
	o := me.other()
	for sd := range numSides {
		if c[sd].kind == kindBomber && c[sd].alive && k.s != nil && k.s.mode == hunt && c[sd].pos == k.s.carrier(side(sd).other()) {
			if side(sd) == me {
				return winWorth
			}
			return -winWorth
		}
	}
	d := k.d.deaths(c, m)
	if k.s != nil && c[Japan].alive && k.s.hand[US][specialSlot] > 0 {
		// A Thach Weave may shoot the Japanese plane down first (MW-13).
		t := -1.0
		if cache != nil {
			for i := range cache.n {
				if cache.at[i].pos == c[Japan].pos && cache.at[i].face == c[Japan].face {
					t = cache.val[i]
				}
			}
		}
		if t < 0 {
			t = k.s.thachAt(c[Japan], c[US].id)
			if cache != nil && cache.n < len(cache.at) {
				cache.at[cache.n], cache.val[cache.n] = c[Japan], t
				cache.n++
			}
		}
		d[Japan] = 1 - (1-d[Japan])*(1-t)
	}
	return worth[o]*d[o] - worth[me]*d[me]
}

// winWorth is what the policy counts a won game for.
const winWorth = 100

// duelMatrix holds the duel's worth to me for each of my nine two-token
// sequences against each of the rival's, the attacker's resolved first.
type duelMatrix [9][9]float64

// matrix works out the duel's worth for every pair of sequences. The
// attacker resolves first: the order changes the outcome only when the
// planes swap areas, and the attacker then chooses it (adviseFirst).
func (k sky) matrix(me, attacker side, c [numSides]craft, worth [numSides]float64, m mods) (t duelMatrix) {
	var cache thachCache
	for i, a := range allSeqs {
		for j, b := range allSeqs {
			var q [numSides]seq
			q[me], q[me.other()] = a, b
			t[i][j] = k.duelWorthCached(me, k.duel(c, q, attacker), worth, m, &cache)
		}
	}
	return t
}

// seqIndex is a two-token sequence's index in allSeqs.
func seqIndex(q seq) int { return int(q[0])*3 + int(q[1]) }

// planWorth is my plan's worth against the rival's sequence j: my best
// omission if my plan has three tokens (3.3.4).
func (t *duelMatrix) planWorth(mine []seq, j int) float64 {
	v := -4.0 * winWorth
	for _, a := range mine {
		v = max(v, t[seqIndex(a)][j])
	}
	return v
}

// planChoice scores each of my plans against every two-token sequence the
// rival may fly, with equal chance (half the mean, half the worst; a rival
// Ace's plan less its omission flies like one of them), and returns the
// best plan and its score.
func (k sky) planChoice(me side, c [numSides]craft, mine []int8, attacker side, worth [numSides]float64, m mods) (best int8, score float64) {
	t := k.matrix(me, attacker, c, worth, m)
	score = -4 * winWorth
	for _, p := range mine {
		f := flown(p)
		sum, worst := 0.0, 2.0*winWorth
		for j := range allSeqs {
			v := t.planWorth(f, j)
			sum += v
			worst = min(worst, v)
		}
		if v := 0.5*sum/9 + 0.5*worst; v > score+1e-9 {
			best, score = p, v
		}
	}
	return best, score
}

// thachCache remembers the Thach Weave's chance for the places the
// Japanese plane ends a duel at.
type thachCache struct {
	n   int
	at  [16]craft
	val [16]float64
}

// orderWorth is the duel's worth to me when first resolves first, my
// sequences being mine (the best is flown) and the rival's theirs (the
// worst for me is flown).
func (k sky) orderWorth(me side, c [numSides]craft, mine, theirs []seq, first side, worth [numSides]float64, m mods) float64 {
	best := -2.0 * winWorth
	for _, a := range mine {
		worst := 2.0 * winWorth
		for _, b := range theirs {
			var q [numSides]seq
			q[me], q[me.other()] = a, b
			worst = min(worst, k.duelWorth(me, k.duel(c, q, first), worth, m))
		}
		best = max(best, worst)
	}
	return best
}

// twoPlans are the nine two-token plan codes.
var twoPlans = []int8{0, 1, 2, 3, 4, 5, 6, 7, 8}

// nominalWorth is a plane's worth in the table of typical duels: a Fighter
// 1, a Bomber or an Ace 3.
func nominalWorth(k int8) float64 {
	if k == kindFighter {
		return 1
	}
	return 3
}

// duelTable[as][ak][dk][f][q][r] is a typical duel on open sky: an attacker
// of side as and kind ak facing E at the origin, a defender of kind dk at
// offset (q, r) - reachMax facing f; it holds the defender's and the
// attacker's chances of falling when the attacker lays its best plan and
// the defender any plan. Aces are scored as two-token Fighters with their
// bonus. Each data set builds its table once, on first use (gameData.duels),
// and reads it only after.
type duelTable [numSides][3][3][numFacings][2*reachMax + 1][2*reachMax + 1][2]float32

// buildDuels works out the table of typical duels with d's range diagrams.
func buildDuels(d *gameData) *duelTable {
	t := new(duelTable)
	k := sky{d: d}
	for as := range numSides {
		for ak := range int8(3) {
			for dk := range int8(3) {
				if (ak == kindBomber && dk == kindAce) || (ak == kindAce && dk == kindBomber) {
					continue
				}
				worth := [numSides]float64{}
				worth[as], worth[side(as).other()] = nominalWorth(ak), nominalWorth(dk)
				for q := -reachMax; q <= reachMax; q++ {
					for r := -reachMax; r <= reachMax; r++ {
						off := Hex{int8(q), int8(r)}
						if manoeuvresTo(East, off) == 0 {
							continue
						}
						for f := range numFacings {
							var c [numSides]craft
							c[as] = craft{side: side(as), kind: ak, face: East, alive: true}
							c[side(as).other()] = craft{side: side(as).other(), kind: dk, pos: off, face: f, alive: true}
							t[as][ak][dk][f][q+reachMax][r+reachMax] = k.typical(side(as), c, worth)
						}
					}
				}
			}
		}
	}
	return t
}

// typical is one entry of the duel table.
func (k sky) typical(as side, c [numSides]craft, worth [numSides]float64) (out [2]float32) {
	var best seq
	bestV := -4.0 * winWorth
	for _, a := range allSeqs {
		sum, worst := 0.0, 2.0*winWorth
		for _, b := range allSeqs {
			var q [numSides]seq
			q[as], q[as.other()] = a, b
			v := k.duelWorth(as, k.duel(c, q, as), worth, mods{})
			sum += v
			worst = min(worst, v)
		}
		if v := 0.5*sum/9 + 0.5*worst; v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	for _, b := range allSeqs {
		var q [numSides]seq
		q[as], q[as.other()] = best, b
		d := k.d.deaths(k.duel(c, q, as), mods{})
		out[0] += float32(d[as.other()] / 9)
		out[1] += float32(d[as] / 9)
	}
	return out
}

// typicalDuel returns, for plane a attacking plane d where they stand (or
// would stand), the chances that d falls and that a falls in a typical duel.
func (s *State) typicalDuel(a, d craft) (dFalls, aFalls float64) {
	off, ok := inFrame(a.face, d.pos.Sub(a.pos))
	if !ok || off.Dist() > reachMax || reach[off.Q+reachMax][off.R+reachMax] == 0 {
		return 0, 0
	}
	f := d.face - a.face
	if f < 0 {
		f += numFacings
	}
	e := s.d.duels()[a.side][a.kind][d.kind][f][off.Q+reachMax][off.R+reachMax]
	return float64(e[0]), float64(e[1])
}

// thachAt is the best chance that a Thach Weave of a US plane other than
// the combatant us shoots down the Japanese plane j (MW-13).
func (s *State) thachAt(j craft, us int8) float64 {
	best := 0.0
	for k := range int8(planesPerSide) {
		if k == us || s.planes[k].status != flying || s.planes[k].pos.Sub(j.pos).Dist() > diagRadius {
			continue
		}
		u := s.craftOf(k)
		cu := s.d.sees(u, j)
		if !cu.attack() {
			continue
		}
		uw, _ := s.d.firingOdds(hand{n: cu.cards()}, hand{n: s.d.sees(j, u).cards(), bonus: j.bonus()})
		best = max(best, uw)
	}
	return best
}
