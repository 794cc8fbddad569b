package midway

import (
	"fmt"
	"strings"

	"scramble/engine"
)

// side is US (seat 0) or Japan (seat 1).
type side int8

// The two sides; each is the seat of the same number.
const (
	US side = iota
	Japan
	numSides
)

// other returns the rival side.
func (s side) other() side { return 1 - s }

// String names the side.
func (s side) String() string { return [...]string{"US", "Japan"}[s] }

const (
	planesPerSide = 6 // 4 Fighters and 2 Special Aircraft (2.3.3)
	numFighters   = 4
	numPlanes     = 2 * planesPerSide
	numPool       = 4 // the Order Pool (2.3.7)
	roundPoints   = 3 // Command Points per round (2.4.1)
	noPlane       = -1
)

// mode is the game mode.
type mode int8

// The two modes of the rulebook.
const (
	hunt       mode = iota // 2. Aircraft Carrier Hunt
	domination             // 3. Domination
)

// planeStatus says where a plane is.
type planeStatus int8

// The plane statuses.
const (
	unplaced planeStatus = iota // not yet set up (2.3.4)
	flying                      // on the board
	down                        // destroyed; a Domination Fighter returns at round end (3.4.1)
	gone                        // destroyed for good
)

// plane is one aircraft. Planes 0..5 are the US's, 6..11 Japan's; within a
// side 0..3 are Fighters and 4..5 the Special Aircraft.
type plane struct {
	pos    Hex
	face   Facing
	status planeStatus
	marker bool // has an Activation Marker (2.4.1)
}

// step says what the game waits for.
type step int8

// The steps. The comment names who acts.
const (
	stRefill    step = iota // chance: a card drawn into the Order Pool (2.3.7, 2.4.4)
	stPlace                 // a side: place one plane (2.3.4, 3.3.4)
	stBid                   // simultaneous: the Initiative bid (2.4.2)
	stActivate              // the Initiative holder: fly or attack with a plane (2.4.3)
	stFlight                // the flyer: one manoeuvre or stop (2.4.3 Flight)
	stPlan                  // simultaneous: the combatants' manoeuvre tokens (2.4.3 Combat)
	stFirst                 // the attacker: who resolves first
	stOmit                  // an Ace's side: the token to omit (3.3.4)
	stChain                 // a combatant's side: play an order card or pass
	stReplan                // after Sixth Sense: one new token
	stFire                  // chance: one firing card drawn
	stBuy                   // a side: buy from the Order Pool or stop (2.4.4)
	stReinforce             // a side: return a destroyed Fighter (3.4.1)
	stOver                  // the game is over
	stTile                  // a plane's side: lay a small tile where it flies off the board, or not (2.4.3)
)

// State is one moment of a game of Battle of Midway. It is a value of fixed
// arrays and small integers (no pointers but the log and the read-only
// designed data it is played on), so a copy is a deep copy. Use it through engine.State; build it with Game.New.
type State struct {
	mode      mode
	threshold int8 // Domination victory points (3.2)
	maxRounds int8 // MW-15
	tieToUS   bool // 2.4.2 (an option for the balance study)
	lay       int8 // the board layout, an index of d.layouts

	planes [numPlanes]plane
	tiles  [2]smallTile
	round  int8
	step   step
	actor  side // who acts at a one-seat step

	initiative side // holder of the Initiative Card
	points     [numSides]int8
	bid        [numSides]int8
	bidIn      [numSides]bool
	bidShown   bool // both bids revealed this round
	score      [numSides]int8

	hand    [numSides][numOrders + 1]int8 // regular orders, then the special
	pile    [numOrders]int8               // the face-down Order Card pile, by kind
	discard [numOrders]int8
	pool    [numPool]int8 // kind per slot, -1 empty
	bought  bool          // the first buyer has finished (2.4.4)
	reinfBy int8          // sides done with reinforcement this round end

	mover int8 // the plane in flight
	moves int8 // manoeuvres made

	cb  combat
	fr  firing
	ask tileAsk // the small-tile choice waiting at stTile

	winner side // valid when over and !draw
	draw   bool
	cause  cause
	fresh  bool // no action yet: SetLog writes the setup

	d   *gameData // the designed data, shared and read-only
	log *engine.Log
}

// tileCtx says what was moving a plane when it flew off the board, so that
// the move goes on once its owner has chosen a small tile (stTile).
type tileCtx int8

// The moves that can fly a plane off the board.
const (
	ctxFlight tileCtx = iota // a manoeuvre of a Flight
	ctxPlan                  // a combat token
	ctxChain                 // Acceleration or Feint
	ctxReplan                // a token re-planned after Sixth Sense
	ctxLoop                  // Loop, back to where the tokens began
	ctxSixth                 // Sixth Sense, likewise, then the re-plan
)

// tileAsk is a plane waiting at the board's edge for its owner's choice of
// small tile (2.4.3).
type tileAsk struct {
	plane int8 // noPlane when nothing waits
	at    Hex  // the area off the board it flies into
	tok   int8 // the token whose turn follows the move, -1 none
	ctx   tileCtx
	next  int8 // ctxPlan: the next token to fly
	back  step // the step the move belongs to
	actor side // who acted at that step
}

