package boba

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"scramble/engine"
)

// The text board, for the terminal and replays. It is built to fit a
// terminal of about 80 columns and 24 to 30 rows: only the rows where
// something is are drawn (a run of empty rows is folded into one line),
// the planes are listed beside the board, and the long tables (squadrons,
// record sheet) wait for the "sheet" command.

// String prints the view compactly: what is asked, then the cropped board
// (digits: the MPs the moving plane spends to fly to a square; "!": the
// German guns cover a square) with beside it the day, the planes and the
// damage, then the attacks the moving plane can make and the dice of a
// stop. A finished campaign ends with how it ended (ResultText).
func (v *View) String() string {
	var b strings.Builder
	if v.Result == nil {
		fmt.Fprintf(&b, "%s\n", v.Asking)
	}
	side := append(v.titleLines(), v.legendLines()...)
	side = append(side, v.dayLines()...)
	sideBySide(&b, v.boardLines(v.rowsToShow(boardBudget, false)), side)
	v.writeAttacks(&b)
	v.writeFire(&b)
	if v.Result != nil {
		fmt.Fprintf(&b, "%s\n", v.ResultText())
	}
	return b.String()
}

// Brief is what the terminal shows between two steps of one plane's move,
// instead of the whole board: what is asked, the board around the moving
// plane, and its attacks. It is "" before the plane's first step and
// outside a move, when the whole board is wanted.
func (v *View) Brief() string {
	s := v.state
	if s == nil || s.Phase != phMove || s.Cur < 0 || s.Steps == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", v.Asking)
	for _, l := range v.boardLines(v.rowsToShow(briefBudget, true)) {
		fmt.Fprintf(&b, "%s\n", l)
	}
	v.writeAttacks(&b)
	return b.String()
}

// ResultText says how the campaign ended: "Game over after 3 days: the
// Germans win (…); damage 64 of 90." It is "" while the campaign goes on.
func (v *View) ResultText() string {
	r := v.Result
	if r == nil {
		return ""
	}
	return fmt.Sprintf("Game over after %s: the %s win (%s); damage %d of %d.",
		plural(r.Rounds, "day"), r.Winner, r.Cause, r.Score, len(v.Targets)*targetPoints)
}

// plural writes "1 day", "3 days".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// titleLines name the game and the day.
func (v *View) titleLines() []string {
	day := fmt.Sprintf("Day %d of %d", v.Day, v.Days)
	if v.Turn > 0 {
		day += fmt.Sprintf(", turn %d", v.Turn)
	}
	if v.Target != "" {
		day += ", raid on the " + v.Target
	}
	return []string{"The Battle of Britain—Again!", day}
}

// boardBudget and briefBudget are the most lines the board's rows take
// (folds included) on the board and between the steps of a move: with the
// title, the list of actions and the prompt, a decision fits in about 24
// lines.
const (
	boardBudget = 15
	briefBudget = 12
)

// rowsToShow picks the board rows to draw, most useful first, while the
// rows drawn and the folds between them fit in budget lines: the moving
// plane's row and the rows it can reach; the rows of its targets and of the
// British fighters; the rows of every other plane; then the rows next to
// the planes (where their guns reach). Within each kind, rows nearer the
// action come first. With local, only the first two kinds. It is nil when
// no plane is on the board.
func (v *View) rowsToShow(budget int, local bool) []bool {
	var tiers [4][]int
	focus, n := 0, 0
	for _, p := range v.Planes {
		if p.Status != statusNames[onBoard] {
			continue
		}
		switch {
		case p.Name == v.Moving:
			tiers[0] = append(tiers[0], p.Y-1, p.Y, p.Y+1)
		case p.Side == "British":
			tiers[1] = append(tiers[1], p.Y)
		default:
			tiers[2] = append(tiers[2], p.Y)
		}
		tiers[3] = append(tiers[3], p.Y-1, p.Y+1)
		if p.Side == "British" || p.Name == v.Moving {
			focus, n = focus+p.Y, n+1
		}
	}
	if len(tiers[0])+len(tiers[1])+len(tiers[2]) == 0 {
		return nil
	}
	if n > 0 {
		focus /= n
	}
	for _, r := range v.Reach {
		tiers[0] = append(tiers[0], r.Y)
		focus = -1
	}
	if focus < 0 {
		for _, p := range v.Planes {
			if p.Name == v.Moving {
				focus = p.Y
			}
		}
	}
	tiers[1] = append(v.targetRows(), tiers[1]...)
	if local {
		tiers[1], tiers[2], tiers[3] = v.targetRows(), nil, nil
	}
	show := make([]bool, v.Length)
	for _, tier := range tiers {
		slices.SortStableFunc(tier, func(a, b int) int { return abs(a-focus) - abs(b-focus) })
		for _, y := range tier {
			if y < 0 || y >= v.Length || show[y] {
				continue
			}
			show[y] = true
			if boardHeight(show) > budget {
				show[y] = false
			}
		}
	}
	return show
}

