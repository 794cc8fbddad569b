package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"scramble/engine"
	"scramble/internal/textwrap"
	"scramble/rulebook"
)

// rulesFlags are the flags of scramble rules.
type rulesFlags struct {
	json bool
}

func (f *rulesFlags) flagSet() *flag.FlagSet {
	fs := newFlagSet("rules")
	fs.BoolVar(&f.json, "json", false, "print the rules as JSON")
	return fs
}

func newRulesFlags() *flag.FlagSet { return new(rulesFlags).flagSet() }

// rulesDoc is the JSON form of "scramble rules --json".
type rulesDoc struct {
	Name        string              `json:"name"`
	Title       string              `json:"title"`
	Summary     string              `json:"summary"`
	MaxLength   int                 `json:"max_length"`
	Seats       []engine.SeatInfo   `json:"seats"`
	Options     []optionDoc         `json:"options"`
	Resolutions []engine.Resolution `json:"resolutions"`
}

// optionDoc is one option in rulesDoc.
type optionDoc struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"` // "int", "choice", "bool" or "text"
	Default string `json:"default"`
	// Allowed says which values are allowed, as printed: "1..6", "a|b".
	Allowed string   `json:"allowed"`
	Min     *int     `json:"min,omitempty"`
	Max     *int     `json:"max,omitempty"`
	Choices []string `json:"choices,omitempty"`
	Rule    string   `json:"rule,omitempty"`
	Doc     string   `json:"doc"`
}

func describeOption(o engine.OptionSpec) optionDoc {
	d := optionDoc{Name: o.Name, Kind: o.Kind.String(), Default: o.Default, Rule: o.Rule, Doc: o.Doc}
	switch o.Kind {
	case engine.IntOption:
		d.Allowed = fmt.Sprintf("%d..%d", o.Min, o.Max)
		d.Min, d.Max = &o.Min, &o.Max
	case engine.ChoiceOption:
		d.Allowed, d.Choices = strings.Join(o.Choices, "|"), o.Choices
	case engine.BoolOption:
		d.Allowed = "true|false"
	default:
		d.Allowed = "text"
	}
	return d
}

