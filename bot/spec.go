package bot

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"scramble/engine"
)

// kind is one bot that New can build.
type kind struct {
	name     string
	settings []string // the settings it reads, sorted
	build    func(set settings) (engine.Bot, error)
}

// kinds lists the bots New builds, sorted by name.
func kinds() []kind {
	return []kind{
		{name: "greedy", settings: []string{"samples"}, build: func(set settings) (engine.Bot, error) {
			g := Greedy{Samples: DefaultGreedySamples}
			if v, ok := set.get("samples"); ok {
				n, err := set.count("samples", v)
				if err != nil {
					return nil, err
				}
				g.Samples = n
			}
			return g, nil
		}},
		{name: "idle", build: func(settings) (engine.Bot, error) { return Idle{}, nil }},
		{name: "mcts", settings: []string{"c", "choose", "depth", "explore", "iterations", "rollout", "time"}, build: buildMCTS},
		{name: "policy", build: func(settings) (engine.Bot, error) { return Policy{}, nil }},
		{name: "random", build: func(settings) (engine.Bot, error) { return Random{}, nil }},
	}
}

func buildMCTS(set settings) (engine.Bot, error) {
	cfg := DefaultMCTSConfig()
	if v, ok := set.get("time"); ok {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return nil, set.bad("time", v, "a duration above zero such as 50ms or 2s")
		}
		cfg.Time, cfg.Iterations = d, 0
	}
	if v, ok := set.get("iterations"); ok {
		n, err := set.count("iterations", v)
		if err != nil {
			return nil, err
		}
		cfg.Iterations = n
	}
	if v, ok := set.get("depth"); ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return nil, set.bad("depth", v, "a whole number of at least 0 (0: play out to the end)")
		}
		cfg.Depth = n
	}
	if v, ok := set.get("c"); ok {
		c, err := strconv.ParseFloat(v, 64)
		if err != nil || c < 0 || math.IsInf(c, 0) || math.IsNaN(c) {
			return nil, set.bad("c", v, "a number of at least 0 such as 1.4")
		}
		cfg.C = c
	}
	for _, f := range []struct {
		key, off, on, want string
		to                 *bool
	}{
		{"rollout", "policy", "random", "policy (the game's own policy, where it has one) or random", &cfg.RandomPlayouts},
		{"explore", "absolute", "relative", "absolute (c for returns in [0,1], the default) or relative (c relative to the spread of the returns seen)", &cfg.RelativeC},
		{"choose", "visits", "advice", "visits (the most visited action, the default) or advice (the game's advice unless the search beats it beyond its noise)", &cfg.KeepAdvice},
	} {
		if err := set.either(f.key, f.off, f.on, f.want, f.to); err != nil {
			return nil, err
		}
	}
	return NewMCTS(cfg), nil
}

// Names returns the names of the bots New builds, sorted.
func Names() []string {
	ks := kinds()
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = k.name
	}
	return names
}

// New builds a bot from its spec as written on a command line: a name from
// Names, then optionally a colon and comma-separated key=value settings.
//
//	idle
//	random
//	policy                  (the game's hand-written policy, if it has one)
//	greedy                  greedy:samples=16
//	mcts                    mcts:iterations=2000    mcts:time=50ms,c=1.0
//
// greedy reads samples (determinizations per action, default 8). mcts reads
// iterations (per decision, default 100), time (a duration per decision,
// which replaces the iteration budget unless iterations is also given; the
// search then stops at whichever comes first), c (the exploration constant,
// default 1.4), depth (cut playouts after that many actions and score
// them with the game's evaluation; default 20, and 0 plays to the end), rollout
// (policy, the default: playouts follow the game's hand-written policy
// where it has one; random: uniformly random playouts), explore (absolute,
// the default: c for returns in [0,1]; relative: c relative to the spread of
// the returns seen) and choose (visits,
// the default: the most visited action; advice: the game's advice unless the
// search shows another action better beyond its noise). An unknown name or setting is an error that lists
// the known ones. The bot's Name is its spec in a canonical form.
func New(spec string) (engine.Bot, error) {
	name, rest, hasSettings := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.TrimSpace(name)
	i := slices.IndexFunc(kinds(), func(k kind) bool { return k.name == name })
	if i < 0 {
		known := strings.Join(Names(), ", ")
		if name == "" {
			return nil, fmt.Errorf("bot spec %q names no bot; known bots: %s", spec, known)
		}
		return nil, fmt.Errorf("unknown bot %q; known bots: %s", name, known)
	}
	k := kinds()[i]
	set := settings{bot: name}
	if hasSettings {
		if err := set.parse(rest, k.settings); err != nil {
			return nil, err
		}
	}
	return k.build(set)
}

// settings are the key=value settings of one spec.
type settings struct {
	bot  string
	vals map[string]string
}

// parse reads "k=v,k=v" and checks each key against known.
func (s *settings) parse(text string, known []string) error {
	s.vals = map[string]string{}
	for item := range strings.SplitSeq(text, ",") {
		k, v, ok := strings.Cut(item, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case !ok || k == "" || v == "":
			return fmt.Errorf("bot %s: setting %q: write settings as key=value, separated by commas", s.bot, strings.TrimSpace(item))
		case !slices.Contains(known, k) && len(known) == 0:
			return fmt.Errorf("bot %s: unknown setting %q; %s takes no settings", s.bot, k, s.bot)
		case !slices.Contains(known, k):
			return fmt.Errorf("bot %s: unknown setting %q; known settings: %s", s.bot, k, strings.Join(known, ", "))
		}
		if _, dup := s.vals[k]; dup {
			return fmt.Errorf("bot %s: setting %q is given twice", s.bot, k)
		}
		s.vals[k] = v
	}
	return nil
}

func (s settings) get(key string) (string, bool) {
	v, ok := s.vals[key]
	return v, ok
}

// count reads a whole number of at least 1.
func (s settings) count(key, v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, s.bad(key, v, "a whole number of at least 1")
	}
	return n, nil
}

// either reads the setting key, one of two words, into *to: false for off,
// true for on; an unset key leaves *to as it is.
func (s settings) either(key, off, on, want string, to *bool) error {
	v, ok := s.get(key)
	switch {
	case !ok:
	case v == off:
		*to = false
	case v == on:
		*to = true
	default:
		return s.bad(key, v, want)
	}
	return nil
}

func (s settings) bad(key, v, want string) error {
	return fmt.Errorf("bot %s: setting %s=%q must be %s", s.bot, key, v, want)
}
