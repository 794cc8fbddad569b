package main

import (
	"strings"
	"testing"
)

// scramble learn plays the rulebook's bombing raid example step by step:
// the person types the example's moves, the dice fall as in the example,
// each step is explained, and another move is refused with the one to type
// (issue 35 §3).
func TestLearnTinybob(t *testing.T) {
	in := "\nend\nmove 1 2\nrule\ndone\nend\ndone\nend\ndisrupt\n"
	out := mustScramble(t, in, "learn", "tinybob")
	wantAll(t, out, "Lessons of tinybob:\n  1. raid: Bombing raid example\n  2. aces:", "Enter for the first)>",
		"Lesson: Bombing raid example (tinybob)", `Type "end">`,
		"Phase 2: Spend resources\n----") // rule: the step's section
	// Long events are wrapped: read them with the line breaks as spaces.
	wantAll(t, strings.Join(strings.Fields(out), " "),
		`In the example the move here is "done"`,
		"Anti-Air 3 does not beat 3, the RAF disrupts: partially contested",
		"Early Warning takes 1 damage (now 2)",
		"roll 3, needs 5+: the RAF die loses a pip, 2 → 1; Luftwaffe die 3 → 2",
		"Lesson over.")
	for _, l := range strings.Split(out, "\n") {
		// The input is not echoed here, so an answer's output follows its prompt.
		if len([]rune(l)) > screenWidth && !strings.HasPrefix(l, `Type "`) && !strings.HasPrefix(l, "Which lesson") {
			t.Errorf("line wider than the screen: %q", l)
		}
	}
}

func TestLearnStopsAndRefuses(t *testing.T) {
	out := mustScramble(t, "end\nquit\n", "learn", "tinybob", "raid")
	wantAll(t, out, "Left the lesson.")
	if strings.Contains(out, "Lesson over") {
		t.Errorf("a lesson left midway says it is over:\n%s", out)
	}
	wantAll(t, mustScramble(t, "", "learn", "tinybob", "raid"), "End of input: the lesson stops here.")
	wantAll(t, mustScramble(t, "", "learn", "tinybob"), "End of input: no lesson chosen.")
	wantAll(t, mustScramble(t, "7\n2\nquit\n", "learn", "tinybob"), `No lesson "7"`, "Lesson: Bombing raid example, with two Aces", "Left the lesson.")
	_, err := scramble(t, "", "learn", "tinybob", "nope")
	wantUsageError(t, err, `no lesson "nope"`, "raid")
	_, err = scramble(t, "", "learn", "nim")
	wantUsageError(t, err, `no lesson for game "nim"`)
	_, err = scramble(t, "", "learn", "tinybob", "raid", "more")
	wantUsageError(t, err, "learn takes a GAME")
}

// scramble learn lists every lesson of every game: each worked example the
// tests replay, by game (issue 35 §3).
func TestLearnListsEveryLesson(t *testing.T) {
	out := mustScramble(t, "", "learn")
	wantAll(t, out, "Lessons of tinybob:", "Lessons of midway:", "Lessons of squadron:", "Lessons of wings:", "Lessons of boba:",
		"aces:", "combat: Combat example", "duel:", "fight-example:", "counterattack:", "shotdown:", "disengage:", "airfield:",
		"Play one: scramble learn GAME LESSON")
}
