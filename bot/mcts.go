package bot

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"scramble/engine"
)

// The default MCTS settings: those of the plain "mcts" spec.
const (
	// DefaultIterations is the iteration budget per decision. With guided
	// playouts cut at DefaultDepth it keeps a default game short: a few
	// seconds of one core for Tiny Battle of Britain, well under a minute
	// for a campaign of The Battle of Britain—Again! (docs/bots.md).
	DefaultIterations = 100
	// DefaultExploration is the UCB1 exploration constant, for returns in
	// [0,1] (about the square root of 2).
	DefaultExploration = 1.4
	// DefaultDepth is the playout cut-off of the plain "mcts" spec: playouts
	// to the end of a campaign made the default search take minutes a
	// game, and a cut playout scored by the game's evaluation is as
	// informative where the evaluation is written from the rules.
	DefaultDepth = 20
)

// MCTSConfig holds the settings of an MCTS bot.
type MCTSConfig struct {
	// Iterations bounds the iterations per decision; 0 sets no bound by
	// count.
	Iterations int
	// Time bounds the wall-clock time per decision; 0 sets no bound by time.
	// With both bounds the search stops at whichever it reaches first; with
	// neither it runs DefaultIterations. A time bound makes the amount of
	// work, and so the choice, vary from run to run.
	Time time.Duration
	// C is the UCB1 exploration constant, for returns in [0,1] (or
	// relative to their spread, with RelativeC); below 0 counts as 0.
	C float64
	// RelativeC multiplies the exploration term and the progressive bias
	// by the spread of the returns the search has backed up so far (the
	// highest less the lowest, 1 until two differ), so that C means the
	// same for a game scored by wins and losses and for one whose cut
	// playouts are scored by an evaluation that moves by hundredths.
	RelativeC bool
	// Depth cuts each random playout after this many actions (chance
	// included) and scores it with the game's engine.Evaluator; 0 plays to
	// the end. In a game that random play almost never wins, full playouts
	// all return a loss and give the search nothing to tell moves apart.
	Depth int
	// RandomPlayouts plays every playout uniformly at random. Otherwise
	// (the default) playouts follow the game's hand-written policy, the
	// Advisor of the view of the seat to move, where the game has one, and
	// are random elsewhere. Guided playouts cost more each but tell good
	// moves from bad ones in games where random play loses whatever the
	// move (both games of this project).
	RandomPlayouts bool
	// KeepAdvice makes Choose keep the game's advice at the root unless
	// the most visited action's mean return beats it by more than
	// adviceConfidence standard errors (with guided playouts, in a game
	// that advises); otherwise Choose takes the most visited action.
	KeepAdvice bool
}

// DefaultMCTSConfig returns the settings of the plain "mcts" spec.
func DefaultMCTSConfig() MCTSConfig {
	return MCTSConfig{Iterations: DefaultIterations, C: DefaultExploration, Depth: DefaultDepth}
}

// MCTS is a Monte Carlo tree search bot over the engine API (information-set
// UCT on determinizations). Each iteration:
//
//   - samples a full state from the seat's view (View.Sample), so it plans
//     only on what its seat may see;
//   - descends the tree by UCB1, applying each chosen action to that state,
//     and adds one node when it meets an action not yet tried (with guided
//     playouts, only while the node has fewer than 1 + √visits children,
//     the game's advice first: progressive widening);
//   - plays the game out (the playout): by the game's own hand-written
//     policy where its views give advice (Advisor), else with uniformly
//     random actions, cut after Depth actions and scored by the game's
//     evaluation when Depth is set;
//   - adds the final Result().Returns to every node on its path, each node
//     counting the return of the seat whose action it stands for.
//
// Chance is open-loop: the tree holds only the seats' decisions, and every
// chance node met is sampled afresh each iteration, so a node's value is the
// average over the dice (the expectation at chance nodes, estimated by
// sampling) and the tree never branches on a die. A child is keyed by the
// seat that acts and its action, so a node's children may belong to different
// seats when chance or hidden information decides who moves next, and each
// keeps the value of its own seat. Since hidden information can change the
// legal actions from one determinization to the next, UCB1 counts a child's
// availability (how often it was legal when its parent was visited) in place
// of the parent's visits. At a Simultaneous node the seats still to choose act
// one after the other in seat order (at the root the deciding seat first), but
// decoupled: each seat's choice is selected among the statistics of its own
// choices at that node, which count every choice of the other seats, so no
// seat chooses in the tree knowing another's secret choice (decoupled UCT).
//
// The action chosen is the root child with the most visits (ties: the first
// in d.Legal()); a decision with one legal action is returned without search.
// An MCTS reuses its search buffers across decisions and is safe for use by
// several goroutines at once.
type MCTS struct {
	cfg  MCTSConfig
	pool sync.Pool // of *search
}

// NewMCTS returns an MCTS bot with the given settings. (A zero MCTS runs
// DefaultIterations with C at 0.)
func NewMCTS(cfg MCTSConfig) *MCTS {
	if cfg.Iterations < 0 {
		cfg.Iterations = 0
	}
	if cfg.Time < 0 {
		cfg.Time = 0
	}
	if cfg.Iterations == 0 && cfg.Time == 0 {
		cfg.Iterations = DefaultIterations
	}
	if !(cfg.C >= 0) {
		cfg.C = 0
	}
	return &MCTS{cfg: cfg}
}

