package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"scramble/engine"
	"scramble/rulebook"
)

// learn runs "scramble learn GAME [LESSON]": one of the rulebook's worked
// examples played step by step on the real rules, the person typing the
// example's choices, the dice falling as in the example, each step explained.
// Without a LESSON it lists the game's lessons and asks which (Enter: the
// first); without a GAME it lists every game's lessons.
func (a *app) learn(ctx context.Context, in io.Reader, out io.Writer, args []string) error {
	pos, err := parse(newFlagSet("learn"), args)
	if err != nil {
		return err
	}
	if len(pos) > 2 {
		return usagef("learn takes a GAME and optionally a LESSON, got %q", pos)
	}
	if len(pos) == 0 {
		listLessons(out, rulebook.Lessons(""))
		fmt.Fprintln(out, "Play one: scramble learn GAME LESSON")
		return nil
	}
	g, err := a.game(pos[0])
	if err != nil {
		return err
	}
	lines := readLines(in)
	defer lines.stop()
	name := ""
	if len(pos) == 2 {
		name = pos[1]
	} else if all := rulebook.Lessons(pos[0]); len(all) > 1 {
		if name, err = chooseLesson(ctx, lines, out, all); err != nil || name == "" {
			return err
		}
	}
	l, err := rulebook.FindLesson(pos[0], name)
	if err != nil {
		return usageError{err}
	}
	st, _, err := engine.Setup(g, l.Options)
	if err != nil {
		return fmt.Errorf("lesson %s: %w", l.Name, err)
	}
	log := &engine.Log{}
	st.SetLog(log)
	t := tutor{l: l, st: st, log: log, in: lines, out: out}
	return t.run(ctx)
}

// listLessons prints the lessons, numbered within each game.
func listLessons(out io.Writer, all []rulebook.Lesson) {
	game, n := "", 0
	for _, l := range all {
		if l.Game != game {
			game, n = l.Game, 0
			fmt.Fprintf(out, "Lessons of %s:\n", game)
		}
		n++
		fmt.Fprintln(out, fit(fmt.Sprintf("  %d. %s: %s", n, l.Name, l.Title), screenWidth))
	}
}

// chooseLesson lists a game's lessons and reads the person's choice: a
// number, a name, or Enter for the first. It returns "" when the input
// ends or the person quits.
func chooseLesson(ctx context.Context, in *lineReader, out io.Writer, all []rulebook.Lesson) (string, error) {
	listLessons(out, all)
	for {
		fmt.Fprint(out, "Which lesson (a number or a name; Enter for the first)> ")
		line, err := in.next(ctx)
		if errors.Is(err, io.EOF) {
			fmt.Fprintln(out, "\nEnd of input: no lesson chosen.")
			return "", nil
		}
		if err != nil {
			return "", fmt.Errorf("choosing a lesson: %w", err)
		}
		line = strings.TrimSpace(line)
		if line == "quit" || line == "exit" {
			return "", nil
		}
		if line == "" {
			return all[0].Name, nil
		}
		if n, err := strconv.Atoi(line); err == nil && n >= 1 && n <= len(all) {
			return all[n-1].Name, nil
		}
		for _, l := range all {
			if strings.EqualFold(l.Name, line) {
				return l.Name, nil
			}
		}
		fmt.Fprintf(out, "No lesson %q: type a number from 1 to %d, a name above, or quit.\n", line, len(all))
	}
}

// tutor plays a lesson in the terminal.
type tutor struct {
	l     rulebook.Lesson
	st    engine.State
	log   *engine.Log
	in    *lineReader
	out   io.Writer
	shown int // events printed
}

func (t *tutor) run(ctx context.Context) error {
	fmt.Fprintf(t.out, "Lesson: %s (%s)\n%s\n", t.l.Title, t.l.Game, fit(t.l.Intro, screenWidth))
	fmt.Fprintln(t.out, "At each step type the action shown, or: rule (the step's rule), board, quit.")
	t.events()
	for i := 0; i < len(t.l.Steps); i++ {
		step := t.l.Steps[i]
		if step.Auto() {
			if step.Say != "" {
				fmt.Fprintf(t.out, "\n%s\n", fit(t.l.Label(step)+": "+step.Say, screenWidth))
			}
			if err := t.l.Apply(t.st, i); err != nil {
				return err
			}
			t.events()
			continue
		}
		fmt.Fprintf(t.out, "\n%s\n\n%s\n", fit(strings.TrimRight(t.st.View(t.l.Seat).String(), "\n"), screenWidth), fit(step.Say, screenWidth))
		done, err := t.ask(ctx, step)
		if err != nil || done {
			return err
		}
		if err := t.l.Apply(t.st, i); err != nil {
			return err
		}
		t.events()
	}
	fmt.Fprintf(t.out, "\n%s\nLesson over. Play a whole game with: scramble play %s\n", fit(t.l.Outro, screenWidth), t.l.Game)
	return nil
}

// ask reads until the person types the step's action; done is true when
// they quit or the input ends.
func (t *tutor) ask(ctx context.Context, step rulebook.LessonStep) (done bool, err error) {
	for {
		fmt.Fprintf(t.out, "Type %q> ", step.Do)
		line, err := t.in.next(ctx)
		if errors.Is(err, io.EOF) {
			fmt.Fprintln(t.out, "\nEnd of input: the lesson stops here.")
			return true, nil
		}
		if err != nil {
			return true, fmt.Errorf("lesson interrupted: %w", err)
		}
		line = strings.TrimSpace(line)
		word, arg, _ := strings.Cut(line, " ")
		switch {
		case strings.EqualFold(line, step.Do):
			return false, nil
		case word == "quit" || word == "exit":
			fmt.Fprintln(t.out, "Left the lesson.")
			return true, nil
		case word == "rule" || word == "rules":
			t.rule(cmp.Or(arg, step.Rule))
		case word == "board":
			fmt.Fprintf(t.out, "\n%s\n", fit(strings.TrimRight(t.st.View(t.l.Seat).String(), "\n"), screenWidth))
		case line == "":
		default:
			fmt.Fprintln(t.out, fit(fmt.Sprintf("In the example the move here is %q: type it (or rule, board, quit). A whole game with free choices: scramble play %s.", step.Do, t.l.Game), screenWidth))
		}
	}
}

func (t *tutor) rule(query string) {
	b, err := rulebook.Load(t.l.Game)
	if err == nil {
		var sec rulebook.Section
		if sec, err = b.Find(query); err == nil {
			fmt.Fprintf(t.out, "\n%s\n", strings.TrimRight(sec.Text(screenWidth), "\n"))
			return
		}
	}
	fmt.Fprintf(t.out, "%s.\n", strings.TrimSuffix(err.Error(), "."))
}

// events prints the log's new events.
func (t *tutor) events() {
	for ; t.shown < len(t.log.Events); t.shown++ {
		fmt.Fprintf(t.out, "%s\n", fit("  "+t.log.Events[t.shown].Text, screenWidth))
	}
}
