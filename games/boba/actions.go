package boba

import (
	"fmt"
	"strconv"
	"strings"

	"scramble/engine"
)

// Action encoding. Dice: a single die is its face, 1..6; the red and white
// dice of the selection are 10*low + high (11..66, low <= high). Decisions:
const (
	actSelect engine.Action = 1000 // + plane slot: "select Hurricane 2"
	actMove   engine.Action = 2000 // + direction: "move NE"
	actAttack engine.Action = 3000 // + plane slot: "attack He111 3"
	actEnd    engine.Action = 4000 // "end": end the move without firing
	actDive   engine.Action = 5000 // "dive": take the dive-or-climb roll
	actLevel  engine.Action = 5001 // "level": decline it
)

// pairAction encodes the red and white dice.
func pairAction(a, b int) engine.Action {
	if a > b {
		a, b = b, a
	}
	return engine.Action(10*a + b)
}

// Legal appends the actions seat may take now.
func (s *state) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if seat != s.Current() || seat == engine.Terminal {
		return buf
	}
	switch s.Phase {
	case phSelect:
		for a := 1; a <= 6; a++ {
			for b := a; b <= 6; b++ {
				buf = append(buf, pairAction(a, b))
			}
		}
	case phTarget, phDiveRoll, phMP, phFire, phBomb:
		for f := 1; f <= 6; f++ {
			buf = append(buf, engine.Action(f))
		}
	case phDive:
		buf = append(buf, actDive, actLevel)
	case phPick:
		g := sideGroup[s.Side]
		for i := 0; i < int(s.NP); i++ {
			if s.movable(i, g) {
				buf = append(buf, actSelect+engine.Action(i))
			}
		}
	case phMove:
		ok, most := s.moveChoices()
		for d := dir(0); d < 8; d++ {
			if ok[d] {
				buf = append(buf, actMove+engine.Action(d))
			}
		}
		if t, _, _ := s.canAttack(); t >= 0 {
			buf = append(buf, actAttack+engine.Action(t))
		}
		if most < 0 {
			buf = append(buf, actEnd)
		}
	}
	return buf
}

// ChanceOutcomes lists the faces of the die (or dice) to be rolled.
func (s *state) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.Current() != engine.Chance {
		return buf
	}
	if s.Phase == phSelect {
		for a := 1; a <= 6; a++ {
			for b := a; b <= 6; b++ {
				p := 2.0 / 36
				if a == b {
					p = 1.0 / 36
				}
				buf = append(buf, engine.Outcome{Action: pairAction(a, b), Prob: p})
			}
		}
		return buf
	}
	for f := 1; f <= 6; f++ {
		buf = append(buf, engine.Outcome{Action: engine.Action(f), Prob: 1.0 / 6})
	}
	return buf
}

// Apply checks and applies one action. A refused action changes nothing.
func (s *state) Apply(seat engine.Seat, a engine.Action) error {
	var buf [32]engine.Action
	legal := false
	for _, l := range s.Legal(seat, buf[:0]) {
		legal = legal || l == a
	}
	if !legal {
		return s.refusal(seat, a)
	}
	switch s.Phase {
	case phTarget:
		s.applyTarget(int(a))
	case phSelect:
		s.applySelect(int(a)/10, int(a)%10)
	case phDiveRoll:
		s.applyDiveRoll(int(a))
	case phMP:
		s.applyMP(int(a))
	case phFire:
		s.applyFire(int(a))
	case phBomb:
		s.applyBomb(int(a))
	case phDive:
		s.chooseDive(a == actDive)
	case phPick:
		s.startMove(int(a - actSelect))
	case phMove:
		switch {
		case a == actEnd:
			if s.log != nil {
				s.logf("%s ends its move without firing.", s.P[s.Cur].name())
			}
			s.endMove()
		case a >= actAttack:
			s.startAttack(int(a - actAttack))
		default:
			s.step(dir(a - actMove))
		}
	}
	s.advance()
	return nil
}

