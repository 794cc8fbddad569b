package wings

import (
	"fmt"

	"scramble/engine"
)

// Plane status.
const (
	flying   uint8 = iota
	shotDown       // damage points reached, engine or pilot lost
	crashed        // dived below level 1
	collided       // a 0 in a collision
	leftArea       // left the playing area
)

var statusNames = [...]string{"flying", "shot down", "crashed", "collided", "left the table"}

// plane is one plane in play. Everything is a fixed-size value, so a copy of
// the State copies it.
type plane struct {
	kind    int8 // index in gameData.aircraft
	seat    int8
	status  uint8
	large   bool // stands on a large base (a bomber)
	doomed  bool // destroyed at the next resolution, publicly (collision 0, pilot)
	smash   bool // doomed by a 0 in a collision: recorded as collided
	engDoom bool // destroyed at the next resolution by engine damage (secret until then)
	x, y    int32
	hdg     int32
	alt     int8
	climb   int8 // climb counters

	slot  [2]int8 // planned cards on the console, -1 for none
	prev  int8    // card flown last, -1 for none
	prev2 int8    // card flown before that
	flown int8    // card flown this turn (public once flown), -1 before
	split bool    // the card flown this turn was a Split-S

	dmg     int16                        // damage points taken
	drawn   [numLetters][maxTokens]uint8 // tokens taken with their specials
	plain   [numLetters][maxTokens]uint8 // tokens taken for their points only
	engine  int8                         // engine damage tokens
	smoke   int8                         // smoke counters
	fire    int8                         // flame counters
	rudder  int8                         // plans left under a jammed rudder
	rudDir  int8                         // the jammed direction: +1 left, -1 right
	wounds  [maxCrew]int8                // per crew member
	pilot   uint8                        // pilotNormal, …
	skills  uint8                        // ace skills
	recov   int8                         // recovery counters
	recEnd  bool                         // the last recovery counter went this turn
	luck    bool                         // a lucky pilot or a Luck of the Devil ace has not used his luck yet
	noFire  bool                         // flew an illegal manoeuvre this turn
	fired   uint8                        // arcs asked this turn
	target  int8                         // target of the fixed guns this turn, -1
	lastTgt int8                         // target of the fixed guns last turn, -1
	overHit bool                         // has fired at an overlapping plane this turn
	loaded  bool                         // still carries its bombs
	fuel    int8                         // fuel points left (rulebook "Fuel"); unused when the scenario gives none
	photo   int8                         // the target photographed, -1 for none
	snap    int8                         // the target passed over this turn, to photograph after firing; -1
	home    bool                         // left the table by its own edge
}

// step says what the game waits for.
type step uint8

const (
	stPlan   step = iota // simultaneous: planning (setup or turn)
	stFire               // a seat declares a gun's target
	stDraw               // chance: the queue of tokens and dice
	stLuck               // the owner of a lucky plane keeps or ignores a token
	stSniper             // a sniper's owner gives one of two tokens
	stDive               // the owner of a plane that dived keeps or drops its climb counters
	stLaunch             // the owner of a torpedo bomber that may launch chooses whether it does
	stOver
)

// Kinds of queued chance nodes.
const (
	qToken    uint8 = iota // a damage token with its special
	qPlain                 // a damage token for its points only
	qCollide               // a B token of a collision
	qCrew                  // crew dice after a crew hit
	qRudder                // the direction of a jammed rudder
	qSniper                // a sniper's two tokens, one given to the target
	qGround                // a token on an object, face up, points only
	qAim                   // an AA gun's target drawn among equals
	qBomb                  // a bombing die
	qPhoto                 // a photograph's die
	qTorpedo               // a torpedo's die: hit or miss
	qTorpDmg               // a torpedo hit's damage die
	queueSize = 96
)

// queued is one chance node waiting in the queue.
type queued struct {
	kind    uint8
	plane   int8
	letter  int8
	partner int8 // the other plane of a collision
}

// Firing sub-phases (rulebook "Game Turn", 3a–c).
const (
	subItchy = iota
	subNormal
	subNovice
	numSubs
)

// State is one moment of a game. It is a value: fixed arrays and small
// numbers, plus a pointer to the immutable data, so Clone is a copy.
type State struct {
	data    *gameData
	sc      int8 // scenario index
	n       int8 // planes
	planes  [maxPlanes]plane
	nobj    int8
	objects [maxObjects]object
	torps   [maxTorpedoes]torpedo
	turn    int8 // 0 during setup
	step    step
	sub     int8 // firing sub-phase
	cursor  int8 // plane*maxGuns+gun asked now in stFire
	after   uint8
	queue   [queueSize]queued
	qlen    int8
	qhead   int8
	pend    [2]int8 // tokens drawn and seen by one seat only (luck, sniper)
	pendN   int8    // how many of pend are drawn
	// out counts, per letter and token kind, the tokens drawn from that
	// letter's pile since it was last filled (WG-8): on consoles, beside
	// ground targets, or in a hand; the pile holds the rest of its set.
	out     [numLetters][maxTokens]uint8
	refills [numLetters]uint8 // how often each pile ran out and was refilled
	fresh   bool
	endWhy  string
	log     *engine.Log
}

