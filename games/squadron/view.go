package squadron

import (
	"math/bits"

	"scramble/engine"
)

// View is what one seat sees: the whole map and every board, its own hand
// (the hands of both planes in the solo variant) and only the sizes of the
// others' hands and of the deck. It marshals to JSON and prints as the
// terminal rendering.
type View struct {
	// Seat is the seat the view was made for.
	Seat engine.Seat `json:"seat"`
	// Scenario is the scenario's name.
	Scenario string `json:"scenario"`
	// Difficulty is the difficulty level's name: Recruit, Standard or
	// Veteran.
	Difficulty string `json:"difficulty"`
	// Turn and Turns are the turn being played and the scenario's last.
	Turn  int `json:"turn"`
	Turns int `json:"turns"`
	// Phase names the phase.
	Phase string `json:"phase"`
	// ToAct is who acts: a seat's name, "dice" or "nobody".
	ToAct string `json:"to_act"`
	// Asking says what is being decided now.
	Asking string `json:"asking"`
	// Target is the scenario's target, if any.
	Target *TargetView `json:"target,omitempty"`
	// Areas are the areas of the map with what is in them.
	Areas []AreaView `json:"areas"`
	// Pilots are the RAF planes and their boards.
	Pilots []PilotView `json:"pilots"`
	// Germans are the German planes on the map.
	Germans []GermanView `json:"germans"`
	// Squadrons are the German squadrons, with their ace tokens.
	Squadrons []SquadronView `json:"squadrons"`
	// Events are the scenario's events.
	Events []EventView `json:"events"`
	// Fight is the Fight in progress.
	Fight *FightView `json:"fight,omitempty"`
	// Counter is the Counterattack in progress.
	Counter *CounterView `json:"counter,omitempty"`
	// Deck and Discards are the sizes of the combat card piles.
	Deck     int `json:"deck"`
	Discards int `json:"discards"`
	// Reserve is the number of pilots left in the Reserve.
	Reserve int `json:"reserve"`
	// Over is true once the game has ended; Result tells how.
	Over   bool           `json:"over"`
	Result *engine.Result `json:"result,omitempty"`

	state State
}

// TargetView is the scenario's target.
type TargetView struct {
	Area      string `json:"area"`
	Name      string `json:"name"`
	Toughness int    `json:"toughness"`
	Damage    int    `json:"damage"`
}

// AreaView is one area of the map.
type AreaView struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Sector    string   `json:"sector"`
	Kind      string   `json:"kind,omitempty"`
	Toughness int      `json:"toughness,omitempty"`
	Damage    int      `json:"damage,omitempty"`
	X         int      `json:"x"`
	Y         int      `json:"y"`
	Adjacent  []string `json:"adjacent"`
	// RAF lists the RAF planes here (1-based plane numbers).
	RAF []int `json:"raf,omitempty"`
	// Germans lists the German planes here (1-based, as in "g3").
	Germans []int `json:"germans,omitempty"`
	// Hidden lists the hidden squadrons here (1-based, as in "s2").
	Hidden []int `json:"hidden,omitempty"`
}

// PilotView is one RAF plane and its player board.
type PilotView struct {
	Plane     int      `json:"plane"`
	Seat      int      `json:"seat"`
	Pilot     string   `json:"pilot"`
	Rank      string   `json:"rank,omitempty"`
	Ability   string   `json:"ability,omitempty"`
	Status    string   `json:"status"`
	Area      string   `json:"area"`
	Landed    bool     `json:"landed"`
	Ammo      int      `json:"ammo"`
	Damage    []string `json:"damage"`
	Maneuvers int      `json:"maneuvers"`
	Medals    int      `json:"medals"`
	Victories [3]int   `json:"victories"`
	// Specialization is the pilot's class ("fighters", "heavy fighters",
	// "bombers") or "" for none, with its level 0-3 and its clock (0 =
	// green).
	Specialization string `json:"specialization,omitempty"`
	Level          int    `json:"level,omitempty"`
	Clock          int    `json:"clock,omitempty"`
	Declared       string `json:"declared"`
	HandSize       int    `json:"hand_size"`
	HandLimit      int    `json:"hand_limit"`
	// Hand is the plane's combat cards, shown only to its own seat.
	Hand []CardView `json:"hand,omitempty"`
	// Leader is true for the solo variant's Leader.
	Leader bool `json:"leader,omitempty"`
}

