package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/chzyer/readline"
)

// maxLine is the longest input line read; longer lines are an error.
const maxLine = 1 << 20

// errCtrlC is what reading a line returns when the person presses Ctrl-C
// at a terminal (or, on a pipe, sends a line holding only the ETX character
// a terminal sends for it): the session then offers to save the game.
var errCtrlC = errors.New("Ctrl-C pressed")

// lineSource reads the person's lines, each after showing a prompt.
type lineSource interface {
	// next shows prompt and returns the next line, io.EOF at the end of
	// the input, errCtrlC, or the context's error.
	next(ctx context.Context, prompt string) (string, error)
	// width is the terminal's width in columns, 0 when unknown.
	width() int
	// stop releases the source.
	stop()
}

// newLineSource reads from in: with line editing and history (arrows,
// Home, End, Ctrl-R) when in and out are a terminal, else line by line.
// The readline library, chzyer/readline, is chosen for being small, pure
// Go and well used (docs/terminal.md).
func newLineSource(in io.Reader, out io.Writer) lineSource {
	fin, ok1 := in.(*os.File)
	fout, ok2 := out.(*os.File)
	if ok1 && ok2 && readline.IsTerminal(int(fin.Fd())) && readline.IsTerminal(int(fout.Fd())) {
		rl, err := readline.NewEx(&readline.Config{
			Stdin: fin, Stdout: fout, Stderr: fout,
			HistoryLimit:    1000,
			InterruptPrompt: "^C",
			EOFPrompt:       "",
		})
		if err == nil {
			return &editedLines{rl: rl}
		}
	}
	return &plainLines{r: readLines(in), out: out}
}

// editedLines reads a terminal with readline.
type editedLines struct{ rl *readline.Instance }

type lineResult struct {
	line string
	err  error
}

func (e *editedLines) next(ctx context.Context, prompt string) (string, error) {
	e.rl.SetPrompt(prompt)
	got := make(chan lineResult, 1)
	go func() {
		line, err := e.rl.Readline()
		got <- lineResult{line, err}
	}()
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case r := <-got:
		switch {
		case errors.Is(r.err, readline.ErrInterrupt):
			return "", errCtrlC
		case r.err != nil:
			return "", r.err
		}
		return r.line, nil
	}
}

func (e *editedLines) width() int { return readline.GetScreenWidth() }

func (e *editedLines) stop() { e.rl.Close() }

// plainLines reads a pipe or file line by line.
type plainLines struct {
	r   *lineReader
	out io.Writer
}

func (p *plainLines) next(ctx context.Context, prompt string) (string, error) {
	fmt.Fprint(p.out, prompt)
	line, err := p.r.next(ctx)
	if err == nil && strings.TrimSpace(line) == "\x03" {
		return "", errCtrlC
	}
	return line, err
}

// width is $COLUMNS when set, else unknown.
func (p *plainLines) width() int {
	n, err := strconv.Atoi(os.Getenv("COLUMNS"))
	if err != nil || n <= 0 {
		return 0
	}
	return n
}

func (p *plainLines) stop() { p.r.stop() }

// controlKey reports whether line holds a control character: what an arrow
// or function key leaves on a line read without line editing ("\x1b[A").
// Such a line is never taken as a command.
func controlKey(line string) bool {
	return strings.ContainsFunc(line, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f })
}

// lineReader reads lines in the background, so that waiting for the person
// ends as soon as the context does (an interrupt), not at the next Enter.
type lineReader struct {
	lines chan string
	done  chan struct{}
	err   error // set before lines is closed
}

// readLines starts reading r line by line. Call stop when done with it.
func readLines(r io.Reader) *lineReader {
	l := &lineReader{lines: make(chan string), done: make(chan struct{})}
	go func() {
		defer close(l.lines)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 0, 4096), maxLine)
		for sc.Scan() {
			select {
			case l.lines <- sc.Text():
			case <-l.done:
				return
			}
		}
		l.err = sc.Err()
	}()
	return l
}

// next returns the next line, io.EOF at the end of the input, or the
// context's error.
func (l *lineReader) next(ctx context.Context) (string, error) {
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case line, ok := <-l.lines:
		if !ok {
			if l.err != nil {
				return "", l.err
			}
			return "", io.EOF
		}
		return line, nil
	}
}

// stop lets the background reader end once its current read returns.
func (l *lineReader) stop() { close(l.done) }