// What to do when the queue is empty.
const (
	afterMove uint8 = iota
	afterSub
	afterBombs
	afterTurn
)

func (s *State) scen() *scenario { return &s.data.scenarios[s.sc] }

func (s *State) air(p *plane) *aircraft { return &s.data.aircraft[p.kind] }

func (s *State) deckOf(p *plane) *deck { return &s.data.decks[s.air(p).deck] }

func (s *State) cardOf(p *plane, c int8) *card { return &s.deckOf(p).cards[c] }

func (s *State) name(i int) string { return s.scen().planes[i].name }

// targetName names a target: a plane (below maxPlanes) or an object.
func (s *State) targetName(t int) string {
	if t >= maxPlanes {
		return s.scen().objects[t-maxPlanes].name
	}
	return s.name(t)
}

func (s *State) side(p *plane) string { return s.scen().seats[p.seat].side }

// newState sets up scenario sc: the planes in place, then the setup
// planning of the first card (rulebook "Setup").
func newState(d *gameData, sc int) *State {
	s := &State{data: d, sc: int8(sc), fresh: true}
	spec := &d.scenarios[sc]
	s.n = int8(len(spec.planes))
	for i, ps := range spec.planes {
		s.planes[i] = plane{kind: int8(ps.aircraft), seat: ps.seat, x: ps.x, y: ps.y, hdg: ps.heading,
			alt: ps.altitude, slot: [2]int8{-1, -1}, prev: -1, prev2: -1, flown: -1, pilot: ps.pilot,
			skills: ps.skills, target: -1, lastTgt: -1, loaded: ps.loaded,
			luck: ps.pilot == pilotLucky || ps.skills&skLuck != 0, fuel: ps.fuel, photo: -1, snap: -1,
			large: d.aircraft[ps.aircraft].large}
	}
	s.nobj = int8(len(spec.objects))
	for k, o := range spec.objects {
		s.objects[k] = object{x: o.x, y: o.y, hdg: o.hdg, counter: [maxObjGuns]int8{-1, -1, -1, -1}}
	}
	s.step = stPlan
	return s
}

// Seats returns the scenario's seats.
func (s *State) Seats() []engine.SeatInfo {
	out := make([]engine.SeatInfo, len(s.scen().seats))
	for i, st := range s.scen().seats {
		out[i] = engine.SeatInfo{Name: st.name, Side: st.side}
	}
	return out
}

// Current says who acts.
func (s *State) Current() engine.Seat {
	switch s.step {
	case stPlan:
		return engine.Simultaneous
	case stFire:
		if k := s.pacAt(); k >= 0 {
			return s.pacSeat(k)
		}
		return engine.Seat(s.planes[s.cursor/maxGuns].seat)
	case stDraw:
		return engine.Chance
	case stLuck:
		return engine.Seat(s.planes[s.head().plane].seat)
	case stSniper:
		return engine.Seat(s.planes[s.head().partner].seat)
	case stDive, stLaunch:
		return engine.Seat(s.planes[s.cursor].seat)
	}
	return engine.Terminal
}

// planSlot is the console space being planned: the first at setup, the
// second in a turn.
func (s *State) planSlot() int {
	if s.turn == 0 {
		return 0
	}
	return 1
}

// planning returns the plane of seat that has still to plan, or -1.
func (s *State) planning(seat engine.Seat) int {
	if s.step != stPlan {
		return -1
	}
	k := s.planSlot()
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if engine.Seat(p.seat) == seat && p.status == flying && p.slot[k] < 0 {
			return i
		}
	}
	return -1
}

// Legal appends the actions seat may take now.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	switch s.step {
	case stPlan:
		if i := s.planning(seat); i >= 0 {
			p := &s.planes[i]
			for c := range s.deckOf(p).cards {
				if s.planCheck(i, int8(c), false) == okPlan {
					buf = append(buf, engine.Action(c))
				}
			}
		}
	case stFire:
		if seat == s.Current() && s.pacAt() >= 0 {
			return append(buf, actHold, actLaunch)
		}
		if seat == s.Current() {
			buf = append(buf, actHold)
			i, g := int(s.cursor/maxGuns), int(s.cursor%maxGuns)
			for t := 0; t < maxPlanes+int(s.nobj); t++ {
				if _, ok := s.canFire(i, g, t); ok {
					buf = append(buf, actFireAt+engine.Action(t))
				}
			}
		}
	case stDraw:
		if seat == engine.Chance {
			for _, o := range s.ChanceOutcomes(nil) {
				buf = append(buf, o.Action)
			}
		}
	case stLuck, stSniper, stDive, stLaunch:
		if seat == s.Current() {
			buf = append(buf, 0, 1)
		}
	}
	return buf
}

