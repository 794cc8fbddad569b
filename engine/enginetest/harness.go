// Package enginetest is the generic invariant harness that every game must
// pass: random playouts that check, at every step, the contract of
// engine.State.
package enginetest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"scramble/engine"
)

// Config tunes a harness run.
type Config struct {
	// Options are the game options; nil means the defaults.
	Options engine.Options
	// Playouts is the number of random games; 0 means 20.
	Playouts int
	// Seed makes the run repeatable.
	Seed uint64
	// SaveEvery is how often (in steps) the save/load and replay round trips
	// are checked; they replay the whole game, so checking every step of a long
	// game is slow. 0 means every step.
	SaveEvery int
	// Bound overrides engine.Bound as the bound on actions.
	Bound int
	// Rollouts is how often (in steps) a random playout to the end is
	// played from a state sampled from the view of the seat to move, as a
	// search plays one, checking that every seat named to move on the way
	// has a legal action. 0 means never.
	Rollouts int
}

// T is the part of testing.TB the harness uses.
type T interface {
	Helper()
	Fatalf(format string, args ...any)
}

type catalog struct{ g engine.Game }

func (c catalog) Lookup(name string) (engine.Game, bool) {
	return c.g, name == c.g.Info().Name
}

// Check plays cfg.Playouts random games of g and fails t at the first broken
// invariant, naming the playout, the step and the history so far.
func Check(t T, g engine.Game, cfg Config) {
	t.Helper()
	n := cfg.Playouts
	if n == 0 {
		n = 20
	}
	for i := 0; i < n; i++ {
		if err := Playout(g, cfg, uint64(i)); err != nil {
			t.Fatalf("%s playout %d: %v", g.Info().Name, i, err)
		}
	}
}

// Playout plays one random game (number i of cfg's run) and returns the first
// broken invariant.
func Playout(g engine.Game, cfg Config, i uint64) error {
	every := cfg.SaveEvery
	if every <= 0 {
		every = 1
	}
	seed := cfg.Seed*1_000_003 + i
	m, err := engine.NewMatch(g, cfg.Options, seed)
	if err != nil {
		return fmt.Errorf("new match: %w", err)
	}
	bound := cfg.Bound
	if bound == 0 {
		bound = engine.Bound(g, m.State())
	}
	if bound <= 0 {
		return fmt.Errorf("the game's bound on actions must be positive, got %d", bound)
	}
	// A shadow state, run without a log, must stay identical to the logged
	// one: writing text never changes the game.
	shadow, err := g.New(m.Options())
	if err != nil {
		return fmt.Errorf("new state: %w", err)
	}
	pick := engine.NewRand(seed ^ 0xabcdef)
	for step := 0; ; step++ {
		s := m.State()
		fail := func(format string, args ...any) error {
			return fmt.Errorf("step %d (%s to move), after %s: %s", step, s.Current(),
				lastMoves(m.History(), 8), fmt.Sprintf(format, args...))
		}
		if step > bound {
			return fail("game not over after its bound of %d actions", bound)
		}
		if got, want := shadow.String(), s.String(); got != want {
			return fail("the state without a log differs from the logged one:\n%s\nvs\n%s", got, want)
		}
		if err := checkClone(s); err != nil {
			return fail("%v", err)
		}
		if err := checkViews(s, pick); err != nil {
			return fail("%v", err)
		}
		if err := checkAdvance(s, seed+uint64(step)); err != nil {
			return fail("%v", err)
		}
		if step%every == 0 {
			if err := checkSaveLoad(m, g); err != nil {
				return fail("%v", err)
			}
		}
		if cfg.Rollouts > 0 && step%cfg.Rollouts == 0 && s.Current() != engine.Terminal {
			if err := checkSampleRollout(s, engine.NewRand(seed^uint64(step)<<20), bound); err != nil {
				return fail("%v", err)
			}
		}
		cur := s.Current()
		if cur == engine.Terminal {
			if err := checkTerminal(s); err != nil {
				return fail("%v", err)
			}
			return checkSaveLoad(m, g)
		}
		movers, err := checkLegal(s, pick)
		if err != nil {
			return fail("%v", err)
		}
		if len(movers) == 0 {
			return fail("no seat has a legal action and the game is not over")
		}
		if err := checkIllegal(s, movers, pick); err != nil {
			return fail("%v", err)
		}
		// Apply one random legal action of the first seat to move (at a
		// chance node, a sampled outcome).
		mv := movers[0]
		var a engine.Action
		if mv.seat == engine.Chance {
			a = pick.Sample(s.ChanceOutcomes(nil))
		} else {
			a = mv.legal[pick.IntN(len(mv.legal))]
		}
		if err := m.Apply(mv.seat, a); err != nil {
			return fail("legal action %q of seat %s refused: %v", s.ActionString(mv.seat, a), mv.seat, err)
		}
		if err := shadow.Apply(mv.seat, a); err != nil {
			return fail("legal action refused by the unlogged state: %v", err)
		}
	}
}

