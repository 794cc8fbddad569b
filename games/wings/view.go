package wings

import (
	"fmt"
	"sort"
	"strings"

	"scramble/engine"
)

// View is what one seat sees (rulebook "Planning": cards face down;
// "Damage": tokens face down on the owner's console; "Rudder jammed":
// direction secret; "Engine Damage": secret). Other seats and spectators see
// every plane's position, altitude, counters, announced special damage and
// the number and letters of its tokens, but not its planned cards, its
// token values, its engine damage or its rudder's direction.
type View struct {
	// Seat is the seat the view was made for.
	Seat engine.Seat `json:"seat"`
	// Scenario and Title name the scenario.
	Scenario string `json:"scenario"`
	Title    string `json:"title"`
	// Turn is the turn being played (0: setup) of Turns.
	Turn  int `json:"turn"`
	Turns int `json:"turns"`
	// Phase is "plan", "fire", "damage" or "over"; SubPhase the firing
	// sub-phase ("itchy trigger", "normal", "novice or wounded").
	Phase    string `json:"phase"`
	SubPhase string `json:"sub_phase,omitempty"`
	// Asking says in plain words what is being asked now.
	Asking string `json:"asking"`
	// Table is the playing area in mm; Ruler the ruler's length in mm.
	TableWidth  float64 `json:"table_width_mm"`
	TableHeight float64 `json:"table_height_mm"`
	Ruler       float64 `json:"ruler_mm"`
	// BaseLength and BaseWidth are the size of every plane's base in mm.
	BaseLength float64 `json:"base_length_mm"`
	BaseWidth  float64 `json:"base_width_mm"`
	Floor      int     `json:"floor"`
	// Planes are every plane of the scenario.
	Planes []PlaneView `json:"planes"`
	// Objects are the ground and sea objects; Clouds the clouds.
	Objects []ObjectView `json:"objects,omitempty"`
	Clouds  []CloudView  `json:"clouds,omitempty"`
	// Torpedoes are the torpedoes running.
	Torpedoes []TorpedoView `json:"torpedoes,omitempty"`
	// Piles are the damage token piles, A first: how many tokens each holds
	// of its full set (WG-8: drawn tokens stay out; which ones is seen
	// only on their consoles).
	Piles []PileView `json:"piles"`
	// Options are, while the view's seat plans, the cards of the plane it
	// plans for, each with where it ends.
	Options []CardOption `json:"options,omitempty"`
	// Seen lists the tokens drawn for one seat's eyes only (a lucky
	// pilot's token, a sniper's two), when the view is that seat's.
	Seen []string `json:"seen,omitempty"`
	// Legal lists the text of the actions the view's seat may take now.
	Legal []string `json:"legal,omitempty"`
	// Result is how the game ended, once it has; Outcome says it in the
	// scenario's terms: who won, the victory points, and why it ended.
	Result  *engine.Result `json:"result,omitempty"`
	Outcome string         `json:"outcome,omitempty"`

	state State
}

// PlaneView is one plane as the view's seat sees it.
type PlaneView struct {
	Name     string `json:"name"`
	Aircraft string `json:"aircraft"`
	// Type is its silhouette: "single" (one engine), "twin" (a twin-engined
	// fighter) or "bomber".
	Type string `json:"type"`
	// BaseLength and BaseWidth are its base's size in mm (bombers stand on
	// large bases).
	BaseLength   float64 `json:"base_length_mm"`
	BaseWidth    float64 `json:"base_width_mm"`
	Seat         int     `json:"seat"`
	Side         string  `json:"side"`
	Status       string  `json:"status"`
	X            float64 `json:"x_mm"`
	Y            float64 `json:"y_mm"`
	Heading      float64 `json:"heading_deg"`
	Altitude     int     `json:"altitude"`
	Climb        int     `json:"climb_counters"`
	DamagePoints int     `json:"damage_points"`
	// Tokens are its damage tokens: the letter, and the special when it was
	// announced; the owner sees the values too ("B 2 engine").
	Tokens   []string `json:"tokens"`
	Smoke    int      `json:"smoke"`
	Fire     int      `json:"fire"`
	Rudder   int      `json:"rudder_jammed_plans"`
	Wounds   []int    `json:"wounds"`
	Pilot    string   `json:"pilot"`
	Recovery int      `json:"recovery"`
	Loaded   bool     `json:"loaded"`
	Planned  bool     `json:"planned"`
	Flown    string   `json:"flown,omitempty"`
	NoFire   bool     `json:"no_fire"`
	// Guns are the firing cones of its guns, for drawing them.
	Guns []GunView `json:"guns"`
	// Own is set only on the owner's view.
	Own *OwnView `json:"own,omitempty"`
}

