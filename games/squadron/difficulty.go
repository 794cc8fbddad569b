package squadron

import (
	"fmt"
	"io/fs"
)

// level is one difficulty level (data/difficulty.json): a designed set of
// changes laid over a scenario at setup. The rulebook's own numbers are
// never changed.
type level struct {
	id, name string
	aces     int  // at least this many squadrons get an Elite ace token
	reserve  int  // pilots added to (or, negative, taken from) the Reserve
	mulligan bool // the Mulligan is in play
}

// The levels' indices; standard, the default, is the zero value.
const (
	lvStandard = 0
	lvRecruit  = 1
	lvVeteran  = 2
)

var levelIDs = []string{"standard", "recruit", "veteran"}

// loadLevels reads the difficulty levels and checks that they are exactly
// standard, recruit and veteran, in that order, with values in range.
func (t *tables) loadLevels(fsys fs.FS) error {
	var f struct {
		Note   string `json:"note"`
		Levels []struct {
			ID       string   `json:"id"`
			Name     string   `json:"name"`
			Aces     int      `json:"aces"`
			Reserve  int      `json:"reserve"`
			Mulligan bool     `json:"mulligan"`
			Designed []string `json:"designed"`
		} `json:"levels"`
	}
	if err := decodeStrict(fsys, "difficulty.json", &f); err != nil {
		return err
	}
	if len(f.Levels) != len(levelIDs) {
		return fmt.Errorf("data file difficulty.json: %d levels, want %d (%v)", len(f.Levels), len(levelIDs), levelIDs)
	}
	for i, l := range f.Levels {
		if l.ID != levelIDs[i] {
			return fmt.Errorf("data file difficulty.json: level %d is %q, want %q", i+1, l.ID, levelIDs[i])
		}
		if err := checkDesigned("difficulty.json", l.ID, l.Designed, "aces", "reserve", "mulligan"); err != nil {
			return err
		}
		if l.Aces < 0 || l.Aces > numAces || l.Reserve < -3 || l.Reserve > 3 {
			return fmt.Errorf("data file difficulty.json: level %s: aces %d (0-%d) or reserve %+d (-3 to 3) out of range", l.ID, l.Aces, numAces, l.Reserve)
		}
		t.levels = append(t.levels, level{id: l.ID, name: l.Name, aces: l.Aces, reserve: l.Reserve, mulligan: l.Mulligan})
	}
	return nil
}

// levelIndex is the index of difficulty id, -1 when there is none.
func levelIndex(id string) int {
	for i, l := range levelIDs {
		if l == id {
			return i
		}
	}
	return -1
}

// applyLevel lays difficulty level lv over a state being set up: Elite
// aces, the Reserve and the Mulligan.
func (s *State) applyLevel(lv int) {
	l := &s.t.levels[lv]
	s.level = int8(lv)
	s.aces = max(s.aces, int8(l.aces))
	s.reserve = min(max(0, s.reserve+int8(l.reserve)), numPilots-s.nPl) // seven pilot cards in all
	s.mulligan = s.mulligan || l.mulligan
}
