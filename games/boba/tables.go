package boba

// This file holds every number of the game: the tables the rulebook prints,
// the figures it lost (rebuilt from its text), and the values this
// implementation had to design. Each value carries its provenance:
//
//	TEXT      the rulebook states it (the section or table is named)
//	FOUND     a public source states it (named)
//	INFERRED  follows from the rulebook's words without stating it
//	DESIGNED  chosen here; the ruling BA-n in rulings.go explains why
//
// The rulebook is /shared/rulebooks/battle-of-britain-again.txt; what is known
// of its lost figures is /shared/reference/battle-of-britain-again.md.

// planeType is one of the eight aircraft of the game.
type planeType int8

// The aircraft, bombers first (the order of Table 2).
const (
	ju87 planeType = iota
	he111
	do17
	ju88
	me110
	me109
	hurricane
	spitfire
	numTypes
)

// planeSpec describes one aircraft type.
type planeSpec struct {
	// Name is the type as players write it ("He111").
	Name string
	// Code is the letter drawn on the board: upper case British, lower case
	// German.
	Code byte
	// German and Bomber say which side and kind the type is.
	German, Bomber bool
	// MP is a bomber's fixed movement points, or the bonus a fighter adds to
	// its 1d6 (Table 2).
	MP int
	// Engines is the number of bombing dice (Bombing).
	Engines int
	// Forward is the d6 roll the type's forward guns need in a head-on
	// exchange (Combat; Addenda).
	Forward int
	// Rear is the d6 roll its rear gun needs; 0 means it has none (Combat;
	// Addenda).
	Rear int
}

// planeSpecs is Table 2 with the guns of Combat and the Addenda.
var planeSpecs = [numTypes]planeSpec{
	// TEXT Table 2: 2 MPs. TEXT Bombing: "Ju87s have only one engine".
	// TEXT Addenda: a bomber whose forward guns need a 6. TEXT Combat:
	// bomber defensive fire needs a 6.
	ju87: {Name: "Ju87", Code: 'u', German: true, Bomber: true, MP: 2, Engines: 1, Forward: 6, Rear: 6},
	// TEXT Table 2: 3 MPs. INFERRED Bombing: two engines (only the Ju87
	// is named as having one).
	he111: {Name: "He111", Code: 'h', German: true, Bomber: true, MP: 3, Engines: 2, Forward: 6, Rear: 6},
	// TEXT Table 2: 3 MPs (Table 1: GB2 may fly Do17s). INFERRED: two
	// engines.
	do17: {Name: "Do17", Code: 'd', German: true, Bomber: true, MP: 3, Engines: 2, Forward: 6, Rear: 6},
	// TEXT Table 2: 4 MPs. INFERRED: two engines.
	ju88: {Name: "Ju88", Code: 'j', German: true, Bomber: true, MP: 4, Engines: 2, Forward: 6, Rear: 6},
	// TEXT Table 2: 1d6 + 0. TEXT Addenda: a fighter whose forward guns
	// fire like a fighter's (4-6) and whose rear gun needs a 6.
	me110: {Name: "Me110", Code: 'z', German: true, MP: 0, Forward: 4, Rear: 6},
	// TEXT Table 2: 1d6 + 2. TEXT Combat: fighters hit on 4-6 head-on.
	me109: {Name: "Me109", Code: 'e', German: true, MP: 2, Forward: 4},
	// TEXT Table 2: 1d6 + 1.
	hurricane: {Name: "Hurricane", Code: 'H', MP: 1, Forward: 4},
	// TEXT Table 2: 1d6 + 2.
	spitfire: {Name: "Spitfire", Code: 'S', MP: 2, Forward: 4},
}

// squadronSpec is one line of Table 1.
type squadronSpec struct {
	Type   planeType
	Planes int
}

// The squadron groups of Table 1.
const (
	gb = 0 // German bombers, GB1-GB6
	gf = 1 // German fighters, GF1-GF6
	bf = 2 // British fighters, BF1-BF6
)

// groupPrefix names the groups as the record sheet does.
var groupPrefix = [3]string{"GB", "GF", "BF"}

