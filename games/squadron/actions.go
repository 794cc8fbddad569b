package squadron

import (
	"strconv"
	"strings"

	"scramble/engine"
)

// The pilots' actions. One numbering covers every decision; the step says
// which decision is being taken:
//
//	0         pass: "neither", "done", "hold", "keep dice", "no card",
//	          "no support", "drop", "no defence", "no medal"
//	1, 2      "ability", "special die" (Phase II.1)
//	3         "withdraw" (a Medal; Phase II.3)
//	4         "land" (Phase II.5)
//	5         "same opponent" (second Combat round)
//	6, 7      "assign", "keep" a Maneuver
//	8, 9, 10  airfield: "ammo", "draw", "repair"
//	11        "reroll" (František)
//	12..14    "start London", "start Biggin Hill", "start Tonbridge"
//	15        "mulligan" (the optional Mulligan)
//	16..23    "die N" or "die N as hit|evade|maneuver": 16 + 4*die + choice
//	24..29    Specialization: "special reroll", "special hit", "special
//	          evade", "special set hit|evade|maneuver"
//	30        "token": a kept Maneuver token spent as this round's symbol
//	31        "later": let another pilot act first (Phase II, III; SQ-1)
//	112..118  "borrow PILOT": a Medal for another pilot's ability
//	588..603  "recon sN": Reconnaissance of hidden squadron N
//	32..63    "move AREA"
//	64..95    "attack gN": a German plane
//	96..111   "medal sN": stop squadron N's extra move
//	128..178  "discard C": combat card C
//	192..242  "play C"
//	256..357  "support C hit|evade": 256 + 2*card + (0 hit, 1 evade)
//	384..587  "defend C prop P" or "defend C both": 384 + 4*card + (P-2, or 3)
//	604..654  "wingman C": the solo Łokuciewski Leader gives card C to the Wingman
//
// Chance actions: a die face (face, "roll hit/3"), a combat card index
// ("draw card 17"), a damage token kind ("token hand"), a deployment card
// index ("deal 12"), a pilot card index ("pilot feric"), an event index
// ("event onpatrol").
const (
	actPass     engine.Action = 0
	actAbility  engine.Action = 1
	actYellow   engine.Action = 2
	actWithdraw engine.Action = 3
	actLand     engine.Action = 4
	actSame     engine.Action = 5
	actAssign   engine.Action = 6
	actKeep     engine.Action = 7
	actAmmo     engine.Action = 8
	actDrawAP   engine.Action = 9
	actRepair   engine.Action = 10
	actReroll   engine.Action = 11
	actStart    engine.Action = 12
	actMulligan engine.Action = 15
	actDie      engine.Action = 16
	actSpecial  engine.Action = 24
	actToken    engine.Action = 30
	actBorrow   engine.Action = 112
	actRecon    engine.Action = 588
	actMove     engine.Action = 32
	actAttack   engine.Action = 64
	actMedal    engine.Action = 96
	actDiscard  engine.Action = 128
	actPlay     engine.Action = 192
	actSupport  engine.Action = 256
	actDefend   engine.Action = 384
	actLater    engine.Action = 31
	actGive     engine.Action = 604
	numActions  engine.Action = 655
)

// paidStarts are the places of the paid change of starting area, by name,
// with their cost in cards (Choosing starting Area).
var paidStarts = [3]struct {
	name string
	cost int8
}{{"London", 1}, {"Biggin Hill", 2}, {"Tonbridge", 3}}

var passWords = map[step]string{
	stDeclare: "neither", stMove: "done", stFightChoose: "hold", stFrantisek: "keep dice",
	stCard: "no card", stSupport: "no support", stManeuver: "drop", stDefend: "no defence",
	stMedal: "no medal", stAirfield: "leave", stMulligan: "accept", stSpecial: "no special",
	stToken: "no token", stBreak: "fight on",
}

var specialNames = [6]string{"special reroll", "special hit", "special evade", "special set hit", "special set evade", "special set maneuver"}

// ActionString gives the text form of an action of seat.
func (s *State) ActionString(seat engine.Seat, a engine.Action) string {
	if seat == engine.Chance {
		return s.chanceText(a)
	}
	if t := s.pilotText(a); t != "" {
		return t
	}
	return "invalid action " + strconv.Itoa(int(a))
}

