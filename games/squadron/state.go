package squadron

import (
	"fmt"
	"math/bits"

	"scramble/engine"
)

// step says what the game is waiting for.
type step uint8

// The steps. The comment names who acts.
const (
	stDeal        step = iota // chance: a deployment card for the next slot (Game set up 8)
	stPilot                   // chance: a pilot card for plane cur (Game set up 2; Phase VI)
	stDraw                    // chance: a combat card for plane cur
	stEvent                   // chance: an event card for event slot ev (Phase I)
	stDeclare                 // pilot: ability, special die or neither (Phase II.1)
	stDiscard                 // pilot: discard a card
	stMove                    // pilot: movement (Phase II.3-5)
	stFightChoose             // pilot: attack a German plane or hold (Phase III)
	stRoll                    // chance: a die of the fight or counterattack
	stFrantisek               // pilot: František's reroll or not
	stDieChoice               // pilot: the RAF die for this round
	stCard                    // pilot: the combat card for this round
	stSupport                 // another pilot: Support or not
	stManeuver                // pilot: assign or keep a Maneuver
	stNextRound               // pilot: the opponent of the next round
	stDefend                  // pilot: a defence card against a counterattack (Phase IV)
	stDamage                  // chance: a damage token for the plane being damaged
	stMedal                   // pilot: a Medal to stop a squadron's extra move
	stAirfield                // pilot: spend airfield action points (Phase VI)
	stMulligan                // pilot: accept a damage token or take the Mulligan
	stSpecial                 // pilot: use the Specialization in this round, or not
	stToken                   // pilot: spend a kept Maneuver token as this round's symbol, or not (SQ-8)
	stBreak                   // pilot: break away after a breakaway card's set, or fight on (FAQ 2, SQ-8)
	stAce                     // chance: an Elite ace token for squadron aceSq
	stHide                    // chance: a squadron to hide (setup)
	stOver                    // the game is over
	stContinue                // internal: the flow goes on (never seen outside run)
)

// rafPlane is one Hurricane and its player board.
type rafPlane struct {
	seat       int8
	pilot      int8 // pilot card, -1 while waiting for one
	status     uint8
	area       int8
	landed     bool
	ammo       int8
	hand       uint64 // combat cards, bit i = card i+1
	tokens     uint8  // damage tokens still face down, bit per kind
	track      [numTokens]int8
	ndmg       int8
	mans       int8 // saved Maneuver tokens (max 3)
	declared   uint8
	moveLeft   int8
	moveCard   bool // a card extended this turn's move
	moved      bool // moved at least one area this turn
	fought     bool // fought this turn
	foughtLast bool
	owed       int8   // cards to discard for damage tokens
	extra      int8   // cards to discard for Łokuciewski
	ap         int8   // airfield action points left
	startArea  int8   // area at the start of this turn's movement
	borrow     int8   // pilot + 1 whose ability a Medal borrowed this turn
	mullUsed   bool   // the Mulligan is spent
	mullTok    int8   // the token drawn, waiting for acceptance
	mullOut    int8   // the token refused by the Mulligan + 1, out of the draw until the next token is drawn
	split      uint64 // solo Łokuciewski: cards drawn this turn that may go to the Wingman
	noAttack   bool   // revealed a hidden squadron this turn: no Fight
	recon      int8   // hidden squadron + 1 under Reconnaissance
	reconLeft  int8   // Maneuver cards still to play for it
}

// Plane status.
const (
	stActive    uint8 = iota // flying or landed
	stDown                   // shot down, waiting for a new pilot
	stWithdrawn              // withdrawn, waiting for a new pilot
	stOut                    // no pilot left
)

// Declarations at the start of the turn (Phase II.1).
const (
	declPlain uint8 = iota
	declAbility
	declYellow
)

// Damage token kinds (Player boards & Damage tokens).
const (
	tokDiscard = iota // discard one combat card
	tokHand           // hand limit one lower
	tokNoFree         // no free move
	tokNone           // no extra effect
)

var tokenNames = [numTokens]string{"discard", "hand", "nofree", "none"}

// german is one German plane on the map.
type german struct {
	kind   int8 // aircraft index
	area   int8 // -1 when off the map
	dmg    int8 // toughness points lost
	tokens int8 // Maneuver tokens
	squad  int8
	flags  uint8
	home   int8
}

// German plane flags.
const (
	gDown    uint8 = 1 << iota // shot down
	gGone                      // left the map (went home)
	gEngaged                   // fought this turn: no Counterattack
	gBombed                    // has dropped its bombs
	gMovedIn                   // moved in to engage: one die fewer
	gSunned                    // rolled Hun in the Sun this turn
)