// smallTile is one Small Board Tile (1.3): one area (MW-2).
type smallTile struct {
	placed bool
	at     Hex
}

// Seats returns the two seats: US (0) and Japan (1).
func (s *State) Seats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "US", Side: "US"}, {Name: "Japan", Side: "Japan"}}
}

// Current says who acts: a side's seat, Simultaneous for the secret bid and
// plans, Chance for cards drawn, or Terminal.
func (s *State) Current() engine.Seat {
	switch s.step {
	case stRefill, stFire:
		return engine.Chance
	case stBid, stPlan:
		return engine.Simultaneous
	case stOver:
		return engine.Terminal
	}
	return engine.Seat(s.actor)
}

// Clone returns an independent copy that writes no events.
func (s *State) Clone() engine.State {
	c := *s
	c.log = nil
	return &c
}

// SetLog makes the state write its events to log (nil: no text at all). Set
// on a fresh game, it first writes the setup.
func (s *State) SetLog(log *engine.Log) {
	s.log = log
	if log != nil && s.fresh {
		s.logf("%s: %s", modeTitle(s.mode), s.setupText())
	}
}

// logf adds one event; callers check s.log != nil first so that simulation
// builds no text.
//
//go:noinline
func (s *State) logf(format string, args ...any) {
	s.log.Add(fmt.Sprintf(format, args...))
}

// String renders the whole state, hidden parts included, for debugging and
// for comparing states in tests.
func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "mode %d threshold %d rounds %d tie-us %v layout %d round %d step %d actor %d init %d\n",
		s.mode, s.threshold, s.maxRounds, s.tieToUS, s.lay, s.round, s.step, s.actor, s.initiative)
	for i, p := range s.planes {
		fmt.Fprintf(&b, "plane %d %s %s status %d marker %v\n", i, p.pos, p.face, p.status, p.marker)
	}
	fmt.Fprintf(&b, "tiles %v points %v bid %v in %v shown %v score %v\n", s.tiles, s.points, s.bid, s.bidIn, s.bidShown, s.score)
	fmt.Fprintf(&b, "hand %v pile %v discard %v pool %v bought %v reinf %d\n", s.hand, s.pile, s.discard, s.pool, s.bought, s.reinfBy)
	fmt.Fprintf(&b, "mover %d moves %d\ncombat %+v\nfiring %+v\nask %+v\n", s.mover, s.moves, s.cb, s.fr, s.ask)
	fmt.Fprintf(&b, "winner %d draw %v cause %d fresh %v\n", s.winner, s.draw, s.cause, s.fresh)
	return b.String()
}

// carrier returns the area of side sd's carrier (Hunt, MW-3).
func (s *State) carrier(sd side) Hex { return s.d.layouts[s.lay].carrier[sd] }

// bd returns the game's board layout (option layout).
func (s *State) bd() *layout { return s.d.layouts[s.lay] }

// sideOf returns the side of plane p.
func sideOf(p int8) side { return side(p / planesPerSide) }

// isSpecial reports whether plane p is a Special Aircraft (Bomber or Ace).
func isSpecial(p int8) bool { return p%planesPerSide >= numFighters }

// isBomber reports whether plane p is a Bomber: a Special Aircraft in the
// Hunt (2.3.3).
func (s *State) isBomber(p int8) bool { return s.mode == hunt && isSpecial(p) }

// isAce reports whether plane p is an Ace: a Special Aircraft in Domination
// (3.3.4).
func (s *State) isAce(p int8) bool { return s.mode == domination && isSpecial(p) }

// diagramType is the range diagram a plane uses: 0 for Fighters and Aces, 1
// for Bombers (1.6.1, 3.3.4).
func (s *State) diagramType(p int8) int {
	if s.isBomber(p) {
		return 1
	}
	return 0
}

// planeAt returns the plane on h, or noPlane.
func (s *State) planeAt(h Hex) int8 {
	for i := range s.planes {
		if s.planes[i].pos == h && s.planes[i].status == flying {
			return int8(i)
		}
	}
	return noPlane
}

// onBoard reports whether h is an area of the board: a big tile or a laid
// small tile.
func (s *State) onBoard(h Hex) bool {
	if s.bd().tileOf(h) >= 0 {
		return true
	}
	for _, t := range s.tiles {
		if t.placed && t.at == h {
			return true
		}
	}
	return false
}

// hasMarker reports whether side sd has a plane with an Activation Marker.
func (s *State) hasMarker(sd side) bool {
	for i := range planesPerSide {
		p := &s.planes[int(sd)*planesPerSide+i]
		if p.status == flying && p.marker {
			return true
		}
	}
	return false
}

// Roll resolves the current chance node by drawing from r, as
// Apply(engine.Chance, outcome) would (engine.Roller).
func (s *State) Roll(r *engine.Rand) {
	var buf [numOrders]engine.Outcome
	outs := s.ChanceOutcomes(buf[:0])
	s.fresh = false
	if s.step == stFire {
		s.applyFire(int8(outs[r.IntN(len(outs))].Action))
		return
	}
	total := 0
	for _, k := range s.pile {
		total += int(k)
	}
	n := r.IntN(total)
	for k, c := range s.pile {
		if n < int(c) {
			s.applyRefill(int8(k))
			return
		}
		n -= int(c)
	}
}
