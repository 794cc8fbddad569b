package squadron

import (
	"fmt"
	"io/fs"
)

// This file loads the events and the scenarios and checks them.

// German modes (rulebook: German modes).
const (
	modeEscort    uint8 = iota // Close Escort (fighters with bombers), else Patrol
	modePatrol                 // Patrol
	modeOffensive              // Offensive: Patrol with Hun in the Sun
	modeHunting                // Hunting one pilot
	modeEscape                 // Escape: never attack, go home
)

var modeNames = []string{"escort", "patrol", "offensive", "hunting", "escape"}

func parseMode(s string) (uint8, bool) {
	for i, n := range modeNames {
		if n == s {
			return uint8(i), true
		}
	}
	return 0, false
}

func (t *tables) loadEvents(fsys fs.FS) error {
	var f struct {
		Note   string `json:"note"`
		Events []struct {
			ID       string         `json:"id"`
			Name     string         `json:"name"`
			Colours  []string       `json:"colours"`
			Spawn    string         `json:"spawn"`
			Planes   map[string]int `json:"planes"`
			Mode     string         `json:"mode"`
			Target   string         `json:"target"`
			Tile     string         `json:"tile"`
			Designed []string       `json:"designed"`
		} `json:"events"`
	}
	if err := decodeStrict(fsys, "events.json", &f); err != nil {
		return err
	}
	if len(f.Events) != 4 {
		return fmt.Errorf("data file events.json: %d events; the basic game has 4", len(f.Events))
	}
	for _, e := range f.Events {
		if err := checkDesigned("events.json", e.ID, e.Designed, "colours", "spawn", "planes", "mode", "target", "tile"); err != nil {
			return err
		}
		ev := eventCard{id: e.ID, name: e.Name, colours: e.Colours, spawn: t.areaIndex(e.Spawn), target: t.areaIndex(e.Target), tile: e.Tile}
		if ev.spawn < 0 || ev.target < 0 {
			return fmt.Errorf("data file events.json: %s: spawn %q or target %q is no area", e.ID, e.Spawn, e.Target)
		}
		m, ok := parseMode(e.Mode)
		if !ok || m == modeEscape {
			return fmt.Errorf("data file events.json: %s: unknown mode %q", e.ID, e.Mode)
		}
		ev.mode = m
		for name, n := range e.Planes {
			k := -1
			for i, a := range t.aircraft {
				if a.id == name {
					k = i
				}
			}
			if k < 0 || n < 0 || n > 6 {
				return fmt.Errorf("data file events.json: %s brings %d %q; name an aircraft and 0 to 6 planes", e.ID, n, name)
			}
			ev.planes[k] = n
		}
		switch e.Tile {
		case "factory", "port", "radar", "london":
		default:
			return fmt.Errorf("data file events.json: %s: Target Damage tile %q is not factory, port, radar or london", e.ID, e.Tile)
		}
		t.events = append(t.events, ev)
	}
	return nil
}