// targetRows are the rows of the planes the moving plane can attack.
func (v *View) targetRows() []int {
	var rows []int
	for _, a := range v.Attacks {
		for _, p := range v.Planes {
			if p.Name == a.Target {
				rows = append(rows, p.Y)
			}
		}
	}
	return rows
}

// boardHeight is the lines the rows marked in show take: one per row
// drawn, one per run of rows folded.
func boardHeight(show []bool) int {
	n := 0
	for y := range show {
		if show[y] || y == 0 || show[y-1] {
			n++
		}
	}
	return n
}

// boardLines draws the rows marked in show, the far edge (where the
// bombers leave) at the top: a plane is its label and an arrow for its
// facing, a digit the MPs the moving plane spends to fly there, "!" a
// square under the German guns, "." an empty square. A run of two or more
// unmarked rows becomes one line naming the planes folded in it (the
// sheet shows every row).
func (v *View) boardLines(show []bool) []string {
	if show == nil {
		return nil
	}
	cells := map[[2]int]string{}
	for sq, n := range v.guns() {
		if n > 0 {
			cells[sq] = " ! "
		}
	}
	for _, r := range v.Reach {
		k := [2]int{r.X, r.Y}
		gun := " "
		if cells[k] != "" {
			gun = "!"
		}
		cells[k] = fmt.Sprintf("%2d", r.Cost) + gun
	}
	for _, p := range v.Planes {
		if p.Status == statusNames[onBoard] {
			cells[[2]int{p.X, p.Y}] = label(p.Type, p.Code) + dirArrows[dirIndex(p.Facing)]
		}
	}
	header := "    "
	for x := 0; x < v.Width; x++ {
		header += " " + colName(x) + " "
	}
	lines := []string{header}
	row := func(y int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%3d ", y+1)
		for x := 0; x < v.Width; x++ {
			c, ok := cells[[2]int{x, y}]
			if !ok {
				c = " . "
			}
			b.WriteString(c)
		}
		return b.String()
	}
	for y := v.Length - 1; y >= 0; {
		if show[y] {
			lines = append(lines, row(y))
			y--
			continue
		}
		top := y
		for y >= 0 && !show[y] {
			y--
		}
		if top == y+1 {
			lines = append(lines, row(top))
			continue
		}
		var there []string
		for _, p := range v.Planes {
			if p.Status == statusNames[onBoard] && p.Y > y && p.Y <= top {
				there = append(there, label(p.Type, p.Code))
			}
		}
		fold := fmt.Sprintf("  ⋮ rows %d-%d: empty", y+2, top+1)
		if len(there) > 0 {
			fold = fmt.Sprintf("  ⋮ rows %d-%d: %s", y+2, top+1, strings.Join(there, " "))
			if utf8.RuneCountInString(fold) > utf8.RuneCountInString(header) {
				fold = fmt.Sprintf("  ⋮ rows %d-%d: %s folded", y+2, top+1, plural(len(there), "plane"))
			}
		}
		lines = append(lines, fold)
	}
	return lines
}

// guns counts, for each empty square next to a German plane, the German
// guns that would fire at a British fighter stopping there (Combat, Figure
// 4; BA-10): the stop's dice as addGuns lines them up, on a copy of the
// state with a British fighter placed there.
func (v *View) guns() map[[2]int]int {
	s := v.state
	if s == nil {
		return nil
	}
	brit := -1
	if s.Cur >= 0 && !s.P[s.Cur].german() {
		brit = int(s.Cur)
	}
	for i := 0; i < int(s.NP) && brit < 0; i++ {
		if !s.P[i].german() && s.P[i].Status == onBoard {
			brit = i
		}
	}
	if brit < 0 {
		return nil
	}
	out := map[[2]int]int{}
	for i := 0; i < int(s.NP); i++ {
		g := &s.P[i]
		if !g.german() || g.Status != onBoard {
			continue
		}
		for d := range 8 {
			x, y := int(g.X)+dx[d], int(g.Y)+dy[d]
			k := [2]int{x, y}
			if _, done := out[k]; done || !s.onBoard(x, y) || s.occupant(x, y, -1) >= 0 {
				continue
			}
			c := &state{core: s.core}
			c.clearFire()
			c.P[brit].X, c.P[brit].Y = int8(x), int8(y)
			c.addGuns(brit)
			out[k] = int(c.NFire)
		}
	}
	return out
}

