package main

import (
	"strings"
	"testing"
)

// scramble rules GAME SECTION prints one section of the rules reference
// (issue 35 §2), found by rulebook section, rule id or heading.
func TestRulesSection(t *testing.T) {
	out := mustScramble(t, "", "rules", "tinybob", "phase", "3")
	wantAll(t, out, "Phase 3: Three actions\n---", "Ruling TB-12: exactly three actions\n", "Ruling TB-13")
	if strings.Contains(out, "Phase 4") || strings.ContainsAny(out, "{}#*") {
		t.Errorf("phase 3 runs past its section or keeps Markdown marks:\n%s", out)
	}
	wantAll(t, mustScramble(t, "", "rules", "tinybob", "tb-4"), "Ruling TB-4: red dice")
	wantAll(t, mustScramble(t, "", "rules", "tinybob", "Alternative", "Rules"), "Alternative Rules\n===")
	for _, l := range strings.Split(mustScramble(t, "", "rules", "tinybob", "TB-16"), "\n") {
		if len([]rune(l)) > screenWidth {
			t.Errorf("line wider than the screen: %q", l)
		}
	}
	wantAll(t, mustScramble(t, "", "rules", "tinybob"), `scramble rules tinybob SECTION, e.g. "TB-18"`)
}

func TestRulesSectionErrors(t *testing.T) {
	_, err := scramble(t, "", "rules", "tinybob", "TB-99")
	wantUsageError(t, err, `no section "TB-99"`, "rule id")
	_, err = scramble(t, "", "rules", "nim", "1")
	wantUsageError(t, err, `no rules reference for game "nim"`)
	_, err = scramble(t, "", "rules", "chess", "1")
	if err == nil || !strings.Contains(err.Error(), "chess") {
		t.Errorf("unknown game: %v", err)
	}
}

// In a game, the prompt names the rule of the decision, "rule" prints it,
// and "rule X" prints any section.
func TestPlayRuleCommand(t *testing.T) {
	out := mustScramble(t, "rule TB-4\nrule\nrule TB-99\nhelp\nquit\n", "play", "tinybob", "--seed", "1")
	wantAll(t, out,
		"Rule: Flow of Play (type rule to read it)\nYour move, RAF (type #N or the action):",
		"Ruling TB-4: red dice\n",
		"Flow of Play\n============", // the decision's own section
		`no section "TB-99"`,
		"rule [X]   the rules of this decision")
}

// "hint" proposes three actions with their chances in a game against the
// rules (solo), and refuses when a person of another side plays at the same
// keyboard, unless the game was started with --hints, which the start says
// to every seat (issue 35 §4).
func TestPlayHint(t *testing.T) {
	out := mustScramble(t, "hint\nquit\n", "play", "tinybob", "--seed", "1")
	wantAll(t, out, "Thinking (at most 2 s)...", "suggests:", "  1. ", "wins about")
	out = mustScramble(t, "\nhint\nquit\n", "play", "nim", "--hotseat", "--opt", "stones=5")
	wantAll(t, out, "No hints: people of opposing sides play here (start with --hints to allow them).", "No hints here: Second, of another side, plays at this keyboard too")
	out = mustScramble(t, "\nhint\nquit\n", "play", "nim", "--hotseat", "--hints", "--opt", "stones=5")
	wantAll(t, out, "Hints are allowed to every seat (--hints).", "Thinking (at most 2 s)...", "suggests:")
	if strings.Contains(out, "No hints here") {
		t.Errorf("--hints did not allow the hint:\n%s", out)
	}
}