// CardView is one combat card.
type CardView struct {
	ID      int      `json:"id"`
	Move    int      `json:"move"`
	Support []string `json:"support"`
	Defence []int    `json:"defence"`
	Symbol  string   `json:"symbol"`
	Set     []string `json:"set"`
	Effect  string   `json:"effect"`
	// Trigger is "token" when the Maneuver of the set must be a Maneuver
	// token spent from the player board (SQ-8), empty otherwise.
	Trigger string `json:"trigger,omitempty"`
}

// GermanView is one German plane on the map.
type GermanView struct {
	N         int    `json:"n"`
	Type      string `json:"type"`
	Area      string `json:"area"`
	Damage    int    `json:"damage"`
	Toughness []int8 `json:"toughness"`
	Tokens    int    `json:"tokens"`
	Squadron  int    `json:"squadron"`
	Mode      string `json:"mode"`
	Bombed    bool   `json:"bombed,omitempty"`
}

// SquadronView is one German squadron.
type SquadronView struct {
	N      int    `json:"n"`
	Target string `json:"target"`
	Mode   string `json:"mode"`
	// Ace is the squadron's Elite ace token: "" for none, "face down", or
	// its ability once revealed.
	Ace string `json:"ace,omitempty"`
	// Hidden is true while the squadron is a token over face-down cards.
	Hidden bool `json:"hidden,omitempty"`
	// Hunting names the pilot a Hunting squadron chases, if any.
	Hunting string `json:"hunting,omitempty"`
	// Route is the shortest route (Phase V) its lead plane flies by its
	// mode: the areas from where it is to where it is going, both
	// included. It is empty for a hidden squadron, for one with no plane
	// on the map, and for one already where it is going.
	Route []string `json:"route,omitempty"`
}

// EventView is one event of the scenario.
type EventView struct {
	Turn   int    `json:"turn"`
	Name   string `json:"name,omitempty"`
	Status string `json:"status"`
}

// FightView is the Fight in progress.
type FightView struct {
	Plane    int      `json:"plane"`
	Target   int      `json:"target"`
	Round    int      `json:"round"`
	Rounds   int      `json:"rounds"`
	Dice     []string `json:"dice"`
	Used     []bool   `json:"used"`
	German   []string `json:"german_dice"`
	Symbol   string   `json:"symbol"`
	Card     int      `json:"card,omitempty"`
	Carried  []string `json:"carried,omitempty"`
	Support  string   `json:"support,omitempty"`
	Supports int      `json:"supports"`
	// DiceKinds are the colours of Dice ("blue", or "yellow" for the
	// special die) and GermanDie the colour of the opponent's dice.
	DiceKinds []string `json:"dice_kinds"`
	GermanDie string   `json:"german_die"`
	// Symbols are the symbols counted in this round once its die is on the
	// card: the die, the card's RAF symbol, those carried from the round
	// before and a spent Maneuver token (SQ-8), for the card's set.
	Symbols []string `json:"symbols,omitempty"`
	// Set, Effect and Trigger are the played card's set, its effect and
	// its trigger; Sets is how many sets the symbols form.
	Set     []string `json:"set,omitempty"`
	Effect  string   `json:"effect,omitempty"`
	Trigger string   `json:"trigger,omitempty"`
	Sets    int      `json:"sets"`
	// Token is true when a kept Maneuver token was spent this round.
	Token bool `json:"token,omitempty"`
	// SupportOpen is true while a Support can still come this round: a
	// card is played, none came yet, the Fight's Supports are not used up
	// and another plane flies in the area. It says nothing of their hands.
	SupportOpen bool `json:"support_open,omitempty"`
	// Breakaway is the areas a breakaway card's sets let the pilot fly.
	Breakaway int `json:"breakaway,omitempty"`
	// Pilot and Opponent name the fighting pilot and the German plane.
	Pilot    string `json:"pilot"`
	Opponent string `json:"opponent"`
	// ManeuversLeft is the Maneuvers of this round still to place.
	ManeuversLeft int `json:"maneuvers_left,omitempty"`
	// SetCards are the cards of the fighting pilot's hand that complete
	// their set with this round's die, and SupportIfCard whether a card
	// played now lets another pilot Support; both only in the fighting
	// pilot's own view while he chooses the card.
	SetCards      []int `json:"set_cards,omitempty"`
	SupportIfCard bool  `json:"support_if_card,omitempty"`
}

