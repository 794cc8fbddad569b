// Command scramble plays WW2 air-war board games: in the terminal against the
// game and its bots, in batches of bot games for statistics, and as replays of
// saved games.
//
// Usage:
//
//	scramble games                      list the games
//	scramble rules GAME [SECTION]       a game's options and rulings, or a section of its rules
//	scramble learn GAME [LESSON]        a rulebook example as a lesson
//	scramble play GAME [flags]          play a game in the terminal
//	scramble sim GAME -n N [flags]      play N games with bots, print statistics
//	scramble tune GAME --param --target  search designed values for a target
//	scramble lab worker --db URL         play lab jobs from a Postgres queue
//	scramble replay FILE                step through a saved game
//	scramble serve [--addr] [--db URL]  run the web app
//	scramble loadtest [--url URL]...    measure servers under load
//	scramble help [COMMAND]             usage
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"golang.org/x/term"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/catalog"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		// After the first interrupt, a second one ends the program at once.
		<-ctx.Done()
		stop()
	}()
	a := &app{
		games:    catalog.New(),
		newBot:   bot.New,
		botNames: bot.Names(),
		stderr:   os.Stderr,
		progress: term.IsTerminal(int(os.Stderr.Fd())),
	}
	err := a.run(ctx, os.Stdin, os.Stdout, os.Args[1:])
	stop()
	os.Exit(exitCode(os.Stderr, err))
}

