package tinybob

import (
	"strconv"
	"strings"

	"scramble/engine"
)

// The RAF's actions. One numbering covers every decision, so an action means
// the same thing wherever it is legal:
//
//	0        done         end phase 2 spending (the pass of phase 2)
//	1..5     raise ROW    raise location row 1..5 by one (TB-11)
//	6        build        build a plane into the Reserve (TB-11)
//	7        train        train an Ace (TB-11)
//	8..43    move FROM TO 8 + 6*from + to, places 0..4 the rows and 5 the
//	                      Reserve; from == to is never legal (TB-12)
//	44..48   attack ROW   attack in row 1..5 (TB-12, TB-13)
//	49       end          end phase 3, losing the actions left (TB-12)
//	50..56   aces N       spend N Aces on the attack roll; 50 is "keep" (TB-13)
//	57       let through  do not disrupt the raid (TB-16)
//	58       disrupt      disrupt the raid (TB-16)
//
// All are below 64, so a decision's legal actions are a 64-bit set, listed
// in increasing order: each decision's pass comes first in phase 2 ("done")
// and last in phase 3 ("end"). Chance actions are the face shown by the die,
// 1..6 ("roll 4").
const (
	actDone       engine.Action = 0
	actRaise      engine.Action = 1
	actBuild      engine.Action = 6
	actTrain      engine.Action = 7
	actMove       engine.Action = 8
	actAttack     engine.Action = 44
	actEnd        engine.Action = 49
	actAces       engine.Action = 50
	actKeep                     = actAces
	actLetThrough engine.Action = 57
	actDisrupt    engine.Action = 58
	numActions    engine.Action = 59
)

// moveAction encodes moving one pip from place from to place to.
func moveAction(from, to int8) engine.Action {
	return actMove + engine.Action(from)*numPlaces + engine.Action(to)
}

// ActionString gives the text form of an action: "done", "raise fuel",
// "build", "train", "move industry reserve", "attack antiair", "end", "keep",
// "aces 2", "disrupt", "let through", and "roll 4" for a die. Numbers that are
// no action print as "invalid action N".
func (s *State) ActionString(seat engine.Seat, a engine.Action) string {
	switch seat {
	case engine.Chance:
		if a >= 1 && a <= 6 {
			return "roll " + strconv.Itoa(int(a))
		}
	case rafSeat:
		if t := rafText(a); t != "" {
			return t
		}
	}
	return "invalid action " + strconv.Itoa(int(a))
}

// rafText is the text of an RAF action, "" if a is out of range.
func rafText(a engine.Action) string {
	switch {
	case a == actDone:
		return "done"
	case a >= actRaise && a < actRaise+numRows:
		return "raise " + placeToken(int8(a-actRaise))
	case a == actBuild:
		return "build"
	case a == actTrain:
		return "train"
	case a == actEnd:
		return "end"
	case a >= actAttack && a < actAttack+numRows:
		return "attack " + placeToken(int8(a-actAttack))
	case a >= actMove && a < actMove+numPlaces*numPlaces:
		m := int8(a - actMove)
		return "move " + placeToken(m/numPlaces) + " " + placeToken(m%numPlaces)
	case a == actKeep:
		return "keep"
	case a > actAces && a <= actAces+maxPips:
		return "aces " + strconv.Itoa(int(a-actAces))
	case a == actLetThrough:
		return "let through"
	case a == actDisrupt:
		return "disrupt"
	}
	return ""
}

