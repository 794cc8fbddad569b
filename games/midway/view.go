package midway

import "scramble/engine"

// View is what one seat may see (2.4.2, 2.4.3, MW-17): the board, the pool
// and the scores; its own hand, bid and plan; of the rival only the size of
// its hand and whether it has chosen. Bids and plans show once revealed. It
// marshals to JSON for clients and prints as the terminal board.
type View struct {
	// Seat is the seat the view was made for (0 US, 1 Japan, or spectator).
	Seat engine.Seat `json:"seat"`
	// Mode is "hunt" or "domination".
	Mode string `json:"mode"`
	// Layout names the board layout (option layout).
	Layout string `json:"layout"`
	// Round is the round being played, from 1 (0 during setup).
	Round int `json:"round"`
	// MaxRounds is the round limit (MW-15).
	MaxRounds int `json:"max_rounds"`
	// Step names what the game waits for ("bid", "flight", "chain", ...).
	Step string `json:"step"`
	// ToAct is who acts: "US", "Japan", "both" (a secret choice), "cards" or
	// "nobody".
	ToAct string `json:"to_act"`
	// Asking says what is being asked, in plain words.
	Asking string `json:"asking"`
	// Board lists every area of the big tiles with its tile (0 = Midway).
	Board []AreaView `json:"board"`
	// Carriers are the two carriers' areas in the Hunt (US first).
	Carriers []HexView `json:"carriers,omitempty"`
	// Reinforcements are the Reinforcement Areas in Domination, per side.
	Reinforcements [][]HexView `json:"reinforcements,omitempty"`
	// Diagrams are the range diagrams (1.6.1), [side][0 fighter or ace, 1
	// bomber], as offsets seen by a plane facing E, for drawing around a
	// plane.
	Diagrams [2][2][]DiagramCell `json:"diagrams"`
	// SmallTiles are the laid small tiles.
	SmallTiles []HexView `json:"small_tiles"`
	// Planes are all twelve planes, US first.
	Planes []PlaneView `json:"planes"`
	// Initiative is the side holding the Initiative Card.
	Initiative string `json:"initiative"`
	// Points are each side's Command Points left (US, Japan).
	Points [2]int `json:"points"`
	// BidIn says whether each side has bid this round.
	BidIn [2]bool `json:"bid_in"`
	// Bids are the revealed bids, or this seat's own bid (-1: unknown).
	Bids [2]int `json:"bids"`
	// Score are the victory points (Domination).
	Score [2]int `json:"score"`
	// Threshold is the Domination victory threshold.
	Threshold int `json:"threshold"`
	// Hand is this seat's hand: order name to copies.
	Hand map[string]int `json:"hand,omitempty"`
	// HandSizes are the numbers of cards in each hand (public, MW-17).
	HandSizes [2]int `json:"hand_sizes"`
	// Pool is the Order Pool: four slots, "" when empty.
	Pool []CardView `json:"pool"`
	// PileSize is the number of cards in the face-down order pile.
	PileSize int `json:"pile_size"`
	// Discards is the number of discarded orders.
	Discards int `json:"discards"`
	// Flight is the flight in progress.
	Flight *FlightView `json:"flight,omitempty"`
	// Combat is the combat in progress.
	Combat *CombatView `json:"combat,omitempty"`
	// Firing is the Firing in progress.
	Firing *FiringView `json:"firing,omitempty"`
	// Over is true once the game has ended.
	Over bool `json:"over"`
	// Result is how the game ended, once it has.
	Result *engine.Result `json:"result,omitempty"`
	// Outcome explains the end in a sentence or two: who won, how, the
	// losses or the score.
	Outcome string `json:"outcome,omitempty"`

	state State // the state with what this seat cannot see folded away
	hands [2]int
}

// HexView is one area.
type HexView struct {
	Q int `json:"q"`
	R int `json:"r"`
}