// exitCode reports err on w as "scramble: ..." and returns the exit status:
// 0 for none, 2 for a usage error, 1 for any other.
func exitCode(w io.Writer, err error) int {
	if err == nil {
		return 0
	}
	fmt.Fprintf(w, "scramble: %v\n", err)
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

// usageError is an error in how the program was called: a bad flag, a missing
// argument, an unknown game. It makes the program exit with status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// gameCatalog finds games by name and lists them.
type gameCatalog interface {
	engine.Catalog
	Names() []string
}

// app holds what the commands use from the outside world, so that tests can
// give them a catalog, bots and writers of their own.
type app struct {
	games gameCatalog
	// newBot makes a bot from a spec such as "random" or "mcts:iterations=500".
	newBot func(spec string) (engine.Bot, error)
	// botNames lists the bots for help texts.
	botNames []string
	// stderr receives progress bars.
	stderr io.Writer
	// progress says whether stderr is a terminal that can show a progress bar.
	progress bool
}

// command is one subcommand of scramble.
type command struct {
	name    string
	args    string // what follows the name in a usage line
	summary string
	// flags returns the command's flag set, for help texts; nil if none.
	flags func() *flag.FlagSet
	run   func(a *app, ctx context.Context, in io.Reader, out io.Writer, args []string) error
}

func commands() []command {
	return []command{
		{"games", "", "list the games", nil, (*app).listGames},
		{"rules", "GAME [SECTION | RULE-ID] [--json]", "show a game's seats, options and the rulings in force, or a section of its rules reference (TB-4, 2.4.3, Movement)", newRulesFlags, (*app).rules},
		{"learn", "GAME [LESSON]", "play one of the rulebook's worked examples step by step, each step explained", nil, (*app).learn},
		{"play", "GAME [flags]  |  play --load FILE [flags]", "play a game in the terminal; bots take the other seats", newPlayFlags, (*app).play},
		{"sim", "GAME -n N [flags]", "play N games with bots and print statistics", newSimFlags, (*app).sim},
		{"tune", "GAME --param PATH=VALUES --target GOAL [flags]", "search designed values for a target: a win rate, a draw share, game lengths", newTuneFlags, (*app).tune},
		{"lab", "worker|follow RUN|cancel RUN --db URL", "take lab runs' jobs from a Postgres queue, follow a run, or cancel it", newLabFlags, (*app).lab},
		{"replay", "FILE", "step through a saved game, move by move", nil, (*app).replay},
		{"serve", "[--addr HOST:PORT] [--db URL]", "run the web app: lobby, matches, bots, replays", newServeFlags, (*app).serve},
		{"loadtest", "[--matches N] [--duration D] [--url URL]...", "measure a server (or several nodes) under N concurrent matches played through the API", newLoadFlags, (*app).loadtest},
	}
}

// run runs the subcommand named by args[0].
func (a *app) run(ctx context.Context, in io.Reader, out io.Writer, args []string) error {
	if len(args) == 0 {
		a.usage(a.stderr)
		return usagef("no command given")
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		return a.help(out, rest)
	}
	for _, c := range commands() {
		if c.name == name {
			err := c.run(a, ctx, in, out, rest)
			if errors.Is(err, flag.ErrHelp) {
				a.commandUsage(out, c)
				return nil
			}
			return err
		}
	}
	return usagef("unknown command %q; the commands are %s (see 'scramble help')", name, strings.Join(commandNames(), ", "))
}

func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

// help prints the usage of every command, or of the one named.
func (a *app) help(out io.Writer, args []string) error {
	if len(args) == 0 {
		a.usage(out)
		return nil
	}
	for _, c := range commands() {
		if c.name == args[0] {
			a.commandUsage(out, c)
			return nil
		}
	}
	return usagef("no help for %q: the commands are %s", args[0], strings.Join(commandNames(), ", "))
}

func (a *app) usage(out io.Writer) {
	fmt.Fprintln(out, "scramble plays WW2 air-war board games.")
	fmt.Fprintln(out)
	fmt.Fprintln(out, "Usage:")
	for _, c := range commands() {
		fmt.Fprintln(out, strings.TrimRight(fmt.Sprintf("  scramble %-7s %s", c.name, c.args), " "))
		fmt.Fprint(out, wrap("      ", c.summary, screenWidth))
	}
	fmt.Fprintf(out, "  scramble help [COMMAND]\n      this text, or a command's flags\n")
	fmt.Fprintln(out)
	a.printKnown(out)
	for _, c := range commands() {
		if c.flags != nil {
			fmt.Fprintf(out, "\nscramble %s flags:\n", c.name)
			printDefaults(out, c.flags())
		}
	}
}

func (a *app) commandUsage(out io.Writer, c command) {
	fmt.Fprintf(out, "Usage: scramble %s %s\n\n%s", c.name, c.args, wrap("", capitalize(c.summary)+".", screenWidth))
	if c.flags != nil {
		fmt.Fprintln(out, "\nFlags:")
		printDefaults(out, c.flags())
	}
	fmt.Fprintln(out)
	a.printKnown(out)
}

// printKnown lists the games and bots.
func (a *app) printKnown(out io.Writer) {
	fmt.Fprintf(out, "Games: %s\n", strings.Join(a.games.Names(), ", "))
	if len(a.botNames) > 0 {
		fmt.Fprint(out, wrap("Bots:  ", strings.Join(a.botNames, ", ")+" (a bot may take settings: mcts:iterations=500)", screenWidth))
	}
}

// printDefaults lists a command's flags as the flag package does, each
// description filled to screenWidth columns under its flag.
func printDefaults(out io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		head := "  -" + f.Name
		if name != "" {
			head += " " + name
		}
		if def := f.DefValue; def != "" && def != "false" && def != "0" && def != "[]" && !strings.Contains(usage, "(default") {
			usage += fmt.Sprintf(" (default %q)", def)
		}
		fmt.Fprintln(out, head)
		fmt.Fprint(out, wrap("      ", usage, screenWidth))
	})
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// game looks a game up by name.
func (a *app) game(name string) (engine.Game, error) {
	g, ok := a.games.Lookup(name)
	if !ok {
		return nil, usagef("unknown game %q; the games are %s", name, strings.Join(a.games.Names(), ", "))
	}
	return g, nil
}

// oneGame reads the single GAME argument of a command.
func (a *app) oneGame(cmd string, pos []string) (engine.Game, error) {
	switch len(pos) {
	case 0:
		return nil, usagef("%s needs a GAME; the games are %s", cmd, strings.Join(a.games.Names(), ", "))
	case 1:
	default:
		return nil, usagef("%s takes one GAME, got %q", cmd, pos)
	}
	return a.game(pos[0])
}

// makeBots makes one bot per spec; seats with spec "" get nil.
func (a *app) makeBots(seats []engine.SeatInfo, specs []string) ([]engine.Bot, error) {
	bots := make([]engine.Bot, len(specs))
	for i, spec := range specs {
		if spec == "" {
			continue
		}
		b, err := a.newBot(spec)
		if err != nil {
			return nil, usageError{fmt.Errorf("bot for seat %d %s: %w", seatNumber(i), seats[i].Name, err)}
		}
		bots[i] = b
	}
	return bots, nil
}