// squadronTable is Table 1 (TEXT), with each squadron's starting number of
// planes. GB2 flies He111s or Do17s: the option gb2 chooses (BA-21).
var squadronTable = [3][6]squadronSpec{
	gb: {{ju87, 3}, {he111, 3}, {he111, 3}, {he111, 3}, {he111, 3}, {ju88, 3}},
	gf: {{me110, 2}, {me110, 2}, {me109, 2}, {me109, 2}, {me109, 2}, {me109, 2}},
	bf: {{hurricane, 3}, {hurricane, 3}, {hurricane, 3}, {hurricane, 3}, {spitfire, 3}, {spitfire, 3}},
}

// The targets, in the order of the target roll.
const (
	radar    = 0
	factory  = 1
	airfield = 2
)

// targetNames names the targets.
var targetNames = [3]string{"radar", "factory", "airfield"}

// targetOfFace is the target roll on 1d6 with all three targets standing:
// 1-2 radar, 3-4 factory, 5-6 airfield (TEXT Selection; Bombing).
var targetOfFace = [7]int{-1, radar, radar, factory, factory, airfield, airfield}

// targetPoints is the damage that destroys a target (TEXT Bombing: 30).
const targetPoints = 30

// Movement point costs of one step (TEXT Maneuver, Figure 2).
const (
	costAhead    = 1
	costDiagonal = 2
	costLateral  = 3
)

// angle is where an attacker sits as seen from its target (Figure 3).
type angle int8

// The angles of the fighter hit chart.
const (
	front angle = iota
	frontDiagonal
	side
	rearDiagonal
	rear
)

var angleNames = [5]string{"head-on", "the front diagonal", "the side", "the rear diagonal", "the rear"}

// hitChart is the fighter hit chart: the d6 roll a fighter needs from each
// angle (TEXT Combat, Figure 3: front 4-6, front or rear diagonal 5-6, side
// 6, rear 3-6).
var hitChart = [5]int{front: 4, frontDiagonal: 5, side: 6, rearDiagonal: 5, rear: 3}

// defensiveNeed is the roll a bomber's guns need (TEXT Combat: 6).
const defensiveNeed = 6

// Board defaults (INFERRED in the reference: three 22 x 28-inch poster
// boards joined lengthwise and ruled in 2-inch squares give 11 x 42; the
// exact number is DESIGNED, BA-1).
const (
	defaultWidth   = 11
	defaultLength  = 42
	minBoardWidth  = 7 // the narrowest board on which Figure 1 fits (BA-2)
	maxBoardWidth  = 26
	minBoardLength = 12
	maxBoardLength = 99
)

// defaultDays is the campaign's length (TEXT Objectives: 7 days).
const defaultDays = 7

// Figure 1, placement (DESIGNED, BA-2). Offsets are (column, row) from the
// board's corners; rows count from the German end. Every formation lists its
// slots in the order a weakened squadron fills them: leader, then the west
// wingman, then the east wingman.
var (
	// bomberVic is the vic of a bomber squadron around the centre column
	// c: the leader in front, the wingmen one row behind and one column
	// out (TEXT Placement: "an inverted V ... with the leader in front").
	bomberVic = [3][2]int{{0, 1}, {-1, 0}, {1, 0}}
	// bomberGap is the rows between the two bomber leaders (TEXT
	// Placement: "four squares ahead").
	bomberGap = 4
	// fighterPair is the oblique pair of the German fighter squadron in
	// the west corner: the leader inside and forward, the wingman in the
	// corner (TEXT Placement); the east corner mirrors it.
	fighterPair = [2][2]int{{1, 1}, {0, 0}}
	// britishVic is the British vic in the west corner of the far end,
	// the leader one row nearer the Germans (TEXT Placement: "inverted V");
	// the east corner mirrors it.
	britishVic = [3][2]int{{1, 1}, {0, 0}, {2, 0}}
)

// raidTurnsPerRow sets the turn limit of a raid: this many turns per row of
// the board, twice what the slowest bomber (the Ju87, 2 MPs) needs to cross
// it unhindered (DESIGNED, BA-15: the rulebook sets no limit, but a raid must
// end).
const raidTurnsPerRow = 1

// germansAlwaysDive: with the optional first-move rule the automated German
// squadrons always take the roll (DESIGNED, BA-17: the Luftwaffe's escorts
// flew above the bombers and dived on the interceptors).
const germansAlwaysDive = true

// diveBonus: in the optional first-move rule an even roll adds itself to the
// MPs and an odd one holds the squadron still (TEXT Placement, optional).
func diveBonus(face int) int {
	if face%2 == 0 {
		return face
	}
	return -1
}
