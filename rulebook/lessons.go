package rulebook

import (
	"fmt"
	"strings"

	"scramble/engine"
)

// Lesson is one of the rulebooks' worked examples as a game played step by
// step on the real rules: the player makes the example's choices and the
// dice fall as in the example, with a short explanation at each step.
type Lesson struct {
	// Game is the game's name; Name the lesson's short name.
	Game, Name string
	// Title names the example; Intro says what the lesson shows.
	Title, Intro string
	// Options set the game up for the example.
	Options engine.Options
	// Seat is the seat the player plays.
	Seat engine.Seat
	// Steps are the example's actions, in order.
	Steps []LessonStep
	// Outro closes the lesson.
	Outro string
}

// LessonStep is one action of a lesson: a die the lesson rolls, or a
// choice the player makes (typed as Do).
type LessonStep struct {
	// Do is the action's text as the game writes it ("end", "roll 3").
	Do string
	// Dice marks a chance outcome: the lesson applies it itself.
	Dice bool
	// Say explains the step, in the project's words.
	Say string
	// Rule cites the section the step belongs to, for "rule".
	Rule string
}

// lessons lists every lesson, by game.
var lessons = []Lesson{
	{
		Game: "tinybob", Name: "raid",
		Title: "Bombing raid example",
		Intro: "The rulebook's bombing raid example, reached in three rounds: the raider of row 3 flies " +
			"in over Early Warning while you hold your planes, then raids it. You play the RAF; the " +
			"dice fall as in the example. One Ace is in hand (option aces=1) and the priority target " +
			"is Industry (priority=1), so no other die interferes.",
		Options: engine.Options{"aces": "1", "priority": "1"},
		Steps: []LessonStep{
			{Do: "end", Rule: "phase 3", Say: "Round 1, phase 3. You have three actions, but the example needs " +
				"your planes where they are: two in each row, two over Early Warning. End your actions."},
			{Do: "roll 3", Dice: true, Rule: "TB-14", Say: "Phase 4: the row die shows 3, Early Warning's row. Its raider " +
				"is in column 4, not below Early Warning's 3, so the reinforcement counts."},
			{Do: "roll 1", Dice: true, Rule: "TB-14", Say: "The effect die shows 1, odd: the raider moves one column " +
				"closer at once, to column 3. In phase 5 every raider moves one more: row 3's reaches column 2."},
			{Do: "done", Rule: "phase 2", Say: "Round 2, phase 2: Industry brought 3 more resources (now 6). You could " +
				"raise a location, but the example keeps everything at 3. Stop spending."},
			{Do: "end", Rule: "phase 3", Say: "Phase 3: again, keep your planes where they are."},
			{Do: "roll 3", Dice: true, Rule: "TB-14", Say: "Phase 4: row 3 again, but its raider is now in column 2, " +
				"below Early Warning's 3: the warning came early, nothing happens and no effect die is rolled. " +
				"Phase 5 moves row 3's raider to column 1."},
			{Do: "done", Rule: "phase 2", Say: "Round 3, phase 2: resources stay at 6, the most the die shows. Stop spending."},
			{Do: "end", Rule: "phase 3", Say: "Phase 3: end your actions once more."},
			{Do: "roll 3", Dice: true, Rule: "phase 5", Say: "Phase 4: row 3, still below Early Warning: no effect. Phase 5: " +
				"row 3's raider, value 3, reaches Early Warning. This is the example's raid."},
			{Do: "disrupt", Rule: "TB-16", Say: "Anti-Air is 3, which does not beat the raider's 3: it cannot contest. " +
				"Your die of 2 planes is in the row, so you may disrupt the raid. Disrupt: the raid is then partially " +
				"contested, one damage sure and one rolled, and your die will attack the raider after the damage."},
			{Do: "roll 3", Dice: true, Rule: "TB-16", Say: "Early Warning took the sure damage (3 to 2). The rolled damage " +
				"lands on a die at or under the raider's 3: a 3 lands, and Early Warning drops to 1."},
			{Do: "roll 3", Dice: true, Rule: "TB-13", Say: "Now the disrupting attack, at range 0. Your die (2) is weaker " +
				"than the raider (3), so it needs 5+. The roll is 3; your one Ace would make 4, still short, so " +
				"Scramble does not offer it. Your die loses a plane (2 to 1) and the raider one pip (3 to 2)."},
		},
		Outro: "Clean-up sends the raider back to column 4 at value 3, and round 4 begins. That was the " +
			"rulebook's example, played on the real rules: the contest is TB-16, the attack TB-13.",
	},
}

// Lessons returns the lessons of game, or of every game when game is "".
func Lessons(game string) []Lesson {
	var out []Lesson
	for _, l := range lessons {
		if game == "" || l.Game == game {
			out = append(out, l)
		}
	}
	return out
}

// FindLesson returns game's lesson named name, or its first when name is "".
func FindLesson(game, name string) (Lesson, error) {
	var names []string
	for _, l := range Lessons(game) {
		if name == "" || strings.EqualFold(l.Name, name) {
			return l, nil
		}
		names = append(names, l.Name)
	}
	if len(names) == 0 {
		return Lesson{}, fmt.Errorf("no lesson for game %q yet; lessons exist for: %s", game, strings.Join(lessonGames(), ", "))
	}
	return Lesson{}, fmt.Errorf("%s has no lesson %q; its lessons are: %s", game, name, strings.Join(names, ", "))
}

func lessonGames() []string {
	var games []string
	for _, l := range lessons {
		if len(games) == 0 || games[len(games)-1] != l.Game {
			games = append(games, l.Game)
		}
	}
	return games
}

// Apply plays step on st: a die as the chance outcome its text names, a
// choice as the lesson's seat. It fails, naming the step, when the game is
// not where the lesson expects it.
func (l Lesson) Apply(st engine.State, i int) error {
	step := l.Steps[i]
	seat := l.Seat
	if step.Dice {
		seat = engine.Chance
	}
	if cur := st.Current(); cur != seat && cur != engine.Simultaneous {
		return fmt.Errorf("lesson %s/%s step %d (%q): the game waits for seat %s, not %s", l.Game, l.Name, i+1, step.Do, cur, seat)
	}
	a, err := st.ParseAction(seat, step.Do)
	if err == nil {
		err = st.Apply(seat, a)
	}
	if err != nil {
		return fmt.Errorf("lesson %s/%s step %d (%q): %w", l.Game, l.Name, i+1, step.Do, err)
	}
	return nil
}

// Roll applies the lesson's dice from step i on, as long as the game waits
// for dice, and returns the index of the next step.
func (l Lesson) Roll(st engine.State, i int) (int, error) {
	for i < len(l.Steps) && l.Steps[i].Dice {
		if err := l.Apply(st, i); err != nil {
			return i, err
		}
		i++
	}
	return i, nil
}