// rules runs "scramble rules GAME": the game's seats, options and rulings.
func (a *app) rules(_ context.Context, _ io.Reader, out io.Writer, args []string) error {
	var f rulesFlags
	pos, err := parse(f.flagSet(), args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		if _, err := a.game(pos[0]); err != nil {
			return err
		}
		return printRule(out, pos[0], strings.Join(pos[1:], " "))
	}
	g, err := a.oneGame("rules", pos)
	if err != nil {
		return err
	}
	info := g.Info()
	doc := rulesDoc{
		Name: info.Name, Title: info.Title, Summary: info.Summary, MaxLength: info.MaxLength,
		Seats: gameSeats(g), Resolutions: info.Resolutions,
	}
	for _, o := range g.Options() {
		doc.Options = append(doc.Options, describeOption(o))
	}
	if f.json {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	return doc.writeText(out)
}

func (d rulesDoc) writeText(out io.Writer) error {
	fmt.Fprintf(out, "%s (%s)\n%s", d.Title, d.Name, wrap("", d.Summary, listWidth))
	if len(d.Seats) > 0 {
		fmt.Fprintf(out, "\nSeats: %s\n", seatList(d.Seats))
	}
	fmt.Fprintln(out, "\nOptions (set with --opt name=value):")
	if len(d.Options) == 0 {
		fmt.Fprintln(out, "  none")
	} else {
		// The columns, then what the option does filled into the rest of
		// the line, so that the table fits listWidth columns.
		rows := [][4]string{{"name", "default", "allowed", "rule"}}
		for _, o := range d.Options {
			rows = append(rows, [4]string{o.Name, o.Default, o.Allowed, o.Rule})
		}
		var w [4]int
		for _, r := range rows {
			for i, c := range r {
				w[i] = max(w[i], len([]rune(c)))
			}
		}
		if w[0]+w[1]+w[2]+w[3]+10 > listWidth-30 {
			// Columns too wide to leave room for the words: each option
			// is a paragraph, its values first.
			for _, o := range d.Options {
				// A long choice list is written with spaces, so that it
				// can be filled like words.
				head := fmt.Sprintf("%s (default %s; allowed %s", o.Name, o.Default, strings.ReplaceAll(o.Allowed, "|", " | "))
				if o.Rule != "" {
					head += "; rule " + o.Rule
				}
				fmt.Fprint(out, wrap("  ", head+")", listWidth))
				fmt.Fprint(out, wrap("      ", o.Doc, listWidth))
			}
		} else {
			for i, r := range rows {
				prefix := fmt.Sprintf("  %-*s  %-*s  %-*s  %-*s  ", w[0], r[0], w[1], r[1], w[2], r[2], w[3], r[3])
				doc := "what it does"
				if i > 0 {
					doc = d.Options[i-1].Doc
				}
				fmt.Fprint(out, wrap(prefix, doc, listWidth))
			}
		}
	}
	if b, err := rulebook.Load(d.Name); err == nil {
		example := b.Sections[min(1, len(b.Sections)-1)].Title
		if ids := b.Rules(); len(ids) > 0 {
			example = ids[0]
		}
		fmt.Fprintf(out, "\nRules reference: scramble rules %s SECTION, e.g. %q\n(SECTION: a rule id, a section number or a heading's words).\n",
			d.Name, example)
	}
	if len(d.Resolutions) > 0 {
		fmt.Fprintln(out, "\nRulings in force where the rulebook is silent:")
		wide := 0
		for _, r := range d.Resolutions {
			wide = max(wide, len(r.ID))
		}
		for _, r := range d.Resolutions {
			fmt.Fprint(out, wrap(fmt.Sprintf("  %-*s  ", wide, r.ID), r.Text, listWidth))
		}
	}
	return nil
}

// printRule prints the section of game's rules reference that query names
// (a rule id, a section number, an anchor or a heading's words).
func printRule(out io.Writer, game, query string) error {
	b, err := rulebook.Load(game)
	if err != nil {
		return usageError{err}
	}
	sec, err := b.Find(query)
	if err != nil {
		return usageError{err}
	}
	_, err = fmt.Fprint(out, sec.Text(screenWidth))
	return err
}

// wrap writes text in lines of at most width columns, the first after
// prefix and the others indented as far.
func wrap(prefix, text string, width int) string {
	return textwrap.Hanging(prefix, strings.Repeat(" ", len([]rune(prefix))), text, width)
}

// gameSeats returns the seats of g with its default options, or none if it
// cannot be set up.
func gameSeats(g engine.Game) []engine.SeatInfo {
	s, _, err := engine.Setup(g, nil)
	if err != nil {
		return nil
	}
	return s.Seats()
}

// listGames runs "scramble games".
func (a *app) listGames(_ context.Context, _ io.Reader, out io.Writer, args []string) error {
	pos, err := parse(newFlagSet("games"), args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("games takes no arguments, got %q", pos)
	}
	type row struct{ name, title, seats, summary string }
	var rows []row
	var w [3]int
	for _, name := range a.games.Names() {
		g, _ := a.games.Lookup(name)
		info := g.Info()
		var seats []string
		for _, s := range gameSeats(g) {
			seats = append(seats, s.Name)
		}
		r := row{name, info.Title, strings.Join(seats, ", "), info.Summary}
		rows = append(rows, r)
		w[0], w[1], w[2] = max(w[0], len([]rune(r.name))), max(w[1], len([]rune(r.title))), max(w[2], len([]rune(r.seats)))
	}
	// Name, title and seats on one line, the summary under them, filled to
	// listWidth columns.
	for _, r := range rows {
		fmt.Fprintf(out, "%-*s  %-*s  %s\n", w[0], r.name, w[1], r.title, r.seats)
		fmt.Fprint(out, wrap("    ", r.summary, listWidth))
	}
	return nil
}

// listWidth is the width the games and rules commands fit.
const listWidth = 100
