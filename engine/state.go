package engine

// State is one moment of one game: the whole truth, hidden parts included.
// Only the engine, the game and the invariant harness handle a State; bots and
// clients receive a View.
//
// Every method that takes a Seat accepts any Seat value and must not panic on
// one that is out of range.
type State interface {
	// Seats describes the seats of this game as it was set up.
	Seats() []SeatInfo
	// Current says who is to act: a seat (>= 0), Chance, Simultaneous or
	// Terminal.
	Current() Seat
	// Legal appends to buf the actions seat may take now and returns the
	// extended slice; it is empty when seat may not act. For Chance it lists
	// the outcomes of the current chance node. At a Simultaneous node it is
	// non-empty for each seat that has still to choose.
	Legal(seat Seat, buf []Action) []Action
	// ChanceOutcomes appends the outcomes of the current chance node, with
	// probabilities summing to 1, to buf.
	ChanceOutcomes(buf []Outcome) []Outcome
	// Apply validates and applies one action of seat. An illegal action returns
	// an *IllegalError that cites the rule and leaves the state exactly as it
	// was.
	Apply(seat Seat, a Action) error
	// ActionString gives the text form of an action seat could take now.
	ActionString(seat Seat, a Action) string
	// ParseAction reads the text form of an action of seat. It accepts what
	// ActionString prints and reasonable variants; malformed text returns an
	// *IllegalError. It does not check that the action is legal now.
	ParseAction(seat Seat, text string) (Action, error)
	// View returns what seat may see (Spectator: public information only).
	View(seat Seat) View
	// Clone returns an independent deep copy. The copy writes no events.
	Clone() State
	// Result tells how the game ended; it is meaningful only when Current
	// returns Terminal.
	Result() Result
	// SetLog makes the state append its events, in plain words, to log; nil
	// (the default, and the fast simulation mode) writes no text at all.
	SetLog(log *Log)
	// String renders the whole state, hidden parts included, for debugging
	// and for comparing states in tests.
	String() string
}

// View is what one seat may see of a state: it holds nothing that seat may not
// see. A view marshals to JSON for clients, prints as a text board for the
// terminal, and can be sampled into a full state for search.
type View interface {
	// Seat is the seat the view was made for.
	ViewSeat() Seat
	// Sample returns a full state consistent with this view, with every part
	// the seat cannot see drawn at random from r (a determinization). Search
	// bots plan on such states, so they cannot cheat.
	Sample(r *Rand) State
	// String renders the view as a text board.
	String() string
}

// OpenSampler is implemented by views of games with simultaneous nodes. At
// such a node the seats that have chosen before the view's seat hold secret
// choices, which Sample must draw from some belief about how they play.
// SampleOpen is Sample with those choices of the current simultaneous node
// taken back: in the state it returns, those seats are still to choose, so
// a search can choose for them as players who decide on what they see, not
// as the belief guesses. Everything else is as Sample draws it: the view's
// seat has the same choices, and once the reopened seats choose again as
// they did, the state looks to that seat as the view does.
type OpenSampler interface {
	SampleOpen(r *Rand) State
}

// Passer is implemented by states that can name, for a seat, the legal action
// that does nothing: decline, end the phase, spend nothing. When PassAction
// reports true the action must be legal (the harness checks it). The idle bot
// uses it.
type Passer interface {
	PassAction(seat Seat) (Action, bool)
}

// Roller is implemented by states that can resolve their current chance node
// themselves, drawing from r: the fast path of simulation, which skips
// listing the outcomes. Roll must pick each outcome of ChanceOutcomes with its
// probability (the stream of numbers used may differ from Rand.Sample's) and
// apply it as Apply(Chance, outcome) would; the harness checks that the result
// is always a state Apply could reach.
type Roller interface {
	Roll(r *Rand)
}

// Evaluator is implemented by states that can score a position for a seat
// without playing it out: higher is better, 0..1 where possible. The greedy
// bot uses it.
type Evaluator interface {
	Evaluate(seat Seat) float64
}

// Bounded is implemented by states whose bound on the number of actions
// depends on their options (more waves, more days). Drivers use Bound.
type Bounded interface {
	MaxLength() int
}

// Bound returns the bound on the number of actions of a game set up as s:
// the state's own when it knows it, else the game's Info().MaxLength.
func Bound(g Game, s State) int {
	if b, ok := s.(Bounded); ok {
		return b.MaxLength()
	}
	return g.Info().MaxLength
}
