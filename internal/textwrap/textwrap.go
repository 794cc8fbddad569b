// Package textwrap fills text into lines of a terminal's width, for the
// commands' listings and the rules reference's plain text.
package textwrap

import "strings"

// Hanging fills the words of text into lines of at most width columns
// (counted in runes): the first line starts with first, the others with
// rest. A word longer than a line stands on a line of its own. The result
// ends with a newline.
func Hanging(first, rest, text string, width int) string {
	var b strings.Builder
	line := first
	empty := true
	for _, w := range strings.Fields(text) {
		if !empty && len([]rune(line))+1+len([]rune(w)) > width {
			b.WriteString(line + "\n")
			line, empty = rest, true
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