// legendLines lists the planes beside the board: each British fighter on
// the board with its label, square, facing and MPs, the moving plane marked
// "*" (a German one too, when a Luftwaffe seat moves it), the German planes
// on the board by squadron with their squares and facings, then the planes
// off the board by what became of them.
func (v *View) legendLines() []string {
	var lines, squadrons []string
	german := map[string][]string{}
	gone := map[string][]string{}
	var goneOrder []string
	for _, p := range v.Planes {
		lb := label(p.Type, p.Code)
		switch {
		case p.Status != statusNames[onBoard]:
			if gone[p.Status] == nil {
				goneOrder = append(goneOrder, p.Status)
			}
			gone[p.Status] = append(gone[p.Status], lb)
		case p.Side == "German":
			if p.Name == v.Moving { // a Luftwaffe seat's fighter
				lines = append(lines, fmt.Sprintf("*%-3s %-11s %-4s %-2s %d MP, %d left", lb, p.Name, p.Square, p.Facing, p.MP, v.MPLeft))
			}
			head := p.Squadron + " " + p.Type
			if p.Bomber {
				head += fmt.Sprintf(" %d MP", p.MP)
			}
			if german[head] == nil {
				squadrons = append(squadrons, head)
			}
			german[head] = append(german[head], lb+" "+p.Square+dirArrows[dirIndex(p.Facing)])
		default:
			mark, mp := " ", ""
			switch {
			case p.Name == v.Moving:
				mark, mp = "*", fmt.Sprintf("%d MP, %d left", p.MP, v.MPLeft)
			case p.Climbing:
				mp = "climbs"
			case p.Moved:
				mp = "moved"
			case p.MP > 0:
				mp = fmt.Sprintf("%d MP", p.MP)
			}
			lines = append(lines, strings.TrimRight(fmt.Sprintf("%s%-3s %-11s %-4s %-2s %s", mark, lb, p.Name, p.Square, p.Facing, mp), " "))
		}
	}
	for _, head := range squadrons {
		lines = append(lines, fmt.Sprintf(" %s: %s", head, strings.Join(german[head], " ")))
	}
	for _, st := range goneOrder {
		lines = append(lines, fmt.Sprintf(" %s: %s", st, strings.Join(gone[st], " ")))
	}
	return lines
}

// sideBySide writes the board lines with the legend beside them.
func sideBySide(b *strings.Builder, board, legend []string) {
	if len(board) == 0 && len(legend) == 0 {
		return
	}
	wide := 0
	if len(board) > 0 {
		wide = utf8.RuneCountInString(board[0]) // the column header, as wide as a row
	}
	b.WriteString("\n")
	for i := 0; i < max(len(board), len(legend)); i++ {
		l, r := "", ""
		if i < len(board) {
			l = board[i]
		}
		if i < len(legend) {
			r = legend[i]
		}
		if r == "" {
			fmt.Fprintf(b, "%s\n", l)
			continue
		}
		fmt.Fprintf(b, "%s%s  %s\n", l, strings.Repeat(" ", max(0, wide-utf8.RuneCountInString(l))), r)
	}
}

// writeAttacks lists the attacks the moving plane can make, each as the
// plan that makes it (its steps, then attack and the target's label), with
// the MPs it spends, the angle, the roll that hits and its chance, and the
// dice fired back at the attacker at that stop (head-on return fire, the
// German guns covering the square; BA-10).
func (v *View) writeAttacks(b *strings.Builder) {
	if len(v.Attacks) == 0 {
		return
	}
	labels := map[string]string{}
	for _, p := range v.Planes {
		labels[p.Name] = label(p.Type, p.Code)
	}
	b.WriteString("Attacks in reach (type the plan on the left):\n")
	for _, a := range v.Attacks {
		plan := strings.TrimSpace(strings.Join(a.Path, " ") + " attack " + labels[a.Target])
		back := "none"
		if len(a.Against) > 0 {
			needs := make([]string, len(a.Against))
			for i, n := range a.Against {
				needs[i] = strconv.Itoa(n) + "+"
			}
			back = strings.Join(needs, " ")
		}
		fmt.Fprintf(b, "  %-20s %s from %s, %d MP: %s %d+ (%s); fire back %s\n",
			plan, a.Target, a.From, a.Cost, a.Angle, a.Need, chance(a.Need), back)
	}
}

