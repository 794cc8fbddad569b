package boba

import (
	"fmt"
	"strconv"

	"scramble/engine"
)

// Sizes of the fixed arrays that hold a state, so that a copy of the struct
// is a deep copy.
const (
	maxDays   = 14
	maxPlanes = 16 // 6 bombers, 4 German fighters, 6 British fighters
	maxShots  = 16 // one attacker's die and at most 8 adjacent guns
)

// phase says what the state waits for.
type phase int8

// The phases. The chance phases wait for a die; phDive, phPick and phMove
// wait for a seat (or run the German automation).
const (
	phTarget   phase = iota // the target die (Selection)
	phSelect                // the red and white dice for group Group (Selection)
	phDive                  // a fighter squadron may take the dive roll (optional rule)
	phDiveRoll              // the dive-or-climb die
	phMP                    // a fighter's movement die (Table 2)
	phPick                  // choose the next plane of Side to move (Movement)
	phMove                  // the moving plane's next step, attack or end (Maneuver, Combat)
	phFire                  // the dice of one stop (Combat)
	phBomb                  // a bombing die (Bombing)
	phOver                  // the campaign is over (Victory)
)

var phaseNames = [...]string{
	phTarget: "target roll", phSelect: "squadron selection", phDive: "dive or level",
	phDiveRoll: "dive or climb roll", phMP: "movement dice", phPick: "choose a plane",
	phMove: "movement", phFire: "fire", phBomb: "bombing", phOver: "over",
}

// status is where a plane of the day's raid is.
type status int8

// The statuses of a plane.
const (
	unused     status = iota // the slot holds no plane
	onBoard                  // flying on the board
	shotDown                 // destroyed (Combat)
	exited                   // a bomber that left by the far edge and bombs (Bombing)
	turnedBack               // a bomber still on the board at the turn limit (BA-15)
)

// plane is one model on the board.
type plane struct {
	Type   planeType
	Group  int8 // gb, gf or bf
	Sq     int8 // squadron, 0 for GB1/GF1/BF1
	Slot   int8 // 0 or 1: the squadron's place in the raid (Placement)
	Num    int8 // identification number within the type, 1..6 (BA-3)
	X, Y   int8
	Face   dir
	HomeX  int8 // the column it was placed in (bombers keep to it, BA-13)
	Status status
	MP     int8 // this turn's movement points (fighters)
	Rolled bool // its movement die has been rolled this turn
	Moved  bool // it has moved this turn
	Hold   bool // it climbs and stays still this turn (optional rule)
}

func (p *plane) german() bool     { return p.Group != bf }
func (p *plane) spec() *planeSpec { return &planeSpecs[p.Type] }
func (p *plane) name() string     { return planeSpecs[p.Type].Name + " " + strconv.Itoa(int(p.Num)) }
func (p *plane) at(x, y int) bool { return int(p.X) == x && int(p.Y) == y }

// shot is one die of a stop: From fires at To, hitting on Need or more.
type shot struct {
	From, To int8
	Need     int8
	Roll     int8 // 0 until rolled
}

// The two kinds of stop (Combat: a fighter takes fire whenever it stops).
const (
	stopAttack = 1 // the fighter stopped to fire at Tgt
	stopEnd    = 2 // the fighter ended its move
)

// What became of a day (record sheet).
const (
	dayRaid      = 1 // the raid was flown
	dayScrubbed  = 2 // no bomber squadron could fly (Selection)
	dayUnopposed = 3 // no British squadron could fly: the bombers bombed at once (Selection)
)

// dayRec is one column of the record sheet.
type dayRec struct {
	Played     bool
	TargetRoll int8 // the target die; 0 when the target was automatic
	Target     int8 // -1 before the roll
	Rolls      [3][2]int8
	Flying     [3][2]int8 // the squadrons that flew, -1 none
	Outcome    int8
	Losses     [3][6]int8
	Damage     int8 // points added to the target
	Exited     int8 // bombers that reached the target
	Turns      int8
}

// The ways a campaign ends (Result.Cause).
const (
	causeNone      = 0
	causeTargets   = 1 // the Germans destroyed the airfield and a secondary target
	causeCannotWin = 2 // the Germans can no longer win (BA-19)
	causeCampaign  = 3 // the last day passed without a German victory
)

var causeNames = [...]string{"", "targets destroyed", "Germans cannot win", "campaign over"}

// config is the game's setup, read from its options.
type config struct {
	Width, Length, Days int
	LuftSeat            bool // the Luftwaffe is seat 1, not the automation
	DiveFirst           bool // the optional dive/climb first move
	GB2                 planeType
}

