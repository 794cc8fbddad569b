package wings

import (
	"math"

	"scramble/engine"
)

// The hand-written policy (bot.Advisor): rules of thumb read from the
// rulebook, no search. It reads only what the advised seat sees: every
// plane's position, heading, altitude, load and announced damage, the
// objects, and its own planes' consoles and tokens; never another seat's
// plan, token values or rudder (TestStateAdviceMatchesView checks the
// advice on sampled states, which redraw all of those).
//
// Planning scores each legal card of the plane by where it ends, the
// enemies projected flying straight as many cards ahead:
//   - a fighter wants an enemy in its front cone at short range, bombers
//     and camera planes first, from behind ("Tailing"), at its own
//     altitude ("Range"); escorts weigh most the interceptors nearest
//     their bombers;
//   - a loaded bomber lines up a straight (or a bomb-dive) that ends with
//     its base over the target's centre ("Level Bombing", "Dive Bombing");
//   - a torpedo bomber gets down to altitude 1 and flies a straight at a
//     ship within three rulers and 30° ("Torpedos", WG-16);
//   - a camera plane flies a straight over the target, then home by its
//     own edge ("Photo Reconnaissance");
//   - every plane keeps out of enemy guns' cones ("Firing"), off the
//     table's edges ("Leaving the Playing Area"), unless going home, and
//     out of balloons' cables low down ("Barrage Balloons") and other
//     planes' bases at its altitude ("Collisions").
//
// Firing takes the best target: a plane before an object, a bomber or
// camera plane first, the most damaged next. The weights are designed
// values (docs/rules/wings-of-glory.md, "Bots and balance").

// Weights of the planning score (designed).
const (
	wDrop      = 60.0 // a card that drops the bombs, launches the torpedo or photographs
	wOffTable  = 80.0 // a card that leaves the table not by the way home
	wCable     = 30.0 // a card that flies into a balloon's cable at altitude 1 or 2
	wCollide   = 6.0  // each plane whose base it would overlap at its altitude
	wShort     = 8.0  // an enemy in the front cone at short range
	wLong      = 5.0  // ... at long range
	wTail      = 2.0  // ... from behind it
	wExposed   = 3.0  // being in an enemy gun's cone within long range
	wPriority  = 1.6  // a bomber, torpedo or camera plane as a fighter's target
	wBomberRun = 0.6  // a loaded bomber weighs the enemy's guns this much
	wLinedUp   = 4.0  // a run of straights that ends over the target (divided by the straights)
)

// Advise returns the policy's choice for the view's seat among legal.
func (v *View) Advise(legal []engine.Action, r *engine.Rand) engine.Action {
	return v.state.advise(v.Seat, legal, r)
}

// AdviseSeat returns the policy's choice for seat among legal, as its view
// would, without building the view (bot.SeatAdvisor: a search's playouts
// ask it at the planning step, where no seat is to move).
func (s *State) AdviseSeat(seat engine.Seat, legal []engine.Action, r *engine.Rand) engine.Action {
	return s.advise(seat, legal, r)
}

// advise is the policy for seat.
func (s *State) advise(seat engine.Seat, legal []engine.Action, r *engine.Rand) engine.Action {
	if len(legal) == 0 {
		return 0
	}
	best, bestV := legal[0], math.Inf(-1)
	pick := func(a engine.Action, v float64) {
		if v > bestV {
			best, bestV = a, v
		}
	}
	switch s.step {
	case stPlan:
		i := s.planning(seat)
		if i < 0 {
			break
		}
		sc := s.newScene(i)
		for _, a := range legal {
			pick(a, s.cardScore(&sc, int8(a)))
		}
	case stFire:
		if k := s.pacAt(); k >= 0 {
			return s.adviseLaunch(k, legal)
		}
		i := int(s.cursor / maxGuns)
		for _, a := range legal {
			pick(a, s.targetScore(i, a))
		}
	case stLuck:
		// Ignore a token worth at least 3 points or with a special effect;
		// the luck is used once.
		if tk := s.data.damage[s.head().letter].tokens[s.pend[0]]; tk.value >= 3 || tk.special != spNone {
			return choiceOf(legal, 1)
		}
		return choiceOf(legal, 0)
	case stSniper:
		// Give the target the heavier token.
		dd := &s.data.damage[s.head().letter]
		if worth(dd.tokens[s.pend[1]]) > worth(dd.tokens[s.pend[0]]) {
			return choiceOf(legal, 1)
		}
		return choiceOf(legal, 0)
	case stDive:
		return choiceOf(legal, 0) // keep the climb counters: the climb goes on
	case stLaunch:
		if s.launchAimed(int(s.cursor)) { // a ship ahead within three rulers
			return choiceOf(legal, 1)
		}
		return choiceOf(legal, 0)
	}
	return best
}

// choiceOf returns a if it is legal, else the first legal action.
func choiceOf(legal []engine.Action, a engine.Action) engine.Action {
	for _, l := range legal {
		if l == a {
			return a
		}
	}
	return legal[0]
}

// worth is a token's harm: its points, and 2 more for a special.
func worth(tk token) int {
	if tk.special != spNone {
		return int(tk.value) + 2
	}
	return int(tk.value)
}

// adviseLaunch launches a parachute and cable when an enemy plane flies at
// altitude 1 or 2 within a ruler of it (rulebook "Parachute and Cable").
func (s *State) adviseLaunch(k int, legal []engine.Action) engine.Action {
	side := s.scen().objects[k].side
	for j := 0; j < int(s.n); j++ {
		q := &s.planes[j]
		if q.status == flying && s.side(q) != side && q.alt <= 2 &&
			q.centre().sub(s.objCentre(k)).len() <= s.data.geo.ruler {
			return choiceOf(legal, actLaunch)
		}
	}
	return choiceOf(legal, actHold)
}

// targetScore rates firing action a of plane i: holding is worth nothing,
// an object 1 to 2, a plane more, bombers and camera planes most.
func (s *State) targetScore(i int, a engine.Action) float64 {
	if a == actHold {
		return 0
	}
	t := int(a - actFireAt)
	if t >= maxPlanes {
		if s.scen().objects[t-maxPlanes].vp > 0 {
			return 2
		}
		return 1
	}
	q := &s.planes[t]
	// Token values are hidden: the damage is expected from the letters.
	v := 10 + 5*min(1, s.expectedDamage(q)/float64(s.air(q).damage))
	if s.side(q) != s.side(&s.planes[i]) && s.priority(t) {
		v += 5
	}
	return v
}
