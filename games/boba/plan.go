package boba

import (
	"strconv"
	"strings"

	"scramble/engine"
)

// A plan is a whole move typed on one line at the terminal: the plane to
// move, its steps and perhaps its attack, "H1 f f hl f attack k2" or "move
// H1 S S SW", or "H1 to F30 end". Each word is one action (or, for "to
// SQUARE", the path the move preview gives to that square); the plan is
// checked on a copy of the game, so an error anywhere leaves everything as
// it was.

// stepWords are the short relative directions of a plan, in eighths of a
// turn: ahead, half left, half right, left, right (Maneuver, Figure 2).
var stepWords = map[string]int{
	"f": 0, "a": 0, "ahead": 0, "forward": 0, "straight": 0,
	"hl": -1, "halfleft": -1, "hr": 1, "halfright": 1,
	"l": -2, "left": -2, "r": 2, "right": 2,
}

// label is the name a plane has on the terminal board: its board code,
// except that the He111 is "k" (for Heinkel), so that no German plane
// differs from a British one only by the case of its letter ("h1" and the
// Hurricane's "H1").
func label(typeName, code string) string {
	if typeName == planeSpecs[he111].Name {
		return "k" + code[1:]
	}
	return code
}

// planeLabel is plane i's terminal label.
func (s *state) planeLabel(i int) string {
	p := &s.P[i]
	return label(p.spec().Name, string(p.spec().Code)+strconv.Itoa(int(p.Num)))
}

// ParsePlan reads a line typed at the terminal as the actions it stands
// for, checked in turn on a copy of the game: one action as ParseAction
// reads it, or a plan of several (see above). It returns the first error,
// naming the word that failed, and then no action.
func (s *state) ParsePlan(seat engine.Seat, text string) ([]engine.Action, error) {
	c := &state{core: s.core}
	if a, err := c.ParseAction(seat, text); err == nil {
		if err := c.Apply(seat, a); err == nil {
			return []engine.Action{a}, nil
		}
	}
	words := strings.Fields(strings.NewReplacer(",", " ", ";", " ").Replace(text))
	if len(words) == 0 {
		return nil, engine.Illegal("", "no action given")
	}
	pl := planner{s: c, seat: seat}
	if v := strings.ToLower(words[0]); v == "move" || v == "fly" || v == "go" {
		words = words[1:]
	}
	for pl.i = 0; pl.i < len(words); {
		if err := pl.word(words); err != nil {
			return nil, err
		}
	}
	if len(pl.acts) == 0 {
		return nil, engine.Illegal("", "%q names no step: type a plane and its steps, e.g. H1 f f hl f", text)
	}
	return pl.acts, nil
}

// planner reads a plan word by word, applying each action to its copy s.
type planner struct {
	s    *state
	seat engine.Seat
	i    int // the next word
	at   int // the number of the word being read, from 1, for errors
	acts []engine.Action
	// flew and flewAt are the plane of the plan's last step and that
	// step's word, to say so when a step comes after its move has ended.
	flew   string
	flewAt int
}

// apply applies a on the copy, or says which word of the plan fails.
func (pl *planner) apply(a engine.Action, what string) error {
	if err := pl.s.Apply(pl.seat, a); err != nil {
		reason := err.Error()
		if ie, ok := err.(*engine.IllegalError); ok {
			reason = ie.Reason
		}
		return engine.Illegal(ruleOf(err), "%s (word %d of the plan): %s", what, pl.at, reason)
	}
	pl.acts = append(pl.acts, a)
	return nil
}

// ruleOf is the rule an error cites.
func ruleOf(err error) string {
	if ie, ok := err.(*engine.IllegalError); ok {
		return ie.Rule
	}
	return ""
}

