package tinybob

import (
	"fmt"
	"strconv"
	"strings"

	"scramble/engine"
)

// String prints the view as a text board: one line per row with the
// location's health, the four columns with the Luftwaffe die ("L3": value 3)
// where it stands (column 0 is on the location; a shot-down die sits in the
// "down" column), and the RAF die; then the Reserve, resources, Aces, actions,
// the Wave Tracker, and what is being asked. A finished game shows the board
// as it ended and how it ended, without the last raid or attack.
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
	if v.Result != nil {
		fmt.Fprintf(&b, "%s\n", v.ResultText())
		return b.String()
	}
	if note := v.skippedSpending(); note != "" {
		fmt.Fprintf(&b, "%s\n", note)
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
	fmt.Fprintf(&b, "%s to act: %s\n", v.ToAct, v.Asking)
	return b.String()
}

// skippedSpending says that phase 2 was not asked this round because the
// resources bought nothing (TB-11), at the first action of phase 3; "" when
// it was asked.
func (v *View) skippedSpending() string {
	s := &v.state
	gained := min(maxPips, s.resBefore+s.loc[rowIndustry])
	if s.step != stActions || s.actions != 3 || s.resources != gained || s.canSpend() {
		return ""
	}
	return fmt.Sprintf("Phase 2 skipped: nothing can be bought with %s (TB-11)", plural(int(s.resources), "resource"))
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

// ActionNumber is the number the terminal shows for an RAF action and reads
// back. Numbers are stable for each kind of decision, so a number typed from
// memory keeps its meaning from one decision of that kind to the next:
//
//	phase 2    0 done, 1-5 raise row 1-5, 6 build, 7 train
//	phase 3    0 end, 1-5 attack in row 1-5, FT move from place F to place T
//	           (rows 1-5, 6 the Reserve: 16 moves a plane from Industry to
//	           the Reserve)
//	Aces       0 keep, N spend N Aces
//	raid       0 let through, 1 disrupt
//
// It returns -1 for a number that is no RAF action.
func (s *State) ActionNumber(seat engine.Seat, a engine.Action) int {
	if seat != rafSeat {
		return -1
	}
	switch {
	case a == actDone || a == actEnd || a == actKeep || a == actLetThrough:
		return 0
	case a == actDisrupt:
		return 1
	case a >= actRaise && a < actRaise+numRows:
		return int(a-actRaise) + 1
	case a == actBuild, a == actTrain:
		return int(a)
	case a >= actAttack && a < actAttack+numRows:
		return int(a-actAttack) + 1
	case a >= actMove && a < actMove+numPlaces*numPlaces:
		m := int(a - actMove)
		return 10*(m/numPlaces+1) + m%numPlaces + 1
	case a > actAces && a <= actAces+maxPips:
		return int(a - actAces)
	}
	return -1
}

// Help explains the RAF's actions as typed at the terminal: the words of
// every action, how rows are named and what the numbers mean.
func (v *View) Help() string {
	return `Actions of the RAF (type the words, or the number shown beside them):
  phase 2, spending (TB-11)
    raise ROW     raise a location by one; costs its new value
    build         2 resources: a plane into the Reserve
    train         1 resource: an Ace (needs a plane in the Reserve)
    done          keep the resources left
  phase 3, three actions (TB-12, TB-13)
    move FROM TO  move one plane, e.g. "move 1 R" or "move industry to reserve"
    attack ROW    the RAF die of that row attacks the Luftwaffe die in range
    end           give up the actions left
  an attack roll (TB-13)
    aces N        raise the roll by N Aces; keep (or "aces 0") leaves it
  a raid on a row with an RAF die (TB-16)
    disrupt       turn one sure damage into a rolled one; the RAF die then
                  attacks the raider
    let through   leave the raid to Anti-Air alone
ROW is a number 1-5 or a name: industry, antiair, warning, fuel, airfields;
R (or reserve) is the Reserve, for moves.
Numbers keep their meaning from one decision of a kind to the next: phase 2
has 0 done, 1-5 raise that row, 6 build, 7 train; phase 3 has 0 end, 1-5
attack in that row, and two digits FROM TO for a move (6 is the Reserve: 16
moves a plane from Industry to the Reserve); an attack roll has 0 keep and
N aces N; a raid has 0 let through, 1 disrupt.
`
}

// ResultText says how the game ended, as the board's last line says it; ""
// while the game goes on.
func (v *View) ResultText() string {
	if v.Result == nil {
		return ""
	}
	r := v.Result
	return fmt.Sprintf("Game over: %s wins (%s), score %d after %s", r.Winner, r.Cause, r.Score, plural(r.Rounds, "round"))
}
