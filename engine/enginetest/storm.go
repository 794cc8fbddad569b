package enginetest

import (
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"unicode/utf8"

	"scramble/engine"
)

// StormConfig tunes an illegal-action storm.
type StormConfig struct {
	// Options are the game options; nil means the defaults.
	Options engine.Options
	// Seed makes the storm repeatable.
	Seed uint64
	// Attempts is the number of illegal actions to try; 0 means 10,000.
	Attempts int
	// PerState is how many are tried against each state reached; 0 means 40.
	PerState int
}

// StormReport counts what a storm tried. Every attempt was refused with an
// *engine.IllegalError and left the state as it was.
type StormReport struct {
	// Attempts is the number of illegal actions tried, by kind:
	// "number" (an action number no seat may take), "seat" (a legal action
	// sent by another seat), "text" (garbage or a mangled action text).
	Attempts int
	ByKind   map[string]int
	// States is the number of states attacked, Games the number of random
	// games played to reach them.
	States, Games int
}

// Storm plays random games of g and, at every state they reach, tries
// illegal actions: random action numbers, legal actions sent by the wrong
// seat (the special seats and out-of-range seats included) and malformed
// text (random bytes, and legal texts cut, extended or altered). Each must
// be refused with an *engine.IllegalError, leave the state's String
// unchanged, and not panic. It returns what it tried, or the first failure
// with the game, the step and the attempt.
func Storm(g engine.Game, cfg StormConfig) (StormReport, error) {
	total := cfg.Attempts
	if total <= 0 {
		total = 10_000
	}
	per := cfg.PerState
	if per <= 0 {
		per = 40
	}
	rep := StormReport{ByKind: map[string]int{}}
	r := engine.NewRand(cfg.Seed ^ 0x5707)
	for rep.Attempts < total {
		s, _, err := engine.Setup(g, cfg.Options)
		if err != nil {
			return rep, fmt.Errorf("%s: %w", g.Info().Name, err)
		}
		rep.Games++
		for step := 0; rep.Attempts < total; step++ {
			st := stormer{s: s, r: r, before: s.String()}
			for k := 0; k < per && rep.Attempts < total; k++ {
				kind, err := st.attempt()
				if err != nil {
					return rep, fmt.Errorf("%s game %d step %d (%s to move): %w", g.Info().Name, rep.Games, step, s.Current(), err)
				}
				if kind != "" {
					rep.Attempts++
					rep.ByKind[kind]++
				}
			}
			rep.States++
			if s.Current() == engine.Terminal || step > 100_000 {
				break
			}
			if _, _, err := RandomStep(s, r); err != nil {
				return rep, fmt.Errorf("%s game %d step %d: %w", g.Info().Name, rep.Games, step, err)
			}
		}
	}
	return rep, nil
}

// stormer attacks one state.
type stormer struct {
	s      engine.State
	r      *engine.Rand
	before string
	movers []mover
	texts  []string
}

// seat draws a seat to act: one of the game's seats, a special seat, or
// one out of range.
func (st *stormer) seat() engine.Seat {
	n := len(st.s.Seats())
	switch k := st.r.IntN(8); k {
	case 0:
		return engine.Chance
	case 1:
		return engine.Spectator
	case 2:
		return engine.Terminal
	case 3:
		return engine.Simultaneous
	case 4:
		return engine.Seat(n + st.r.IntN(4))
	case 5:
		return -5 - engine.Seat(st.r.IntN(1<<20))
	default:
		return engine.Seat(st.r.IntN(n))
	}
}

// load lists who may act and the texts of their actions, once per state.
func (st *stormer) load() {
	if st.movers != nil {
		return
	}
	st.movers = []mover{}
	seats := []engine.Seat{engine.Chance}
	for i := range st.s.Seats() {
		seats = append(seats, engine.Seat(i))
	}
	for _, seat := range seats {
		if l := st.s.Legal(seat, nil); len(l) > 0 {
			st.movers = append(st.movers, mover{seat, l})
			for _, a := range l {
				st.texts = append(st.texts, st.s.ActionString(seat, a))
			}
		}
	}
}

func (st *stormer) legal(seat engine.Seat, a engine.Action) bool {
	for _, mv := range st.movers {
		if mv.seat == seat {
			return slices.Contains(mv.legal, a)
		}
	}
	return false
}