// Config returns the bot's settings.
func (m *MCTS) Config() MCTSConfig { return m.cfg }

// Name returns the bot's spec: "mcts" followed by the settings that differ
// from the defaults, so that New(m.Name()) builds the same bot.
func (m *MCTS) Name() string {
	var set []string
	if m.cfg.Iterations > 0 && (m.cfg.Iterations != DefaultIterations || m.cfg.Time > 0) {
		set = append(set, "iterations="+strconv.Itoa(m.cfg.Iterations))
	}
	if m.cfg.Time > 0 {
		set = append(set, "time="+m.cfg.Time.String())
	}
	if m.cfg.C != DefaultExploration {
		set = append(set, "c="+strconv.FormatFloat(m.cfg.C, 'g', -1, 64))
	}
	if m.cfg.Depth != DefaultDepth {
		set = append(set, "depth="+strconv.Itoa(m.cfg.Depth))
	}
	if m.cfg.RandomPlayouts {
		set = append(set, "rollout=random")
	}
	if m.cfg.RelativeC {
		set = append(set, "explore=relative")
	}
	if m.cfg.KeepAdvice {
		set = append(set, "choose=advice")
	}
	if len(set) == 0 {
		return "mcts"
	}
	return "mcts:" + strings.Join(set, ",")
}

// Choose searches and returns the root action with the most visits. With
// KeepAdvice (and guided playouts, in a game that advises) it keeps the
// game's advice unless the most visited action's mean return beats the
// advice's by more than adviceConfidence standard errors of their
// difference: a search of a few iterations in a game of dice measures its
// actions with noise that can exceed their differences, and a choice made
// on noise can be worse than the policy's.
func (m *MCTS) Choose(d *engine.Decision) engine.Action {
	if len(d.Legal()) == 1 {
		return d.Legal()[0]
	}
	s := m.get()
	defer m.pool.Put(s)
	s.run(d, m.cfg)
	s.stats = s.rootStats(d, s.stats[:0])
	best := 0
	for i, st := range s.stats {
		if st.Visits > s.stats[best].Visits {
			best = i
		}
	}
	if !m.cfg.KeepAdvice {
		return d.Legal()[best]
	}
	if adv, ok := s.rootAdvice(d); ok && adv != best && !s.beats(s.stats[best], s.stats[adv]) {
		best = adv
	}
	return d.Legal()[best]
}

// adviceConfidence is how many standard errors of the difference of their
// mean returns an action must beat the game's advice by at the root before
// Choose prefers it (about 98% confidence, one-sided).
const adviceConfidence = 2.0

// rootAdvice returns the index in d.Legal() of the game's advice at the
// root, when the search was guided and the advice is legal.
func (s *search) rootAdvice(d *engine.Decision) (int, bool) {
	if !s.guided {
		return 0, false
	}
	adv, ok := d.View().(Advisor)
	if !ok {
		return 0, false
	}
	a := adv.Advise(d.Legal(), d.Rand)
	for i, l := range d.Legal() {
		if l == a {
			return i, true
		}
	}
	return 0, false
}

// beats reports whether action b's mean return is above a's by more than
// adviceConfidence standard errors of the difference. Each variance is the
// one measured over the action's visits shrunk towards the largest the
// spread of returns allows, as if one more visit had shown it: a few
// visits that happened to agree prove little.
func (s *search) beats(b, a ActionStats) bool {
	if b.Visits == 0 {
		return false
	}
	if a.Visits == 0 {
		return true
	}
	worst := s.spread() * s.spread() / 4
	v := func(st ActionStats) float64 {
		n := float64(st.Visits)
		return (n*max(st.variance, 0) + worst) / (n + 1) / n
	}
	return b.Value-a.Value > adviceConfidence*math.Sqrt(v(a)+v(b))
}

// Stats reports one search.
type Stats struct {
	// Iterations is the number of iterations run.
	Iterations int
	// Nodes is the number of tree nodes built, the root included.
	Nodes int
	// Actions holds the root statistics of each legal action, in d.Legal()
	// order.
	Actions []ActionStats
}

// ActionStats is what the search learned about one legal action at the root.
type ActionStats struct {
	// Action is the legal action.
	Action engine.Action
	// Visits is the number of iterations that took it.
	Visits int
	// Value is the deciding seat's mean return over those iterations (0
	// when unvisited).
	Value float64

	variance float64 // of the returns over those iterations
}

// Search runs one search for d, as Choose does (even with one legal action),
// and returns its statistics.
func (m *MCTS) Search(d *engine.Decision) Stats {
	s := m.get()
	defer m.pool.Put(s)
	s.run(d, m.cfg)
	return Stats{
		Iterations: s.iterations,
		Nodes:      len(s.nodes),
		Actions:    s.rootStats(d, nil),
	}
}

func (m *MCTS) get() *search {
	if s, ok := m.pool.Get().(*search); ok {
		return s
	}
	return &search{}
}