// refusal explains why seat may not take action a now, citing the rule.
func (s *state) refusal(seat engine.Seat, a engine.Action) error {
	cur := s.Current()
	switch {
	case cur == engine.Terminal:
		return engine.Illegal("Victory", "the campaign is over")
	case seat != cur && cur == engine.Chance:
		return engine.Illegal("Equipment", "the dice are to be rolled now (%s), not a decision of seat %s", phaseNames[s.Phase], seat)
	case seat != cur:
		return engine.Illegal("Movement", "it is the %s's decision, not seat %s's", seatName(cur), seat)
	}
	switch s.Phase {
	case phSelect:
		return engine.Illegal("Selection", "the red and white dice read 'roll R W', each 1 to 6, not %d", a)
	case phTarget, phDiveRoll, phMP, phFire, phBomb:
		return engine.Illegal("Equipment", "a die shows 1 to 6, not %d", a)
	case phDive:
		return engine.Illegal("Placement (optional rule)", "the squadron may only take the dive roll (dive) or fly level (level)")
	case phPick:
		return s.pickRefusal(a)
	}
	return s.moveRefusal(a)
}

func seatName(seat engine.Seat) string {
	if seat == 0 {
		return "British"
	}
	return "Luftwaffe"
}

func (s *state) pickRefusal(a engine.Action) error {
	i := int(a - actSelect)
	if a < actSelect || i >= int(s.NP) {
		return engine.Illegal("Movement", "choose a plane of your side to move (select <plane>)")
	}
	p := &s.P[i]
	switch {
	case p.Group != sideGroup[s.Side]:
		return engine.Illegal("Movement", "%s is not one of the %s fighters moving now", p.name(), seatName(s.Current()))
	case p.Status != onBoard:
		return engine.Illegal("Combat", "%s is no longer on the board", p.name())
	case p.Hold:
		return engine.Illegal("Placement (optional rule)", "%s's squadron climbs and stays still this move", p.name())
	}
	return engine.Illegal("Movement", "%s has already moved this turn", p.name())
}

func (s *state) moveRefusal(a engine.Action) error {
	p := &s.P[s.Cur]
	switch {
	case a >= actMove && a < actMove+8:
		d := dir(a - actMove)
		c := stepCost(p.Face, d)
		nx, ny := int(p.X)+dx[d], int(p.Y)+dy[d]
		switch {
		case c == 0:
			return engine.Illegal("Maneuver", "%s faces %s and cannot move %s: a plane never turns more than a right angle in one step", p.name(), p.Face, d)
		case c > int(s.MPLeft):
			return engine.Illegal("Maneuver", "moving %s costs %d MPs and %s has %d left", d, c, p.name(), s.MPLeft)
		case !s.onBoard(nx, ny):
			return engine.Illegal("Placement", "fighters must stay on the board")
		}
		return engine.Illegal("Movement (BA-5)", "after moving %s, %s could not spend all the MPs it can spend and end on an empty square", d, p.name())
	case a >= actAttack && a < actAttack+maxPlanes:
		t, rule, why := s.canAttack()
		if t < 0 {
			return engine.Illegal(rule, "%s cannot fire now: %s", p.name(), why)
		}
		return engine.Illegal("Combat", "%s can only fire at %s, the plane directly ahead", p.name(), s.P[t].name())
	case a == actEnd:
		return engine.Illegal("Movement", "%s still has MPs to spend (%d left)", p.name(), s.MPLeft)
	case a >= actSelect && a < actSelect+maxPlanes:
		return engine.Illegal("Movement", "%s is moving: finish its move first", p.name())
	}
	return engine.Illegal("Maneuver", "move a square (move <direction>), attack the plane ahead, or end the move")
}

// ActionString gives an action's text form.
func (s *state) ActionString(seat engine.Seat, a engine.Action) string {
	if seat == engine.Chance {
		if a >= 11 && a <= 66 && a/10 <= a%10 && a%10 <= 6 {
			return fmt.Sprintf("roll %d %d", a/10, a%10)
		}
		return "roll " + strconv.Itoa(int(a))
	}
	switch {
	case a == actEnd:
		return "end"
	case a == actDive:
		return "dive"
	case a == actLevel:
		return "level"
	case a >= actSelect && a < actSelect+maxPlanes:
		return "select " + s.planeText(int(a-actSelect))
	case a >= actMove && a < actMove+8:
		return "move " + dir(a-actMove).String()
	case a >= actAttack && a < actAttack+maxPlanes:
		return "attack " + s.planeText(int(a-actAttack))
	}
	return "action " + strconv.Itoa(int(a))
}

func (s *state) planeText(i int) string {
	if i < int(s.NP) {
		return s.P[i].name()
	}
	return "#" + strconv.Itoa(i)
}