// GunView is one gun's firing cone: its arc ("front", "rear" or
// "turret", the rear one about the tail) and the cone's half-angle.
type GunView struct {
	Arc  string  `json:"arc"`
	Half float64 `json:"half_angle_deg"`
}

// ObjectView is a ground or sea object: everything about it is public
// (rulebook "Strafing": its tokens lie face up).
type ObjectView struct {
	ObjectCard
	Damage     int      `json:"damage"`
	BombDamage int      `json:"bomb_damage"`
	VP         float64  `json:"victory_points_scored"`
	Silenced   bool     `json:"silenced"`
	Launched   bool     `json:"launched"`
	Active     int      `json:"active_moves"`
	Sunk       bool     `json:"sunk"`
	Counters   []string `json:"artillery_counters,omitempty"`
}

// TorpedoView is a torpedo in the water.
type TorpedoView struct {
	X       float64 `json:"x_mm"`
	Y       float64 `json:"y_mm"`
	Heading float64 `json:"heading_deg"`
	Turns   int     `json:"turns_run"`
}

// PileView is one letter's pile of damage tokens.
type PileView struct {
	Letter string `json:"letter"`
	Left   int    `json:"left"`
	Full   int    `json:"full"`
}

// CloudView is a cloud: a rectangle at one altitude.
type CloudView struct {
	X        float64 `json:"x_mm"`
	Y        float64 `json:"y_mm"`
	Width    float64 `json:"width_mm"`
	Height   float64 `json:"height_mm"`
	Altitude int     `json:"altitude"`
}

// OwnView is what only a plane's owner sees.
type OwnView struct {
	Damage    int      `json:"damage"`
	Console   []string `json:"console"`
	Engine    int      `json:"engine_damage"`
	RudderDir string   `json:"rudder_direction,omitempty"`
	ClimbRate int      `json:"climb_rate"`
}

// CardOption is one card of the planning plane and where it would end:
// flown after the card already on the console (From is where that card
// leaves the plane, or where it stands during setup). Path is the base
// centre's way along the card, from From to the end, for drawing it; Steep
// marks the diamond; Forward, Left and Turn are the card's move (mm,
// degrees), for drawing its arrow. Fixes are the enemy planes as they
// would lie from the end pose, where they stand now.
type CardOption struct {
	Card     string       `json:"card"`
	Legal    bool         `json:"legal"`
	Why      string       `json:"why,omitempty"`
	X        float64      `json:"x_mm"`
	Y        float64      `json:"y_mm"`
	Heading  float64      `json:"heading_deg"`
	Altitude int          `json:"altitude"`
	FromX    float64      `json:"from_x_mm"`
	FromY    float64      `json:"from_y_mm"`
	FromHdg  float64      `json:"from_heading_deg"`
	Path     [][2]float64 `json:"path"`
	Steep    bool         `json:"steep"`
	Forward  float64      `json:"forward_mm"`
	Left     float64      `json:"left_mm"`
	Turn     float64      `json:"turn_deg"`
	Fixes    []EnemyFix   `json:"fixes,omitempty"`
}

var subNames = [numSubs]string{"itchy trigger", "normal", "novice or wounded"}