func (s *State) chanceText(a engine.Action) string {
	n := int(a)
	switch s.step {
	case stDeal:
		if n >= 0 && n < numDeploy {
			return "deal " + strconv.Itoa(n+1)
		}
	case stPilot:
		if n >= 0 && n < numPilots {
			return "pilot " + s.t.pilots[n].id
		}
	case stDraw:
		if n >= 0 && n < numCards {
			return "draw card " + strconv.Itoa(n+1)
		}
	case stEvent:
		if n >= 0 && n < len(s.t.events) {
			return "event " + s.t.events[n].id
		}
	case stDamage:
		if n >= 0 && n < numTokens {
			return "token " + tokenNames[n]
		}
	case stAce:
		if n >= 0 && n < len(aceNames) {
			return "ace " + aceNames[n]
		}
	case stHide:
		if n >= 0 && n < maxSquads {
			return "hide s" + strconv.Itoa(n+1)
		}
	case stRoll:
		if n >= 0 && n < 64 {
			return "roll " + face(n).String()
		}
	}
	return "invalid outcome " + strconv.Itoa(n)
}

func (s *State) pilotText(a engine.Action) string {
	n := int(a)
	switch {
	case a == actPass:
		if w, ok := passWords[s.step]; ok {
			return w
		}
		return "pass"
	case a == actAbility:
		return "ability"
	case a == actYellow:
		return "special die"
	case a == actWithdraw:
		return "withdraw"
	case a == actLand:
		return "land"
	case a == actSame:
		return "same opponent"
	case a == actAssign:
		return "assign"
	case a == actKeep:
		return "keep"
	case a == actAmmo:
		return "ammo"
	case a == actDrawAP:
		return "draw"
	case a == actRepair:
		return "repair"
	case a == actReroll:
		return "reroll"
	case a >= actStart && a < actStart+3:
		return "start " + paidStarts[a-actStart].name
	case a == actMulligan:
		return "mulligan"
	case a == actToken:
		return "token"
	case a == actLater:
		return "later"
	case a >= actGive && a < actGive+numCards:
		return "wingman " + strconv.Itoa(n-int(actGive)+1)
	case a >= actSpecial && a < actSpecial+6:
		return specialNames[a-actSpecial]
	case a >= actRecon && a < actRecon+maxSquads:
		return "recon s" + strconv.Itoa(n-int(actRecon)+1)
	case a >= actBorrow && a < actBorrow+numPilots:
		return "borrow " + s.t.pilots[a-actBorrow].id
	case a >= actDie && a < actDie+8:
		d, c := (n-int(actDie))/4, (n-int(actDie))%4
		if c == 0 {
			return "die " + strconv.Itoa(d+1)
		}
		return "die " + strconv.Itoa(d+1) + " as " + symbol(c).String()
	case a >= actMove && a < actMove+maxAreas:
		if i := n - int(actMove); i < len(s.t.areas) {
			return "move " + s.t.areas[i].id
		}
	case a >= actAttack && a < actAttack+maxGerman:
		return "attack g" + strconv.Itoa(n-int(actAttack)+1)
	case a >= actMedal && a < actMedal+maxSquads:
		return "medal s" + strconv.Itoa(n-int(actMedal)+1)
	case a >= actDiscard && a < actDiscard+numCards:
		return "discard " + strconv.Itoa(n-int(actDiscard)+1)
	case a >= actPlay && a < actPlay+numCards:
		return "play " + strconv.Itoa(n-int(actPlay)+1)
	case a >= actSupport && a < actSupport+2*numCards:
		k := n - int(actSupport)
		return "support " + strconv.Itoa(k/2+1) + " " + [2]string{"hit", "evade"}[k%2]
	case a >= actDefend && a < actDefend+4*numCards:
		k := n - int(actDefend)
		if k%4 == 3 {
			return "defend " + strconv.Itoa(k/4+1) + " both"
		}
		return "defend " + strconv.Itoa(k/4+1) + " prop " + strconv.Itoa(k%4+2)
	}
	return ""
}

