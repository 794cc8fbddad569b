package server

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// quotedPrefix is how much of a client's text an error message quotes.
const quotedPrefix = 40

// quotePrefix quotes at most the first quotedPrefix bytes of text (cut at a
// character boundary), marking a cut with an ellipsis, so an error never
// echoes a long input back.
func quotePrefix(text string) string {
	if len(text) <= quotedPrefix {
		return strconv.Quote(text)
	}
	cut := text[:quotedPrefix]
	for !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1]
	}
	return strconv.Quote(cut) + "…"
}

// illegalText is illegal(err) for an action sent as text: wherever the
// game's message repeats the text, only its prefix is quoted.
func illegalText(err error, text string) *apiError {
	ae := illegal(err)
	if len(text) > quotedPrefix {
		short := quotePrefix(text)
		ae.Msg = strings.ReplaceAll(ae.Msg, strconv.Quote(text), short)
		ae.Msg = strings.ReplaceAll(ae.Msg, text, short)
	}
	return ae
}
