// Package quote quotes text that came from outside (a request, a save file)
// in messages meant for people: escaped, so that control characters and
// escape sequences are shown and not obeyed, and shortened, so that a long
// input is never echoed back whole. The server's API errors and the
// command line's messages about save files both use it.
package quote

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// PrefixBytes is how much of a text Prefix quotes.
const PrefixBytes = 40

// Prefix quotes at most the first PrefixBytes bytes of text (cut at a
// character boundary) as a Go string literal, escapes and all, marking a cut
// with an ellipsis.
func Prefix(text string) string {
	if len(text) <= PrefixBytes {
		return strconv.Quote(text)
	}
	cut := text[:PrefixBytes]
	for !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1]
	}
	return strconv.Quote(cut) + "…"
}

// Within replaces every appearance of text in msg, quoted with
// strconv.Quote or bare, by Prefix(text), when text is long or holds a
// character that is not printable: a message that repeats a hostile input
// then shows it once, short and escaped.
func Within(msg, text string) string {
	if text == "" || len(text) <= PrefixBytes && printable(text) {
		return msg
	}
	short := Prefix(text)
	msg = strings.ReplaceAll(msg, strconv.Quote(text), short)
	return strings.ReplaceAll(msg, text, short)
}

// Clean escapes every character of msg that is not printable (control
// characters, bidirectional controls, line separators, broken UTF-8) as Go
// escapes it (\x1b, \u202e), and cuts msg to at most most bytes, marking a
// cut with an ellipsis: a message safe to write to a terminal.
func Clean(msg string, most int) string {
	var b strings.Builder
	for i, r := range msg {
		if b.Len() >= most {
			b.WriteString("…")
			break
		}
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(msg[i:], "\uFFFD"):
			b.WriteString(`\x` + strconv.FormatUint(uint64(msg[i]), 16))
		case unicode.IsPrint(r) || r == ' ':
			b.WriteRune(r)
		default:
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		}
	}
	return b.String()
}

// printable reports whether every character of s is printable.
func printable(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) && r != ' ' {
			return false
		}
	}
	return utf8.ValidString(s)
}
