package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/catalog"
)

// TestDocumentedCommandsParse reads every command quoted in the README and in
// docs/ (fenced blocks and inline code that start with scramble, ./scramble or
// go run ./cmd/scramble) and checks it against the program: the command
// exists, every flag exists and takes the value given, the game exists, and
// its --opt, --b-opt and --sweep options and --bot specs are ones the game and
// the bots accept. Placeholders (GAME, N, "…", $VAR) are not checked. So a
// document cannot quote a command that the program would refuse.
func TestDocumentedCommandsParse(t *testing.T) {
	files := documentFiles(t, "../..")
	a := &app{games: catalog.New(), newBot: bot.New, botNames: bot.Names()}
	checked := 0
	for _, file := range files {
		for _, c := range quotedCommands(t, file) {
			checked++
			if err := a.checkQuoted(c.args); err != nil {
				t.Errorf("%s:%d: %q: %v", c.file, c.line, strings.Join(c.args, " "), err)
			}
		}
	}
	t.Logf("checked %d quoted commands in %d documents", checked, len(files))
	if checked < 50 {
		t.Fatalf("found only %d quoted commands in %d documents: the scanner is broken", checked, len(files))
	}
}

// TestCheckQuotedRefuses shows that the checker of TestDocumentedCommandsParse
// fails on each kind of drift it is there to catch.
func TestCheckQuotedRefuses(t *testing.T) {
	a := &app{games: catalog.New(), newBot: bot.New, botNames: bot.Names()}
	for _, line := range []string{
		"scramble simulate tinybob",                   // no such command
		"scramble sim tinybob --rounds 3",             // no such flag
		"scramble sim tinybob -n many",                // a value the flag refuses
		"scramble sim tinyboob -n 10",                 // no such game
		"scramble sim tinybob --opt nosuch=1",         // no such option
		"scramble sim tinybob --opt aces=lots",        // a value the option refuses
		"scramble sim tinybob --sweep nosuch=1,2",     // a sweep over no option
		"scramble sim tinybob --bot cleverest",        // no such bot
		"scramble play tinybob --bot 1=mcts:nosuch=1", // a bot setting that does not exist
		"scramble help nosuch",                        // help for no command
	} {
		args, ok := commandArgs(line)
		if !ok {
			t.Fatalf("%q: not read as a command", line)
		}
		if err := a.checkQuoted(args); err == nil {
			t.Errorf("%q: accepted", line)
		}
	}
	for _, line := range []string{
		"scramble sim tinybob -n 10000 --bot greedy --json",
		"scramble sim tinybob -n N --bot mcts:iterations=N --seed S --workers 1",
		"go run ./cmd/scramble serve --addr :8080",
		"./scramble play squadron --opt scenario=bigginhill --opt players=2 --bot 2=mcts # a comment",
		"scramble rules GAME",
	} {
		args, ok := commandArgs(line)
		if !ok {
			t.Fatalf("%q: not read as a command", line)
		}
		if err := a.checkQuoted(args); err != nil {
			t.Errorf("%q: %v", line, err)
		}
	}
}

