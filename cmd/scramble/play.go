package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"scramble/engine"
	"scramble/hint"
	"scramble/rulebook"
)

// playFlags are the flags of scramble play.
type playFlags struct {
	opts    optionList
	seed    uint64
	seat    string
	bots    botList
	load    string
	hotseat bool
	hints   bool
}

func (f *playFlags) flagSet() *flag.FlagSet {
	fs := newFlagSet("play")
	fs.Var(&f.opts, "opt", "set a game option as `key=value` (repeatable; see 'scramble rules GAME')")
	fs.Uint64Var(&f.seed, "seed", 0, "`seed` of the dice (default: a random seed, shown at the start)")
	fs.StringVar(&f.seat, "seat", "1", "the `SEAT` you play, by number from 1 or by name (see 'scramble rules GAME')")
	fs.Var(&f.bots, "bot", "bot for the other seats as `SPEC`, or for one seat as SEAT=SPEC with SEAT its number from 1 or its name (repeatable; default random); the spec human gives the seat to a person at this keyboard")
	fs.BoolVar(&f.hotseat, "hotseat", false, "people take turns at this keyboard for every seat without a --bot, each one's secret choices hidden from the others")
	fs.BoolVar(&f.hints, "hints", false, "allow hints to every seat even when people of opposing sides play at this keyboard")
	fs.StringVar(&f.load, "load", "", "resume the game saved in `FILE` (its game, options and seed come from the save)")
	return fs
}

func newPlayFlags() *flag.FlagSet { return new(playFlags).flagSet() }

// play runs "scramble play": a person plays one seat at the terminal, reading
// commands from in and writing the game to out; bots play the other seats.
func (a *app) play(ctx context.Context, in io.Reader, out io.Writer, args []string) error {
	var f playFlags
	fs := f.flagSet()
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	m, table, err := a.startMatch(ctx, fs, &f, pos)
	if err != nil {
		return err
	}
	st := m.State()
	seats := st.Seats()
	// A resumed game keeps who sat where, unless the command line says
	// otherwise.
	keep := table != nil && len(table.Seats) == len(seats) && !given(fs, "bot") && !given(fs, "hotseat")
	seatRef := f.seat
	if keep && !given(fs, "seat") {
		for i, spec := range table.Seats {
			if spec == personSpec {
				seatRef = strconv.Itoa(seatNumber(i))
				break
			}
		}
	}
	human, err := findSeat(seats, seatRef)
	if err != nil {
		return err
	}
	def := defaultBot
	if f.hotseat {
		def = personSpec
	}
	specs, err := f.bots.specs(seats, human, def)
	if err != nil {
		return err
	}
	if keep {
		specs = append([]string(nil), table.Seats...)
		specs[human] = ""
	}
	people := make([]bool, len(seats))
	for i, spec := range specs {
		if spec == "" || strings.EqualFold(spec, personSpec) {
			people[i], specs[i] = true, ""
		}
	}
	bots, err := a.makeBots(seats, specs)
	if err != nil {
		return err
	}
	s := &session{
		m: m, human: human, people: people, bots: bots, botRand: engine.Derive(m.Seed(), 1), hints: f.hints,
		in: newLineSource(in, out), out: out,
		shownMoves: len(m.History()), shownEvents: len(m.Log().Events), savedAt: -1,
		seen: map[engine.Seat][2]int{}, secret: map[int]bool{},
	}
	defer s.in.stop()

	info := m.Game().Info()
	if f.load != "" {
		s.savedAt, s.savedFile = len(m.History()), f.load
		fmt.Fprintf(out, "Resumed %s: %s, seed %d, after %d moves.\n", f.load, info.Title, m.Seed(), len(m.History()))
	} else {
		fmt.Fprintf(out, "%s, seed %d.\n", info.Title, m.Seed())
	}
	if s.hotseat() {
		var names []string
		for i, p := range people {
			if p {
				names = append(names, fmt.Sprintf("%s (seat %d)", seats[i].Name, seatNumber(i)))
			}
		}
		fmt.Fprintf(out, "People at this keyboard play %s, in turn", strings.Join(names, " and "))
	} else {
		fmt.Fprintf(out, "You play %s (seat %d)", seats[human].Name, seatNumber(int(human)))
	}
	for i, b := range bots {
		if b != nil {
			fmt.Fprintf(out, "; %s plays %s", b.Name(), seats[i].Name)
		}
	}
	fmt.Fprintln(out, ".\nType #N for action N of the list, or the action as written; help lists all.")
	if _, rival := s.rivalAtKeyboard(); rival && s.hotseat() {
		// Every seat here sees whether the game allows hints.
		fmt.Fprintln(out, map[bool]string{true: "Hints are allowed to every seat (--hints).", false: "No hints: people of opposing sides play here (start with --hints to allow them)."}[s.hints])
	}
	return s.run(ctx)
}

