package tinybob

import (
	"scramble/engine"
)

// View is the whole board: Tiny Battle of Britain hides nothing, so every seat
// and spectator sees the same. It marshals to JSON for clients and prints as a
// text board.
type View struct {
	// Seat is the seat the view was made for.
	Seat engine.Seat `json:"seat"`
	// Round is the round being played, from 1 (0 during setup).
	Round int `json:"round"`
	// Phase is the phase of the round, 1..7 (rulebook "Flow of Play"); 0
	// during setup.
	Phase int `json:"phase"`
	// PhaseName names the phase.
	PhaseName string `json:"phase_name"`
	// ToAct is who acts now: "RAF", "dice" or "nobody".
	ToAct string `json:"to_act"`
	// Asking says what is being asked now, in plain words.
	Asking string `json:"asking"`
	// Rows are the five rows, Industry first (TB-1).
	Rows [numRows]RowView `json:"rows"`
	// Reserve is the number of planes in the RAF Reserve.
	Reserve int `json:"reserve"`
	// FreeDice is the number of red dice out of play (TB-4).
	FreeDice int `json:"free_dice"`
	// Planes is the RAF's total of pips, rows and Reserve.
	Planes int `json:"planes"`
	// Resources is the resource die, 0..6.
	Resources int `json:"resources"`
	// Aces is the Aces die, 0..6.
	Aces int `json:"aces"`
	// ActionsLeft is the number of phase 3 actions left.
	ActionsLeft int `json:"actions_left"`
	// PriorityRow is the Luftwaffe's priority target, 1..5; 0 before the
	// setup roll.
	PriorityRow int `json:"priority_row"`
	// WaveValue is the Wave Tracker's value (TB-9).
	WaveValue int `json:"wave_value"`
	// WaveSpace is the Wave Tracker's space: 0 its box, 4 the bomb.
	WaveSpace int `json:"wave_space"`
	// Attack is the attack in progress, if any.
	Attack *AttackView `json:"attack,omitempty"`
	// Raid is the raid in progress, if any.
	Raid *RaidView `json:"raid,omitempty"`
	// Over is true once the game has ended.
	Over bool `json:"over"`
	// Result is how the game ended, once it has.
	Result *engine.Result `json:"result,omitempty"`

	state State
}

// RowView is one row of the board.
type RowView struct {
	// Row is the row number, 1..5.
	Row int `json:"row"`
	// Name is the location's name.
	Name string `json:"name"`
	// Location is the location die; 0 when destroyed.
	Location int `json:"location"`
	// Destroyed is true when the location is destroyed (TB-17).
	Destroyed bool `json:"destroyed"`
	// Priority is true for the Luftwaffe's priority target.
	Priority bool `json:"priority"`
	// LuftwaffeColumn is the Luftwaffe die's column, 1..4, or 0 on the
	// location (TB-2).
	LuftwaffeColumn int `json:"luftwaffe_column"`
	// LuftwaffeValue is the Luftwaffe die's value; 0 when shot down.
	LuftwaffeValue int `json:"luftwaffe_value"`
	// ShotDown is true when the Luftwaffe die is off the board until
	// clean-up (TB-13).
	ShotDown bool `json:"shot_down"`
	// RAF is the number of pips on the row's RAF die; 0 for no die.
	RAF int `json:"raf"`
}

// AttackView is an attack in progress (TB-13).
type AttackView struct {
	// RAFRow is the row of the attacking RAF die, 1..5.
	RAFRow int `json:"raf_row"`
	// LuftwaffeRow is the row of the attacked Luftwaffe die, 1..5.
	LuftwaffeRow int `json:"luftwaffe_row"`
	// Needs is the result that avoids the RAF's loss: 3, 4 or 5.
	Needs int `json:"needs"`
	// Roll is the attack die, 0 before it is rolled.
	Roll int `json:"roll"`
	// Disrupting is true for a disrupting attack at range 0 (TB-16).
	Disrupting bool `json:"disrupting"`
}

