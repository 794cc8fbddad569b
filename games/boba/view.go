package boba

import (
	"fmt"

	"scramble/engine"
)

// View is what a seat sees. The game hides nothing but the dice to come, so
// every seat and spectator sees the whole board and record sheet. It
// marshals to JSON for clients and prints as a text board.
type View struct {
	// Seat is the seat the view was made for.
	Seat engine.Seat `json:"seat"`
	// Day and Days: the day being played (1..Days) of the campaign.
	Day  int `json:"day"`
	Days int `json:"days"`
	// Turn is the raid's turn, from 1 (0 before the raid is placed).
	Turn int `json:"turn"`
	// Width and Length give the board in squares; row 1 is the German end.
	Width  int `json:"width"`
	Length int `json:"length"`
	// Phase names what the game waits for; ToAct says who: "British",
	// "Luftwaffe", "dice" or "nobody".
	Phase string `json:"phase"`
	ToAct string `json:"to_act"`
	// Asking says in plain words what is being asked now.
	Asking string `json:"asking"`
	// Target is the day's target ("" before the roll).
	Target string `json:"target,omitempty"`
	// Moving is the plane moving now, with its MPs left.
	Moving string `json:"moving,omitempty"`
	MPLeft int    `json:"mp_left"`
	// Planes are the day's planes, on the board or not.
	Planes []PlaneView `json:"planes"`
	// Fire lists the dice of the stop being resolved.
	Fire []ShotView `json:"fire,omitempty"`
	// BombingDice is the number of bombing dice still to roll.
	BombingDice int `json:"bombing_dice,omitempty"`
	// Targets holds the damage on each target.
	Targets []TargetView `json:"targets"`
	// Squadrons holds the strength of each squadron (Table 1).
	Squadrons []SquadronView `json:"squadrons"`
	// Record is the record sheet, one entry per day begun.
	Record []DayView `json:"record"`
	// Reach and Attacks preview the rest of the move of the plane moving
	// now, for boards to draw: every square it can still reach by legal
	// steps, and every plane it can fire at, now or after some steps. Both
	// follow from the board alone.
	Reach   []ReachView  `json:"reach,omitempty"`
	Attacks []AttackView `json:"attacks,omitempty"`
	// Legal lists the text of the actions the view's seat may take now.
	Legal []string `json:"legal,omitempty"`
	// Result is how the campaign ended, once it has.
	Result *engine.Result `json:"result,omitempty"`

	state *state
}

// PlaneView is one plane of the day's raid.
type PlaneView struct {
	Name     string `json:"name"` // "Hurricane 2"
	Type     string `json:"type"`
	Num      int    `json:"num"`
	Colour   string `json:"colour"` // the identification colour (Identification)
	Code     string `json:"code"`   // the board's letter and number, "H2"
	Side     string `json:"side"`   // "British" or "German"
	Bomber   bool   `json:"bomber"`
	Squadron string `json:"squadron"`
	Status   string `json:"status"` // "flying", "shot down", "through to the target", "turned back"
	X        int    `json:"x"`      // column from 0 (west)
	Y        int    `json:"y"`      // row from 0 (the German end)
	Square   string `json:"square"`
	Facing   string `json:"facing"`
	MP       int    `json:"mp"` // this turn's MPs (fighters) or the fixed MPs (bombers)
	Moved    bool   `json:"moved"`
	Climbing bool   `json:"climbing,omitempty"`
}

// ShotView is one die of a stop.
type ShotView struct {
	From string `json:"from"`
	To   string `json:"to"`
	Need int    `json:"need"`
	Roll int    `json:"roll,omitempty"`
}

// ReachView is a square the moving plane can reach in this move by legal
// steps (Maneuver; BA-5). Where several ways lead there, the one shown ends
// the move there if any does, then spends the fewest MPs, then takes the
// fewest steps.
type ReachView struct {
	Square string `json:"square"`
	X      int    `json:"x"`
	Y      int    `json:"y"`
	// Path is the steps from where the plane stands, as "move" takes them
	// ("N", "NE"); Cost is the MPs they spend.
	Path []string `json:"path"`
	Cost int      `json:"cost"`
	// Facing is the plane's facing on arrival.
	Facing string `json:"facing"`
	// Ends: no step is left from there, so the move ends there (the plane
	// may still fire first).
	Ends bool `json:"ends"`
}

