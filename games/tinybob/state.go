package tinybob

import (
	"fmt"
	"math/bits"

	"scramble/engine"
)

// Board geometry (TB-1 … TB-4). Rows are indexed 0..4 in the code and
// numbered 1..5 in text.
const (
	rowIndustry  = 0
	rowAntiAir   = 1
	rowWarning   = 2
	rowFuel      = 3
	rowAirfields = 4
	numRows      = 5
	reserve      = 5 // index of the RAF Reserve among the places of red dice
	numPlaces    = 6 // the five rows and the Reserve
	redDice      = 5 // red dice in the box (TB-4)
	maxPips      = 6 // most pips on any die
	entryColumn  = 4 // Luftwaffe dice enter in column 4 (TB-2, TB-6)
	resetValue   = 3 // value of a Luftwaffe die after clean-up (TB-19)
	bombSpace    = 4 // the Wave Tracker space with the bomb icon (TB-9)
	rafSeat      = engine.Seat(0)
)

// step says what the game is waiting for.
type step uint8

// The steps of a round. The comment names who acts.
const (
	stSetupPriority step = iota // chance: priority target at setup (TB-7)
	stSpend                     // RAF: phase 2 purchases (TB-11)
	stActions                   // RAF: phase 3 actions (TB-12)
	stAttackRoll                // chance: the attack die (TB-13)
	stAces                      // RAF: spend Aces on a failed attack roll (TB-13)
	stReinfRow                  // chance: reinforcement row die (TB-14)
	stReinfEffect               // chance: reinforcement effect die (TB-14)
	stRedirect                  // chance: raid redirection (TB-15)
	stDisrupt                   // RAF: disrupt the raid or let it through (TB-16)
	stDamage                    // chance: one rolled raid damage die (TB-16)
	stNewPriority               // chance: new priority target (TB-17)
	stOver                      // the game is over (TB-18, TB-20)
)

// State is one moment of a game of Tiny Battle of Britain. It is a small value:
// fixed arrays and small integers, so a copy is a deep copy. Use it through
// engine.State; the zero value is not a valid game (use Game.New).
type State struct {
	loc       [numRows]int8   // location dice; 0 = destroyed (TB-17)
	lwCol     [numRows]int8   // Luftwaffe die column, 0 = on the location (TB-2)
	lwVal     [numRows]int8   // Luftwaffe die value; 0 = shot down (TB-13)
	raf       [numPlaces]int8 // RAF pips per row, then the Reserve; 0 = no die there
	resources int8            // 0..6 (TB-10)
	resBefore int8            // resources before this round's phase 1
	aces      int8            // 0..6 (TB-11)
	priority  int8            // priority target row; -1 before the setup roll
	waves     int8            // Wave Tracker value at setup, for MaxLength
	waveVal   int8            // Wave Tracker value (TB-9)
	wavePos   int8            // Wave Tracker space, 0 = its box, 4 = the bomb
	round     int8            // the round being played, from 1
	step      step            // what the game is waiting for
	actions   int8            // phase 3 actions left (TB-12)

	// The attack in progress (TB-13).
	atkRaf  int8 // row of the attacking RAF die
	atkLw   int8 // row of the attacked Luftwaffe die
	atkNeed int8 // the result that avoids a loss: 3, 4 or 5
	atkRoll int8 // the die rolled
	atkRaid bool // a disrupting attack at range 0 (TB-16)

	// The reinforcement in progress (TB-14).
	reinfFace int8 // the row die
	reinfRow  int8 // the row it names

	// The raid in progress (TB-15, TB-16).
	raiders     uint8 // rows (bits 0..4) whose raid is still to come this phase
	raidRow     int8  // row of the raiding Luftwaffe die; -1 outside raids
	raidTarget  int8  // row of the location raided, after redirection
	raidFace    int8  // the redirection die, 0 if not redirected
	raidDisrupt bool  // the RAF disrupts this raid
	raidRolls   int8  // rolled damage dice still to roll
	needNewPri  bool  // the priority target was destroyed: roll a new one (TB-17)

	cause cause // why the game ended (result.go)
	fresh bool  // no action applied yet: SetLog writes the setup events

	log *engine.Log
}

// newState sets up the board from c (TB-5 … TB-9) and, when the priority
// target is given, plays phase 1 of round 1.
func newState(c config) *State {
	s := &State{
		loc:       c.loc,
		raf:       c.raf,
		resources: c.resources,
		resBefore: c.resources,
		aces:      c.aces,
		priority:  -1,
		waves:     c.waves,
		waveVal:   c.waves,
		raidRow:   -1,
		fresh:     true,
	}
	for r := range numRows {
		s.lwCol[r] = entryColumn
		s.lwVal[r] = c.luftwaffe
	}
	if c.priority < 0 {
		s.step = stSetupPriority
		return s
	}
	s.priority = c.priority
	s.startRound()
	return s
}