func (t *tables) loadScenarios(fsys fs.FS) error {
	var f struct {
		Note      string `json:"note"`
		Scenarios []struct {
			ID         string           `json:"id"`
			Name       string           `json:"name"`
			Desc       string           `json:"description"`
			Turns      int              `json:"turns"`
			Ammo       int              `json:"ammo"`
			Hand       int              `json:"hand"`
			Goal       string           `json:"goal"`
			Target     string           `json:"target"`
			Start      string           `json:"start"`
			PaidStart  bool             `json:"paid_start"`
			Events     []scenarioEventF `json:"events"`
			Areas      map[string][]string
			Deployment map[string][]int
			Routes     map[string]struct{ Target, Mode string }
			Designed   []string `json:"designed"`
		} `json:"scenarios"`
	}
	if err := decodeStrict(fsys, "scenarios.json", &f); err != nil {
		return err
	}
	want := []string{"training", "bigginhill", "blitz", "cominghome", "homesweethome"}
	if len(f.Scenarios) != len(want) {
		return fmt.Errorf("data file scenarios.json: %d scenarios; the rulebook has 5", len(f.Scenarios))
	}
	for i, s := range f.Scenarios {
		if s.ID != want[i] {
			return fmt.Errorf("data file scenarios.json: scenario %d is %q, want %q", i+1, s.ID, want[i])
		}
		if err := checkDesigned("scenarios.json", s.ID, s.Designed, "turns", "ammo", "hand", "goal", "target", "start", "events", "areas", "deployment", "routes"); err != nil {
			return err
		}
		if s.Desc == "" {
			return fmt.Errorf("data file scenarios.json: %s has no description (one line for the campaign's choice)", s.ID)
		}
		sc := scenario{id: s.ID, name: s.Name, desc: s.Desc, turns: s.Turns, ammo: s.Ammo, hand: s.Hand, goal: s.Goal,
			target: t.areaIndex(s.Target), start: t.areaIndex(s.Start), paidStart: s.PaidStart, routes: map[int]route{}}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("data file scenarios.json: %s: %s", s.ID, fmt.Sprintf(format, args...))
		}
		if sc.turns < 1 || sc.turns > 12 || sc.ammo < 1 || sc.ammo > 6 || sc.hand < 1 || sc.hand > 8 {
			return bad("turns 1-12, ammunition 1-6 and hand 1-8")
		}
		if sc.start < 0 {
			return bad("start %q is no area", s.Start)
		}
		switch s.Goal {
		case "defend", "both":
			if sc.target < 0 || t.areas[sc.target].toughness == 0 {
				return bad("goal %s needs a target with a toughness, not %q", s.Goal, s.Target)
			}
		case "return":
		default:
			return bad("unknown goal %q", s.Goal)
		}
		if len(s.Events) > maxEvents {
			return bad("%d events; at most %d", len(s.Events), maxEvents)
		}
		for _, e := range s.Events {
			if e.Turn < 1 || e.Turn > sc.turns || len(e.Colours) == 0 {
				return bad("an event needs colours and a turn within the scenario")
			}
			sc.events = append(sc.events, scenarioEvent{colours: e.Colours, turn: e.Turn})
		}
		if err := t.checkEventPools(sc); err != nil {
			return bad("%v", err)
		}
		for from, r := range s.Routes {
			a, tg := t.areaIndex(from), t.areaIndex(r.Target)
			m, ok := parseMode(r.Mode)
			if a < 0 || tg < 0 || !ok || (m != modeEscort && m != modeOffensive) {
				return bad("route %s to %s in mode %q: areas must exist, modes are escort or offensive", from, r.Target, r.Mode)
			}
			sc.routes[a] = route{target: tg, mode: m}
		}
		for n := 1; n <= maxSeats; n++ {
			key := fmt.Sprint(n)
			for _, id := range s.Areas[key] {
				a := t.areaIndex(id)
				if a < 0 {
					return bad("starting area %q is no area", id)
				}
				if _, ok := sc.routes[a]; !ok {
					return bad("starting area %s has no route", id)
				}
				sc.areas[n] = append(sc.areas[n], a)
			}
			if len(sc.areas[n]) == 0 {
				return bad("no German starting areas for %d players", n)
			}
			sc.deployment[n] = s.Deployment[key]
			if err := t.checkDeployment(sc, n); err != nil {
				return bad("%d players: %v", n, err)
			}
		}
		t.scenarios = append(t.scenarios, sc)
	}
	return nil
}

type scenarioEventF struct {
	Colours []string `json:"colours"`
	Turn    int      `json:"turn"`
}

// checkEventPools checks that every event slot of sc can always draw a card
// different from the slots before it.
func (t *tables) checkEventPools(sc scenario) error {
	for i, e := range sc.events {
		if n := len(t.eventPool(e.colours, 0)); n <= i {
			return fmt.Errorf("event %d draws from colours %v, which hold only %d cards", i+1, e.colours, n)
		}
	}
	return nil
}

// eventPool lists the events with one of colours, leaving out those in used
// (a set of event indices).
func (t *tables) eventPool(colours []string, used uint8) []int {
	var pool []int
	for i, e := range t.events {
		if used>>i&1 == 1 {
			continue
		}
	match:
		for _, c := range e.colours {
			for _, w := range colours {
				if c == w {
					pool = append(pool, i)
					break match
				}
			}
		}
	}
	return pool
}

// checkDeployment checks the deployment list of sc for n players: known
// German cards, no more planes than the models even with every event's
// planes, and no more cards on an area than it can hold.
func (t *tables) checkDeployment(sc scenario, n int) error {
	var planes [3]int
	fighters, bombers := 0, 0
	seen := map[int]bool{}
	for _, id := range sc.deployment[n] {
		if id < 1 || id > len(t.deploy) || seen[id] {
			return fmt.Errorf("deployment card %d is unknown or listed twice", id)
		}
		seen[id] = true
		d := t.deploy[id-1]
		if d.plane < 0 {
			return fmt.Errorf("deployment card %d is British; the basic scenarios deal German cards only", id)
		}
		planes[d.plane] += d.count
		if d.version == "bomber" {
			bombers++
		} else {
			fighters++
		}
	}
	if fighters+bombers == 0 {
		return fmt.Errorf("no deployment cards")
	}
	areas := len(sc.areas[n])
	if (fighters+areas-1)/areas+(bombers+areas-1)/areas > maxPerArea {
		return fmt.Errorf("too many cards on one starting area")
	}
	// The worst case of events: every card the scenario's events can draw.
	var extra [3]int
	var drawable uint8
	for _, e := range sc.events {
		for _, i := range t.eventPool(e.colours, 0) {
			drawable |= 1 << i
		}
	}
	for i, e := range t.events {
		if drawable>>i&1 == 1 {
			for k := range extra {
				extra[k] += e.planes[k]
			}
		}
	}
	total := 0
	for k, a := range t.aircraft {
		if planes[k]+extra[k] > a.models {
			return fmt.Errorf("%d %s with the events' but only %d models", planes[k]+extra[k], a.name, a.models)
		}
		total += planes[k] + extra[k]
	}
	if total > maxGerman {
		return fmt.Errorf("%d German planes with every event; the state holds %d", total, maxGerman)
	}
	return nil
}