// AreaView is one area of the big tiles.
type AreaView struct {
	Q    int `json:"q"`
	R    int `json:"r"`
	Tile int `json:"tile"`
}

// PlaneView is one plane.
type PlaneView struct {
	ID   int    `json:"id"`
	Side string `json:"side"`
	// Name is the plane within its side (F1..F4, B1, B2 or A1, A2); Label
	// names it with its side as actions and the log do ("US F1", "JP B2").
	Name   string `json:"name"`
	Label  string `json:"label"`
	Kind   string `json:"kind"` // fighter, bomber or ace
	Status string `json:"status"`
	Q      int    `json:"q"`
	R      int    `json:"r"`
	Facing string `json:"facing"`
	// Marker is true while it has an Activation Marker.
	Marker bool `json:"marker"`
}

// DiagramCell is one coloured offset of a range diagram.
type DiagramCell struct {
	Q      int    `json:"q"`
	R      int    `json:"r"`
	Colour string `json:"colour"`
}

// CardView is one card of the pool.
type CardView struct {
	Name string `json:"name"`
	Cost int    `json:"cost"`
}

// FlightView is a flight in progress.
type FlightView struct {
	Plane int `json:"plane"`
	Moves int `json:"moves"`
	Min   int `json:"min"`
	Max   int `json:"max"`
}

// CombatView is a combat in progress.
type CombatView struct {
	Attacker int `json:"attacker"`
	Defender int `json:"defender"`
	// Planned says whether each side has laid its tokens.
	Planned [2]bool `json:"planned"`
	// Plans are the tokens, shown to their own side at once and to all
	// once revealed.
	Plans [2][]string `json:"plans"`
	// First is the side resolving first, once chosen.
	First string `json:"first,omitempty"`
	// Modifiers describes Aileron Rolls and Veterans played.
	Modifiers string `json:"modifiers,omitempty"`
}

// FiringView is a Firing in progress.
type FiringView struct {
	Planes  [2]int    `json:"planes"`
	Colours [2]string `json:"colours"`
	Draw    [2]int    `json:"draw"`
	Cards   [2][]int  `json:"cards"`
	Thach   bool      `json:"thach"`
}

var stepNames = [...]string{stRefill: "refill", stPlace: "place", stBid: "bid", stActivate: "activate",
	stFlight: "flight", stPlan: "plan", stFirst: "first", stOmit: "omit", stChain: "chain",
	stReplan: "replan", stFire: "fire", stBuy: "buy", stReinforce: "reinforce", stOver: "over", stTile: "tile"}

var statusNames = [...]string{"unplaced", "flying", "down", "gone"}

// sees reports whether seat may see side sd's secrets.
func sees(seat engine.Seat, sd side) bool { return seat == engine.Seat(sd) }

