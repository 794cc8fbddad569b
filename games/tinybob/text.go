package tinybob

import (
	"fmt"
	"strconv"
	"strings"
)

// String prints the view as a text board: one line per row with the
// location's health, the four columns with the Luftwaffe die ("L3": value 3)
// where it stands (column 0 is on the location; a shot-down die sits in the
// "down" column), and the RAF die; then the Reserve, resources, Aces, actions,
// the Wave Tracker, and what is being asked.
func (v *View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Tiny Battle of Britain: round %d, phase %d (%s)\n", v.Round, v.Phase, v.PhaseName)
	fmt.Fprintf(&b, "Wave Tracker %d, space %d of 4 (4 is the bomb)\n\n", v.WaveValue, v.WaveSpace)
	fmt.Fprintf(&b, " %s  %-15s %s %4s   |", "#", "Location", " ", "loc")
	for _, c := range []string{"on", "1", "2", "3", "4"} {
		fmt.Fprintf(&b, " %4s", c)
	}
	fmt.Fprintf(&b, " | %4s | %3s\n", "down", "RAF")
	for _, r := range v.Rows {
		mark := " "
		if r.Priority {
			mark = "*"
		}
		health := strconv.Itoa(r.Location)
		if r.Destroyed {
			health = "X"
		}
		fmt.Fprintf(&b, " %d  %-15s %s %4s   |", r.Row, r.Name, mark, health)
		lw := "L" + strconv.Itoa(r.LuftwaffeValue)
		for c := 0; c <= 4; c++ {
			cell := "."
			if !r.ShotDown && r.LuftwaffeColumn == c {
				cell = lw
			}
			fmt.Fprintf(&b, " %4s", cell)
		}
		down := ""
		if r.ShotDown {
			down = "L0"
		}
		raf := "-"
		if r.RAF > 0 {
			raf = strconv.Itoa(r.RAF)
		}
		fmt.Fprintf(&b, " | %4s | %3s\n", down, raf)
	}
	reserve := "-"
	if v.Reserve > 0 {
		reserve = strconv.Itoa(v.Reserve)
	}
	fmt.Fprintf(&b, "Reserve %s, free red dice %d, planes %d, resources %d, Aces %d, actions left %d\n",
		reserve, v.FreeDice, v.Planes, v.Resources, v.Aces, v.ActionsLeft)
	if v.PriorityRow > 0 {
		fmt.Fprintf(&b, "* priority target: row %d %s\n", v.PriorityRow, v.Rows[v.PriorityRow-1].Name)
	} else {
		b.WriteString("* priority target: not rolled yet\n")
	}
	if a := v.Attack; a != nil {
		kind := "RAF attack in " + v.Rows[a.RAFRow-1].Name
		if a.Disrupting {
			kind = fmt.Sprintf("disrupting attack by the RAF die of %s on the raider of row %d", v.Rows[a.RAFRow-1].Name, a.LuftwaffeRow)
		}
		fmt.Fprintf(&b, "Attack: %s, needs %d+", kind, a.Needs)
		if a.Roll > 0 {
			fmt.Fprintf(&b, ", rolled %d", a.Roll)
		}
		b.WriteString("\n")
	}
	if r := v.Raid; r != nil {
		fmt.Fprintf(&b, "Raid: the Luftwaffe die of row %d", r.Row)
		if r.Target > 0 {
			fmt.Fprintf(&b, " on %s", v.Rows[r.Target-1].Name)
		}
		if r.RedirectRoll > 0 {
			fmt.Fprintf(&b, " (redirected by roll %d)", r.RedirectRoll)
		}
		if r.Disrupt {
			b.WriteString(", disrupted")
		}
		if r.RolledLeft > 0 {
			fmt.Fprintf(&b, ", %d damage dice to roll", r.RolledLeft)
		}
		b.WriteString("\n")
	}
	if v.Result != nil {
		fmt.Fprintf(&b, "Game over: %s wins (%s), score %d after %d rounds\n", v.Result.Winner, v.Result.Cause, v.Result.Score, v.Result.Rounds)
		return b.String()
	}
	fmt.Fprintf(&b, "%s to act: %s\n", v.ToAct, v.Asking)
	return b.String()
}

// String renders every field of the state on one line, for debugging and for
// comparing states; the event log is not part of the state.
func (s *State) String() string {
	return fmt.Sprintf("tinybob{step=%d round=%d loc=%v lwCol=%v lwVal=%v raf=%v res=%d resBefore=%d aces=%d pri=%d waves=%d wave=%d@%d actions=%d "+
		"atk=%d/%d need=%d roll=%d raid=%t reinf=%d/%d raiders=%05b raidRow=%d target=%d face=%d disrupt=%t rolls=%d newPri=%t cause=%d fresh=%t}",
		s.step, s.round, s.loc, s.lwCol, s.lwVal, s.raf, s.resources, s.resBefore, s.aces, s.priority, s.waves, s.waveVal, s.wavePos, s.actions,
		s.atkRaf, s.atkLw, s.atkNeed, s.atkRoll, s.atkRaid, s.reinfFace, s.reinfRow, s.raiders,
		s.raidRow, s.raidTarget, s.raidFace, s.raidDisrupt, s.raidRolls, s.needNewPri, s.cause, s.fresh)
}

// itoa formats a small number.
func itoa(n int) string { return strconv.Itoa(n) }

// plural writes "1 ace", "2 aces", "no aces".
func plural(n int, word string) string {
	switch n {
	case 0:
		return "no " + word + "s"
	case 1:
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
