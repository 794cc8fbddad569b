package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"scramble/engine"
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
	fmt.Fprintf(out, "%s (%s)\n%s\n", d.Title, d.Name, d.Summary)
	if len(d.Seats) > 0 {
		fmt.Fprintf(out, "\nSeats: %s\n", seatList(d.Seats))
	}
	fmt.Fprintln(out, "\nOptions (set with --opt name=value):")
	if len(d.Options) == 0 {
		fmt.Fprintln(out, "  none")
	} else {
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  name\tdefault\tallowed\trule\twhat it does")
		for _, o := range d.Options {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", o.Name, o.Default, o.Allowed, o.Rule, o.Doc)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if b, err := rulebook.Load(d.Name); err == nil {
		example := b.Sections[min(1, len(b.Sections)-1)].Title
		if ids := b.Rules(); len(ids) > 0 {
			example = ids[0]
		}
		fmt.Fprintf(out, "\nRules reference: scramble rules %s SECTION, e.g. %q (a rule id, a section number or a heading's words).\n",
			d.Name, example)
	}
	if len(d.Resolutions) > 0 {
		fmt.Fprintln(out, "\nRulings in force where the rulebook is silent:")
		wide := 0
		for _, r := range d.Resolutions {
			wide = max(wide, len(r.ID))
		}
		for _, r := range d.Resolutions {
			fmt.Fprint(out, wrap(fmt.Sprintf("  %-*s  ", wide, r.ID), r.Text, 80))
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
	var b strings.Builder
	indent := strings.Repeat(" ", len([]rune(prefix)))
	line := prefix
	empty := true
	for _, w := range strings.Fields(text) {
		if !empty && len([]rune(line))+1+len([]rune(w)) > width {
			b.WriteString(line + "\n")
			line, empty = indent, true
		}
		if !empty {
			line += " "
		}
		line += w
		empty = false
	}
	b.WriteString(line + "\n")
	return b.String()
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
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	for _, name := range a.games.Names() {
		g, _ := a.games.Lookup(name)
		info := g.Info()
		var seats []string
		for _, s := range gameSeats(g) {
			seats = append(seats, s.Name)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", name, info.Title, strings.Join(seats, ", "), info.Summary)
	}
	return tw.Flush()
}