// AttackView is a shot the moving plane can take in this move: from square
// From, after the steps of Path (none: it can fire now), at the plane in the
// square directly ahead (Combat; BA-8). One per target and square, by the
// cheapest path found.
type AttackView struct {
	Target string   `json:"target"` // the plane fired at, "He111 3"
	Square string   `json:"square"` // the target's square
	From   string   `json:"from"`
	Path   []string `json:"path"`
	Cost   int      `json:"cost"`
	// Angle is where the attacker sits as seen from the target (Figure 3);
	// Need is the roll its die needs to hit.
	Angle string `json:"angle"`
	Need  int    `json:"need"`
	// Against lists the dice fired at the attacker at that stop (head-on
	// return fire, then the German guns covering the square: BA-10), each as
	// the roll it needs.
	Against []int `json:"against"`
}

// TargetView is one target's damage.
type TargetView struct {
	Name      string `json:"name"`
	Damage    int    `json:"damage"`
	Points    int    `json:"points"`
	Destroyed bool   `json:"destroyed"`
}

// SquadronView is one squadron's strength.
type SquadronView struct {
	Name   string `json:"name"` // "GB3"
	Type   string `json:"type"`
	Start  int    `json:"start"`
	Planes int    `json:"planes"`
}

// DayView is one day of the record sheet.
type DayView struct {
	Day        int            `json:"day"`
	TargetRoll int            `json:"target_roll,omitempty"`
	Target     string         `json:"target,omitempty"`
	Rolls      [3][2]int      `json:"rolls"`
	Bombers    []string       `json:"bombers"`
	Fighters   []string       `json:"fighters"`
	British    []string       `json:"british"`
	Outcome    string         `json:"outcome"`
	Losses     map[string]int `json:"losses"`
	Damage     int            `json:"damage"`
	Reached    int            `json:"reached"`
	Turns      int            `json:"turns"`
}

var colours = [7]string{"", "red", "white", "blue", "black", "yellow", "green"}
var statusNames = [...]string{"", "flying", "shot down", "through to the target", "turned back"}
var outcomeNames = [...]string{"in progress", "raid", "scrubbed", "unopposed"}

// View returns the whole game as seat sees it.
func (s *state) View(seat engine.Seat) engine.View {
	c := &state{core: s.core}
	v := &View{
		Seat: seat, Day: int(s.Day), Days: s.Cfg.Days, Turn: int(s.Turn),
		Width: s.Cfg.Width, Length: s.Cfg.Length, Phase: phaseNames[s.Phase],
		ToAct: s.toAct(), Asking: s.asking(), state: c,
	}
	if s.Target >= 0 {
		v.Target = targetNames[s.Target]
	}
	if s.Cur >= 0 {
		v.Moving, v.MPLeft = s.P[s.Cur].name(), int(s.MPLeft)
	}
	for i := 0; i < int(s.NP); i++ {
		v.Planes = append(v.Planes, s.planeView(i))
	}
	if s.Phase == phFire {
		for i := 0; i < int(s.NFire); i++ {
			sh := s.Fire[i]
			v.Fire = append(v.Fire, ShotView{From: s.P[sh.From].name(), To: s.P[sh.To].name(), Need: int(sh.Need), Roll: int(sh.Roll)})
		}
	}
	v.BombingDice = int(s.BombLeft)
	for t := 0; t < 3; t++ {
		v.Targets = append(v.Targets, TargetView{Name: targetNames[t], Damage: int(s.Dmg[t]), Points: targetPoints, Destroyed: s.Dmg[t] >= targetPoints})
	}
	for g := 0; g < 3; g++ {
		for sq := 0; sq < 6; sq++ {
			v.Squadrons = append(v.Squadrons, SquadronView{Name: sqName(g, sq), Type: planeSpecs[s.sqType(g, sq)].Name,
				Start: squadronTable[g][sq].Planes, Planes: int(s.Str[g][sq])})
		}
	}
	for d := 0; d < int(s.Day); d++ {
		v.Record = append(v.Record, s.dayView(d))
	}
	if s.Phase == phMove && s.Cur >= 0 {
		v.Reach, v.Attacks = s.preview()
	}
	if seat >= 0 {
		for _, a := range s.Legal(seat, nil) {
			v.Legal = append(v.Legal, s.ActionString(seat, a))
		}
	}
	if s.Phase == phOver {
		r := s.Result()
		v.Result = &r
	}
	return v
}

