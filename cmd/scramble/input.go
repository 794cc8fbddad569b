package main

import (
	"bufio"
	"context"
	"io"
)

// maxLine is the longest input line read; longer lines are an error.
const maxLine = 1 << 20

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