// defaultBot plays the seats that no --bot names and no person takes.
const defaultBot = "random"

// table is what a terminal save adds to the engine's save file: who sat
// where, so that a hot-seat game resumes with the same people and bots.
// Each seat is personSpec for a person at the keyboard, or a bot's spec.
// Other readers of the file (scramble replay, the engine) ignore it.
type table struct {
	Seats []string `json:"seats"`
}

// terminalSave is a save file written by scramble play.
type terminalSave struct {
	*engine.SaveFile
	Table *table `json:"terminal,omitempty"`
}

// startMatch sets up the match: a new one for GAME, or the one saved in
// --load, with the seating the save remembers (nil when it has none).
func (a *app) startMatch(ctx context.Context, fs *flag.FlagSet, f *playFlags, pos []string) (*engine.Match, *table, error) {
	if f.load != "" {
		if len(pos) > 0 || given(fs, "opt") || given(fs, "seed") {
			return nil, nil, usagef("play --load takes no GAME, --opt or --seed: the save file holds them")
		}
		return a.loadSave(ctx, f.load)
	}
	g, err := a.oneGame("play", pos)
	if err != nil {
		return nil, nil, err
	}
	opts, err := f.opts.resolve(g)
	if err != nil {
		return nil, nil, err
	}
	seed := f.seed
	if !given(fs, "seed") {
		seed = 1 + rand.Uint64N(999_999) // short enough to type back with --seed
	}
	m, err := engine.NewMatch(g, opts, seed)
	return m, nil, err
}

// session is one game played at the terminal.
type session struct {
	m       *engine.Match
	human   engine.Seat
	bots    []engine.Bot // nil for the person's seat
	botRand *engine.Rand
	in      lineSource
	out     io.Writer
	// dirty is set when a decision is made and cleared by a save: quitting
	// or an interrupt then offers to save first. quitAsked is set once
	// quit has warned of it.
	dirty, quitAsked bool
	// shownMoves and shownEvents count the moves and events already printed.
	shownMoves, shownEvents int
	// savedAt is the number of moves at the last save, -1 before any.
	savedAt   int
	savedFile string
	// decided is the number of moves just after the person's last decision:
	// while nothing else has moved, the person is still in the middle of it.
	decided int
	// people marks the seats played at this keyboard; human is the one
	// deciding now. With more than one (hot-seat), seen keeps the counters
	// of what each has been shown, and secret marks the moves made at a
	// simultaneous node, whose text only their own seat sees.
	people []bool
	seen   map[engine.Seat][2]int
	secret map[int]bool
	// hints allows hints even when people of opposing sides play here.
	hints bool
}

// run plays until the game ends, the person quits or the input ends.
func (s *session) run(ctx context.Context) error {
	for {
		st := s.m.State()
		switch cur := st.Current(); cur {
		case engine.Terminal:
			s.printEnd()
			reopened, err := s.finished(ctx)
			if err != nil || !reopened {
				return err
			}
			continue
		case engine.Chance:
			if _, err := s.m.RollDice(); err != nil {
				return err
			}
			continue
		}
		seat := mover(st)
		if seat >= 0 && int(seat) < len(s.people) && s.people[seat] {
			if done, err := s.handover(ctx, seat); done {
				return err
			}
			done, err := s.decide(ctx)
			if err != nil || done {
				return err
			}
			continue
		}
		if err := s.botMove(seat); err != nil {
			return err
		}
	}
}

// seatName names seat as people read it: its name and number from 1, or the
// engine's word for a seat that is no player (chance, terminal).
func (s *session) seatName(seat engine.Seat) string {
	seats := s.m.State().Seats()
	if seat < 0 || int(seat) >= len(seats) {
		return seat.String()
	}
	return fmt.Sprintf("%s (seat %d)", seats[seat].Name, seatNumber(int(seat)))
}