// squad is one German squadron.
type squad struct {
	target     int8
	home       int8
	mode       uint8
	event      int8   // event slot that brought it, -1 for the scenario
	hunted     int8   // RAF plane hunted (Hunting)
	hadBombers bool   // set up with bombers: Close Escort, not Patrol
	ace        int8   // Elite ace token kind + 1, 0 for none
	aceUp      bool   // the ace token is face up
	acePlane   int8   // the plane carrying the ace, -1 when lost
	hidden     bool   // a hidden squadron: a token over face-down cards
	area       int8   // the hidden squadron's area
	cards      uint64 // the hidden squadron's deployment cards
}

// eventSlot is one event of the scenario.
type eventSlot struct {
	card    int8 // event card, -1 until revealed
	status  uint8
	helpers uint8 // RAF planes that contributed
	squad   int8
}

// Event status.
const (
	evHidden uint8 = iota
	evOpen
	evWon
	evLost
)

// pilotRec is what a pilot card carries: victories by class and Medals (the
// campaign carries them between scenarios).
type pilotRec struct {
	kills  [3]int8
	medals int8
	used   bool // drawn in this scenario
	spec   int8 // Specialization class + 1, 0 for none
	clock  int8 // Specialization clock: 0 green, else turns to recover
}

// State is one moment of a game of 303 Squadron. Its core is a value of
// fixed arrays and small integers and the data tables are shared and
// read-only, so a copy is a deep copy. Use it through engine.State.
type State struct {
	core
	t   *tables
	log *engine.Log
}

// core is the whole game position: no pointers, no slices.
type core struct {
	sc      int8
	players int8
	nPl     int8 // RAF planes: players, or 2 in the solo variant
	leader  int8 // the solo Leader
	turn    int8
	phase   int8
	sub     int8 // the part of the phase being played
	step    step
	cur     int8  // the phase's cursor: the RAF plane being served
	who     int8  // the RAF plane deciding now, or drawing a card
	lead    int8  // solo: movement of the card the Leader played this turn
	order   int8  // solo: the plane served first in this phase (the Leader)
	done    uint8 // Phase II, III: planes that have played their part (SQ-1)
	later   uint8 // Phase II, III: planes that said "later" (SQ-1)

	raf    [maxPlanes]rafPlane
	ger    [maxGerman]german
	nGer   int8
	sq     [maxSquads]squad
	nSq    int8
	pilots [numPilots]pilotRec

	deck      uint64 // combat cards in the draw pile
	discard   uint64 // combat cards discarded
	pilotPool uint8  // pilot cards not drawn
	reserve   int8   // pilots left in the Reserve
	models    [3]int8

	dealLeft uint64 // deployment cards still to deal (bits id-1)
	dealSlot int8
	dealBomb bool

	draws int8 // cards still to draw for cur

	tdmg   [maxAreas]int8 // bombs on each target
	events [maxEvents]eventSlot
	nEv    int8
	evUsed uint8
	ev     int8 // event slot being revealed

	f   fight
	ca  counter
	dmg damageQueue

	cause uint8
	won   bool
	fresh bool

	// Additional rules, from the options.
	mulligan bool  // the optional Mulligan
	special  bool  // Specialization
	aces     int8  // squadrons with an Elite ace token
	acePool  uint8 // ace tokens not drawn
	aceSq    int8  // squadron drawing an ace token
	hide     int8  // squadrons to hide
	level    int8  // difficulty level (data/difficulty.json)

	// Campaign hooks (campaign_carry.go): the Factory and Port penalties
	// and the pilots shot down, for the injury.
	hand0  int8  // the starting hand size, 0 for the scenario's
	apLoss int8  // airfield action points lost when landing
	downs  uint8 // pilots shot down in this scenario, bit per pilot card
}

// Seats returns the pilots' seats, all on the side RAF.
func (s *State) Seats() []engine.SeatInfo {
	if s.players == 1 {
		return []engine.SeatInfo{{Name: "Leader and Wingman", Side: "RAF"}}
	}
	out := make([]engine.SeatInfo, s.players)
	for i := range out {
		out[i] = engine.SeatInfo{Name: fmt.Sprintf("Pilot %d", i+1), Side: "RAF"}
	}
	return out
}

// Current says who acts: the seat owning the deciding plane, the dice, or
// nobody at the end.
func (s *State) Current() engine.Seat {
	switch s.step {
	case stOver:
		return engine.Terminal
	case stDeal, stPilot, stDraw, stEvent, stRoll, stDamage, stAce, stHide:
		return engine.Chance
	}
	return engine.Seat(s.raf[s.who].seat)
}

// Legal appends the actions seat may take now to buf; for engine.Chance the
// outcomes of the chance node.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if seat != s.Current() || s.step == stOver {
		return buf
	}
	if seat == engine.Chance {
		if m, ok := s.chanceMask(); ok {
			for ; m != 0; m &= m - 1 {
				buf = append(buf, engine.Action(bits.TrailingZeros64(m)))
			}
			return buf
		}
		for _, fp := range s.t.dice[s.rollingDie()] {
			buf = append(buf, engine.Action(fp.f))
		}
		return buf
	}
	return s.legal(buf)
}