// preview explores the rest of the moving plane's move as the rules allow
// it step by step: from each square, facing and MP count reached, the steps
// that keep the most MPs the plane can spend (moveChoices, BA-5), and the
// attack it could make there (attackAt). It is the breadth-first search of
// planGerman, keeping every square and attack instead of choosing one.
func (s *state) preview() ([]ReachView, []AttackView) {
	p := int(s.Cur)
	sc := getScratch(s.Cfg)
	defer putScratch(sc)
	m := mover{s: s, p: p, sc: sc}
	nodes := []pnode{m.startNode()}
	cost := []int{0}
	path := func(i int) []string {
		out := []string{}
		for ; i > 0; i = int(nodes[i].parent) {
			out = append(out, nodes[i].via.String())
		}
		for a, b := 0, len(out)-1; a < b; a, b = a+1, b-1 {
			out[a], out[b] = out[b], out[a]
		}
		return out
	}
	type found struct {
		node int
		ends bool
	}
	bySquare := map[[2]int8]found{}
	var order [][2]int8
	var attacks []AttackView
	for i := 0; i < len(nodes); i++ {
		n := nodes[i]
		x, y := int(n.x), int(n.y)
		if t, _, _ := s.attackAt(p, x, y, n.f, int(n.mp), int(n.steps)); t >= 0 {
			attacks = s.addAttack(attacks, p, t, n, path(i), cost[i])
		}
		val, most := m.stepValues(n)
		// No step left: the move ends here (after firing, perhaps).
		ends := most < 0
		if i > 0 {
			k := [2]int8{n.x, n.y}
			old, seen := bySquare[k]
			if !seen {
				order = append(order, k)
			}
			if !seen || ends && !old.ends || ends == old.ends && cost[i] < cost[old.node] {
				bySquare[k] = found{i, ends}
			}
		}
		if ends {
			continue
		}
		before := len(nodes)
		nodes = m.expand(nodes, i, val, most)
		for _, next := range nodes[before:] {
			cost = append(cost, cost[i]+stepCost(n.f, next.f))
		}
	}
	reach := make([]ReachView, 0, len(order))
	for _, k := range order {
		f := bySquare[k]
		n := nodes[f.node]
		reach = append(reach, ReachView{Square: squareName(int(n.x), int(n.y)), X: int(n.x), Y: int(n.y),
			Path: path(f.node), Cost: cost[f.node], Facing: n.f.String(), Ends: f.ends})
	}
	return reach, attacks
}

// addAttack adds to list the attack of plane p on plane t from node n,
// reached by path at cost MPs, unless the list holds one as cheap on t from
// the same square. The dice come from startAttack on a copy of the state
// with the plane moved there: they are the ones the stop would line up.
func (s *state) addAttack(list []AttackView, p, t int, n pnode, path []string, cost int) []AttackView {
	from := squareName(int(n.x), int(n.y))
	target := s.P[t].name()
	k := len(list)
	for i, a := range list {
		if a.Target == target && a.From == from {
			if a.Cost <= cost {
				return list
			}
			k = i
		}
	}
	c := &state{core: s.core}
	c.P[p].X, c.P[p].Y, c.P[p].Face = n.x, n.y, n.f
	c.Cur, c.MPLeft, c.Steps = int8(p), n.mp, n.steps
	c.startAttack(t)
	tp := &s.P[t]
	a := AttackView{Target: target, Square: squareName(int(tp.X), int(tp.Y)), From: from, Path: path, Cost: cost,
		Angle: angleNames[attackAngle(int(tp.X), int(tp.Y), tp.Face, int(n.x), int(n.y))], Need: int(c.Fire[0].Need), Against: []int{}}
	for _, sh := range c.Fire[1:c.NFire] {
		a.Against = append(a.Against, int(sh.Need))
	}
	if k < len(list) {
		list[k] = a
		return list
	}
	return append(list, a)
}