// View returns what seat may see.
func (s *State) View(seat engine.Seat) engine.View {
	sc := s.scen()
	v := &View{Seat: seat, Scenario: sc.id, Title: sc.title, Turn: int(s.turn), Turns: int(sc.turns),
		TableWidth: float64(sc.width) / 10, TableHeight: float64(sc.height) / 10, Ruler: s.data.geo.ruler / 10,
		BaseLength: s.data.geo.baseLength / 10, BaseWidth: s.data.geo.baseWidth / 10,
		Floor: int(sc.floor), Asking: s.asking(seat), state: *s}
	v.state.log = nil
	v.Phase = [...]string{stPlan: "plan", stFire: "fire", stDraw: "damage", stLuck: "damage", stSniper: "damage", stDive: "move", stLaunch: "bomb", stOver: "over"}[s.step]
	if s.step == stFire {
		v.SubPhase = subNames[s.sub]
	}
	for i := 0; i < int(s.n); i++ {
		v.Planes = append(v.Planes, s.planeView(i, seat))
	}
	for k := 0; k < int(s.nobj); k++ {
		o, sp := &s.objects[k], &sc.objects[k]
		ov := ObjectView{ObjectCard: ObjectCard{Name: sp.name, Kind: objKindNames[sp.kind], Side: sp.side, X: float64(o.x) / 10,
			Y: float64(o.y) / 10, Heading: float64(o.hdg) / 100, Length: sp.length / 10, Width: sp.width / 10}, Damage: int(o.dmg),
			BombDamage: int(o.bombDmg), VP: float64(o.halfVP) / 2, Silenced: o.silenced, Sunk: o.sunk,
			Launched: o.launched, Active: int(o.active)}
		for g := range sp.guns {
			if o.counter[g] >= 0 {
				ov.Counters = append(ov.Counters, s.name(int(o.counter[g])))
			}
		}
		v.Objects = append(v.Objects, ov)
	}
	for _, tp := range s.torps {
		if tp.live {
			v.Torpedoes = append(v.Torpedoes, TorpedoView{X: float64(tp.x) / 10, Y: float64(tp.y) / 10, Heading: float64(tp.hdg) / 100, Turns: int(tp.age)})
		}
	}
	for l := range numLetters {
		v.Piles = append(v.Piles, PileView{Letter: string(rune('A' + l)), Left: s.pileCount(l), Full: s.data.damage[l].total})
	}
	for _, c := range sc.clouds {
		v.Clouds = append(v.Clouds, CloudView{X: c.r[2].x / 10, Y: c.r[2].y / 10, Width: (c.r[0].x - c.r[2].x) / 10,
			Height: (c.r[0].y - c.r[2].y) / 10, Altitude: int(c.alt)})
	}
	if i := s.planning(seat); i >= 0 {
		p := &s.planes[i]
		fx, fy, fh, falt := s.planStart(i)
		for c, cd := range s.deckOf(p).cards {
			x, y, h := moveBy(fx, fy, fh, &cd)
			alt := cardAlt(s, p, &cd, falt, p.climb)
			o := CardOption{Card: cd.id, Legal: true, X: float64(x) / 10, Y: float64(y) / 10, Heading: float64(h) / 100,
				Altitude: int(alt), FromX: float64(fx) / 10, FromY: float64(fy) / 10, FromHdg: float64(fh) / 100,
				Steep: cd.has(flagSteep), Forward: cd.forward / 10, Left: cd.left / 10, Turn: cd.turn}
			for k := 0; k <= 6; k++ {
				t := float64(k) / 6
				part := card{forward: cd.forward * t, left: cd.left * t, turn: cd.turn * t}
				px, py, _ := moveBy(fx, fy, fh, &part)
				o.Path = append(o.Path, [2]float64{float64(px) / 10, float64(py) / 10})
			}
			if err := s.planRule(i, int8(c), false); err != nil {
				o.Legal, o.Why = false, err.Error()
			} else {
				o.Fixes = s.fixes(i, x, y, h, alt)
			}
			v.Options = append(v.Options, o)
		}
	}
	if s.pendN > 0 && seat == s.pendSeer() {
		q := s.head()
		for k := range s.pendN {
			tk := s.data.damage[q.letter].tokens[s.pend[k]]
			v.Seen = append(v.Seen, strings.TrimSpace(fmt.Sprintf("%c %d %s", 'A'+q.letter, tk.value, specialNames[tk.special])))
		}
	}
	if seat >= 0 {
		for _, a := range s.Legal(seat, nil) {
			v.Legal = append(v.Legal, s.ActionString(seat, a))
		}
	}
	if s.step == stOver {
		r := s.Result()
		v.Result = &r
		v.Outcome = s.outcome()
	}
	return v
}

// outcome says how the game ended in the scenario's terms: the winner (or a
// draw), each side's victory points and losses, and why it ended.
func (s *State) outcome() string {
	sides, score, lost := s.scores()
	r := s.Result()
	head := "A draw"
	if r.Winner != "" {
		head = r.Winner + " wins"
	}
	var parts []string
	for _, sd := range sides {
		parts = append(parts, fmt.Sprintf("%s %g victory points (%d planes lost)", sd, float64(score[sd])/2, lost[sd]))
	}
	return fmt.Sprintf("%s: %s. The game ended: %s.", head, strings.Join(parts, ", "), s.endWhy)
}