// ParseAction reads an action's text form, case-insensitively and with any
// spacing. It does not check that the action is legal now.
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	if len(text) > 80 {
		return 0, engine.Illegal("", "%d characters is too long for an action", len(text))
	}
	t := strings.ToLower(strings.Join(strings.Fields(text), " "))
	if t == "" {
		return 0, engine.Illegal("", "no action given")
	}
	if seat == engine.Chance {
		if a, ok := s.parseChance(t); ok {
			return a, nil
		}
		return 0, engine.Illegal("", "%q is no chance outcome: write roll FACE, draw card N, token KIND, deal N, pilot NAME or event NAME", text)
	}
	if w, ok := passWords[s.step]; (isPassWord(t) || t == "pass") && seat >= 0 && seat == s.Current() && t != w {
		if !ok {
			return 0, engine.Illegal("", "%q is not a choice now: this decision cannot be passed (%s)", text, s.asking())
		}
		if t != "pass" {
			return 0, engine.Illegal("", "%q is not a choice now: the word for doing nothing here is %q (%s)", text, w, s.asking())
		}
	}
	if a, ok := s.parsePilot(t); ok {
		return a, nil
	}
	return 0, engine.Illegal("", "%q is no action: see the legal actions for the words (move A5, play 17, attack g3, support 17 evade, defend 17 prop 3, done …)", text)
}

func (s *State) parseChance(t string) (engine.Action, bool) {
	w := strings.Fields(t)
	num := func(x string, max int) (engine.Action, bool) {
		n, err := strconv.Atoi(x)
		if err != nil || n < 1 || n > max {
			return 0, false
		}
		return engine.Action(n - 1), true
	}
	switch {
	case len(w) == 2 && w[0] == "roll":
		f, ok := parseFace(w[1])
		return engine.Action(f), ok
	case len(w) == 3 && w[0] == "draw" && w[1] == "card":
		return num(w[2], numCards)
	case len(w) == 2 && w[0] == "deal":
		return num(w[1], numDeploy)
	case len(w) == 2 && w[0] == "token":
		for i, n := range tokenNames {
			if n == w[1] {
				return engine.Action(i), true
			}
		}
	case len(w) == 2 && w[0] == "hide" && strings.HasPrefix(w[1], "s"):
		n, err := strconv.Atoi(w[1][1:])
		if err == nil && n >= 1 && n <= maxSquads {
			return engine.Action(n - 1), true
		}
	case len(w) == 2 && w[0] == "ace":
		for i, n := range aceNames {
			if n == w[1] {
				return engine.Action(i), true
			}
		}
	case len(w) == 2 && w[0] == "pilot":
		for i, p := range s.t.pilots {
			if p.id == w[1] {
				return engine.Action(i), true
			}
		}
	case len(w) == 2 && w[0] == "event":
		for i, e := range s.t.events {
			if e.id == w[1] {
				return engine.Action(i), true
			}
		}
	}
	return 0, false
}

// isPassWord reports whether t is the "do nothing" word of some decision.
func isPassWord(t string) bool {
	for _, w := range passWords {
		if t == w {
			return true
		}
	}
	return false
}