// DieView is one die rolled: its colour and its face.
type DieView struct {
	Die  string `json:"die"`
	Face string `json:"face"`
}

// CounterView is the Counterattack in progress.
type CounterView struct {
	Area string `json:"area"`
	Kind string `json:"kind"`
	// Hits counts the uncancelled Hits by propeller: 2, 3 and 4 blades.
	Hits [3]int `json:"hits"`
	// Dice are the German dice rolled so far (the first 16).
	Dice []DieView `json:"dice"`
}

var statusNames = [...]string{"active", "shot down", "withdrawn", "out"}
var declNames = [...]string{"neither", "ability", "special die"}

// toActName names who acts: the seat's name, "dice" or "nobody".
func toActName(seats []engine.SeatInfo, cur engine.Seat) string {
	switch {
	case cur == engine.Chance:
		return "dice"
	case cur >= 0 && int(cur) < len(seats):
		return seats[cur].Name
	}
	return "nobody"
}

// owns reports whether seat owns plane p.
func (s *State) owns(seat engine.Seat, p int) bool {
	return seat >= 0 && int(seat) == int(s.raf[p].seat)
}

// View returns what seat may see.
func (s *State) View(seat engine.Seat) engine.View {
	scn := &s.t.scenarios[s.sc]
	v := &View{Seat: seat, Scenario: scn.name, Difficulty: s.t.levels[s.level].name, Turn: int(s.turn), Turns: scn.turns, Phase: phaseNames[s.phase],
		Asking: s.asking(), Deck: bits.OnesCount64(s.deck), Discards: bits.OnesCount64(s.discard),
		Reserve: int(s.reserve), Over: s.step == stOver, state: *s}
	v.state.log = nil
	v.ToAct = toActName(s.Seats(), s.Current())
	if scn.target >= 0 {
		a := &s.t.areas[scn.target]
		v.Target = &TargetView{Area: a.id, Name: a.name, Toughness: a.toughness, Damage: int(s.tdmg[scn.target])}
	}
	for i, a := range s.t.areas {
		av := AreaView{ID: a.id, Name: a.name, Sector: string(a.sector), Kind: a.kind, Toughness: a.toughness,
			Damage: int(s.tdmg[i]), X: a.x, Y: a.y, Adjacent: []string{}}
		for m := a.adj; m != 0; m &= m - 1 {
			av.Adjacent = append(av.Adjacent, s.t.areas[trailing(uint64(m))].id)
		}
		for p := range s.nPl {
			if s.active(int(p)) && s.raf[p].area == int8(i) {
				av.RAF = append(av.RAF, int(p)+1)
			}
		}
		for m := s.germansIn(int8(i)); m != 0; m &= m - 1 {
			av.Germans = append(av.Germans, trailing(uint64(m))+1)
		}
		for m := s.hiddenIn(int8(i)); m != 0; m &= m - 1 {
			av.Hidden = append(av.Hidden, trailing(uint64(m))+1)
		}
		v.Areas = append(v.Areas, av)
	}
	for p := range s.nPl {
		v.Pilots = append(v.Pilots, s.pilotView(seat, int(p)))
	}
	v.Germans = []GermanView{}
	for i := range s.nGer {
		g := &s.ger[i]
		if !s.onMap(int(i)) {
			continue
		}
		a := s.t.aircraft[g.kind]
		v.Germans = append(v.Germans, GermanView{N: int(i) + 1, Type: a.name, Area: s.t.areas[g.area].id, Damage: int(g.dmg),
			Toughness: a.toughness, Tokens: int(g.tokens), Squadron: int(g.squad) + 1, Mode: s.modeOf(int(i)), Bombed: g.flags&gBombed != 0})
	}
	for q := range s.nSq {
		sq := &s.sq[q]
		sv := SquadronView{N: int(q) + 1, Target: s.t.areas[sq.target].id, Mode: modeNames[sq.mode], Hidden: sq.hidden}
		if !sq.hidden {
			sv.Route = s.routeView(int(q))
			if h := s.hunted(int(q)); sq.mode == modeHunting && h >= 0 {
				sv.Hunting = s.planeName(int(h))
			}
		}
		switch {
		case sq.ace > 0 && sq.aceUp:
			sv.Ace = aceNames[sq.ace-1]
		case sq.ace > 0:
			sv.Ace = "face down"
		}
		v.Squadrons = append(v.Squadrons, sv)
	}
	v.Events = []EventView{}
	for e := range s.nEv {
		ev := EventView{Turn: scn.events[e].turn, Status: [...]string{"face down", "open", "won", "lost"}[s.events[e].status]}
		if k := s.events[e].card; k >= 0 {
			ev.Name = s.t.events[k].name
		}
		v.Events = append(v.Events, ev)
	}
	if s.f.on {
		f := &s.f
		fv := &FightView{Plane: int(f.pl) + 1, Target: int(f.target) + 1, Round: int(f.round), Rounds: int(f.rounds),
			Used: []bool{f.used[0], f.used[1]}, Symbol: f.sym.String(), Supports: int(f.supports)}
		for i := range int(min(f.rollIdx, 2)) {
			fv.Dice = append(fv.Dice, f.die[i].String())
		}
		for _, fc := range f.gd[:f.gi] {
			fv.German = append(fv.German, fc.String())
		}
		if f.card >= 0 {
			fv.Card = int(f.card) + 1
		}
		for _, c := range f.carry[:f.nCarry] {
			fv.Carried = append(fv.Carried, c.String())
		}
		if f.supSym != symBlank {
			fv.Support = f.supSym.String()
		}
		s.fightPanel(fv)
		fv.Pilot = s.planeName(int(f.pl))
		fv.Opponent = s.gName(int(f.target))
		if s.step == stManeuver {
			fv.ManeuversLeft = int(f.mans)
		}
		if s.step == stCard && engine.Seat(s.raf[f.pl].seat) == seat {
			for h := s.raf[f.pl].hand; h != 0; h &= h - 1 {
				c := trailing(h)
				if s.sets(c, s.symbolsWith(int8(c), 0)) > 0 {
					fv.SetCards = append(fv.SetCards, c+1)
				}
			}
			fv.SupportIfCard = s.supportMayCome()
		}
		v.Fight = fv
	}
	if s.ca.on {
		v.Counter = &CounterView{Area: s.t.areas[s.ca.area].id, Kind: [...]string{"counterattack", "patrol counterattack", "hun in the sun"}[s.ca.kind],
			Hits: [3]int{int(s.ca.hits[0]), int(s.ca.hits[1]), int(s.ca.hits[2])}, Dice: []DieView{}}
		for k := range s.ca.nd {
			v.Counter.Dice = append(v.Counter.Dice, DieView{Die: dieNames[s.ca.dkind[k]], Face: s.ca.dice[k].String()})
		}
	}
	if v.Over {
		r := s.Result()
		v.Result = &r
	}
	return v
}

