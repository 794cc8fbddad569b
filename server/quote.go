package server

import "scramble/internal/quote"

// quotedPrefix is how much of a client's text an error message quotes.
const quotedPrefix = quote.PrefixBytes

// quotePrefix quotes at most the first quotedPrefix bytes of text (cut at a
// character boundary, escaped), marking a cut with an ellipsis, so an error
// never echoes a long input back (quote.Prefix).
func quotePrefix(text string) string { return quote.Prefix(text) }

// illegalText is illegal(err) for an action sent as text: wherever the
// game's message repeats a long or unprintable text, only its prefix is
// quoted, escaped.
func illegalText(err error, text string) *apiError {
	ae := illegal(err)
	ae.Msg = quote.Within(ae.Msg, text)
	return ae
}