func (s *State) planeView(i int, seat engine.Seat) PlaneView {
	p := &s.planes[i]
	a := s.air(p)
	typ := "bomber"
	switch {
	case a.engines == 1:
		typ = "single"
	case a.fighter:
		typ = "twin"
	}
	bl, bw := s.data.geo.dims(p.large)
	pv := PlaneView{Name: s.name(i), Aircraft: a.name, Type: typ, BaseLength: bl / 10, BaseWidth: bw / 10, Seat: int(p.seat), Side: s.side(p), Status: statusNames[p.status],
		X: float64(p.x) / 10, Y: float64(p.y) / 10, Heading: float64(p.hdg) / 100, Altitude: int(p.alt),
		Climb: int(p.climb), DamagePoints: int(a.damage), Smoke: int(p.smoke), Fire: int(p.fire), Rudder: int(p.rudder),
		Pilot: pilotNames[p.pilot], Recovery: int(p.recov), Loaded: p.loaded, NoFire: p.noFire,
		Planned: s.step == stPlan && p.slot[s.planSlot()] >= 0}
	for _, g := range a.guns {
		pv.Guns = append(pv.Guns, GunView{Arc: arcNames[g.arc], Half: s.data.geo.arcHalf[g.arc]})
	}
	for k := range a.crew {
		pv.Wounds = append(pv.Wounds, int(p.wounds[k]))
	}
	if p.flown >= 0 && s.turn > 0 {
		pv.Flown = s.cardOf(p, p.flown).id
	}
	own := seat == engine.Seat(p.seat)
	pv.Tokens = s.tokenTexts(p, own)
	if own {
		o := &OwnView{Damage: int(p.dmg), Engine: int(p.engine), ClimbRate: int(s.climbRate(p))}
		for _, c := range p.slot {
			if c >= 0 {
				o.Console = append(o.Console, s.cardOf(p, c).id)
			}
		}
		if p.rudder > 0 {
			o.RudderDir = dirName(p.rudDir)
		}
		pv.Own = o
	}
	return pv
}

// announced says whether a special is announced to every seat.
func announced(sp uint8) bool { return sp != spNone && sp != spEngine }

// tokenTexts lists p's tokens as seen by its owner (own) or by the others.
func (s *State) tokenTexts(p *plane, own bool) []string {
	var out []string
	for l := 0; l < numLetters; l++ {
		for k, tk := range s.data.damage[l].tokens {
			for _, pass := range [2]struct {
				n     uint8
				plain bool
			}{{p.drawn[l][k], false}, {p.plain[l][k], true}} {
				for range pass.n {
					t := string(rune('A' + l))
					switch {
					case own:
						t += fmt.Sprintf(" %d", tk.value)
						if tk.special != spNone {
							t += " " + specialNames[tk.special]
						}
						if pass.plain {
							t += " (points only)"
						}
					case !pass.plain && announced(tk.special):
						t += " " + specialNames[tk.special]
					}
					out = append(out, t)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// asking says what the game waits for, as seat sees it.
func (s *State) asking(seat engine.Seat) string {
	switch s.step {
	case stPlan:
		if i := s.planning(seat); i >= 0 {
			if s.turn == 0 {
				return fmt.Sprintf("Setup: plan %s's first manoeuvre (no steep card)", s.name(i))
			}
			return fmt.Sprintf("Turn %d: plan %s's manoeuvre for next turn", s.turn, s.name(i))
		}
		return "Waiting for the other players to plan"
	case stFire:
		if k := s.pacAt(); k >= 0 {
			return fmt.Sprintf("Fire (normal): %s may launch its parachutes and cables (once a game)", s.scen().objects[k].name)
		}
		i, g := int(s.cursor/maxGuns), int(s.cursor%maxGuns)
		return fmt.Sprintf("Fire (%s): %s's %s gun may fire", subNames[s.sub], s.name(i), arcNames[s.air(&s.planes[i]).guns[g].arc])
	case stDraw:
		return "Drawing " + s.drawing()
	case stLuck:
		return fmt.Sprintf("%s's lucky pilot may ignore the %c token just drawn", s.name(int(s.head().plane)), 'A'+s.head().letter)
	case stDive:
		return fmt.Sprintf("%s dived: keep all its climb counters or drop them all", s.name(int(s.cursor)))
	case stLaunch:
		return fmt.Sprintf("%s flew a straight at altitude 1: launch its torpedo now, or keep it", s.name(int(s.cursor)))
	case stSniper:
		return fmt.Sprintf("%s's sniper gives %s one of two %c tokens", s.name(int(s.head().partner)), s.name(int(s.head().plane)), 'A'+s.head().letter)
	}
	return "The game is over: " + s.endWhy
}

// pendSeer is the seat that sees the pending tokens: the sniper's owner,
// or the lucky plane's.
func (s *State) pendSeer() engine.Seat {
	q := s.head()
	if q.kind == qSniper {
		return engine.Seat(s.planes[q.partner].seat)
	}
	return engine.Seat(s.planes[q.plane].seat)
}

// ViewSeat returns the seat the view was made for.
func (v *View) ViewSeat() engine.Seat { return v.Seat }

// HidesFrom says whether the state holds something seat may not see yet:
// while the game runs, another seat's face-down cards on its console and the
// values of the tokens its planes drew. A save file, which holds every move,
// would show them (cmd/scramble refuses to save such a game against a bot).
func (s *State) HidesFrom(seat engine.Seat) bool {
	if s.step == stOver {
		return false
	}
	for i := 0; i < int(s.n); i++ {
		if engine.Seat(s.planes[i].seat) != seat {
			return true
		}
	}
	return false
}