// ParseAction reads an action's text: "roll 4", "roll 2 5" (dice);
// "select Hurricane 2", "move NE" (or "move ahead", "move half left",
// "move right"...), "attack He111 3", "end", "dive", "level". Plane names
// may also be written without the space ("he1113" is awkward but reads) or
// as the board shows them ("H2", "h3": the letter's case tells the side).
func (s *state) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return 0, engine.Illegal("", "no action given")
	}
	verb := strings.ToLower(fields[0])
	rest := strings.Join(fields[1:], " ")
	if seat == engine.Chance {
		if verb != "roll" || len(fields) < 2 || len(fields) > 3 {
			return 0, engine.Illegal("", "cannot read %q as dice; type roll N or roll R W", text)
		}
		var faces []int
		for _, f := range fields[1:] {
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 || n > 6 {
				return 0, engine.Illegal("", "a die shows 1 to 6, not %q", f)
			}
			faces = append(faces, n)
		}
		if len(faces) == 2 {
			return pairAction(faces[0], faces[1]), nil
		}
		return engine.Action(faces[0]), nil
	}
	switch verb {
	case "end", "pass", "done":
		if rest == "" {
			return actEnd, nil
		}
	case "dive":
		if rest == "" {
			return actDive, nil
		}
	case "level":
		if rest == "" {
			return actLevel, nil
		}
	case "select", "choose", "pick":
		i, err := s.parsePlane(rest)
		if err != nil {
			return 0, err
		}
		return actSelect + engine.Action(i), nil
	case "attack", "fire":
		i, err := s.parsePlane(rest)
		if err != nil {
			return 0, err
		}
		return actAttack + engine.Action(i), nil
	case "move", "go":
		d, err := s.parseDir(rest)
		if err != nil {
			return 0, err
		}
		return actMove + engine.Action(d), nil
	default:
		if d, err := s.parseDir(strings.Join(fields, " ")); err == nil {
			return actMove + engine.Action(d), nil
		}
	}
	return 0, engine.Illegal("", "cannot read %q; type select <plane>, move <direction>, attack <plane>, end, dive or level", text)
}

// parsePlane finds a plane of the day's raid by its name.
func (s *state) parsePlane(text string) (int, error) {
	for i := 0; i < int(s.NP); i++ {
		p := &s.P[i]
		code := string(p.spec().Code) + strconv.Itoa(int(p.Num))
		if text == code || squash(text) == squash(p.name()) {
			return i, nil
		}
	}
	return 0, engine.Illegal("", "no plane called %q in today's raid", text)
}

// squash lower-cases a name and drops spaces and hyphens.
func squash(t string) string { return squasher.Replace(strings.ToLower(t)) }

var squasher = strings.NewReplacer(" ", "", "-", "", "_", "")

// relativeWords are the step directions relative to the moving plane.
var relativeWords = map[string]int{
	"ahead": 0, "forward": 0, "straight": 0,
	"halfleft": -1, "halfright": 1,
	"left": -2, "right": 2,
}

var compassWords = map[string]dir{
	"n": north, "ne": northEast, "e": east, "se": southEast, "s": south, "sw": southWest, "w": west, "nw": northWest,
	"north": north, "northeast": northEast, "east": east, "southeast": southEast,
	"south": south, "southwest": southWest, "west": west, "northwest": northWest,
}

func (s *state) parseDir(text string) (dir, error) {
	w := squash(text)
	if d, ok := compassWords[w]; ok {
		return d, nil
	}
	if r, ok := relativeWords[w]; ok {
		if s.Cur < 0 {
			return 0, engine.Illegal("", "no plane is moving: give a compass direction")
		}
		return s.P[s.Cur].Face.turn(r), nil
	}
	return 0, engine.Illegal("", "cannot read %q as a direction (N, NE, E, SE, S, SW, W, NW, ahead, half left, half right, left, right)", text)
}

// PassAction names the action that does nothing: ending the move without
// firing, or flying level instead of the dive roll.
func (s *state) PassAction(seat engine.Seat) (engine.Action, bool) {
	if seat != s.Current() || seat < 0 {
		return 0, false
	}
	switch s.Phase {
	case phDive:
		return actLevel, true
	case phMove:
		if _, most := s.moveChoices(); most < 0 {
			return actEnd, true
		}
	}
	return 0, false
}