// RaidView is a bombing raid in progress (TB-15, TB-16).
type RaidView struct {
	// Row is the row of the raiding Luftwaffe die, 1..5.
	Row int `json:"row"`
	// Target is the row of the location raided, 1..5, after redirection.
	Target int `json:"target"`
	// RedirectRoll is the redirection die, 0 if the raid was not
	// redirected.
	RedirectRoll int `json:"redirect_roll"`
	// Disrupt is true when the RAF disrupts the raid.
	Disrupt bool `json:"disrupt"`
	// RolledLeft is the number of rolled damage dice still to roll.
	RolledLeft int `json:"rolled_left"`
}

// View returns the whole board; every seat sees the same.
func (s *State) View(seat engine.Seat) engine.View {
	v := &View{
		Seat:        seat,
		Round:       int(s.round),
		Phase:       s.phase(),
		PhaseName:   phaseName(s.phase()),
		Asking:      s.asking(),
		Reserve:     int(s.raf[reserve]),
		FreeDice:    int(s.freeDice()),
		Planes:      s.totalPips(),
		Resources:   int(s.resources),
		Aces:        int(s.aces),
		ActionsLeft: int(s.actions),
		PriorityRow: int(s.priority) + 1,
		WaveValue:   int(s.waveVal),
		WaveSpace:   int(s.wavePos),
		Over:        s.step == stOver,
		state:       *s,
	}
	v.state.log = nil
	switch s.Current() {
	case rafSeat:
		v.ToAct = "RAF"
	case engine.Chance:
		v.ToAct = "dice"
	default:
		v.ToAct = "nobody"
	}
	for r := range int8(numRows) {
		v.Rows[r] = RowView{
			Row: int(r) + 1, Name: rowName(r),
			Location: int(s.loc[r]), Destroyed: s.loc[r] == 0, Priority: r == s.priority,
			LuftwaffeColumn: int(s.lwCol[r]), LuftwaffeValue: int(s.lwVal[r]), ShotDown: s.lwVal[r] == 0,
			RAF: int(s.raf[r]),
		}
	}
	if s.step == stAttackRoll || s.step == stAces {
		v.Attack = &AttackView{
			RAFRow: int(s.atkRaf) + 1, LuftwaffeRow: int(s.atkLw) + 1,
			Needs: int(s.atkNeed), Roll: int(s.atkRoll), Disrupting: s.atkRaid,
		}
	}
	if s.raidRow >= 0 {
		v.Raid = &RaidView{
			Row: int(s.raidRow) + 1, Target: int(s.raidTarget) + 1, RedirectRoll: int(s.raidFace),
			Disrupt: s.raidDisrupt, RolledLeft: int(s.raidRolls),
		}
		if s.step == stRedirect {
			v.Raid.Target = 0
		}
	}
	if v.Over {
		r := s.Result()
		v.Result = &r
	}
	return v
}

// ViewSeat returns the seat the view was made for.
func (v *View) ViewSeat() engine.Seat { return v.Seat }

// Sample returns a copy of the viewed state: nothing is hidden, so there is
// nothing to draw.
func (v *View) Sample(r *engine.Rand) engine.State {
	c := v.state
	return &c
}

// phase is the rulebook phase (1..7) the state is in, 0 during setup; an
// attack belongs to phase 3, or to phase 5 when it disrupts a raid.
func (s *State) phase() int {
	switch s.step {
	case stSetupPriority:
		return 0
	case stSpend:
		return 2
	case stActions:
		return 3
	case stAttackRoll, stAces:
		if s.atkRaid {
			return 5
		}
		return 3
	case stReinfRow, stReinfEffect:
		return 4
	case stOver:
		if s.cause == causeVictory {
			return 7
		}
		return 6
	}
	return 5
}

// phaseName names a phase (rulebook "Flow of Play").
func phaseName(p int) string {
	switch p {
	case 0:
		return "Setup"
	case 1:
		return "Gain resources"
	case 2:
		return "Spend resources"
	case 3:
		return "RAF actions"
	case 4:
		return "Luftwaffe reinforcements"
	case 5:
		return "Luftwaffe moves and bombing raids"
	case 6:
		return "Check for loss"
	}
	return "Clean up"
}