// mover is the seat that acts next: the current seat, or at a simultaneous
// node the first seat still to choose.
func mover(st engine.State) engine.Seat {
	cur := st.Current()
	if cur != engine.Simultaneous {
		return cur
	}
	for i := range st.Seats() {
		if len(st.Legal(engine.Seat(i), nil)) > 0 {
			return engine.Seat(i)
		}
	}
	return engine.Terminal
}

func (s *session) botMove(seat engine.Seat) error {
	st := s.m.State()
	if seat < 0 || int(seat) >= len(s.bots) || s.bots[seat] == nil {
		return fmt.Errorf("%s is to move but has no bot", s.seatName(seat))
	}
	legal := st.Legal(seat, nil)
	if len(legal) == 0 {
		return fmt.Errorf("%s is to move but has no legal action", s.seatName(seat))
	}
	b := s.bots[seat]
	a := b.Choose(engine.NewDecision(st, seat, legal, s.botRand))
	if err := s.apply(seat, a); err != nil {
		return fmt.Errorf("bot %s for %s: %w", b.Name(), st.Seats()[seat].Name, err)
	}
	return nil
}

// decide shows the board and the person's actions, and reads commands until
// one of them changes the game. It reports done when the person quits or the
// input ends.
func (s *session) decide(ctx context.Context) (done bool, err error) {
	s.printNew()
	list := s.showDecision(s.decided == len(s.m.History()))
	name := s.m.State().Seats()[s.human].Name
	for {
		line, done, err := s.prompt(ctx, name+"> ")
		if done {
			return true, err
		}
		if controlKey(line) {
			s.say("That line holds a control key (an arrow key?), not a command: nothing done. Type help for the commands.")
			continue
		}
		word, arg, _ := strings.Cut(line, " ")
		arg = strings.TrimSpace(arg)
		if word != "quit" && word != "exit" {
			s.quitAsked = false
		}
		switch word {
		case "":
			if len(list) != 1 {
				continue
			}
			// Enter takes the only legal action.
			if err := s.apply(s.human, list[0].act); err != nil {
				return true, err
			}
			s.decided = len(s.m.History())
			return false, nil
		case "help", "?":
			s.printHelp(list)
			continue
		case "board":
			list = s.showDecision(false)
			continue
		case "sheet":
			if s.printSheet() {
				continue
			}
		case "look":
			if l, ok := s.m.State().View(s.human).(looker); ok {
				fmt.Fprintln(s.out, l.Look())
				continue
			}
		case "undo":
			if s.undo() {
				return false, nil
			}
			continue
		case "save":
			s.save(arg)
			continue
		case "rule", "rules":
			s.printRule(arg)
			continue
		case "hint":
			s.printHint(ctx)
			continue
		case "quit", "exit":
			if s.confirmQuit() {
				fmt.Fprintln(s.out, s.leaving())
				return true, nil
			}
			continue
		}
		if n, listed, err := listNumber(line); err == nil {
			if !listed {
				if other, clash := clashing(list, n); clash {
					s.say("%d is both action %d of the list and a number in %q: type #%d for the list's, or the action as written.",
						n, n, other, n)
					continue
				}
			}
			c, ok := byNumber(list, n)
			if !ok {
				s.say("There is no action %d now: the numbers are %s (help explains them).", n, numbersText(list))
				continue
			}
			if err := s.apply(s.human, c.act); err != nil {
				return true, err // a listed action is legal: this is a bug of the game
			}
			s.decided = len(s.m.History())
			s.dirty = true
			return false, nil
		}
		acts, err := planOrAction(s.m.State(), s.human, line)
		if err != nil {
			s.say("Cannot do %q: %s.\nType #N for an action of the list (%s), an action as listed, or help.",
				line, strings.TrimSuffix(err.Error(), "."), numbersText(list))
			continue
		}
		for _, a := range acts {
			if err := s.apply(s.human, a); err != nil {
				return true, err // the plan was checked on a copy: this is a bug of the game
			}
		}
		s.decided = len(s.m.History())
		s.dirty = true
		return false, nil
	}
}