type mover struct {
	seat  engine.Seat
	legal []engine.Action
}

func lastMoves(h []engine.Move, n int) string {
	if len(h) == 0 {
		return "no moves"
	}
	start := max(0, len(h)-n)
	parts := make([]string, 0, n)
	for _, mv := range h[start:] {
		parts = append(parts, fmt.Sprintf("%s:%q", mv.Seat, mv.Text))
	}
	return fmt.Sprintf("%d moves (... %s)", len(h), strings.Join(parts, " "))
}

func checkClone(s engine.State) error {
	c := s.Clone()
	if c.String() != s.String() {
		return fmt.Errorf("clone prints differently:\n%s\nvs\n%s", c.String(), s.String())
	}
	if c.Current() != s.Current() {
		return fmt.Errorf("clone has %s to move, original %s", c.Current(), s.Current())
	}
	// A clone is independent: playing it does not touch the original.
	before := s.String()
	if c.Current() != engine.Terminal {
		seat := c.Current()
		if seat == engine.Simultaneous {
			seat = firstSimultaneous(c)
		}
		if legal := c.Legal(seat, nil); len(legal) > 0 {
			if err := c.Apply(seat, legal[0]); err != nil {
				return fmt.Errorf("clone refused a legal action: %v", err)
			}
		}
	}
	if s.String() != before {
		return fmt.Errorf("applying an action to a clone changed the original")
	}
	return nil
}

func firstSimultaneous(s engine.State) engine.Seat {
	for i := range s.Seats() {
		if len(s.Legal(engine.Seat(i), nil)) > 0 {
			return engine.Seat(i)
		}
	}
	return engine.Terminal
}