// ChanceOutcomes appends the outcomes of the current chance node with their
// probabilities.
func (s *State) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.Current() != engine.Chance {
		return buf
	}
	return s.outcomes(buf)
}

// outcomes lists the current chance node's outcomes in increasing order.
func (s *State) outcomes(buf []engine.Outcome) []engine.Outcome {
	if m, ok := s.chanceMask(); ok {
		p := 1 / float64(bits.OnesCount64(m))
		for ; m != 0; m &= m - 1 {
			buf = append(buf, engine.Outcome{Action: engine.Action(bits.TrailingZeros64(m)), Prob: p})
		}
		return buf
	}
	if s.step == stRoll {
		for _, fp := range s.t.dice[s.rollingDie()] {
			buf = append(buf, engine.Outcome{Action: engine.Action(fp.f), Prob: fp.prob})
		}
	}
	return buf
}

// Apply validates and applies one action of seat. An illegal action returns
// an *engine.IllegalError citing the rule and leaves the state unchanged.
func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	if s.step == stOver {
		return engine.Illegal("End of the game", "the game is over")
	}
	if cur := s.Current(); seat != cur {
		return engine.Illegal("Turn phases", "it is not seat %s's turn: %s", seat, s.asking())
	}
	if !s.isLegal(seat, a) {
		return s.refuse(seat, a)
	}
	s.fresh = false
	if seat == engine.Chance {
		s.applyChance(a)
	} else {
		s.applyPilot(a)
	}
	s.run()
	return nil
}

// isLegal reports whether a is a legal action of seat, who is to act.
func (s *State) isLegal(seat engine.Seat, a engine.Action) bool {
	if seat == engine.Chance {
		if m, ok := s.chanceMask(); ok {
			return a >= 0 && a < 64 && m>>a&1 == 1
		}
		for _, fp := range s.t.dice[s.rollingDie()] {
			if engine.Action(fp.f) == a {
				return true
			}
		}
		return false
	}
	var lb [128]engine.Action
	for _, l := range s.legal(lb[:0]) {
		if l == a {
			return true
		}
	}
	return false
}

// chanceMask is the set of equally likely outcomes of the current chance
// node, when it is a draw (cards, tokens, deployment, pilots, events) and
// not a die.
func (s *State) chanceMask() (uint64, bool) {
	switch s.step {
	case stDeal:
		return s.dealMask(), true
	case stPilot:
		return uint64(s.pilotPool), true
	case stDraw:
		return s.deck, true
	case stEvent:
		return s.eventMask(), true
	case stDamage:
		return uint64(s.raf[s.dmg.head()].tokens), true
	case stAce:
		return uint64(s.acePool & s.aceTypeMask(int(s.aceSq))), true
	case stHide:
		return s.hideMask(), true
	}
	return 0, false
}

// Roll resolves the current chance node from r (engine.Roller): a draw
// picks one of its equally likely outcomes, a die one of its six faces.
func (s *State) Roll(r *engine.Rand) {
	s.fresh = false
	if m, ok := s.chanceMask(); ok {
		s.applyChance(engine.Action(nthBit(m, r.IntN(bits.OnesCount64(m)))))
	} else {
		k := r.IntN(6)
		for _, fp := range s.t.dice[s.rollingDie()] {
			if k < fp.n {
				s.applyChance(engine.Action(fp.f))
				break
			}
			k -= fp.n
		}
	}
	s.run()
}

// MaxLength bounds the number of actions of this game (engine.Bounded).
func (s *State) MaxLength() int {
	return setupSteps + int(s.t.scenarios[s.sc].turns)*stepsPerTurn
}

// Clone returns an independent copy that writes no events.
func (s *State) Clone() engine.State {
	c := *s
	c.log = nil
	return &c
}

// SetLog makes the state write its events to log (nil: no text at all).
func (s *State) SetLog(log *engine.Log) {
	s.log = log
	if log != nil && s.fresh {
		s.logf("Setup: %s with %s", s.t.scenarios[s.sc].name, plural(int(s.players), "player"))
	}
}

// logf adds one event; callers check s.log != nil first.
//
//go:noinline
func (s *State) logf(format string, args ...any) {
	s.log.Add(fmt.Sprintf(format, args...))
}

// plural writes "1 card", "2 cards".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// PassAction names the decision that does nothing (engine.Passer): neither
// ability nor special die, end the move, hold, no card, no Support, drop a
// Maneuver, no defence, no Medal, leave the airfield.
func (s *State) PassAction(seat engine.Seat) (engine.Action, bool) {
	if seat < 0 || seat != s.Current() {
		return 0, false
	}
	switch s.step {
	case stDeclare, stMove, stFightChoose, stFrantisek, stCard, stSupport, stManeuver, stDefend, stMedal, stAirfield, stMulligan, stSpecial,
		stToken, stBreak:
		return actPass, true
	}
	return 0, false
}
