package wings

import (
	"strconv"
	"strings"

	"scramble/engine"
)

// Text forms of the actions. An action means what the step makes of it:
//
//	planning   the card's number in the plane's deck:  "Spitfire bank-left"
//	firing     0 hold, 1+t fire at plane t:             "Spitfire front hold", "Spitfire front at Emil"
//	token      the token kind's number in its deck:     "B 2", "B 1 smoke"
//	crew dice  the set of wounded crewmen (bits):       "wound 1+3"
//	rudder     0 left, 1 right:                         "jam left"
//	luck       0 keep, 1 ignore the token just drawn:   "keep", "ignore"
//	sniper     0 or 1, the token given to the target:   "give first", "give second"
//	PAC        0 hold, 1 launch:                        "Cables launch"
//	dive       0 keep, 1 drop the climb counters:       "Spitfire keep counters"
//	torpedo    0 keep, 1 launch the torpedo:            "Heinkel launch torpedo"
//
// ParseAction also accepts the card alone ("bank-left"), "plan" before a
// plan, "fire" before a declaration, "draw" before a token, and any case.

// ActionString gives the text form of an action seat could take now.
func (s *State) ActionString(seat engine.Seat, a engine.Action) string {
	switch s.step {
	case stPlan:
		if i := s.planning(seat); i >= 0 {
			if cards := s.deckOf(&s.planes[i]).cards; a >= 0 && int(a) < len(cards) {
				return s.name(i) + " " + cards[a].id
			}
		}
	case stFire:
		if k := s.pacAt(); k >= 0 && seat == s.Current() && (a == actHold || a == actLaunch) {
			return s.scen().objects[k].name + [2]string{" hold", " launch"}[a]
		}
		if seat == s.Current() && s.pacAt() < 0 {
			i, g := int(s.cursor/maxGuns), int(s.cursor%maxGuns)
			head := s.name(i) + " " + arcNames[s.air(&s.planes[i]).guns[g].arc]
			if a == actHold {
				return head + " hold"
			}
			if t := int(a - actFireAt); (t >= 0 && t < int(s.n)) || (t >= maxPlanes && t < maxPlanes+int(s.nobj)) {
				return head + " at " + s.targetName(t)
			}
		}
	case stDraw:
		if seat == engine.Chance && s.validOutcome(a) {
			return s.outcomeText(a)
		}
	case stLuck:
		if seat == s.Current() && (a == 0 || a == 1) {
			return [2]string{"keep", "ignore"}[a]
		}
	case stSniper:
		if seat == s.Current() && (a == 0 || a == 1) {
			return [2]string{"give first", "give second"}[a]
		}
	case stDive:
		if seat == s.Current() && (a == 0 || a == 1) {
			return s.name(int(s.cursor)) + [2]string{" keep counters", " drop counters"}[a]
		}
	case stLaunch:
		if seat == s.Current() && (a == 0 || a == 1) {
			return s.name(int(s.cursor)) + [2]string{" keep torpedo", " launch torpedo"}[a]
		}
	}
	return "invalid action " + strconv.Itoa(int(a))
}

func (s *State) outcomeText(a engine.Action) string {
	q := s.head()
	switch q.kind {
	case qRudder:
		return "jam " + dirName(1-2*int8(a))
	case qBomb:
		return "bomb die " + strconv.Itoa(int(a))
	case qPhoto:
		return "photo die " + strconv.Itoa(int(a))
	case qTorpedo:
		return "torpedo die " + strconv.Itoa(int(a))
	case qTorpDmg:
		return "torpedo damage " + strconv.Itoa(int(a))
	case qAim:
		return "aim at " + s.name(int(a))
	case qCrew:
		var parts []string
		for k := 0; k < maxCrew; k++ {
			if a&(1<<k) != 0 {
				parts = append(parts, strconv.Itoa(k+1))
			}
		}
		return "wound " + strings.Join(parts, "+")
	}
	tk := s.data.damage[q.letter].tokens[a]
	t := string(rune('A'+q.letter)) + " " + strconv.Itoa(int(tk.value))
	if q.kind == qGround { // a ground target ignores special damage
		for k := 0; k < int(a); k++ {
			if s.data.damage[q.letter].tokens[k].value == tk.value {
				t += "'" // tokens of equal value differ only by a special
			}
		}
		return t
	}
	if tk.special != spNone {
		t += " " + specialNames[tk.special]
	}
	return t
}