// Apply validates and applies one action of seat.
func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	switch s.step {
	case stPlan:
		i := s.planning(seat)
		if i < 0 {
			return s.wrongSeat(seat)
		}
		if a < 0 || int(a) >= len(s.deckOf(&s.planes[i]).cards) {
			return engine.Illegal("Planning", "%s has no manoeuvre card number %d", s.name(i), a)
		}
		if err := s.planRule(i, int8(a), false); err != nil {
			return err
		}
		s.fresh = false
		s.plan(i, int8(a))
	case stFire:
		if seat != s.Current() {
			return s.wrongSeat(seat)
		}
		if k := s.pacAt(); k >= 0 {
			if a != actHold && a != actLaunch {
				return engine.Illegal("Parachute and Cable", "action %d: hold (0) or launch (1)", a)
			}
			s.fresh = false
			if a == actLaunch {
				s.launch(k)
			}
			s.cursor++
			s.nextGun()
			return nil
		}
		i, g := int(s.cursor/maxGuns), int(s.cursor%maxGuns)
		if a != actHold {
			t := int(a - actFireAt)
			if a < actFireAt || t >= maxPlanes+int(s.nobj) || (t >= int(s.n) && t < maxPlanes) {
				return engine.Illegal("Firing", "action %d is neither hold nor a target", a)
			}
			if why, ok := s.canFire(i, g, t); !ok {
				return engine.Illegal(why.rule, "%s cannot fire its %s gun at %s: %s", s.name(i),
					arcNames[s.air(&s.planes[i]).guns[g].arc], s.targetName(t), why.reason)
			}
		}
		s.fresh = false
		s.declare(i, g, int(a))
	case stDraw:
		if seat != engine.Chance {
			return s.wrongSeat(seat)
		}
		if !s.validOutcome(a) {
			if q := s.head(); drawsToken(q.kind) && a >= 0 && int(a) < len(s.data.damage[q.letter].tokens) {
				return engine.Illegal("Damage", "no %s token is left in the %c pile (WG-8): draw one of the tokens left",
					s.outcomeText(a), 'A'+q.letter)
			}
			return engine.Illegal("Damage", "%d is not an outcome of %s", a, s.drawing())
		}
		s.fresh = false
		if q := s.head(); drawsToken(q.kind) {
			s.takeOut(int(q.letter), int(a))
		}
		s.applyOutcome(a)
	case stDive:
		if seat != s.Current() {
			return s.wrongSeat(seat)
		}
		if a != 0 && a != 1 {
			return engine.Illegal("Dive", "action %d: keep (0) or drop (1) the climb counters", a)
		}
		s.fresh = false
		s.diveChoice(a == 1)
	case stLaunch:
		if seat != s.Current() {
			return s.wrongSeat(seat)
		}
		if a != 0 && a != 1 {
			return engine.Illegal("Torpedos", "action %d: keep the torpedo (0) or launch it (1)", a)
		}
		s.fresh = false
		s.launchChoice(a == 1)
	case stLuck, stSniper:
		if seat != s.Current() {
			return s.wrongSeat(seat)
		}
		if a != 0 && a != 1 {
			return engine.Illegal(map[bool]string{true: "Luck of the Devil", false: "Sniper"}[s.step == stLuck],
				"action %d: the choice is 0 or 1", a)
		}
		s.fresh = false
		s.choose(int(a))
	default:
		return s.wrongSeat(seat)
	}
	return nil
}

// wrongSeat refuses an action of a seat that may not act now.
func (s *State) wrongSeat(seat engine.Seat) error {
	switch s.step {
	case stOver:
		return engine.Illegal("Game Turn", "the game is over")
	case stPlan:
		return engine.Illegal("Planning", "seat %s has no plane left to plan now", seat)
	}
	return engine.Illegal("Game Turn", "it is %s's turn to act, not seat %s's", s.Current(), seat)
}

// Clone returns an independent copy that writes no events.
func (s *State) Clone() engine.State {
	c := *s
	c.log = nil
	return &c
}

// SetLog sets the event log.
func (s *State) SetLog(l *engine.Log) { s.log = l }

func (s *State) logf(format string, args ...any) {
	s.log.Add(fmt.Sprintf(format, args...))
}

// MaxLength bounds the actions of this scenario (engine.Bounded).
func (s *State) MaxLength() int { return boundFor(s.scen()) }

// boundFor bounds the actions of a game of sc. Per turn and plane: a plan,
// a dive choice, an illegal-manoeuvre token, a flame token, a collision
// token per other plane, and per gun a declaration with at most 5 tokens,
// each with a crew roll or rudder coin, and a luck or sniper choice; a
// bombing or photograph die, 4 balloon tokens with their rolls. Per object:
// each gun's token or target draw and its roll, a launch choice. Two dice
// per torpedo. Plus the setup plans.
func boundFor(sc *scenario) int {
	n := len(sc.planes)
	perPlane := 1 + 1 + 1 + 1 + n + maxGuns*(1+5*3) + 1 + 4*2
	perTurn := n*perPlane + len(sc.objects)*(maxObjGuns*2+1) + 2*maxTorpedoes
	return n + int(sc.turns)*perTurn
}