func checkViews(s engine.State, r *engine.Rand) error {
	seats := []engine.Seat{engine.Spectator}
	for i := range s.Seats() {
		seats = append(seats, engine.Seat(i))
	}
	for _, seat := range seats {
		v := s.View(seat)
		if v.ViewSeat() != seat {
			return fmt.Errorf("View(%s) says it is for seat %s", seat, v.ViewSeat())
		}
		js, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("View(%s) does not marshal to JSON: %v", seat, err)
		}
		if v.String() == "" {
			return fmt.Errorf("View(%s) prints nothing", seat)
		}
		if seat == engine.Spectator {
			continue
		}
		// A determinization agrees with everything the seat sees, and
		// offers the seat the same choices.
		d := v.Sample(r)
		js2, err := json.Marshal(d.View(seat))
		if err != nil {
			return fmt.Errorf("view of a sampled state does not marshal: %v", err)
		}
		if string(js) != string(js2) {
			return fmt.Errorf("a state sampled from seat %s's view looks different to that seat:\n%s\nvs\n%s", seat, js, js2)
		}
		if d.Current() != s.Current() || !reflect.DeepEqual(d.Legal(seat, nil), s.Legal(seat, nil)) {
			return fmt.Errorf("a state sampled from seat %s's view offers different actions", seat)
		}
		if o, ok := v.(engine.OpenSampler); ok {
			if err := checkOpenSample(s, o.SampleOpen(r), seat, js); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkOpenSample checks d, a state sampled from seat's view with the other
// seats' choices at the current simultaneous node left open
// (engine.OpenSampler): it offers the seat the same choices; away from a
// simultaneous node it looks to the seat as the view (js) does; at one, every
// seat still to choose in s is still to choose in d, and while the seat is
// still to choose, the seats whose choices were taken back can choose again
// without the node ending or the seat's choices changing.
func checkOpenSample(s, d engine.State, seat engine.Seat, js []byte) error {
	mine := s.Legal(seat, nil)
	if d.Current() != s.Current() || !reflect.DeepEqual(d.Legal(seat, nil), mine) {
		return fmt.Errorf("an open sample of seat %s's view offers different actions", seat)
	}
	if s.Current() != engine.Simultaneous {
		js2, err := json.Marshal(d.View(seat))
		if err != nil || string(js2) != string(js) {
			return fmt.Errorf("away from a simultaneous node an open sample of seat %s's view looks different to that seat:\n%s\nvs\n%s", seat, js, js2)
		}
		return nil
	}
	var reopened []engine.Seat
	for o := range engine.Seat(len(s.Seats())) {
		switch was, is := len(s.Legal(o, nil)) > 0, len(d.Legal(o, nil)) > 0; {
		case was && !is:
			return fmt.Errorf("seat %d, still to choose, has no choice in an open sample of seat %s's view", o, seat)
		case !was && is:
			reopened = append(reopened, o)
		}
	}
	if len(mine) == 0 {
		return nil
	}
	// Each reopened seat chooses again, the first legal action each time
	// (a choice per plane: far fewer than 64 in every game).
	for _, o := range reopened {
		for n := 0; len(d.Legal(o, nil)) > 0; n++ {
			if n == 64 {
				return fmt.Errorf("in an open sample of seat %s's view seat %s never finishes choosing", seat, o)
			}
			if err := d.Apply(o, d.Legal(o, nil)[0]); err != nil {
				return fmt.Errorf("an open sample of seat %s's view refused seat %s's legal choice: %v", seat, o, err)
			}
			if d.Current() != engine.Simultaneous || !reflect.DeepEqual(d.Legal(seat, nil), mine) {
				return fmt.Errorf("in an open sample of seat %s's view, seat %s's choice changed seat %s's choices", seat, o, seat)
			}
		}
	}
	return nil
}

func checkSaveLoad(m *engine.Match, g engine.Game) error {
	data, err := m.MarshalSave()
	if err != nil {
		return fmt.Errorf("save: %v", err)
	}
	l, err := engine.LoadMatch(data, catalog{g})
	if err != nil {
		return fmt.Errorf("load of a fresh save: %v\n%s", err, data)
	}
	if l.State().String() != m.State().String() {
		return fmt.Errorf("loaded state differs:\n%s\nvs\n%s", l.State().String(), m.State().String())
	}
	again, err := l.MarshalSave()
	if err != nil || string(again) != string(data) {
		return fmt.Errorf("save of a loaded match differs from the file it was loaded from")
	}
	// Replay: the same options and moves rebuild the same state.
	r, err := m.Rewind(len(m.History()))
	if err != nil {
		return fmt.Errorf("replay: %v", err)
	}
	if r.State().String() != m.State().String() {
		return fmt.Errorf("replayed state differs")
	}
	if !reflect.DeepEqual(r.Log().Events, m.Log().Events) {
		return fmt.Errorf("replay wrote a different event log")
	}
	return nil
}

func checkTerminal(s engine.State) error {
	r := s.Result()
	if len(r.Returns) != len(s.Seats()) {
		return fmt.Errorf("result has %d returns for %d seats", len(r.Returns), len(s.Seats()))
	}
	if r.Cause == "" {
		return fmt.Errorf("result gives no cause")
	}
	for i := range s.Seats() {
		if l := s.Legal(engine.Seat(i), nil); len(l) > 0 {
			return fmt.Errorf("seat %d has legal actions after the end", i)
		}
	}
	return nil
}

// checkLegal checks the legal actions of every seat that may act: each applies
// to a clone, and its text form round-trips. It returns the seats that may act.
func checkLegal(s engine.State, r *engine.Rand) ([]mover, error) {
	var movers []mover
	cur := s.Current()
	switch cur {
	case engine.Chance:
		if err := checkRoll(s, r); err != nil {
			return nil, err
		}
		outs := s.ChanceOutcomes(nil)
		if len(outs) == 0 {
			return nil, fmt.Errorf("chance node without outcomes")
		}
		sum := 0.0
		legal := s.Legal(engine.Chance, nil)
		if len(legal) != len(outs) {
			return nil, fmt.Errorf("chance: %d legal outcomes but %d ChanceOutcomes", len(legal), len(outs))
		}
		for i, o := range outs {
			if o.Prob <= 0 {
				return nil, fmt.Errorf("chance outcome %d has probability %v", o.Action, o.Prob)
			}
			if legal[i] != o.Action {
				return nil, fmt.Errorf("chance: Legal and ChanceOutcomes list different outcomes")
			}
			sum += o.Prob
		}
		if sum < 0.999999 || sum > 1.000001 {
			return nil, fmt.Errorf("chance probabilities sum to %v", sum)
		}
		movers = append(movers, mover{engine.Chance, legal})
	case engine.Simultaneous:
		for i := range s.Seats() {
			if l := s.Legal(engine.Seat(i), nil); len(l) > 0 {
				movers = append(movers, mover{engine.Seat(i), l})
			}
		}
	default:
		for i := range s.Seats() {
			l := s.Legal(engine.Seat(i), nil)
			if engine.Seat(i) != cur && len(l) > 0 {
				return nil, fmt.Errorf("seat %d has legal actions but seat %s is to move", i, cur)
			}
		}
		l := s.Legal(cur, nil)
		if len(l) == 0 {
			return nil, fmt.Errorf("the game names seat %s to move but gives it no legal action", cur)
		}
		movers = append(movers, mover{cur, l})
	}
	if p, ok := s.(engine.Passer); ok {
		for _, mv := range movers {
			if a, ok := p.PassAction(mv.seat); ok && !slices.Contains(mv.legal, a) {
				return nil, fmt.Errorf("seat %s: pass action %d is not legal", mv.seat, a)
			}
		}
	}
	for _, mv := range movers {
		seen := map[engine.Action]bool{}
		texts := map[string]engine.Action{}
		for _, a := range mv.legal {
			if seen[a] {
				return nil, fmt.Errorf("seat %s: action %d listed twice", mv.seat, a)
			}
			seen[a] = true
			text := s.ActionString(mv.seat, a)
			if prev, dup := texts[text]; dup {
				return nil, fmt.Errorf("seat %s: actions %d and %d both print as %q", mv.seat, prev, a, text)
			}
			texts[text] = a
			back, err := s.ParseAction(mv.seat, text)
			if err != nil || back != a {
				return nil, fmt.Errorf("seat %s: %q (action %d) parses back to %d, %v", mv.seat, text, a, back, err)
			}
			c := s.Clone()
			if err := c.Apply(mv.seat, a); err != nil {
				return nil, fmt.Errorf("seat %s: legal action %q refused: %v", mv.seat, text, err)
			}
		}
	}
	return movers, nil
}

// checkIllegal tries actions that are not legal (unlisted numbers, the wrong
// seat, malformed text) and checks that each is refused with an
// *engine.IllegalError and leaves the state unchanged.
func checkIllegal(s engine.State, movers []mover, r *engine.Rand) error {
	before := s.String()
	legalFor := map[engine.Seat]map[engine.Action]bool{}
	for _, mv := range movers {
		set := map[engine.Action]bool{}
		for _, a := range mv.legal {
			set[a] = true
		}
		legalFor[mv.seat] = set
	}
	seats := []engine.Seat{engine.Chance, engine.Spectator, engine.Terminal, engine.Simultaneous, engine.Seat(len(s.Seats())), -99}
	for i := range s.Seats() {
		seats = append(seats, engine.Seat(i))
	}
	candidates := []engine.Action{-1, -1000, 1 << 30}
	for k := 0; k < 24; k++ {
		candidates = append(candidates, engine.Action(r.IntN(300)))
	}
	for _, seat := range seats {
		for _, a := range candidates {
			if legalFor[seat][a] {
				continue
			}
			err := s.Apply(seat, a)
			if err == nil {
				return fmt.Errorf("illegal action %d of seat %s was accepted", a, seat)
			}
			if !engine.IsIllegal(err) {
				return fmt.Errorf("illegal action %d of seat %s: error is not an *engine.IllegalError: %v", a, seat, err)
			}
			if s.String() != before {
				return fmt.Errorf("refused action %d of seat %s changed the state", a, seat)
			}
		}
	}
	for _, text := range []string{"", " ", "\x00", "zzz qqq", "🛩", strings.Repeat("x", 5000), "-1", "attack attack attack 99"} {
		for _, mv := range movers {
			a, err := s.ParseAction(mv.seat, text)
			if err != nil {
				if !engine.IsIllegal(err) {
					return fmt.Errorf("malformed text %q: error is not an *engine.IllegalError: %v", text, err)
				}
				continue
			}
			if !legalFor[mv.seat][a] {
				if err := s.Apply(mv.seat, a); err == nil {
					return fmt.Errorf("text %q parsed to an action that applied though not legal", text)
				}
			}
		}
	}
	if s.String() != before {
		return fmt.Errorf("refused actions changed the state")
	}
	return nil
}

// checkRoll checks a state's own dice (engine.Roller): each roll must give the
// state that applying one of the chance outcomes gives.
func checkRoll(s engine.State, r *engine.Rand) error {
	if _, ok := s.(engine.Roller); !ok {
		return nil
	}
	reach := map[string]bool{}
	for _, a := range s.Legal(engine.Chance, nil) {
		c := s.Clone()
		if err := c.Apply(engine.Chance, a); err != nil {
			return fmt.Errorf("chance outcome %d refused: %v", a, err)
		}
		reach[c.String()] = true
	}
	for k := 0; k < 4; k++ {
		c := s.Clone()
		c.(engine.Roller).Roll(r)
		if !reach[c.String()] {
			return fmt.Errorf("Roll reached a state no chance outcome reaches:\n%s", c.String())
		}
	}
	return nil
}