// documentFiles lists README.md and every Markdown file under docs/ below root.
func documentFiles(t *testing.T, root string) []string {
	t.Helper()
	files := []string{filepath.Join(root, "README.md")}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// quotedCommand is one command found in a document.
type quotedCommand struct {
	file string
	line int
	args []string // after the program's name
}

var inlineCode = regexp.MustCompile("`([^`]+)`")

// quotedCommands finds the commands quoted in one Markdown file: lines of
// fenced blocks (joined across trailing backslashes) and inline code spans.
func quotedCommands(t *testing.T, file string) []quotedCommand {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []quotedCommand
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	fenced := false
	pending, start := "", 0
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			pending = ""
			continue
		}
		if fenced {
			if pending == "" {
				start = n
			}
			if cont, ok := strings.CutSuffix(strings.TrimRight(line, " "), `\`); ok {
				pending += cont + " "
				continue
			}
			line, pending = pending+line, ""
			if args, ok := commandArgs(line); ok {
				out = append(out, quotedCommand{file, start, args})
			}
			continue
		}
		for _, m := range inlineCode.FindAllStringSubmatch(line, -1) {
			if args, ok := commandArgs(m[1]); ok {
				out = append(out, quotedCommand{file, n, args})
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// commandStart finds the program's name at the start of a line of shell: after
// white space, a "$ " prompt, or a shell operator.
var commandStart = regexp.MustCompile(`^(?:.*(?:&&|;|\||\(|\btime)\s*)?\s*(?:\$\s+)?(?:go run \./cmd/scramble|\./scramble|scramble)\s+(.*)$`)

// commandArgs reads the arguments of a quoted command, up to a comment or a
// shell operator, and reports whether line holds one.
func commandArgs(line string) ([]string, bool) {
	m := commandStart.FindStringSubmatch(line)
	if m == nil {
		return nil, false
	}
	var args []string
	for _, w := range shellWords(m[1]) {
		if strings.HasPrefix(w, "#") || w == "|" || w == "&&" || w == ";" || w == "&" || strings.HasPrefix(w, ">") || strings.HasPrefix(w, "2>") {
			break
		}
		args = append(args, w)
	}
	if len(args) == 0 || !regexp.MustCompile(`^[a-z][a-z-]*$`).MatchString(args[0]) {
		return nil, false
	}
	return args, true
}

// shellWords splits s at white space, keeping quoted text together.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	quote, in := rune(0), false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

var placeholderWord = regexp.MustCompile(`\b[A-Z][A-Z0-9_]*\b`)

// placeholder reports whether a quoted value stands for something the reader
// fills in: GAME, N, FILE, "…", "...", $VAR, <x>.
func placeholder(v string) bool {
	return strings.ContainsAny(v, "…$<>") || strings.Contains(v, "...") || placeholderWord.MatchString(v)
}

// checkQuoted checks one quoted command (its arguments after the program's
// name) as the program would read it, without running it.
func (a *app) checkQuoted(args []string) error {
	name, rest := args[0], args[1:]
	if name == "help" {
		if len(rest) == 0 || placeholder(rest[0]) {
			return nil
		}
		for _, c := range commands() {
			if c.name == rest[0] {
				return nil
			}
		}
		return fmt.Errorf("no command %q to give help on", rest[0])
	}
	var cmd *command
	for _, c := range commands() {
		if c.name == name {
			cmd = &c
			break
		}
	}
	if cmd == nil {
		return fmt.Errorf("no command %q; the commands are %s", name, strings.Join(commandNames(), ", "))
	}
	if cmd.flags == nil {
		return nil
	}
	fs := cmd.flags()
	var pos, opts, bots []string
	var sweeps []string
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if !strings.HasPrefix(w, "-") || w == "-" {
			pos = append(pos, w)
			continue
		}
		fname, value, hasValue := strings.Cut(strings.TrimLeft(w, "-"), "=")
		f := fs.Lookup(fname)
		if f == nil {
			return fmt.Errorf("no flag -%s", fname)
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			if hasValue {
				if err := fs.Set(fname, value); err != nil {
					return err
				}
			}
			continue
		}
		if !hasValue {
			if i+1 == len(rest) || strings.HasPrefix(rest[i+1], "--") {
				continue // a flag named in prose, without its value
			}
			i++
			value = rest[i]
		}
		if placeholder(value) {
			continue
		}
		switch fname {
		case "opt", "b-opt":
			opts = append(opts, value)
		case "bot", "b-bot":
			bots = append(bots, value)
		case "sweep":
			sweeps = append(sweeps, value)
		}
		if err := fs.Set(fname, value); err != nil {
			return fmt.Errorf("-%s %s: %v", fname, value, err)
		}
	}
	for _, spec := range bots {
		var c botList
		if err := c.Set(spec); err != nil {
			return err
		}
		if _, err := a.newBot(c[0].Spec); err != nil {
			return fmt.Errorf("--bot %s: %v", spec, err)
		}
	}
	if !gameCommand(name) || len(pos) == 0 || placeholder(pos[0]) {
		return nil
	}
	g, err := a.game(pos[0])
	if err != nil {
		return err
	}
	var all optionList
	for _, o := range opts {
		if err := all.Set(o); err != nil {
			return err
		}
	}
	if _, err := all.resolve(g); err != nil {
		return err
	}
	for _, s := range sweeps {
		var axes axisList
		if err := axes.Set(s); err != nil {
			return err
		}
		for _, v := range axes[0].Values {
			if _, err := engine.ResolveOptions(g.Options(), engine.Options{axes[0].Key: v}); err != nil {
				return fmt.Errorf("--sweep %s: %v", s, err)
			}
		}
	}
	return nil
}

// gameCommand reports whether the command's first positional argument is a
// game's name.
func gameCommand(name string) bool {
	switch name {
	case "rules", "play", "sim":
		return true
	}
	return false
}