// chance is the chance of a d6 roll of need or more, in per cent.
func chance(need int) string {
	return strconv.Itoa(int(math.Round(float64(7-need)*100/6))) + "%"
}

func (v *View) writeFire(b *strings.Builder) {
	for _, f := range v.Fire {
		roll := "to roll"
		if f.Roll > 0 {
			roll = fmt.Sprintf("rolled %d", f.Roll)
			if f.Roll >= f.Need {
				roll += ", a hit"
			}
		}
		fmt.Fprintf(b, "Fire: %s at %s, needs %d+ (%s), %s\n", f.From, f.To, f.Need, chance(f.Need), roll)
	}
	if v.BombingDice > 0 {
		fmt.Fprintf(b, "Bombing: %d dice to roll on the %s\n", v.BombingDice, v.Target)
	}
}

// dayLines give the damage to the targets (30 destroys one) and the
// squadrons of today's raid, from the record sheet.
func (v *View) dayLines() []string {
	damage := make([]string, len(v.Targets))
	for i, t := range v.Targets {
		damage[i] = fmt.Sprintf("%s %d", t.Name, t.Damage)
	}
	lines := []string{"Damage: " + strings.Join(damage, ", ")}
	if n := len(v.Record); n > 0 {
		d := v.Record[n-1]
		if len(d.Bombers)+len(d.Fighters)+len(d.British) > 0 {
			lines = append(lines, fmt.Sprintf("Today: %s; %s; %s", list(d.Bombers), list(d.Fighters), list(d.British)))
		}
	}
	return lines
}

// Sheet is what the board leaves out: every row of the board with a plane
// (and the rows beside them), every plane of the day with its colour and
// squadron, the squadrons' strength and the record sheet.
func (v *View) Sheet() string {
	var b strings.Builder
	if rows := v.rowsToShow(v.Length, false); rows != nil {
		b.WriteString("The board, every row with a plane:\n")
		for _, l := range v.boardLines(rows) {
			fmt.Fprintf(&b, "%s\n", l)
		}
	}
	if len(v.Planes) > 0 {
		b.WriteString("Planes:\n")
		for _, p := range v.Planes {
			where := p.Status
			if p.Status == statusNames[onBoard] {
				where = fmt.Sprintf("at %s facing %s", p.Square, p.Facing)
			}
			fmt.Fprintf(&b, "  %-3s %-12s %-6s %-4s %s\n", label(p.Type, p.Code), p.Name, p.Colour, p.Squadron, where)
		}
	}
	b.WriteString("Targets:")
	for _, t := range v.Targets {
		mark := ""
		if t.Destroyed {
			mark = " destroyed"
		}
		fmt.Fprintf(&b, "  %s %d/%d%s", t.Name, t.Damage, t.Points, mark)
	}
	b.WriteString("\nSquadrons (planes left of those at the start):")
	for i, q := range v.Squadrons {
		if i%3 == 0 {
			b.WriteString("\n ")
		}
		fmt.Fprintf(&b, " %s %s %d/%d", q.Name, q.Type, q.Planes, q.Start)
	}
	b.WriteString("\nRecord sheet:\n  Day  Target         Bombers    Fighters   British    Outcome      Losses                    Damage\n")
	for _, d := range v.Record {
		target := "-"
		if d.Target != "" {
			target = d.Target
			if d.TargetRoll > 0 {
				target = fmt.Sprintf("%s (%d)", d.Target, d.TargetRoll)
			}
		}
		var losses []string
		for g := 0; g < 3; g++ {
			for sq := 0; sq < 6; sq++ {
				if n := d.Losses[sqName(g, sq)]; n > 0 {
					losses = append(losses, fmt.Sprintf("%s-%d", sqName(g, sq), n))
				}
			}
		}
		fmt.Fprintf(&b, "  %-4d %-14s %-10s %-10s %-10s %-12s %-25s %d\n", d.Day, target, list(d.Bombers), list(d.Fighters),
			list(d.British), d.Outcome, list(losses), d.Damage)
	}
	return b.String()
}