// ParseAction reads the text form of an action of seat.
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	f := strings.Fields(strings.ToLower(text))
	bad := func(why string) (engine.Action, error) {
		return 0, engine.Illegal("Actions", "cannot read %q: %s", clip(text), why)
	}
	if len(f) == 0 {
		return bad("empty")
	}
	switch s.step {
	case stPlan:
		i := s.planning(seat)
		if i < 0 {
			return bad("seat " + seat.String() + " has nothing to plan now")
		}
		if f[0] == "plan" {
			f = f[1:]
		}
		if len(f) == 2 && f[0] == strings.ToLower(s.name(i)) {
			f = f[1:]
		}
		if len(f) != 1 {
			return bad("write the plane and the card, as in \"" + s.name(i) + " straight\"")
		}
		for k, c := range s.deckOf(&s.planes[i]).cards {
			if c.id == f[0] {
				return engine.Action(k), nil
			}
		}
		return bad(s.name(i) + "'s deck has no card " + strconv.Quote(f[0]))
	case stFire:
		if seat != s.Current() {
			return bad("seat " + seat.String() + " is not firing now")
		}
		if f[0] == "fire" {
			f = f[1:]
		}
		if k := s.pacAt(); k >= 0 {
			if len(f) == 2 && f[0] == strings.ToLower(s.scen().objects[k].name) {
				f = f[1:]
			}
			switch strings.Join(f, " ") {
			case "hold":
				return actHold, nil
			case "launch":
				return actLaunch, nil
			}
			return bad("write \"launch\" or \"hold\"")
		}
		i, g := int(s.cursor/maxGuns), int(s.cursor%maxGuns)
		if len(f) >= 2 && f[0] == strings.ToLower(s.name(i)) && f[1] == arcNames[s.air(&s.planes[i]).guns[g].arc] {
			f = f[2:]
		}
		switch {
		case len(f) == 1 && f[0] == "hold":
			return actHold, nil
		case len(f) == 2 && f[0] == "at":
			for t := 0; t < maxPlanes+int(s.nobj); t++ {
				if (t < int(s.n) || t >= maxPlanes) && strings.ToLower(s.targetName(t)) == f[1] {
					return actFireAt + engine.Action(t), nil
				}
			}
			return bad("no plane is called " + strconv.Quote(f[1]))
		}
		return bad("write \"hold\" or \"at PLANE\"")
	case stDraw:
		if seat != engine.Chance {
			return bad("only the dice act now")
		}
		if f[0] == "draw" {
			f = f[1:]
		}
		for _, o := range s.ChanceOutcomes(nil) {
			if strings.EqualFold(strings.Join(f, " "), s.outcomeText(o.Action)) {
				return o.Action, nil
			}
		}
		return bad("not an outcome of " + s.drawing())
	case stLuck, stSniper, stDive, stLaunch:
		if seat != s.Current() {
			return bad("seat " + seat.String() + " has no choice to make now")
		}
		if s.step == stLaunch {
			if len(f) > 1 && f[0] == strings.ToLower(s.name(int(s.cursor))) {
				f = f[1:]
			}
			switch strings.Join(f, " ") {
			case "keep", "keep torpedo", "hold":
				return 0, nil
			case "launch", "launch torpedo":
				return 1, nil
			}
		}
		if s.step == stDive {
			if len(f) > 1 && f[0] == strings.ToLower(s.name(int(s.cursor))) {
				f = f[1:]
			}
			switch strings.Join(f, " ") {
			case "keep", "keep counters":
				return 0, nil
			case "drop", "drop counters":
				return 1, nil
			}
		}
		for k := engine.Action(0); k < 2; k++ {
			if strings.EqualFold(strings.Join(f, " "), s.ActionString(seat, k)) {
				return k, nil
			}
		}
		return bad("write " + s.ActionString(seat, 0) + " or " + s.ActionString(seat, 1))
	}
	return bad("the game is over")
}

// clip shortens text for an error message.
func clip(text string) string {
	if r := []rune(text); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return text
}