func (s *State) pilotView(seat engine.Seat, p int) PilotView {
	r := &s.raf[p]
	pv := PilotView{Plane: p + 1, Seat: int(r.seat), Status: statusNames[r.status], Area: s.t.areas[r.area].id, Landed: r.landed,
		Ammo: int(r.ammo), Damage: []string{}, Maneuvers: int(r.mans), Declared: declNames[r.declared],
		HandSize: s.handSize(p), HandLimit: s.handLimit(p), Leader: s.players == 1 && int8(p) == s.leader}
	if r.pilot >= 0 {
		pc := &s.t.pilots[r.pilot]
		pv.Pilot, pv.Rank, pv.Ability = pc.name, pc.rank, pc.text
		rec := &s.pilots[r.pilot]
		pv.Medals = int(rec.medals)
		pv.Victories = [3]int{int(rec.kills[0]), int(rec.kills[1]), int(rec.kills[2])}
		if rec.spec > 0 {
			pv.Specialization = [3]string{"fighters", "heavy fighters", "bombers"}[rec.spec-1]
			pv.Level, pv.Clock = specLevel(rec), int(rec.clock)
		}
	}
	for _, k := range r.track[:r.ndmg] {
		pv.Damage = append(pv.Damage, tokenNames[k])
	}
	if s.owns(seat, p) {
		pv.Hand = []CardView{}
		for h := r.hand; h != 0; h &= h - 1 {
			pv.Hand = append(pv.Hand, s.cardView(trailing(h)))
		}
	}
	return pv
}