// core is every fact of a game in plain values: copying it copies the game.
type core struct {
	Cfg config

	// The campaign.
	Day   int8 // 1..Days
	Phase phase
	Group int8       // the group being selected in phSelect
	Str   [3][6]int8 // planes left in each squadron (Table 1)
	Dmg   [3]int8    // damage on each target, 0..30
	Rec   [maxDays]dayRec

	// The day's raid.
	Target   int8       // -1 before the target roll
	Flying   [3][2]int8 // squadrons flying, by slot; -1 none
	P        [maxPlanes]plane
	NP       int8 // planes placed
	Turn     int8
	Side     int8       // 0 German fighters, 1 British fighters
	DiveSlot int8       // the squadron slot whose dive choice is asked
	Dive     [2][2]int8 // per side and slot: the dive bonus, -1 climbing, 0 none

	// The plane moving.
	Cur    int8 // -1 when none
	MPLeft int8
	Steps  int8 // squares moved in this move

	// The dice of a stop.
	Fire     [maxShots]shot
	NFire    int8
	FireNext int8
	FireKind int8
	Tgt      int8 // the target of a stopAttack

	// Bombing.
	BombLeft int8 // bombing dice still to roll

	// The end.
	Winner int8 // 0 British, 1 Germans
	Cause  int8
}

// state is the game state: the core plus the event log, which is not part of
// the game.
type state struct {
	core
	log *engine.Log
}

func newState(c config) *state {
	s := &state{}
	s.Cfg = c
	for g := range squadronTable {
		for i := range squadronTable[g] {
			s.Str[g][i] = int8(squadronTable[g][i].Planes)
		}
	}
	s.Day = 1
	s.newDay()
	s.advance()
	return s
}

// Seats are the British (seat 0) and, with luftwaffe=seat, the Luftwaffe.
func (s *state) Seats() []engine.SeatInfo {
	seats := []engine.SeatInfo{{Name: "British", Side: "British"}}
	if s.Cfg.LuftSeat {
		seats = append(seats, engine.SeatInfo{Name: "Luftwaffe", Side: "Germans"})
	}
	return seats
}

// Current says who acts: the dice, the British seat (0), the Luftwaffe seat
// (1), or nobody once the campaign is over.
func (s *state) Current() engine.Seat {
	switch s.Phase {
	case phOver:
		return engine.Terminal
	case phDive, phPick, phMove:
		if s.Side == 1 {
			return 0
		}
		return 1
	}
	return engine.Chance
}

// Clone returns an independent copy with no event log.
func (s *state) Clone() engine.State { return &state{core: s.core} }

// SetLog makes the state write its events to l.
func (s *state) SetLog(l *engine.Log) { s.log = l }

// logf adds an event when a log is set. Callers whose arguments cost
// something to build check s.log themselves.
func (s *state) logf(format string, args ...any) {
	if s.log != nil {
		s.log.Add(fmt.Sprintf(format, args...))
	}
}

// sqType is the aircraft of squadron sq of group g (GB2 per the option).
func (s *state) sqType(g, sq int) planeType {
	if g == gb && sq == 1 {
		return s.Cfg.GB2
	}
	return squadronTable[g][sq].Type
}

// sqName names a squadron as the record sheet does ("GB3").
func sqName(g, sq int) string { return groupPrefix[g] + strconv.Itoa(sq+1) }

// sideGroup is the squadron group of each fighter side.
var sideGroup = [2]int8{gf, bf}

// occupant returns the plane on the board at (x, y) other than except, or -1.
func (s *state) occupant(x, y, except int) int {
	for i := 0; i < int(s.NP); i++ {
		p := &s.P[i]
		if i != except && p.Status == onBoard && p.at(x, y) {
			return i
		}
	}
	return -1
}

// onBoard reports whether (x, y) is a square of the board.
func (s *state) onBoard(x, y int) bool {
	return x >= 0 && y >= 0 && x < s.Cfg.Width && y < s.Cfg.Length
}

// count returns the planes of group g (any group when g < 0) with status st.
func (s *state) count(g int, st status) int {
	n := 0
	for i := 0; i < int(s.NP); i++ {
		if s.P[i].Status == st && (g < 0 || int(s.P[i].Group) == g) {
			n++
		}
	}
	return n
}

// destroy removes a plane shot down and writes the loss on the record sheet.
func (s *state) destroy(i int) {
	p := &s.P[i]
	if p.Status != onBoard {
		return
	}
	p.Status = shotDown
	s.Str[p.Group][p.Sq]--
	s.Rec[s.Day-1].Losses[p.Group][p.Sq]++
	if s.log != nil {
		s.logf("%s (%s) is shot down at %s.", p.name(), sqName(int(p.Group), int(p.Sq)), squareName(int(p.X), int(p.Y)))
	}
}