// word reads the plan's next word (or words) and applies it.
func (pl *planner) word(words []string) error {
	s := pl.s
	w := words[pl.i]
	lw := squash(w)
	pl.at = pl.i + 1
	last := func() error {
		if pl.i < len(words) {
			return engine.Illegal("", "%q must end the plan: dice are rolled after it, and the move goes on from what they show", w)
		}
		return nil
	}
	switch lw {
	case "attack", "fire", "x":
		pl.i++
		t := -1
		if pl.i < len(words) {
			n, err := pl.plane(words)
			if err != nil {
				return err
			}
			t = n
		} else if s.Phase == phMove && s.Cur >= 0 {
			t, _, _ = s.canAttack()
		}
		if t < 0 {
			return engine.Illegal("Combat", "no plane sits directly ahead to attack (word %d of the plan)", pl.at)
		}
		if err := pl.apply(actAttack+engine.Action(t), "attack "+s.P[t].name()); err != nil {
			return err
		}
		return last()
	case "end", "done", "pass":
		pl.i++
		if err := pl.apply(actEnd, "end"); err != nil {
			return err
		}
		return last()
	case "to", "@":
		pl.i++
		if pl.i >= len(words) {
			return engine.Illegal("", "to which square? Type to and a square, e.g. to F30")
		}
		return pl.to(words[pl.i])
	case "half":
		if pl.i+1 < len(words) {
			if r, ok := stepWords["half"+squash(words[pl.i+1])]; ok {
				pl.i++
				return pl.step(s.turned(r), words[pl.i])
			}
		}
	}
	if r, ok := stepWords[lw]; ok {
		return pl.step(s.turned(r), w)
	}
	if d, ok := compassWords[lw]; ok {
		return pl.step(d, w)
	}
	if strings.HasPrefix(lw, "@") && len(lw) > 1 {
		return pl.to(w[1:])
	}
	i, err := pl.plane(words)
	if err != nil {
		return engine.Illegal("", "cannot read %q (word %d of the plan); type a plane (H1), steps (f, hl, hr, l, r or N, NE...), to SQUARE, attack, end", w, pl.at)
	}
	switch {
	case s.Phase == phPick:
		return pl.apply(actSelect+engine.Action(i), "select "+s.P[i].name())
	case s.Phase == phMove && int(s.Cur) == i:
		return nil // the plane already moving
	case s.Phase == phMove:
		return engine.Illegal("Movement", "%s is moving: finish its move before %s (word %d of the plan)", s.P[s.Cur].name(), s.P[i].name(), pl.at)
	}
	return pl.apply(actSelect+engine.Action(i), "select "+s.P[i].name())
}

// turned is the direction r eighths from the moving plane's facing; -1 (an
// invalid direction) when no plane is moving.
func (s *state) turned(r int) dir {
	if s.Phase != phMove || s.Cur < 0 {
		return dir(-1)
	}
	return s.P[s.Cur].Face.turn(r)
}

// step applies one step in direction d, typed as w.
func (pl *planner) step(d dir, w string) error {
	pl.i++
	if d < 0 || d > 7 {
		if pl.flew != "" {
			return engine.Illegal("Movement", "%s ran out of movement points at word %d of the plan, which ended its move: the steps from word %d (%q) on are too many; drop them",
				pl.flew, pl.flewAt, pl.at, w)
		}
		return engine.Illegal("Movement", "no plane is moving to take step %q (word %d of the plan): name the plane first, e.g. H1 %s", w, pl.at, w)
	}
	mover := pl.s.P[pl.s.Cur].name()
	if err := pl.apply(actMove+engine.Action(d), "move "+d.String()); err != nil {
		return err
	}
	pl.flew, pl.flewAt = mover, pl.at
	return nil
}

// to applies the steps the move preview gives to square sq (the path that
// ends the move there if one does, else the cheapest).
func (pl *planner) to(sq string) error {
	pl.i++
	s := pl.s
	if s.Phase != phMove || s.Cur < 0 {
		return engine.Illegal("Movement", "no plane is moving to fly to %s: name the plane first, e.g. H1 to %s", sq, sq)
	}
	reach, _ := s.preview()
	for _, r := range reach {
		if strings.EqualFold(r.Square, sq) {
			for _, st := range r.Path {
				if err := pl.apply(actMove+engine.Action(compassWords[strings.ToLower(st)]), "move "+st); err != nil {
					return err
				}
			}
			return nil
		}
	}
	return engine.Illegal("Movement (BA-5)", "%s cannot reach %s in this move (the board marks the squares in reach with their MP cost)", s.P[s.Cur].name(), strings.ToUpper(sq))
}

// plane reads the plane named at the plan's next word (a label such as H1
// or k2, a board code, or a name in one or two words: "hurricane1",
// "Hurricane 1") and moves past it.
func (pl *planner) plane(words []string) (int, error) {
	s := pl.s
	w := words[pl.i]
	for i := 0; i < int(s.NP); i++ {
		if w == s.planeLabel(i) {
			pl.i++
			return i, nil
		}
	}
	if pl.i+1 < len(words) {
		if i, err := s.parsePlane(w + " " + words[pl.i+1]); err == nil {
			pl.i += 2
			return i, nil
		}
	}
	i, err := s.parsePlane(w)
	if err == nil {
		pl.i++
	}
	return i, err
}