func (s *State) cardView(c int) CardView {
	k := &s.t.cards[c]
	cv := CardView{ID: k.id, Move: k.move, Defence: k.defence, Symbol: k.sym.String(), Effect: k.effect,
		Set: []string{k.set[0].String(), k.set[1].String()}}
	if k.token {
		cv.Trigger = "token"
	}
	for _, x := range k.support {
		cv.Support = append(cv.Support, x.String())
	}
	return cv
}

// routeView lists the areas of squadron q's course, from its lead plane's
// area to where it is going, by the shortest route; nil when it has none.
func (s *State) routeView(q int) []string {
	from, to, ok := s.course(q)
	if !ok || from == to {
		return nil
	}
	route := []string{s.t.areas[from].id}
	for a := from; a != to; {
		a = s.t.next[a][to]
		route = append(route, s.t.areas[a].id)
	}
	return route
}

// modeOf names German plane i's current mode.
func (s *State) modeOf(i int) string {
	g := &s.ger[i]
	sq := &s.sq[g.squad]
	switch {
	case g.flags&gBombed != 0:
		return "escape"
	case s.isBomber(i):
		return "bombing"
	case sq.mode == modeEscort && s.squadHasBombers(int(g.squad)):
		return "close escort"
	case sq.mode == modeEscort:
		return "patrol"
	}
	return modeNames[sq.mode]
}

// ViewSeat is the seat the view was made for.
func (v *View) ViewSeat() engine.Seat { return v.Seat }

// Sample returns a state consistent with the view: the cards the seat
// cannot see (the deck and the other seats' hands) dealt again at random,
// each hand keeping its size (a determinization).
func (v *View) Sample(r *engine.Rand) engine.State {
	s := v.state
	if v.Seat < 0 {
		return &s
	}
	unknown := s.deck
	for p := range s.nPl {
		if !s.owns(v.Seat, int(p)) {
			unknown |= s.raf[p].hand
		}
	}
	for p := range s.nPl {
		if s.owns(v.Seat, int(p)) {
			continue
		}
		n := bits.OnesCount64(s.raf[p].hand)
		s.raf[p].hand = 0
		for range n {
			c := nthBit(unknown, r.IntN(bits.OnesCount64(unknown)))
			unknown &^= 1 << c
			s.raf[p].hand |= 1 << c
		}
	}
	s.deck = unknown
	s.sampleHidden(r)
	// Face-down ace tokens are redrawn from those nobody has seen.
	for _, group := range [2]uint8{bomberAces, fighterAces} {
		pool := s.acePool & group
		for q := range s.nSq {
			if a := s.sq[q].ace; a > 0 && !s.sq[q].aceUp && group>>(a-1)&1 == 1 {
				pool |= 1 << (a - 1)
			}
		}
		for q := range s.nSq {
			if a := s.sq[q].ace; a > 0 && !s.sq[q].aceUp && group>>(a-1)&1 == 1 {
				k := nthBit(uint64(pool), r.IntN(bits.OnesCount8(pool)))
				pool &^= 1 << k
				s.sq[q].ace = int8(k + 1)
			}
		}
		s.acePool = s.acePool&^group | pool
	}
	return &s
}

// nthBit is the index of the k-th set bit of m (from 0).
func nthBit(m uint64, k int) int {
	for ; k > 0; k-- {
		m &= m - 1
	}
	return trailing(m)
}
