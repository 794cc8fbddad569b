package server

import (
	"cmp"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// BotLimits bound what a bot seat may ask for on this server, so that no
// match can hold a core for long: each setting of a bot spec (see bot.New)
// that sets the work of one move has a ceiling. A zero field takes its value
// from DefaultBotLimits.
type BotLimits struct {
	// Iterations bounds mcts's iterations per move.
	Iterations int
	// Time bounds mcts's thinking time per move.
	Time time.Duration
	// Depth bounds mcts's playout depth. depth=0 (play out to the end)
	// counts as the largest depth, so it is over any limit: a playout of a
	// whole campaign is thousands of moves.
	Depth int
	// Samples bounds greedy's determinizations per action.
	Samples int
	// SpecLength bounds the length of a bot spec.
	SpecLength int
	// BotOnlyMatches bounds the matches of bots only (no person at any
	// seat) that one client address may have playing at once; one more
	// is refused with 429.
	BotOnlyMatches int
	// Move bounds the thinking of any one move, whatever the spec: a
	// search still running then is stopped and plays its best move so
	// far. The settings' limits keep moves well under it on this
	// machine; it is the guard for a slower one, or a game whose
	// playouts are long.
	Move time.Duration
}

// DefaultBotLimits are the limits of "scramble serve": a few times the
// default bots' budgets, so every spec in docs/bots.md is accepted, and no
// move thinks for more than five seconds.
func DefaultBotLimits() BotLimits {
	return BotLimits{Iterations: 20000, Time: 2 * time.Second, Depth: 1000, Samples: 64, SpecLength: 100, BotOnlyMatches: 4, Move: 5 * time.Second}
}

// orDefault fills l's zero fields from DefaultBotLimits.
func (l BotLimits) orDefault() BotLimits {
	d := DefaultBotLimits()
	return BotLimits{
		Iterations:     cmp.Or(l.Iterations, d.Iterations),
		Time:           cmp.Or(l.Time, d.Time),
		Depth:          cmp.Or(l.Depth, d.Depth),
		Samples:        cmp.Or(l.Samples, d.Samples),
		SpecLength:     cmp.Or(l.SpecLength, d.SpecLength),
		BotOnlyMatches: cmp.Or(l.BotOnlyMatches, d.BotOnlyMatches),
		Move:           cmp.Or(l.Move, d.Move),
	}
}

// check refuses a bot spec ("mcts:iterations=500,time=1s") whose settings
// go over the limits, with a 400 that names the limit and the flag that
// sets it. Settings it does not bound, and malformed ones, are left to the
// bot constructor, which names its own errors.
func (l BotLimits) check(spec string) error {
	if len(spec) > l.SpecLength {
		return errorf(http.StatusBadRequest, "bot spec %s is %d characters long, over this server's limit of %d", quotePrefix(spec), len(spec), l.SpecLength)
	}
	_, settings, _ := strings.Cut(spec, ":")
	for item := range strings.SplitSeq(settings, ",") {
		key, value, _ := strings.Cut(item, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		var most int
		switch key {
		case "iterations":
			most = l.Iterations
		case "depth":
			most = l.Depth
		case "samples":
			most = l.Samples
		case "time":
			if d, err := time.ParseDuration(value); err == nil && d > l.Time {
				return overLimit(spec, key, value, l.Time.String())
			}
			continue
		default:
			continue
		}
		n, err := strconv.Atoi(value)
		switch {
		case err != nil:
		case key == "depth" && n == 0:
			return errorf(http.StatusBadRequest, "bot %s: depth=0 (play out to the end) is over this server's limit of %d (set by scramble serve --bot-depth); ask for depth=%d or less", quotePrefix(spec), most, most)
		case n > most:
			return overLimit(spec, key, value, strconv.Itoa(most))
		}
	}
	return nil
}

// overLimit is the 400 for a bot setting over its limit: it names the
// setting, the limit and the flag of scramble serve that sets it.
func overLimit(spec, key, value, limit string) error {
	return errorf(http.StatusBadRequest, "bot %q: %s=%s is over this server's limit of %s (set by scramble serve --bot-%s); ask for %s or less", spec, key, value, limit, key, limit)
}