func (s *State) parsePilot(t string) (engine.Action, bool) {
	for _, w := range passWords {
		if t == w {
			return actPass, true
		}
	}
	fixed := map[string]engine.Action{
		"pass": actPass, "ability": actAbility, "special die": actYellow, "special": actYellow, "yellow": actYellow,
		"withdraw": actWithdraw, "land": actLand, "same opponent": actSame, "same": actSame,
		"assign": actAssign, "keep": actKeep, "ammo": actAmmo, "draw": actDrawAP, "repair": actRepair,
		"reroll": actReroll, "token": actToken, "later": actLater,
	}
	if a, ok := fixed[t]; ok {
		return a, true
	}
	for i, p := range paidStarts {
		if t == "start "+strings.ToLower(p.name) {
			return actStart + engine.Action(i), true
		}
	}
	if t == "mulligan" {
		return actMulligan, true
	}
	for i, n := range specialNames {
		if t == n {
			return actSpecial + engine.Action(i), true
		}
	}
	for i, p := range s.t.pilots {
		if t == "borrow "+p.id {
			return actBorrow + engine.Action(i), true
		}
	}
	w := strings.Fields(t)
	card := func(x string) (int, bool) {
		n, err := strconv.Atoi(x)
		return n - 1, err == nil && n >= 1 && n <= numCards
	}
	switch {
	case w[0] == "die" && len(w) >= 2:
		d, err := strconv.Atoi(w[1])
		if err != nil || d < 1 || d > 2 {
			return 0, false
		}
		if len(w) == 2 {
			return actDie + engine.Action(4*(d-1)), true
		}
		if len(w) == 4 && w[2] == "as" {
			sy, ok := parseSymbol(w[3])
			if ok && sy >= symHit && sy <= symManeuver {
				return actDie + engine.Action(4*(d-1)+int(sy)), true
			}
		}
	case w[0] == "move" && len(w) == 2:
		for i, a := range s.t.areas {
			if strings.ToLower(a.id) == w[1] {
				return actMove + engine.Action(i), true
			}
		}
	case w[0] == "attack" && len(w) == 2 && strings.HasPrefix(w[1], "g"):
		n, err := strconv.Atoi(w[1][1:])
		if err == nil && n >= 1 && n <= maxGerman {
			return actAttack + engine.Action(n-1), true
		}
	case w[0] == "recon" && len(w) == 2 && strings.HasPrefix(w[1], "s"):
		n, err := strconv.Atoi(w[1][1:])
		if err == nil && n >= 1 && n <= maxSquads {
			return actRecon + engine.Action(n-1), true
		}
	case w[0] == "medal" && len(w) == 2 && strings.HasPrefix(w[1], "s"):
		n, err := strconv.Atoi(w[1][1:])
		if err == nil && n >= 1 && n <= maxSquads {
			return actMedal + engine.Action(n-1), true
		}
	case w[0] == "discard" && len(w) == 2:
		if c, ok := card(w[1]); ok {
			return actDiscard + engine.Action(c), true
		}
	case w[0] == "wingman" && len(w) == 2:
		if c, ok := card(w[1]); ok {
			return actGive + engine.Action(c), true
		}
	case w[0] == "play" && len(w) == 2:
		if c, ok := card(w[1]); ok {
			return actPlay + engine.Action(c), true
		}
	case w[0] == "support" && len(w) == 3:
		c, ok := card(w[1])
		if ok && (w[2] == "hit" || w[2] == "evade") {
			k := 0
			if w[2] == "evade" {
				k = 1
			}
			return actSupport + engine.Action(2*c+k), true
		}
	case w[0] == "defend" && len(w) >= 3:
		c, ok := card(w[1])
		if !ok {
			return 0, false
		}
		if len(w) == 3 && w[2] == "both" {
			return actDefend + engine.Action(4*c+3), true
		}
		if len(w) == 4 && w[2] == "prop" {
			p, err := strconv.Atoi(w[3])
			if err == nil && p >= 2 && p <= 4 {
				return actDefend + engine.Action(4*c+p-2), true
			}
		}
	}
	return 0, false
}

// refuse explains why a is not legal now.
func (s *State) refuse(seat engine.Seat, a engine.Action) error {
	text := s.ActionString(seat, a)
	if seat == engine.Chance {
		return engine.Illegal("Dice & symbols", "%s is not an outcome of this chance node (%s)", text, s.asking())
	}
	rule := map[step]string{
		stDeclare: "Phase II.1 Pilot Special Abilities", stDiscard: "Phase II.2 Combat card draw", stMove: "Phase II.3 Movement",
		stFightChoose: "Phase III Fight", stFrantisek: "Phase III Fight (Josef František)", stDieChoice: "Phase III.1 First Combat round",
		stCard: "Phase III Fight", stSupport: "Combat Cards: Support", stManeuver: "Dice & symbols: Maneuver",
		stNextRound: "Phase III.2 Second Combat round", stDefend: "Phase IV Counterattack", stMedal: "Pilots shot down",
		stAirfield: "Phase II.6 Airfield", stMulligan: "Damage tokens: The Mulligan", stSpecial: "Specialization",
		stToken: "Tokens: Maneuver (SQ-8)", stBreak: "FAQ 2: moving after a set (SQ-8)",
	}[s.step]
	return engine.Illegal(rule, "%q is not allowed now (%s)", text, s.asking())
}