// ParseAction reads an action's text form, case-insensitively. Rows are named
// (industry, antiair, warning, fuel, airfields, reserve; also "anti-air",
// "early warning", "fuel dumps") or numbered 1..5, and R is the Reserve.
// "move A to B", "aces 0" (for keep), "let" (for let through) and a bare die
// face are accepted too. It does not check that the action is legal now.
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	if len(text) > 100 {
		return 0, engine.Illegal("", "%d characters is too long for an action", len(text))
	}
	t := strings.ToLower(strings.Join(strings.Fields(text), " "))
	t = strings.NewReplacer("anti-air", "antiair", "anti air", "antiair", "early warning", "warning",
		"fuel dumps", "fuel").Replace(t)
	w := strings.Fields(t)
	if len(w) == 0 {
		return 0, engine.Illegal("", "no action given")
	}
	switch seat {
	case engine.Chance:
		if w[0] == "roll" {
			w = w[1:]
		}
		if len(w) == 1 {
			if n, err := strconv.Atoi(w[0]); err == nil && n >= 1 && n <= 6 {
				return engine.Action(n), nil
			}
		}
		return 0, engine.Illegal("", "%q is not a die roll; write roll and a face 1-6, e.g. roll 4", text)
	case rafSeat:
		if a, ok := parseRAF(w); ok {
			return a, nil
		}
		return 0, engine.Illegal("", "%q is not an RAF action; try done, raise fuel, build, train, move 1 reserve, attack antiair, end, aces 2, keep, disrupt or let through", text)
	}
	return 0, engine.Illegal("", "seat %s has no actions: the RAF is the only seat (0)", seat)
}

// parseRAF reads the words of an RAF action.
func parseRAF(w []string) (engine.Action, bool) {
	one := func(a engine.Action) (engine.Action, bool) { return a, len(w) == 1 }
	switch w[0] {
	case "done":
		return one(actDone)
	case "build":
		return one(actBuild)
	case "train":
		return one(actTrain)
	case "end":
		return one(actEnd)
	case "keep":
		return one(actKeep)
	case "disrupt":
		return one(actDisrupt)
	case "let":
		if len(w) == 1 || (len(w) == 2 && w[1] == "through") {
			return actLetThrough, true
		}
	case "raise", "attack":
		if len(w) != 2 {
			return 0, false
		}
		r, ok := parsePlace(w[1])
		if !ok || r == reserve {
			return 0, false
		}
		if w[0] == "raise" {
			return actRaise + engine.Action(r), true
		}
		return actAttack + engine.Action(r), true
	case "move":
		if len(w) == 4 && w[2] == "to" {
			w = []string{w[0], w[1], w[3]}
		}
		if len(w) != 3 {
			return 0, false
		}
		from, ok1 := parsePlace(w[1])
		to, ok2 := parsePlace(w[2])
		if !ok1 || !ok2 || from == to {
			return 0, false
		}
		return moveAction(from, to), true
	case "aces", "ace":
		if len(w) != 2 {
			return 0, false
		}
		n, err := strconv.Atoi(w[1])
		if err != nil || n < 0 || n > maxPips {
			return 0, false
		}
		return actAces + engine.Action(n), true
	}
	return 0, false
}

// parsePlace reads a row (by name or number 1..5) or the Reserve.
func parsePlace(w string) (int8, bool) {
	switch w {
	case "1", "industry":
		return rowIndustry, true
	case "2", "antiair", "aa":
		return rowAntiAir, true
	case "3", "warning", "ew":
		return rowWarning, true
	case "4", "fuel":
		return rowFuel, true
	case "5", "airfields", "airfield":
		return rowAirfields, true
	case "r", "reserve", "reserves":
		return reserve, true
	}
	return 0, false
}

// placeToken is the one-word text name of a row or the Reserve.
func placeToken(p int8) string {
	switch p {
	case rowIndustry:
		return "industry"
	case rowAntiAir:
		return "antiair"
	case rowWarning:
		return "warning"
	case rowFuel:
		return "fuel"
	case rowAirfields:
		return "airfields"
	case reserve:
		return "reserve"
	}
	return "?"
}

// rowName is the full name of a row's location, or "the Reserve".
func rowName(p int8) string {
	switch p {
	case rowIndustry:
		return "Industry"
	case rowAntiAir:
		return "Anti-Air"
	case rowWarning:
		return "Early Warning"
	case rowFuel:
		return "Fuel Dumps"
	case rowAirfields:
		return "Airfields"
	case reserve:
		return "the Reserve"
	}
	return "?"
}