// View returns what seat may see; any seat other than 0 and 1 gets the
// spectator's view.
func (s *State) View(seat engine.Seat) engine.View {
	if seat != 0 && seat != 1 {
		seat = engine.Spectator
	}
	v := &View{
		Seat: seat, Mode: [2]string{"hunt", "domination"}[s.mode], Layout: s.bd().name, Round: int(s.round), MaxRounds: int(s.maxRounds),
		Step: stepNames[s.step], Asking: s.asking(), Initiative: s.initiative.String(),
		Points: [2]int{int(s.points[US]), int(s.points[Japan])}, BidIn: s.bidIn, Bids: [2]int{-1, -1},
		Score: [2]int{int(s.score[US]), int(s.score[Japan])}, Threshold: int(s.threshold),
		PileSize: total(s.pile[:]), Discards: total(s.discard[:]), Over: s.step == stOver,
		Board: s.d.boardViews[s.lay], SmallTiles: []HexView{}, Diagrams: s.d.diagramViews,
	}
	switch c := s.Current(); {
	case c == engine.Simultaneous:
		v.ToAct = "both"
	case c == engine.Chance:
		v.ToAct = "cards"
	case c == engine.Terminal:
		v.ToAct = "nobody"
	default:
		v.ToAct = side(c).String()
	}
	if s.mode == hunt {
		v.Carriers = []HexView{hexView(s.carrier(US)), hexView(s.carrier(Japan))}
	} else {
		for sd := range numSides {
			var l []HexView
			for _, h := range s.bd().reinf[sd][:s.bd().numReinf[sd]] {
				l = append(l, hexView(h))
			}
			v.Reinforcements = append(v.Reinforcements, l)
		}
	}
	for _, t := range s.tiles {
		if t.placed {
			v.SmallTiles = append(v.SmallTiles, hexView(t.at))
		}
	}
	for i, p := range s.planes {
		kind := "fighter"
		if isSpecial(int8(i)) {
			kind = s.specialName()
		}
		v.Planes = append(v.Planes, PlaneView{ID: i, Side: sideOf(int8(i)).String(), Name: s.planeName(int8(i)), Label: s.fullName(int8(i)), Kind: kind,
			Status: statusNames[p.status], Q: int(p.pos.Q), R: int(p.pos.R), Facing: p.face.String(), Marker: p.marker})
	}
	for sd := range numSides {
		if s.bidShown || (s.bidIn[sd] && sees(seat, sd)) {
			v.Bids[sd] = int(s.bid[sd])
		}
		v.HandSizes[sd] = total(s.hand[sd][:])
	}
	if seat >= 0 {
		v.Hand = map[string]int{}
		for k, c := range s.hand[seat] {
			if c > 0 {
				v.Hand[s.cardName(side(seat), k)] = int(c)
			}
		}
	}
	for _, k := range s.pool {
		if k < 0 {
			v.Pool = append(v.Pool, CardView{})
			continue
		}
		v.Pool = append(v.Pool, CardView{Name: orderNames[k], Cost: int(s.d.orders[k].Cost)})
	}
	if s.step == stFlight {
		lo, hi := s.flightRange(s.mover)
		v.Flight = &FlightView{Plane: int(s.mover), Moves: int(s.moves), Min: int(lo), Max: int(hi)}
	}
	if s.cb.active() && s.step != stOver {
		c := &CombatView{Attacker: int(s.cb.plane[s.cb.attacker]), Defender: int(s.cb.plane[s.cb.attacker.other()]),
			Planned: s.cb.planned, Modifiers: s.cb.chainSummary()}
		for sd := range numSides {
			if s.cb.planned[sd] && (s.cb.revealed || sees(seat, side(sd))) {
				for _, t := range planTokens(s.cb.plan[sd]).list() {
					c.Plans[sd] = append(c.Plans[sd], tokNames[t])
				}
			}
		}
		if s.cb.resolved > 0 || s.cb.omit != [2]int8{-1, -1} || s.step == stOmit {
			c.First = s.cb.first.String()
		}
		v.Combat = c
	}
	if s.step == stFire {
		f := &s.fr
		v.Firing = &FiringView{Planes: [2]int{int(f.plane[US]), int(f.plane[Japan])},
			Colours: [2]string{f.col[US].String(), f.col[Japan].String()}, Draw: [2]int{int(f.n[US]), int(f.n[Japan])},
			Cards: [2][]int{f.cardsText(s.d, US), f.cardsText(s.d, Japan)}, Thach: f.thach}
	}
	if v.Over {
		r := s.Result()
		v.Result = &r
		v.Outcome = s.outcome()
	}
	v.state = s.folded(seat)
	v.hands = v.HandSizes
	return v
}

// folded returns a copy of s with what seat may not see put back where it
// cannot be told apart (MW-17): the rival's regular cards into the pile, its
// unrevealed bid and plan to 0.
func (s *State) folded(seat engine.Seat) State {
	c := *s
	c.log = nil
	for sd := range numSides {
		if sees(seat, side(sd)) {
			continue
		}
		for k := range numOrders {
			c.pile[k] += c.hand[sd][k]
			c.hand[sd][k] = 0
		}
		if !c.bidShown {
			c.bid[sd] = 0
		}
		if !c.cb.revealed {
			c.cb.plan[sd] = 0
		}
	}
	return c
}

