package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"scramble/engine"
)

// A game may give the terminal more than the engine API asks for, by
// methods on its state or view that the terminal looks for. Each is
// optional: a game without them plays with the generic behaviour.

// numberer is a state that numbers its actions itself, the same way for
// every decision of one kind, so that a number typed from memory keeps its
// meaning. Without it the terminal numbers the legal actions 1, 2, 3...
type numberer interface {
	// ActionNumber is the number of seat's action a, unique among the
	// actions legal together; -1 for none.
	ActionNumber(seat engine.Seat, a engine.Action) int
}

// planner is a state that reads a whole plan typed on one line, such as a
// plane's path, as the actions it stands for. It checks them on a copy of
// itself: every action returned is legal in turn, and a plan with an error
// returns the error and no actions.
type planner interface {
	ParsePlan(seat engine.Seat, text string) ([]engine.Action, error)
}

// annotator is a state that says more about an action in the list than
// its text: what it costs, its chance.
type annotator interface {
	ActionNote(seat engine.Seat, a engine.Action) string
}

// helper is a view that explains the game's own actions: their words, what
// they cost, the tables the person needs to choose.
type helper interface{ Help() string }

// briefer is a view that can say in a few lines where a decision of several
// steps stands, so that the terminal need not redraw the whole board after
// each step (one square of a plane's move). Brief returns "" when a fresh
// board is wanted.
type briefer interface{ Brief() string }

// resultTeller is a view that says how the game ended in its own words
// (days rather than rounds, its own score); on a finished game its String
// ends with that line, so the terminal does not repeat it.
type resultTeller interface{ ResultText() string }

// sheeter is a view with more to show on request than the board holds: a
// record sheet, the strength of every unit.
type sheeter interface{ Sheet() string }

// choice is one legal action as the person sees it: its number and text.
type choice struct {
	num  int
	act  engine.Action
	text string
	note string // what the game adds in brackets, if anything
}

// choices lists seat's legal actions with the numbers the person types for
// them: the game's own numbers if it has them (sorted by number), else 1, 2,
// 3... in the order of the legal list.
func choices(st engine.State, seat engine.Seat) []choice {
	legal := st.Legal(seat, nil)
	out := make([]choice, len(legal))
	nb, ok := st.(numberer)
	an, notes := st.(annotator)
	for i, a := range legal {
		n := i + 1
		if ok {
			n = nb.ActionNumber(seat, a)
		}
		out[i] = choice{num: n, act: a, text: st.ActionString(seat, a)}
		if notes {
			out[i].note = an.ActionNote(seat, a)
		}
	}
	if ok {
		sort.SliceStable(out, func(i, j int) bool { return out[i].num < out[j].num })
	}
	return out
}

// byNumber finds the choice numbered n.
func byNumber(list []choice, n int) (choice, bool) {
	for _, c := range list {
		if c.num == n {
			return c, true
		}
	}
	return choice{}, false
}

// numbersText names the numbers of list for an error: "1 to 5", or "0, 1, 16
// and 23" when they are the game's own.
func numbersText(list []choice) string {
	if len(list) == 0 {
		return "none"
	}
	plain := true
	for i, c := range list {
		plain = plain && c.num == i+1
	}
	if plain {
		return fmt.Sprintf("1 to %d", len(list))
	}
	nums := make([]string, len(list))
	for i, c := range list {
		nums[i] = strconv.Itoa(c.num)
	}
	if len(nums) == 1 {
		return nums[0]
	}
	return strings.Join(nums[:len(nums)-1], ", ") + " and " + nums[len(nums)-1]
}

// planOrAction reads a line typed at a decision as the actions to apply: the
// game's plan if it reads plans, else the one action of the text. Nothing is
// applied; an error says what is wrong with the line.
func planOrAction(st engine.State, seat engine.Seat, line string) ([]engine.Action, error) {
	if p, ok := st.(planner); ok {
		return p.ParsePlan(seat, line)
	}
	a, err := st.ParseAction(seat, line)
	if err != nil {
		return nil, err
	}
	if err := st.Clone().Apply(seat, a); err != nil {
		return nil, err
	}
	return []engine.Action{a}, nil
}

// screenWidth is the terminal width the play and replay screens are made
// for.
const screenWidth = 80

// fit wraps each line of text longer than width at its last space that
// fits, the lines it adds indented two spaces further than the line, so
// that a long question or event stays readable on a narrow terminal. The
// spacing inside each piece is kept (a board's columns stay aligned); a
// piece with no space to break at is left whole.
func fit(text string, width int) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		lead := strings.Repeat(" ", len(line)-len(strings.TrimLeft(line, " "))+2)
		var b strings.Builder
		for utf8.RuneCountInString(line) > width {
			cut := breakAt(line, width)
			if cut < 0 {
				break
			}
			b.WriteString(strings.TrimRight(line[:cut], " ") + "\n")
			line = lead + strings.TrimLeft(line[cut:], " ")
		}
		b.WriteString(line)
		lines[i] = b.String()
	}
	return strings.Join(lines, "\n")
}

// wrapText fills a paragraph to width: its words, in order, on as few
// lines as fit (a word longer than width gets a line of its own).
func wrapText(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		l := utf8.RuneCountInString(w)
		switch {
		case n == 0:
		case n+1+l > width:
			b.WriteString("\n")
			n = 0
		default:
			b.WriteString(" ")
			n++
		}
		b.WriteString(w)
		n += l
	}
	return b.String()
}

// breakAt is the byte index of the last space of line within its first
// width runes (after its leading spaces), or -1 if there is none.
func breakAt(line string, width int) int {
	indent := len(line) - len(strings.TrimLeft(line, " "))
	cut, n := -1, 0
	for i, r := range line {
		if n > width {
			break
		}
		if r == ' ' && i > indent {
			cut = i
		}
		n++
	}
	return cut
}