// Seats returns the one seat, the RAF.
func (s *State) Seats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "RAF", Side: "RAF"}}
}

// stepInfo says, for each step, who acts, how its die is rolled, what
// applies an action or a die face there (already checked), and at the RAF's
// decisions the pass: "done" in phase 2, "end" in phase 3, "keep" Aces, "let
// through" a raid. Apply, Roll and Advance all go through apply.
var stepInfo = [...]struct {
	seat  engine.Seat
	die   die
	pass  engine.Action
	apply func(*State, engine.Action)
}{
	stSetupPriority: {engine.Chance, rollFolded, 0, (*State).setupPriority},
	stSpend:         {rafSeat, rollNone, actDone, (*State).spend},
	stActions:       {rafSeat, rollNone, actEnd, (*State).act},
	stAttackRoll:    {engine.Chance, rollD6, 0, (*State).attackRoll},
	stAces:          {rafSeat, rollNone, actKeep, (*State).spendAces},
	stReinfRow:      {engine.Chance, rollD6, 0, (*State).reinforceRow},
	stReinfEffect:   {engine.Chance, rollD6, 0, (*State).reinforceEffect},
	stRedirect:      {engine.Chance, rollFolded, 0, (*State).redirect},
	stDisrupt:       {rafSeat, rollNone, actLetThrough, (*State).raidDamage},
	stDamage:        {engine.Chance, rollD6, 0, (*State).damageRoll},
	stNewPriority:   {engine.Chance, rollFolded, 0, (*State).newPriority},
	stOver:          {engine.Terminal, rollNone, 0, nil},
}

// die is how the die of a step is rolled.
type die uint8

const (
	rollNone   die = iota // no die: a decision, or the end
	rollD6                // a plain d6 (d6)
	rollFolded            // a die whose faces are folded (faceMask, foldedFace)
)

// Current says who acts: the RAF (seat 0), the dice, or nobody at the end.
func (s *State) Current() engine.Seat {
	if int(s.step) >= len(stepInfo) {
		return engine.Terminal
	}
	return stepInfo[s.step].seat
}

// legalMask computes the RAF's legal actions at its decision as a set of
// action numbers (all below 64). It is the one definition of legality for the
// RAF. It is computed only on demand, by Legal and by Apply of an action other
// than the pass, which is always legal; the flow asks for a decision only when
// more than its pass is legal (canSpend, canAct).
func (s *State) legalMask() uint64 {
	switch s.step {
	case stSpend:
		return s.spendMask()
	case stActions:
		return s.actionsMask()
	case stAces:
		// keep, or 1 up to the Aces needed (TB-13; see attack.go).
		return (2<<uint(s.atkNeed-s.atkRoll) - 1) << actAces
	case stDisrupt:
		return 1<<actLetThrough | 1<<actDisrupt
	}
	return 0
}

// Legal appends the actions seat may take now to buf, in increasing order.
// For engine.Chance these are the faces of the die being rolled.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	cur := s.Current()
	switch {
	case seat != cur:
		return buf
	case cur == rafSeat:
		return appendBits(buf, s.legalMask())
	case cur == engine.Chance:
		return appendBits(buf, uint64(s.faceMask()))
	}
	return buf
}

// ChanceOutcomes appends the faces of the die being rolled with their
// probabilities. Re-rolled faces (a 6 for the priority target, faces naming a
// destroyed location) are folded away, so the faces left are equally likely
// (TB-7, TB-15, TB-17).
func (s *State) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.Current() != engine.Chance {
		return buf
	}
	m := s.faceMask()
	if m == allFaces {
		const p = 1.0 / 6
		return append(buf, engine.Outcome{Action: 1, Prob: p}, engine.Outcome{Action: 2, Prob: p},
			engine.Outcome{Action: 3, Prob: p}, engine.Outcome{Action: 4, Prob: p},
			engine.Outcome{Action: 5, Prob: p}, engine.Outcome{Action: 6, Prob: p})
	}
	p := 1 / float64(bits.OnesCount8(m))
	for ; m != 0; m &= m - 1 {
		buf = append(buf, engine.Outcome{Action: engine.Action(bits.TrailingZeros8(m)), Prob: p})
	}
	return buf
}

// faceMask returns the faces (bits 1..6) the die being rolled can show, after
// folding re-rolls.
func (s *State) faceMask() uint8 {
	switch s.step {
	case stSetupPriority:
		return allFaces &^ (1 << 6) // TB-7: a 6 is rolled again
	case stNewPriority, stRedirect:
		var m uint8
		for r := range numRows {
			if s.loc[r] > 0 {
				m |= 1 << (r + 1)
			}
		}
		if s.step == stRedirect {
			m |= 1 << 6 // TB-15: a 6 names the priority target, never destroyed
		}
		return m
	}
	return allFaces
}

