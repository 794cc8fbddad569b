package boba

import (
	"scramble/engine"
)

// Advise is the game's hand-written policy for the British (the "policy"
// bot: bot.Advisor). It is designed, not a rule, and searches nothing; it
// reads only the view, including the game's own preview of the moving
// plane's move (Reach and Attacks):
//
//   - the plane to move next is the British fighter nearest a flying bomber;
//   - a moving fighter that can reach an attack on a bomber flies the path of
//     the best one (the likeliest hit, less the return fire and gun fire it
//     would meet: BA-8, BA-10) and fires;
//   - otherwise, if it can reach an attack on a German fighter, it makes the
//     best of those the same way: an escort shot down no longer shoots down
//     British fighters (Game Notes: the player chooses bombers or fighters);
//   - otherwise it flies to the square where its move may end that is
//     nearest a point one square ahead of the nearest bomber, keeping out
//     of the bombers' gun arcs and the Me110s' rear arcs (Figure 4, BA-10);
//   - it declines the optional dive-or-climb roll.
//
// The weights are designed values, chosen by runs of 1,000 campaigns
// (docs/bots.md): policyReturnFire, policyAhead, policyCover.
//
// For the Luftwaffe seat it has no advice and returns a random legal action.
func (v *View) Advise(legal []engine.Action, r *engine.Rand) engine.Action {
	if len(legal) == 0 {
		return 0
	}
	if v.Seat != 0 {
		return legal[r.IntN(len(legal))]
	}
	has := func(a engine.Action) bool {
		for _, l := range legal {
			if l == a {
				return true
			}
		}
		return false
	}
	switch {
	case has(actLevel):
		return actLevel
	case legal[0] >= actSelect && legal[0] < actMove:
		return v.pickPlane(legal)
	}
	me := v.plane(v.Moving)
	if me < 0 {
		return legal[0]
	}
	if a, ok := v.bestAttack(has, true); ok {
		return a
	}
	if a, ok := v.bestAttack(has, false); ok {
		return a
	}
	if a, ok := v.intercept(me, has); ok {
		return a
	}
	if has(actEnd) {
		return actEnd
	}
	return legal[0]
}

// The policy's designed numbers (docs/bots.md, "The policy bot"), each
// chosen by runs of 1,000 campaigns.
const (
	// policyReturnFire weighs each die fired at an attacker at its stop
	// against the attacker's own chance to hit (a British fighter is worth
	// less than a German plane shot down).
	policyReturnFire = 0.4
	// policyAhead is how many squares ahead of the nearest bomber a fighter
	// with no attack in reach aims: 1 won 48% where 3 won 42% and 5 41%.
	policyAhead = 1
	// policyCover is the cost, in squares from the aim, of ending in a
	// German gun's arc (1 to 6 measured alike).
	policyCover = 3
)

// plane returns the index in v.Planes of the plane named name, or -1.
func (v *View) plane(name string) int {
	for i := range v.Planes {
		if v.Planes[i].Name == name {
			return i
		}
	}
	return -1
}