// dieName names the die being rolled at a chance node.
func (s *State) dieName() string {
	switch s.step {
	case stSetupPriority:
		return "the priority target die"
	case stAttackRoll:
		return "the attack die"
	case stReinfRow:
		return "the reinforcement row die"
	case stReinfEffect:
		return "the reinforcement effect die"
	case stRedirect:
		return "the raid redirection die"
	case stDamage:
		return "the raid damage die"
	case stNewPriority:
		return "the new priority target die"
	}
	return "no die"
}

// asking says what the game waits for, in plain words.
func (s *State) asking() string {
	switch s.step {
	case stSetupPriority:
		return "roll the priority target die (1-5; a 6 is rolled again)"
	case stSpend:
		return "spend resources (" + itoa(int(s.resources)) + "): " + s.spendChoices()
	case stActions:
		return "take an action (" + itoa(int(s.actions)) + " left): " + s.actionChoices()
	case stAttackRoll:
		return "roll the attack die for the RAF die of " + rowName(s.atkRaf) + " (needs " + itoa(int(s.atkNeed)) + "+)"
	case stAces:
		return "spend Aces on roll " + itoa(int(s.atkRoll)) + " (needs " + itoa(int(s.atkNeed)) + "+): keep, or aces 1 to " +
			itoa(int(s.atkNeed-s.atkRoll))
	case stReinfRow:
		return "roll the reinforcement row die (6 = the priority target)"
	case stReinfEffect:
		return "roll the reinforcement effect die for " + rowName(s.reinfRow) + " (even: +1 pip, odd: one column left)"
	case stRedirect:
		return "roll the redirection die for the raid on destroyed " + rowName(s.raidRow)
	case stDisrupt:
		return s.disruptQuestion()
	case stDamage:
		return "roll a damage die for the raid on " + rowName(s.raidTarget) + " (lands on " + itoa(int(s.lwVal[s.raidRow])) + " or less)"
	case stNewPriority:
		return "roll the new priority target die (destroyed locations and 6 are rolled again)"
	}
	return "nothing: the game is over (" + s.cause.String() + ")"
}

// spendChoices lists the purchases possible now, then done (TB-11): only
// what the resources and the board allow.
func (s *State) spendChoices() string {
	m := s.spendMask()
	var can []string
	if m>>actRaise&(1<<5-1) != 0 {
		can = append(can, "raise a location")
	}
	if m>>actBuild&1 != 0 {
		can = append(can, "build a plane")
	}
	if m>>actTrain&1 != 0 {
		can = append(can, "train an Ace")
	}
	return orList(append(can, "done"))
}

// actionChoices lists the kinds of action possible now, then end (TB-12):
// attack only when a Luftwaffe die is in reach of an RAF die.
func (s *State) actionChoices() string {
	var can []string
	if s.moveMask() != 0 {
		can = append(can, "move")
	}
	if s.attackMask() != 0 {
		can = append(can, "attack")
	}
	return orList(append(can, "end"))
}

// orList joins choices as a sentence does: "a", "a or b", "a, b, or c".
func orList(items []string) string {
	switch len(items) {
	case 1:
		return items[0]
	case 2:
		return items[0] + " or " + items[1]
	}
	out := ""
	for i, it := range items {
		switch {
		case i == len(items)-1:
			out += ", or " + it
		case i > 0:
			out += ", " + it
		default:
			out += it
		}
	}
	return out
}

// disruptQuestion asks whether to disrupt the raid, saying whether Anti-Air
// already contests it and what disrupting changes (TB-16): each contest
// turns one of the two sure damage points into a rolled one.
func (s *State) disruptQuestion() string {
	v, aa := s.lwVal[s.raidRow], s.loc[rowAntiAir]
	q := "disrupt the raid on " + rowName(s.raidTarget) + " (raider " + itoa(int(v)) + ") or let it through: "
	then := "then the RAF die of " + rowName(s.raidTarget) + " attacks the raider"
	if aa > v {
		return q + "Anti-Air " + itoa(int(aa)) + " beats " + itoa(int(v)) + " and already contests it: letting it through means " +
			"1 sure damage and 1 rolled; disrupting rolls both, " + then
	}
	return q + "Anti-Air " + itoa(int(aa)) + " does not beat " + itoa(int(v)) + ", so only disrupting contests it: letting it through means " +
		"2 sure damage; disrupting means 1 sure and 1 rolled, " + then
}