// listNumber reads a line as a number of the action list: "#N" (listed),
// or a bare number.
func listNumber(line string) (n int, listed bool, err error) {
	if rest, ok := strings.CutPrefix(line, "#"); ok {
		n, err = strconv.Atoi(strings.TrimSpace(rest))
		return n, true, err
	}
	n, err = strconv.Atoi(line)
	return n, false, err
}

// clashing reports whether a bare number n could mean two things: the
// list's action n, and another action whose text holds n as a word ("bid
// 3" listed as 1, "discard 8" as 4). It returns that action's text.
func clashing(list []choice, n int) (string, bool) {
	if _, ok := byNumber(list, n); !ok {
		return "", false
	}
	word := strconv.Itoa(n)
	for _, c := range list {
		if c.num == n {
			continue
		}
		for _, w := range strings.FieldsFunc(c.text, func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' }) {
			if w == word {
				return c.text, true
			}
		}
	}
	return "", false
}

// say prints a message wrapped to the screen's width.
func (s *session) say(format string, args ...any) {
	paras := strings.Split(fmt.Sprintf(format, args...), "\n")
	for i, p := range paras {
		paras[i] = wrapText(p, s.cols())
	}
	fmt.Fprintln(s.out, strings.Join(paras, "\n"))
}

// confirmQuit reports whether the person may leave now: at once when
// nothing is unsaved, else on a second quit after a warning.
func (s *session) confirmQuit() bool {
	if !s.dirty || s.quitAsked {
		return true
	}
	s.quitAsked = true
	s.say("Your moves since the last save are not saved. Type save FILE to keep them, or quit again to leave without saving.")
	return false
}

// cols is the width the screens are wrapped to: the terminal's, within
// 60..200, or 80 when it is unknown.
func (s *session) cols() int {
	w := s.in.width()
	if w <= 0 {
		return screenWidth
	}
	return min(max(w, 60), 200)
}

// prompt shows prompt and reads the person's next line, trimmed. At the end
// of the input it says so and what becomes of the game; done is true then,
// and when the wait is interrupted (with the error).
func (s *session) prompt(ctx context.Context, prompt string) (line string, done bool, err error) {
	line, err = s.in.next(ctx, prompt)
	if errors.Is(err, io.EOF) {
		fmt.Fprintf(s.out, "\nEnd of input. %s\n", s.leaving())
		return "", true, nil
	}
	if errors.Is(err, errCtrlC) {
		return s.interrupted(ctx)
	}
	if err != nil {
		if s.dirty {
			s.rescue()
		}
		return "", true, fmt.Errorf("game interrupted: %w", err)
	}
	return strings.TrimSpace(line), false, nil
}

// interrupted answers Ctrl-C: with nothing unsaved the person leaves; else
// they are offered to save first, or to go back to the game.
func (s *session) interrupted(ctx context.Context) (line string, done bool, err error) {
	if !s.dirty {
		fmt.Fprintf(s.out, "\n%s\n", s.leaving())
		return "", true, nil
	}
	for {
		fmt.Fprintln(s.out)
		s.say("Ctrl-C: save the game before leaving? Type a file name to save it and leave, Enter to leave without saving, or back to go on playing.")
		answer, err := s.in.next(ctx, "save as> ")
		switch {
		case errors.Is(err, errCtrlC), errors.Is(err, io.EOF):
			fmt.Fprintf(s.out, "\n%s\n", s.leaving())
			return "", true, nil
		case err != nil:
			s.rescue()
			return "", true, fmt.Errorf("game interrupted: %w", err)
		}
		answer = strings.TrimSpace(answer)
		switch strings.ToLower(answer) {
		case "back":
			return "", false, nil
		case "":
			fmt.Fprintln(s.out, s.leaving())
			return "", true, nil
		}
		if s.save(answer) {
			fmt.Fprintln(s.out, s.leaving())
			return "", true, nil
		}
	}
}

// rescue saves a game interrupted with unsaved moves (the input cannot ask
// any more) to a file in the current directory, and says where.
func (s *session) rescue() {
	name := fmt.Sprintf("scramble-%s-%d-interrupted.json", s.m.Game().Info().Name, s.m.Seed())
	if s.save(name) {
		fmt.Fprintf(s.out, "\nInterrupted: the game is saved in %s.\n", name)
	}
}

