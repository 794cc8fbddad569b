package squadron

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// This file holds the symbols, the die faces and the dice data.

// symbol is a symbol on a die or a card.
type symbol uint8

// The symbols (rulebook: Dice & symbols; Combat cards).
const (
	symBlank    symbol = iota // no effect
	symHit                    // one damage to the target
	symEvade                  // one damage avoided
	symManeuver               // card trigger or Maneuver token
	symReroll                 // roll this die once more
	symSuccess                // special die: choose Hit, Evasion or Maneuver
	symFailure                // special die: two damage to the roller
	symJoker                  // card Support: matches any symbol
	numSymbols
)

var symbolNames = [numSymbols]string{"blank", "hit", "evade", "maneuver", "reroll", "success", "failure", "joker"}

func (s symbol) String() string {
	if int(s) < len(symbolNames) {
		return symbolNames[s]
	}
	return "?"
}

func parseSymbol(t string) (symbol, bool) {
	for i, n := range symbolNames {
		if n == t {
			return symbol(i), true
		}
	}
	return 0, false
}

// face is one die face: a symbol and, on a Luftwaffe Hit, the propeller
// (2, 3 or 4 blades). It is encoded as sym | prop<<3, the chance action of a
// die roll.
type face uint8

func mkFace(s symbol, prop int) face { return face(uint8(s) | uint8(prop)<<3) }
func (f face) sym() symbol           { return symbol(f & 7) }
func (f face) prop() int             { return int(f >> 3) }

func (f face) String() string {
	if f.prop() > 0 {
		return fmt.Sprintf("%s/%d", f.sym(), f.prop())
	}
	return f.sym().String()
}

func parseFace(t string) (face, bool) {
	name, prop, hasProp := strings.Cut(t, "/")
	s, ok := parseSymbol(name)
	if !ok {
		return 0, false
	}
	if !hasProp {
		return mkFace(s, 0), true
	}
	switch prop {
	case "2", "3", "4":
		if s != symHit {
			return 0, false
		}
		return mkFace(s, int(prop[0]-'0')), true
	}
	return 0, false
}

// dieKind is a kind of die.
type dieKind uint8

// The five kinds of dice (rulebook: Dice).
const (
	dieBlue dieKind = iota
	dieYellow
	dieRed
	dieBlack
	dieWhite
	numDice
)

var dieNames = [numDice]string{"blue", "yellow", "red", "black", "white"}

// faceProb is one distinct face of a die with its probability.
type faceProb struct {
	f    face
	prob float64
	n    int // how many of the six faces show it
}

func (t *tables) loadDice(fsys fs.FS) error {
	var f struct {
		Note string `json:"note"`
		Dice []struct {
			ID       string   `json:"id"`
			Name     string   `json:"name"`
			Count    int      `json:"count"`
			Faces    []string `json:"faces"`
			Designed []string `json:"designed"`
		} `json:"dice"`
	}
	if err := decodeStrict(fsys, "dice.json", &f); err != nil {
		return err
	}
	allowed := map[dieKind][]symbol{
		dieBlue:   {symBlank, symHit, symEvade, symManeuver, symReroll},
		dieYellow: {symSuccess, symFailure},
		dieRed:    {symBlank, symHit, symEvade},
		dieBlack:  {symBlank, symHit, symEvade},
		dieWhite:  {symBlank, symHit, symEvade},
	}
	total := 0
	for _, d := range f.Dice {
		k := -1
		for i, n := range dieNames {
			if n == d.ID {
				k = i
			}
		}
		if k < 0 {
			return fmt.Errorf("data file dice.json: unknown die %q; the dice are %v", d.ID, dieNames)
		}
		if err := checkDesigned("dice.json", "die "+d.ID, d.Designed, "count", "faces"); err != nil {
			return err
		}
		if len(d.Faces) != 6 {
			return fmt.Errorf("data file dice.json: die %s has %d faces, not 6", d.ID, len(d.Faces))
		}
		total += d.Count
		counts := map[face]int{}
		var order []face
		for _, fs := range d.Faces {
			fc, ok := parseFace(fs)
			if !ok {
				return fmt.Errorf("data file dice.json: die %s: unreadable face %q", d.ID, fs)
			}
			okSym := false
			for _, s := range allowed[dieKind(k)] {
				okSym = okSym || s == fc.sym()
			}
			german := k >= int(dieRed)
			if !okSym || (german && fc.sym() == symHit && fc.prop() == 0) || (!german && fc.prop() > 0) {
				return fmt.Errorf("data file dice.json: die %s cannot show %q (every Luftwaffe Hit carries a propeller, no RAF face does)", d.ID, fs)
			}
			if counts[fc] == 0 {
				order = append(order, fc)
			}
			counts[fc]++
		}
		sort.Slice(order, func(i, j int) bool { return order[i] < order[j] })
		for _, fc := range order {
			t.dice[k] = append(t.dice[k], faceProb{f: fc, prob: float64(counts[fc]) / 6, n: counts[fc]})
		}
	}
	for k := range t.dice {
		if len(t.dice[k]) == 0 {
			return fmt.Errorf("data file dice.json: die %s is missing", dieNames[k])
		}
	}
	if total != 21 {
		return fmt.Errorf("data file dice.json: %d dice in all; the rulebook counts 21", total)
	}
	return nil
}