// bomberNearest returns the flying German bomber nearest (x, y), or -1.
func (v *View) bomberNearest(x, y int) int {
	best, bestD := -1, 0
	for i, p := range v.Planes {
		if !p.Bomber || p.Status != statusNames[onBoard] {
			continue
		}
		if d := chebyshev(x, y, p.X, p.Y); best < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// pickPlane chooses, among the selectable fighters, the one nearest a
// flying bomber.
func (v *View) pickPlane(legal []engine.Action) engine.Action {
	best, bestD := legal[0], 1<<30
	for _, a := range legal {
		i := int(a - actSelect)
		if i < 0 || i >= len(v.Planes) {
			continue
		}
		p := v.Planes[i]
		b := v.bomberNearest(p.X, p.Y)
		if b < 0 {
			return a
		}
		if d := chebyshev(p.X, p.Y, v.Planes[b].X, v.Planes[b].Y); d < bestD {
			best, bestD = a, d
		}
	}
	return best
}

// bestAttack returns the first action toward the best attack in the
// preview on a bomber (bombers) or on a German fighter (!bombers): the step
// of its path, or the attack itself when the fighter can fire where it
// stands.
func (v *View) bestAttack(has func(engine.Action) bool, bombers bool) (engine.Action, bool) {
	best, bestScore := -1, 0.0
	for i, a := range v.Attacks {
		t := v.plane(a.Target)
		if t < 0 || v.Planes[t].Bomber != bombers {
			continue
		}
		score := float64(7-a.Need) / 6
		for _, n := range a.Against {
			score -= policyReturnFire * float64(7-n) / 6
		}
		if best < 0 || score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return 0, false
	}
	a := v.Attacks[best]
	if len(a.Path) == 0 {
		act := actAttack + engine.Action(v.plane(a.Target))
		return act, has(act)
	}
	act := actMove + engine.Action(dirIndex(a.Path[0]))
	return act, has(act)
}

// intercept returns the first step toward the square where the move may
// end nearest a point ahead of the nearest bomber, out of the German guns'
// arcs when it can.
func (v *View) intercept(me int, has func(engine.Action) bool) (engine.Action, bool) {
	p := v.Planes[me]
	b := v.bomberNearest(p.X, p.Y)
	if b < 0 || len(v.Reach) == 0 {
		return 0, false
	}
	bp := v.Planes[b]
	f := dir(dirIndex(bp.Facing))
	ax := min(max(bp.X+policyAhead*dx[f], 0), v.Width-1)
	ay := min(max(bp.Y+policyAhead*dy[f], 0), v.Length-1)
	anyEnds := false
	for _, r := range v.Reach {
		anyEnds = anyEnds || r.Ends
	}
	best, bestScore := -1, 0
	for i, r := range v.Reach {
		if anyEnds && !r.Ends || len(r.Path) == 0 {
			continue
		}
		score := chebyshev(r.X, r.Y, ax, ay)
		if v.covered(r.X, r.Y) {
			score += policyCover
		}
		if best < 0 || score < bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return 0, false
	}
	act := actMove + engine.Action(dirIndex(v.Reach[best].Path[0]))
	return act, has(act)
}

// covered reports whether a German gun covers (x, y): a bomber's nose and
// tail arcs or a rear gun's arc (Figure 4, BA-10).
func (v *View) covered(x, y int) bool {
	for _, g := range v.Planes {
		if g.Side != "German" || g.Status != statusNames[onBoard] {
			continue
		}
		f := dir(dirIndex(g.Facing))
		if g.Bomber && inBomberArc(g.X, g.Y, f, x, y) {
			return true
		}
		if !g.Bomber && hasRearGun(g.Type) && inRearArc(g.X, g.Y, f, x, y) {
			return true
		}
	}
	return false
}

// hasRearGun reports whether the plane type named name has a rear gun.
func hasRearGun(name string) bool {
	for _, sp := range planeSpecs {
		if sp.Name == name {
			return sp.Rear > 0
		}
	}
	return false
}

// AdviseSeat is the policy of View.Advise for seat, the seat to move, read
// from a lean view that holds only what the policy reads (the planes and
// the moving plane's preview): the fast path for a search that plays the
// policy in its playouts (bot.SeatAdvisor), where building the whole view
// at every step would cost most of the time.
func (s *state) AdviseSeat(seat engine.Seat, legal []engine.Action, r *engine.Rand) engine.Action {
	v := &View{Seat: seat, Width: s.Cfg.Width, Length: s.Cfg.Length}
	if s.Cur >= 0 {
		v.Moving = s.P[s.Cur].name()
	}
	for i := 0; i < int(s.NP); i++ {
		v.Planes = append(v.Planes, s.planeView(i))
	}
	if s.Phase == phMove && s.Cur >= 0 {
		v.Reach, v.Attacks = s.preview()
	}
	return v.Advise(legal, r)
}