// leaving says what becomes of the game when the person leaves it.
func (s *session) leaving() string {
	if s.savedAt == len(s.m.History()) {
		return fmt.Sprintf("Left the game, saved in %s.", s.savedFile)
	}
	return "Left the game without saving it."
}

// showDecision prints the board and the numbered legal actions, and returns
// them. When the person is still in the middle of a decision of several
// steps (brief: nothing but their own last step happened since) and the game
// can say where it stands in a few lines, that replaces the board.
func (s *session) showDecision(brief bool) []choice {
	st := s.m.State()
	v := st.View(s.human)
	text := ""
	if b, ok := v.(briefer); ok && brief {
		text = b.Brief()
	}
	if text == "" {
		text = v.String()
	}
	fmt.Fprintf(s.out, "\n%s\n\n", fit(strings.TrimRight(text, "\n"), s.cols()))
	list := choices(st, s.human)
	items := listItems(list)
	// The decision's rule on a line of its own, so that a long section
	// name never pushes the prompt past the terminal's width.
	if r := rulebook.DecisionRule(st, s.human); r != "" {
		fmt.Fprint(s.out, fit(fmt.Sprintf("Rule: %s (type rule to read it)", r), s.cols())+"\n")
	}
	fmt.Fprintf(s.out, "Your move, %s (type #N or the action):\n%s", st.Seats()[s.human].Name, columns(items, s.cols()))
	if len(list) == 1 {
		fmt.Fprintln(s.out, "(the only action: Enter takes it)")
	}
	if len(items) < len(list) {
		s.say("(on a line numbered a-b the choices after the last space are numbered a, a+1, ... in order; or type the action as written)")
	}
	return list
}

// longList is the length from which listItems folds runs of actions that
// differ only in their last word (a plane's six facings on each area).
const longList = 30

// listItems is the text of each listed action, with its number and note. A
// list of longList actions or more folds each run of three or more with
// consecutive numbers, no notes, and texts that differ only in their last
// word into one line: "1-6   fighter at 3,1 facing E|NE|NW|W|SW|SE".
func listItems(list []choice) []string {
	items := make([]string, 0, len(list))
	for i := 0; i < len(list); {
		c := list[i]
		j := i + 1
		if len(list) >= longList && c.note == "" {
			head, _ := splitLast(c.text)
			for j < len(list) && list[j].note == "" && list[j].num == list[j-1].num+1 {
				h, _ := splitLast(list[j].text)
				if h != head || head == "" {
					break
				}
				j++
			}
		}
		if j-i >= 3 {
			head, _ := splitLast(c.text)
			words := make([]string, 0, j-i)
			for _, d := range list[i:j] {
				_, w := splitLast(d.text)
				words = append(words, w)
			}
			items = append(items, fmt.Sprintf("%3d-%-3d %s %s", c.num, list[j-1].num, head, strings.Join(words, "|")))
			i = j
			continue
		}
		item := fmt.Sprintf("%3d  %s", c.num, c.text)
		if c.note != "" {
			item += " (" + c.note + ")"
		}
		items = append(items, item)
		i++
	}
	return items
}

// splitLast splits text at its last space: everything before it, and the
// last word ("" and text when there is no space).
func splitLast(text string) (head, last string) {
	k := strings.LastIndexByte(text, ' ')
	if k < 0 {
		return "", text
	}
	return text[:k], text[k+1:]
}

// printSheet prints the game's sheet and reports whether it has one.
func (s *session) printSheet() bool {
	sh, ok := s.m.State().View(s.human).(sheeter)
	if ok {
		fmt.Fprintf(s.out, "\n%s\n", fit(strings.TrimRight(sh.Sheet(), "\n"), s.cols()))
	}
	return ok
}