// allFaces is the mask of a plain d6: faces 1..6.
const allFaces uint8 = 0b1111110

// Apply validates and applies one action of seat. An illegal action returns an
// *engine.IllegalError citing the rule and leaves the state unchanged.
func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	if int(s.step) >= len(stepInfo) || seat != stepInfo[s.step].seat || s.step == stOver {
		return s.wrongSeat(seat)
	}
	if seat == engine.Chance {
		if a < 1 || a > 6 || s.faceMask()>>a&1 == 0 {
			return s.refuseFace(a)
		}
	} else if a != stepInfo[s.step].pass && (a < 0 || a >= numActions || s.legalMask()>>a&1 == 0) {
		// The RAF decides; its pass is always legal.
		return s.refuse(a)
	}
	s.fresh = false
	stepInfo[s.step].apply(s, a)
	return nil
}

// setupPriority takes the setup roll of the priority target (TB-7) and
// starts round 1.
func (s *State) setupPriority(a engine.Action) {
	f := int8(a)
	s.priority = f - 1
	if s.log != nil {
		s.logf("Setup: the priority target is %s (roll %d)", rowName(s.priority), f)
	}
	s.startRound()
}

// spend applies a phase 2 decision (TB-11).
func (s *State) spend(a engine.Action) {
	switch a {
	case actDone:
		if s.log != nil {
			s.logf("Phase 2: the RAF ends spending with %s left", plural(int(s.resources), "resource"))
		}
		s.startActions()
	case actBuild:
		s.build()
	case actTrain:
		s.train()
	default:
		s.raise(int8(a - actRaise))
	}
}

// spendAces spends the Aces chosen after a failed attack roll (TB-13).
func (s *State) spendAces(a engine.Action) {
	s.resolveAttack(int8(a - actAces))
}

// act applies a phase 3 decision (TB-12).
func (s *State) act(a engine.Action) {
	switch {
	case a == actEnd:
		if s.log != nil {
			s.logf("Phase 3: the RAF ends its actions; %s lost", plural(int(s.actions), "action"))
		}
		s.actions = 0
		s.startReinforcement()
	case a >= actAttack:
		r := int8(a - actAttack)
		s.actions--
		s.startAttack(r, r, false)
	default:
		m := int8(a - actMove)
		s.move(m/numPlaces, m%numPlaces)
	}
}

// MaxLength bounds the number of actions of this game from its setup
// (engine.Bounded): the priority roll, then at most 4 rounds per wave of
// stepsPerRound actions each (TB-9; see maxLength).
func (s *State) MaxLength() int {
	return 1 + bombSpace*int(s.waves)*stepsPerRound
}

// PassAction names the decision that does nothing: "done" in phase 2, "end"
// in phase 3, "keep" Aces, "let through" a raid.
func (s *State) PassAction(seat engine.Seat) (engine.Action, bool) {
	if seat != rafSeat || int(s.step) >= len(stepInfo) {
		return 0, false
	}
	i := &stepInfo[s.step]
	return i.pass, i.seat == rafSeat // pass is 0 where the RAF does not decide
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
		s.logSetup()
	}
}

// logf adds one event. Callers check s.log != nil first, so that simulation
// builds no text and boxes no arguments. It is kept out of line so that the
// rules around it stay small.
//
//go:noinline
func (s *State) logf(format string, args ...any) {
	s.log.Add(fmt.Sprintf(format, args...))
}

// Roll resolves the current chance node with a die from r, as
// Apply(engine.Chance, face) would with a face drawn from ChanceOutcomes: the
// fast path of simulation (engine.Roller).
func (s *State) Roll(r *engine.Rand) {
	s.fresh = false
	i := &stepInfo[s.step]
	if i.die == rollFolded {
		i.apply(s, s.foldedFace(r))
		return
	}
	i.apply(s, d6(r))
}

// d6 rolls a plain die with one bounded draw from r.
func d6(r *engine.Rand) engine.Action {
	return engine.Action(1 + r.IntN(6))
}

// foldedFace rolls a die whose faces are folded (faceMask): each face it can
// show is equally likely, with one bounded draw from r, the k-th face of the
// mask.
func (s *State) foldedFace(r *engine.Rand) engine.Action {
	m := s.faceMask()
	for k := r.IntN(bits.OnesCount8(m)); k > 0; k-- {
		m &= m - 1
	}
	return engine.Action(bits.TrailingZeros8(m))
}