// ViewSeat returns the seat the view was made for.
func (v *View) ViewSeat() engine.Seat { return v.Seat }

// Sample returns a full state consistent with the view (a determinization):
// the rival's hand is redrawn from the cards the seat cannot see, and its
// secret bid and plan are drawn among its choices.
func (v *View) Sample(r *engine.Rand) engine.State {
	c := v.state
	for sd := range numSides {
		if sees(v.Seat, side(sd)) {
			continue
		}
		for n := v.hands[sd] - int(c.hand[sd][specialSlot]); n > 0; n-- {
			k := r.IntN(total(c.pile[:]))
			for i, cnt := range c.pile {
				if k < int(cnt) {
					c.pile[i]--
					c.hand[sd][i]++
					break
				}
				k -= int(cnt)
			}
		}
		if c.bidIn[sd] && !c.bidShown {
			c.bid[sd] = int8(r.IntN(int(c.points[sd]) + 1))
		}
		if c.cb.active() && c.cb.planned[sd] && !c.cb.revealed {
			var buf [32]engine.Action
			plans := c.appendPlans(buf[:0], c.cb.plane[sd])
			c.cb.plan[sd] = int8(plans[r.IntN(len(plans))])
		}
	}
	return &c
}

// SampleOpen is Sample with the rival's secret bid or plan of the current
// simultaneous node taken back (engine.OpenSampler): the rival is to bid or
// plan again, so a search chooses it as the rival would rather than drawing
// it uniformly. Both secrets are of the node being played: a bid is
// revealed, and a plan too, as soon as the seat still to choose has chosen.
func (v *View) SampleOpen(r *engine.Rand) engine.State {
	c := v.Sample(r).(*State)
	for sd := range numSides {
		if sees(v.Seat, side(sd)) {
			continue
		}
		if c.step == stBid && c.bidIn[sd] {
			c.bid[sd], c.bidIn[sd] = 0, false
		}
		if c.step == stPlan && c.cb.planned[sd] {
			c.cb.plan[sd], c.cb.planned[sd] = 0, false
		}
	}
	return c
}

// cardName names slot k of a hand of side sd.
func (s *State) cardName(sd side, k int) string {
	if k == specialSlot {
		return s.d.special[sd]
	}
	return orderNames[k]
}

func hexView(h Hex) HexView { return HexView{int(h.Q), int(h.R)} }

// boardViews lists the areas of each layout of d: built once, when the data
// is loaded, and shared, read-only, by the views (a search builds a view at
// every secret choice it plays), as is diagramsView.
func boardViews(d *gameData) [][]AreaView {
	out := make([][]AreaView, len(d.layouts))
	for i, l := range d.layouts {
		out[i] = boardView(l)
	}
	return out
}

// boardView lists the areas of the big tiles of layout l.
func boardView(l *layout) []AreaView {
	var out []AreaView
	for t, c := range l.tileCentre {
		out = append(out, AreaView{int(c.Q), int(c.R), t})
		for f := range numFacings {
			h := c.step(f)
			out = append(out, AreaView{int(h.Q), int(h.R), t})
		}
	}
	return out
}

// diagramsView lists the range diagrams' coloured offsets.
func diagramsView(d *gameData) (out [2][2][]DiagramCell) {
	for sd := range numSides {
		for t := range 2 {
			for q := -diagRadius; q <= diagRadius; q++ {
				for r := -diagRadius; r <= diagRadius; r++ {
					if c := d.diagram[sd][t][q+diagRadius][r+diagRadius]; c != offDiagram {
						out[sd][t] = append(out[sd][t], DiagramCell{q, r, c.String()})
					}
				}
			}
		}
	}
	return out
}