func list(l []string) string {
	if len(l) == 0 {
		return "-"
	}
	return strings.Join(l, " ")
}

// Help explains the game's actions at the terminal: the step words and
// their costs, typing a whole move, the board's marks, the labels and the
// hit chart, all from the game's own tables.
func (v *View) Help() string {
	var b strings.Builder
	fmt.Fprintf(&b, `Moving a fighter (Maneuver, Figure 2): each step enters one of the five squares
ahead of the plane and turns it that way. Steps, by their word:
  f (ahead) %d MP   hl, hr (half left, half right) %d MP   l, r (left, right) %d MP
or by compass: N NE E SE S SW W NW (north is up the board, the way the Germans fly).
A fighter must spend all the MPs it can (BA-5): only such steps are listed.
Type a whole move on one line: the plane, its steps, and perhaps its attack:
  H1 f f hl f         select Hurricane 1 and take four steps
  move H1 S S SW      the same with compass words
  S2 to F30           fly the path the board's digits show to F30
  H3 f f attack k1    two steps, then fire at He111 1 directly ahead
  end                 end the move when no step is left
A step or an attack on its own works too (move SW, attack k1).
The words of a move: move, fly or go may start it; attack, fire or x and a
plane fires at that plane (with no plane, at the one directly ahead) and must
end the line; end, done or pass ends the move; to SQUARE or @SQUARE flies the
path to that square; a step is f (or a, ahead, forward, straight), hl (half
left, halfleft), hr (half right, halfright), l (left), r (right).
The board: a digit is the MPs the moving plane spends to fly to that square;
! marks a square the German guns cover; arrows show where a plane faces.
Labels: British upper case (H Hurricane, S Spitfire); German lower case
(u Ju87, k He111, d Do17, j Ju88, z Me110, e Me109); k is for Heinkel, so that
no label differs from another only by case.
Hit chart (Combat, Figure 3), the roll a fighter needs by where it sits seen
from its target: `, costAhead, costDiagonal, costLateral)
	chart := make([]string, len(angleNames))
	for a, n := range angleNames {
		chart[a] = fmt.Sprintf("%s %d+", n, hitChart[a])
	}
	b.WriteString(strings.Join(chart, ", "))
	fmt.Fprintf(&b, `.
A fighter attacked head-on fires back (%d+); each bomber's nose and tail guns,
and an Me110's rear gun, fire %d+ at a British fighter that stops in their arc
(BA-10). After firing, the attacker flies on through its target (BA-9).
`, planeSpecs[me109].Forward, defensiveNeed)
	return b.String()
}

// ActionNote adds to an action in the terminal's list what it costs or
// risks: a step's MPs and the square it enters, an attack's angle and
// chance, the MPs of the plane chosen. It is "" for the rest.
func (s *state) ActionNote(seat engine.Seat, a engine.Action) string {
	if seat != s.Current() || seat < 0 {
		return ""
	}
	switch {
	case s.Phase == phPick && a >= actSelect && a < actSelect+maxPlanes:
		p := &s.P[a-actSelect]
		return fmt.Sprintf("%s %s %d MP", s.planeLabel(int(a-actSelect)), squareName(int(p.X), int(p.Y)), p.MP)
	case s.Phase == phMove && a >= actMove && a < actMove+8:
		p := &s.P[s.Cur]
		d := dir(a - actMove)
		return fmt.Sprintf("%d MP, to %s", stepCost(p.Face, d), squareName(int(p.X)+dx[d], int(p.Y)+dy[d]))
	case s.Phase == phMove && a >= actAttack && a < actAttack+maxPlanes:
		c := &state{core: s.core}
		c.startAttack(int(a - actAttack))
		t := &s.P[a-actAttack]
		p := &s.P[s.Cur]
		ang := attackAngle(int(t.X), int(t.Y), t.Face, int(p.X), int(p.Y))
		back := [...]string{"no die", "1 die"}[min(1, int(c.NFire)-1)]
		if c.NFire > 2 {
			back = strconv.Itoa(int(c.NFire)-1) + " dice"
		}
		return fmt.Sprintf("%s, %s, hits on %d+ (%s), %s back", s.planeLabel(int(a-actAttack)), angleNames[ang],
			c.Fire[0].Need, chance(int(c.Fire[0].Need)), back)
	}
	return ""
}