// attempt tries one illegal action and returns its kind, or "" when the
// action it drew happened to be legal (nothing was tried).
func (st *stormer) attempt() (kind string, err error) {
	st.load()
	var desc string
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: panic: %v\n%s", desc, p, debug.Stack())
		}
	}()
	switch k := st.r.IntN(3); {
	case k == 0 || len(st.movers) == 0 && k == 1:
		kind = "number"
		seat := st.seat()
		a := st.number()
		desc = fmt.Sprintf("action number %d of seat %s", a, seat)
		if st.legal(seat, a) {
			return "", nil
		}
		return kind, st.refused(desc, st.s.Apply(seat, a))
	case k == 1:
		kind = "seat"
		mv := st.movers[st.r.IntN(len(st.movers))]
		a := mv.legal[st.r.IntN(len(mv.legal))]
		seat := st.seat()
		desc = fmt.Sprintf("action %d (legal for seat %s) sent by seat %s", a, mv.seat, seat)
		if st.legal(seat, a) {
			return "", nil
		}
		return kind, st.refused(desc, st.s.Apply(seat, a))
	default:
		kind = "text"
		seat := st.seat()
		text := st.text()
		desc = fmt.Sprintf("text %s of seat %s", quoteShort(text), seat)
		a, err := st.s.ParseAction(seat, text)
		if err != nil {
			return kind, st.refused(desc+" (parse)", err)
		}
		if st.legal(seat, a) {
			return "", nil
		}
		desc += fmt.Sprintf(", read as action %d", a)
		return kind, st.refused(desc, st.s.Apply(seat, a))
	}
}

// refused checks the outcome of one illegal attempt.
func (st *stormer) refused(desc string, err error) error {
	switch {
	case err == nil:
		return fmt.Errorf("%s was accepted", desc)
	case !engine.IsIllegal(err):
		return fmt.Errorf("%s: the error is not an *engine.IllegalError: %v", desc, err)
	case st.s.String() != st.before:
		return fmt.Errorf("%s was refused (%v) but changed the state:\n%s\nwas\n%s", desc, err, st.s.String(), st.before)
	}
	return nil
}

// number draws an action number: near the legal ones, small, or anywhere.
func (st *stormer) number() engine.Action {
	r := st.r
	switch r.IntN(4) {
	case 0:
		if len(st.movers) > 0 {
			mv := st.movers[r.IntN(len(st.movers))]
			return mv.legal[r.IntN(len(mv.legal))] + engine.Action(r.IntN(7)-3)
		}
		return engine.Action(r.IntN(64))
	case 1:
		return engine.Action(r.IntN(1024))
	case 2:
		return -engine.Action(r.IntN(1 << 31))
	default:
		return engine.Action(int64(r.Uint64()))
	}
}

// text draws malformed action text: random bytes or runes, or a legal
// action's text mangled.
func (st *stormer) text() string {
	r := st.r
	if len(st.texts) == 0 || r.IntN(3) == 0 {
		return garbage(r)
	}
	t := st.texts[r.IntN(len(st.texts))]
	fields := strings.Fields(t)
	switch r.IntN(8) {
	case 0: // cut short
		if len(t) > 0 {
			return t[:r.IntN(len(t))]
		}
	case 1: // an extra word
		return t + " " + words[r.IntN(len(words))]
	case 2: // one word replaced
		if len(fields) > 0 {
			fields[r.IntN(len(fields))] = words[r.IntN(len(words))]
			return strings.Join(fields, " ")
		}
	case 3: // one byte changed
		if len(t) > 0 {
			b := []byte(t)
			b[r.IntN(len(b))] = byte(r.IntN(256))
			return string(b)
		}
	case 4: // the words shuffled
		for i := len(fields) - 1; i > 0; i-- {
			j := r.IntN(i + 1)
			fields[i], fields[j] = fields[j], fields[i]
		}
		return strings.Join(fields, " ")
	case 5: // two actions in one
		return t + " " + st.texts[r.IntN(len(st.texts))]
	case 6: // a number out of range
		if len(fields) > 0 {
			fields[r.IntN(len(fields))] = fmt.Sprint(int64(r.Uint64()))
			return strings.Join(fields, " ")
		}
	}
	return t + "\x00"
}

// words are tokens a mangled text may gain: action words of the games,
// numbers out of range, and junk.
var words = []string{"attack", "move", "select", "end", "pass", "done", "keep", "raise", "aces", "-1", "0", "99",
	"1e9", "NaN", "🛩", "\t", "\"", "'", "%s", "\\", "<script>", "e4", "A0", "z", ":", ",", "9223372036854775808"}

// garbage returns random text: bytes, runes or a long run.
func garbage(r *engine.Rand) string {
	switch r.IntN(4) {
	case 0:
		b := make([]byte, r.IntN(24))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return string(b)
	case 1:
		var sb strings.Builder
		for range r.IntN(12) {
			sb.WriteRune(rune(r.IntN(utf8.MaxRune + 1)))
		}
		return sb.String()
	case 2:
		return strings.Repeat(words[r.IntN(len(words))], 1+r.IntN(2000))
	default:
		n := 1 + r.IntN(4)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = words[r.IntN(len(words))]
		}
		return strings.Join(parts, " ")
	}
}

// quoteShort quotes at most the first 60 bytes of s.
func quoteShort(s string) string {
	if len(s) <= 60 {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q... (%d bytes)", s[:60], len(s))
}