func (s *state) planeView(i int) PlaneView {
	p := &s.P[i]
	side := "British"
	if p.german() {
		side = "German"
	}
	mp := int(p.MP)
	if p.spec().Bomber {
		mp = p.spec().MP
	}
	return PlaneView{
		Name: p.name(), Type: p.spec().Name, Num: int(p.Num), Colour: colours[p.Num],
		Code: fmt.Sprintf("%c%d", p.spec().Code, p.Num), Side: side, Bomber: p.spec().Bomber,
		Squadron: sqName(int(p.Group), int(p.Sq)), Status: statusNames[p.Status],
		X: int(p.X), Y: int(p.Y), Square: squareName(int(p.X), int(p.Y)), Facing: p.Face.String(),
		MP: mp, Moved: p.Moved, Climbing: p.Hold,
	}
}

func (s *state) dayView(d int) DayView {
	r := &s.Rec[d]
	v := DayView{Day: d + 1, TargetRoll: int(r.TargetRoll), Outcome: outcomeNames[r.Outcome],
		Losses: map[string]int{}, Damage: int(r.Damage), Reached: int(r.Exited), Turns: int(r.Turns)}
	if r.Target >= 0 {
		v.Target = targetNames[r.Target]
	}
	lists := [3]*[]string{&v.Bombers, &v.Fighters, &v.British}
	for g := 0; g < 3; g++ {
		v.Rolls[g] = [2]int{int(r.Rolls[g][0]), int(r.Rolls[g][1])}
		*lists[g] = []string{}
		for _, sq := range r.Flying[g] {
			if sq >= 0 {
				*lists[g] = append(*lists[g], sqName(g, int(sq)))
			}
		}
		for sq := 0; sq < 6; sq++ {
			if n := r.Losses[g][sq]; n > 0 {
				v.Losses[sqName(g, sq)] = int(n)
			}
		}
	}
	return v
}

func (s *state) toAct() string {
	switch s.Current() {
	case engine.Terminal:
		return "nobody"
	case engine.Chance:
		return "dice"
	case 0:
		return "British"
	}
	return "Luftwaffe"
}

// asking says what the game waits for, in plain words.
func (s *state) asking() string {
	switch s.Phase {
	case phTarget:
		return fmt.Sprintf("Day %d: roll 1d6 for the target (1-2 radar, 3-4 factory, 5-6 airfield; BA-7 once one is destroyed).", s.Day)
	case phSelect:
		return fmt.Sprintf("Roll the red and white dice for the %s squadrons.", []string{"German bomber", "German fighter", "British fighter"}[s.Group])
	case phDive:
		return fmt.Sprintf("%s may take the dive roll (dive: even adds to its MPs, odd holds it still) or fly level (level).", sqName(int(sideGroup[s.Side]), s.diveSquadron()))
	case phDiveRoll:
		return fmt.Sprintf("Roll 1d6 for %s's dive or climb.", sqName(int(sideGroup[s.Side]), s.diveSquadron()))
	case phMP:
		if i := s.nextToRoll(); i >= 0 {
			return fmt.Sprintf("Roll 1d6 for %s's movement points.", s.P[i].name())
		}
	case phPick:
		return fmt.Sprintf("Turn %d: choose the next %s fighter to move.", s.Turn, seatName(s.Current()))
	case phMove:
		p := &s.P[s.Cur]
		q := fmt.Sprintf("%s at %s facing %s has %s left.", p.name(), squareName(int(p.X), int(p.Y)), p.Face, plural(int(s.MPLeft), "MP"))
		if t, _, _ := s.canAttack(); t >= 0 {
			q += fmt.Sprintf(" It may fire at %s, directly ahead.", s.P[t].name())
		}
		if _, most := s.moveChoices(); most < 0 {
			q += " It can spend no more MPs: end its move, or fire."
		}
		return q
	case phFire:
		sh := s.Fire[s.FireNext]
		return fmt.Sprintf("Roll 1d6: %s fires at %s and needs %d.", s.P[sh.From].name(), s.P[sh.To].name(), sh.Need)
	case phBomb:
		return fmt.Sprintf("Roll a bombing die for the %s (%d left).", targetNames[s.Target], s.BombLeft)
	case phOver:
		r := s.Result()
		return fmt.Sprintf("The campaign is over: the %s win (%s).", r.Winner, r.Cause)
	}
	return ""
}

// ViewSeat is the seat the view was made for.
func (v *View) ViewSeat() engine.Seat { return v.Seat }

// Sample returns the state: nothing is hidden but the dice to come.
func (v *View) Sample(r *engine.Rand) engine.State { return v.state.Clone() }

func dirIndex(name string) int {
	for i, n := range dirNames {
		if n == name {
			return i
		}
	}
	return 0
}