// columns lays items out top to bottom in as many columns as fit in width.
func columns(items []string, width int) string {
	wide := 0
	for _, it := range items {
		wide = max(wide, len([]rune(it)))
	}
	wide += 3
	cols := max(1, width/wide)
	rows := (len(items) + cols - 1) / cols
	var b strings.Builder
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			i := c*rows + r
			if i >= len(items) {
				break
			}
			if c+1 < cols && i+rows < len(items) {
				fmt.Fprintf(&b, "%-*s", wide, items[i])
			} else {
				b.WriteString(items[i])
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// printNew prints the moves and events since the last call: the bots' moves
// and the person's own, each with the events it caused, and the events of the
// dice and draws (never a chance outcome's own text, which may be secret). A
// run of moves by one seat (a plane's whole path) is one line, its events
// after it.
func (s *session) printNew() {
	hist := s.m.History()
	events := s.m.Log().Events
	if s.shownMoves < len(hist) {
		fmt.Fprintln(s.out)
	}
	st := s.m.State()
	for k := s.shownMoves; k < len(hist); {
		if hist[k].Seat == engine.Chance {
			// A chance outcome's text may name what a seat may not see (a
			// card dealt to another hand, a damage token's value): the
			// game's events, which hold only public information, tell what
			// the dice and the draws did.
			for ; s.shownEvents < len(events) && events[s.shownEvents].Step <= k; s.shownEvents++ {
				fmt.Fprintf(s.out, "%s\n", fit("      "+events[s.shownEvents].Text, s.cols()))
			}
			k++
			continue
		}
		run := []string{s.moveText(k)}
		end := k + 1
		for ; end < len(hist) && hist[end].Seat == hist[k].Seat && hist[k].Seat != engine.Chance; end++ {
			run = append(run, s.moveText(end))
		}
		fmt.Fprintf(s.out, "%s\n", fit(fmt.Sprintf("  %s: %s", s.who(st, hist[k].Seat), strings.Join(run, ", ")), s.cols()))
		for ; s.shownEvents < len(events) && events[s.shownEvents].Step < end; s.shownEvents++ {
			fmt.Fprintf(s.out, "%s\n", fit("      "+events[s.shownEvents].Text, s.cols()))
		}
		k = end
	}
	for ; s.shownEvents < len(events); s.shownEvents++ {
		fmt.Fprintf(s.out, "%s\n", fit("      "+events[s.shownEvents].Text, s.cols()))
	}
	s.shownMoves = len(hist)
}

// who names the seat that made a move.
func (s *session) who(st engine.State, seat engine.Seat) string {
	switch {
	case seat == engine.Chance:
		return "dice"
	case seat == s.human:
		return "you"
	case seat >= 0 && int(seat) < len(s.bots) && s.bots[seat] != nil:
		return fmt.Sprintf("%s (%s)", st.Seats()[seat].Name, s.bots[seat].Name())
	case seat >= 0 && int(seat) < len(s.people) && s.people[seat]:
		return st.Seats()[seat].Name
	}
	return "seat " + seat.String()
}

func (s *session) printHelp(list []choice) {
	v := s.m.State().View(s.human)
	if h, ok := v.(helper); ok {
		fmt.Fprintf(s.out, "%s\n", fit(strings.TrimRight(h.Help(), "\n"), s.cols()))
	}
	example := "the action's text"
	if len(list) > 0 {
		example = fmt.Sprintf("%q", list[len(list)-1].text)
	}
	first := 1
	if len(list) > 0 {
		first = list[0].num
	}
	intro := fmt.Sprintf(`Type #N for action N of the list (%s), e.g. #%d, or the action as it
is written there, e.g. %s. A bare number picks from the list too, unless it is
also a number in another action's text (such as "bid 3"): then type #N or the
words. On a terminal the arrow keys, Home and End edit the line, and up and
down recall earlier lines.`, numbersText(list), first, example)
	fmt.Fprintf(s.out, "%s\nCommands:\n  help       this text\n  board      show the board and your actions again\n", wrapText(intro, s.cols()))
	if _, ok := v.(sheeter); ok {
		fmt.Fprintln(s.out, "  sheet      show the record sheet and what else is not on the board")
	}
	if _, ok := v.(looker); ok {
		fmt.Fprintln(s.out, "  look       where each enemy lies from your planes: bearing, range, cones")
	}
	fmt.Fprint(s.out, `  undo       take back your last decision, if no dice were rolled and no other
             seat acted since
  rule [X]   the rules of this decision, or section X: a rule id (TB-4), a
             section number (2.4.3) or a heading's words
  hint       what a good player would do: a search that sees only what you
             see proposes three actions with its estimate of winning (2 s)
  save FILE  save the game to FILE, with who sits where; resume it with:
             scramble play --load FILE
  quit       leave the game; with moves not saved it asks first (quit again
             to leave without saving)
  Ctrl-C     offers to save before leaving
`)
}

// printRule prints the section of the rules reference that query names, or
// with no query the section of the decision at hand.
func (s *session) printRule(query string) {
	st := s.m.State()
	game := s.m.Game().Info().Name
	if query == "" {
		query = rulebook.DecisionRule(st, s.human)
	}
	b, err := rulebook.Load(game)
	if err == nil {
		var sec rulebook.Section
		if sec, err = b.Find(query); err == nil {
			fmt.Fprintf(s.out, "\n%s\n", strings.TrimRight(sec.Text(screenWidth), "\n"))
			return
		}
	}
	fmt.Fprintf(s.out, "%s.\n", strings.TrimSuffix(err.Error(), "."))
}

// printHint prints a hint for the person's decision, unless a person of
// another side plays at this keyboard and the game was not started with
// --hints (a hint is for solo, co-operative and practice games, and for
// games that allow it).
func (s *session) printHint(ctx context.Context) {
	st := s.m.State()
	if name, rival := s.rivalAtKeyboard(); rival && !s.hints {
		fmt.Fprintf(s.out, "No hints here: %s, of another side, plays at this keyboard too (start with --hints to allow them).\n", name)
		return
	}
	fmt.Fprintln(s.out, "Thinking (at most 2 s)...")
	h, err := hint.Suggest(ctx, st, s.human, engine.NewRand(uint64(len(s.m.History()))+s.m.Seed()), hint.MaxTime)
	if err != nil {
		fmt.Fprintf(s.out, "No hint: %v.\n", err)
		return
	}
	fmt.Fprintf(s.out, "A search of %d playouts from what you see suggests:\n", h.Iterations)
	for i, sg := range h.Suggestions {
		line := fmt.Sprintf("  %d. %s  (wins about %.0f%%)", i+1, sg.Text, 100*sg.Win)
		if sg.Why != "" {
			line += ": " + sg.Why
		}
		fmt.Fprintln(s.out, fit(line, screenWidth))
	}
}

// rivalAtKeyboard names a person at this keyboard of a side other than the
// deciding seat's, if there is one.
func (s *session) rivalAtKeyboard() (string, bool) {
	seats := s.m.State().Seats()
	for i, person := range s.people {
		if person && seats[i].Side != seats[s.human].Side {
			return seats[i].Name, true
		}
	}
	return "", false
}

// undo takes back the person's last decision and reports whether it did.
func (s *session) undo() bool {
	hist := s.m.History()
	n, err := s.m.Undo(s.human)
	if err != nil {
		why := strings.TrimPrefix(err.Error(), engine.ErrCannotUndo.Error()+": ")
		fmt.Fprintf(s.out, "Nothing undone: %s.\n", strings.TrimSuffix(why, "."))
		return false
	}
	texts := make([]string, 0, n)
	for _, mv := range hist[len(hist)-n:] {
		texts = append(texts, mv.Text)
	}
	for k := range s.secret {
		if k >= len(s.m.History()) {
			delete(s.secret, k)
		}
	}
	fmt.Fprintf(s.out, "Took back: %s.\n", strings.Join(texts, ", "))
	s.shownMoves, s.shownEvents = len(s.m.History()), len(s.m.Log().Events)
	return true
}

// looker is a view that can say how the other side's pieces lie from the
// seat's own (Wings of Glory: bearing, range and cones), for the look
// command.
type looker interface{ Look() string }

// secretHolder is a game state whose save file, which holds every move,
// would show seat what it may not know yet: another seat's face-down cards,
// the values of tokens drawn face down.
type secretHolder interface{ HidesFrom(seat engine.Seat) bool }

// revealsBotSecrets says whether a save now would write a bot's secrets into
// a file the person at this keyboard can read: the game is not over, a bot
// plays another seat, and the game says it hides something from the person.
func (s *session) revealsBotSecrets() bool {
	st := s.m.State()
	h, ok := st.(secretHolder)
	if !ok || st.Current() == engine.Terminal || !h.HidesFrom(s.human) {
		return false
	}
	for seat, b := range s.bots {
		if b != nil && engine.Seat(seat) != s.human {
			return true
		}
	}
	return false
}

// save saves the game to file, with who sits where, and reports whether it
// did.
func (s *session) save(file string) bool {
	if file == "" {
		fmt.Fprintln(s.out, "Save where? Type save FILE, e.g. save mygame.json.")
		return false
	}
	if s.revealsBotSecrets() {
		fmt.Fprintln(s.out, "Not saved: the file would hold the bot's face-down cards and tokens, which you may not see yet. Save when the game is over.")
		return false
	}
	data, err := s.marshalSave()
	if err == nil {
		err = writeFileAtomic(file, data)
	}
	if err != nil {
		fmt.Fprintf(s.out, "Not saved: %s.\n", strings.TrimSuffix(err.Error(), "."))
		return false
	}
	s.savedAt, s.savedFile = len(s.m.History()), file
	s.dirty, s.quitAsked = false, false
	fmt.Fprintf(s.out, "Saved %d moves to %s. Resume with: scramble play --load %s\n", s.savedAt, file, file)
	return true
}

// marshalSave is the engine's save file with the seating added.
func (s *session) marshalSave() ([]byte, error) {
	f, err := s.m.Save()
	if err != nil {
		return nil, err
	}
	t := &table{Seats: make([]string, len(s.people))}
	for i := range t.Seats {
		switch {
		case s.people[i]:
			t.Seats[i] = personSpec
		case i < len(s.bots) && s.bots[i] != nil:
			t.Seats[i] = s.bots[i].Name()
		}
	}
	return json.MarshalIndent(terminalSave{SaveFile: f, Table: t}, "", "  ")
}

// printEnd prints the last moves, the final board and the result.
func (s *session) printEnd() {
	s.printNew()
	st := s.m.State()
	v := st.View(s.human)
	fmt.Fprintf(s.out, "\n%s\n\n", fit(strings.TrimRight(v.String(), "\n"), s.cols()))
	r := st.Result()
	if _, ok := v.(resultTeller); !ok {
		fmt.Fprint(s.out, resultLine(r), " ")
	}
	if s.hotseat() {
		var outcomes []string
		for i, p := range s.people {
			if p && i < len(r.Returns) {
				outcomes = append(outcomes, st.Seats()[i].Name+" "+outcome(r.Returns[i]))
			}
		}
		fmt.Fprintf(s.out, "%s.\n", strings.Join(outcomes, ", "))
		return
	}
	if int(s.human) < len(r.Returns) {
		fmt.Fprintf(s.out, "You %s.", outcome(r.Returns[s.human]))
	}
	fmt.Fprintln(s.out)
}

// finished lets the person save the finished game, look at it again, or take
// back their last decision, until they quit or the input ends. It reports
// whether an undo reopened the game.
func (s *session) finished(ctx context.Context) (reopened bool, err error) {
	s.say("The game is over. Type save FILE to keep it (scramble replay FILE shows it again), board, undo, or quit.")
	for {
		line, done, err := s.prompt(ctx, "game over> ")
		if done {
			return false, err
		}
		word, arg, _ := strings.Cut(line, " ")
		switch word {
		case "":
		case "save":
			s.save(strings.TrimSpace(arg))
		case "board":
			fmt.Fprintf(s.out, "\n%s\n", fit(strings.TrimRight(s.m.State().View(s.human).String(), "\n"), s.cols()))
		case "sheet":
			if !s.printSheet() {
				fmt.Fprintln(s.out, "This game has no sheet beyond the board.")
			}
		case "undo":
			if s.undo() {
				return true, nil
			}
		case "quit", "exit":
			if s.confirmQuit() {
				fmt.Fprintln(s.out, s.leaving())
				return false, nil
			}
		default:
			s.say("The game is over: %q is no command now. Type save FILE, board, undo or quit.", line)
		}
	}
}

// outcome says what a seat's return means: "won", "drew" or "lost".
func outcome(ret float64) string {
	switch {
	case ret > 0.5:
		return "won"
	case ret == 0.5:
		return "drew"
	}
	return "lost"
}

// resultLine says how a game ended: "Game over after 16 rounds: RAF wins
// (victory). Score 14."
func resultLine(r engine.Result) string {
	outcome := "a draw"
	if r.Winner != "" {
		outcome = r.Winner + " wins"
	}
	return fmt.Sprintf("Game over after %d rounds: %s (%s). Score %d.", r.Rounds, outcome, r.Cause, r.Score)
}

// writeFileAtomic writes data to a temporary file beside path and renames it
// over path, so that a crash never leaves half a file.
func writeFileAtomic(path string, data []byte) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
