package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"scramble/engine"
	"scramble/sim"
)

// optionList is a repeatable --opt key=value flag.
type optionList []string

func (o *optionList) String() string { return strings.Join(*o, " ") }

func (o *optionList) Set(v string) error {
	if _, err := engine.ParseOptionArgs([]string{v}); err != nil {
		return err
	}
	*o = append(*o, v)
	return nil
}

// resolve checks the options against g's and completes them with defaults.
func (o optionList) resolve(g engine.Game) (engine.Options, error) {
	opts, err := engine.ParseOptionArgs(o)
	if err != nil {
		return nil, usageError{err}
	}
	full, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, usageError{fmt.Errorf("%s: %w (see 'scramble rules %s')", g.Info().Name, err, g.Info().Name)}
	}
	return full, nil
}

// botChoice is one --bot value: a bot spec for one seat, or for every seat
// not named elsewhere when Seat is "".
type botChoice struct {
	Seat string
	Spec string
}

// botList is a repeatable --bot [SEAT=]SPEC flag. SEAT is a seat's number,
// counted from 1, or its name; a SPEC such as "mcts:iterations=500" may itself hold "=", so the text
// before the first "=" names a seat only when it holds no ":".
type botList []botChoice

func (b *botList) String() string {
	parts := make([]string, len(*b))
	for i, c := range *b {
		parts[i] = c.Spec
		if c.Seat != "" {
			parts[i] = c.Seat + "=" + c.Spec
		}
	}
	return strings.Join(parts, " ")
}

func (b *botList) Set(v string) error {
	c := botChoice{Spec: strings.TrimSpace(v)}
	if seat, spec, ok := strings.Cut(v, "="); ok && !strings.Contains(seat, ":") {
		c = botChoice{Seat: strings.TrimSpace(seat), Spec: strings.TrimSpace(spec)}
	}
	if c.Spec == "" {
		return errors.New("write --bot SPEC or --bot SEAT=SPEC")
	}
	*b = append(*b, c)
	return nil
}

// specs gives the bot spec of every seat: the seat's own --bot, else the last
// --bot without a seat, else def. The person's seat (human, or -1 for none)
// gets "" and may not be given a bot.
func (b botList) specs(seats []engine.SeatInfo, human engine.Seat, def string) ([]string, error) {
	out := make([]string, len(seats))
	for _, c := range b {
		if c.Seat == "" {
			def = c.Spec
		}
	}
	for i := range out {
		out[i] = def
	}
	for _, c := range b {
		if c.Seat == "" {
			continue
		}
		seat, err := findSeat(seats, c.Seat)
		if err != nil {
			return nil, err
		}
		if seat == human {
			return nil, usageError{fmt.Errorf("--bot %s=%s: seat %s is yours; choose your seat with --seat", c.Seat, c.Spec, seats[seat].Name)}
		}
		out[seat] = c.Spec
	}
	if human >= 0 {
		out[human] = ""
	}
	return out, nil
}

// findSeat reads a seat given by its number as people count, from 1, or by
// its name (case does not matter). The engine's Seat it returns counts from 0.
func findSeat(seats []engine.SeatInfo, ref string) (engine.Seat, error) {
	ref = strings.TrimSpace(ref)
	for i, s := range seats {
		if strings.EqualFold(s.Name, ref) {
			return engine.Seat(i), nil
		}
	}
	if n, err := strconv.Atoi(ref); err == nil && n >= 1 && n <= len(seats) {
		return engine.Seat(n - 1), nil
	}
	return 0, usageError{fmt.Errorf("no seat %q: this game's seats are %s (by number from 1, or by name)", ref, seatList(seats))}
}

// seatNumber is the number people read for seat i: 1 for the first.
func seatNumber(i int) int { return i + 1 }

// seatList names seats as people number them: "1 RAF, 2 Luftwaffe".
func seatList(seats []engine.SeatInfo) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = fmt.Sprintf("%d %s", seatNumber(i), s.Name)
	}
	return strings.Join(parts, ", ")
}

// newFlagSet returns a flag set that prints nothing itself: errors come back
// from parse, and help is printed by the caller.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parse parses args, which may mix flags and positional arguments in any
// order ("play tinybob --seed 3"), and returns the positional ones. Everything
// after "--" is positional.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError{fmt.Errorf("%s: %w (see 'scramble help %s')", fs.Name(), err, fs.Name())}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		// fs.Parse stops at the first positional argument, or after "--".
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// given reports whether the flag name was set on the command line.
func given(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// axisList is a repeatable --sweep key=v1,v2,... flag.
type axisList []sim.Axis

func (l *axisList) String() string {
	parts := make([]string, len(*l))
	for i, a := range *l {
		parts[i] = a.Key + "=" + strings.Join(a.Values, ",")
	}
	return strings.Join(parts, " ")
}

func (l *axisList) Set(v string) error {
	a, err := sim.ParseAxis(v)
	if err != nil {
		return err
	}
	*l = append(*l, a)
	return nil
}
