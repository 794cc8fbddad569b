package tinybob

import (
	"math/bits"

	"scramble/engine"
)

// cause is why a game ended.
type cause int8

// The ends of a game (rulebook "Goal of the Game", TB-18, TB-20).
const (
	causeNone      cause = iota // still playing
	causeVictory                // the last wave ended with no loss
	causeNoPlanes               // the RAF has no pips left
	causeAirfields              // Airfields destroyed
	causeTwo                    // two locations destroyed
)

// String is the cause as a stable statistics key.
func (c cause) String() string {
	if uint(c) < uint(len(causeNames)) {
		return causeNames[c]
	}
	return ""
}

// causeNames are the causes as statistics keys.
var causeNames = [...]string{
	causeNone:      "",
	causeVictory:   "victory",
	causeNoPlanes:  "no planes left",
	causeAirfields: "Airfields destroyed",
	causeTwo:       "two locations destroyed",
}

// checkLocations ends the game if the locations make it lost: Airfields
// destroyed, or two locations destroyed (TB-18). It reports whether the game
// ended.
func (s *State) checkLocations() bool {
	if s.loc[rowAirfields] == 0 {
		s.lose(causeAirfields)
		return true
	}
	// A byte per row (bytes.go): count the locations standing.
	standing := bits.OnesCount(eachBit(atLeastEach(rowsWord(&s.loc), 1)))
	if numRows-standing >= 2 {
		s.lose(causeTwo)
		return true
	}
	return false
}

// lose ends the game at once with a loss (TB-18).
func (s *State) lose(c cause) {
	s.cause = c
	s.step = stOver
	if s.log != nil {
		s.logf("The RAF has lost: %s (round %d, score %d)", c, s.round, s.score())
	}
}

// win ends the game with a victory (TB-20).
func (s *State) win() {
	s.cause = causeVictory
	s.step = stOver
	if s.log != nil {
		s.logf("Victory for the RAF after %d rounds; score %d", s.round, s.score())
	}
}

// score is the sum of the location dice (rulebook "Alternative Rules",
// TB-20); kept on a loss too, for statistics.
func (s *State) score() int {
	// The multiplication adds the bytes of the rows (bytes.go) into the top
	// byte: at most 5 × 6 = 30, so no byte carries.
	return int(rowsWord(&s.loc) * lowBits >> 56)
}

// Result tells how the game ended: Returns {1} and Winner "RAF" for a
// victory, {0} and "Luftwaffe" for a loss; Cause is "victory", "no planes
// left", "Airfields destroyed" or "two locations destroyed"; Score the sum of
// the location dice; Rounds the rounds played. Before the end it returns only
// the score and rounds so far.
func (s *State) Result() engine.Result {
	// Each case builds its whole result, which the compiler writes in place.
	switch s.cause {
	case causeNone:
		return engine.Result{Score: s.score(), Rounds: int(s.round)}
	case causeVictory:
		return engine.Result{Returns: rafWon[:], Winner: "RAF", Cause: causeNames[causeVictory], Score: s.score(), Rounds: int(s.round)}
	}
	return engine.Result{Returns: rafLost[:], Winner: "Luftwaffe", Cause: s.cause.String(), Score: s.score(), Rounds: int(s.round)}
}

// rafWon and rafLost are the returns of every won and every lost game,
// shared by all results (engine.Result.Returns is read-only), so that a
// result allocates nothing.
var (
	rafWon  = [1]float64{1}
	rafLost = [1]float64{0}
)
