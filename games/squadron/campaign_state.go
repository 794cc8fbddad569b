package squadron

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"scramble/engine"
)

// cstep says what the campaign is waiting for.
type cstep uint8

// The campaign's steps; while a scenario is played (cPlay) its State decides.
const (
	cPlay   cstep = iota // the scenario is being played
	cDeal                // chance: the squadron's next pilot card (campaign start)
	cInjure              // chance: the shot-down pilot injured
	cLose                // chance: the Reserve pilot lost to a damaged London
	cChoose              // seat 0: the next scenario, where the order allows a choice
	cOver                // the campaign is over
)

// leg is one scenario of the campaign, played or to come.
type leg struct {
	options uint8 // the scenarios allowed here, bit per scenario index
	sc      int8  // the scenario played, -1 until chosen
	played  bool
	won     bool
	cause   uint8
	aces    bool    // German aces added (the previous scenario was won)
	penalty [4]bool // the penalties in force: factory, london, port, radar
	evWon   int8    // events won
	evLost  int8    // events failed
}

// The penalties of failed events, as indexes of leg.penalty.
const (
	penFactory = iota
	penLondon
	penPort
	penRadar
)

var penaltyNames = [4]string{"factory", "london", "port", "radar"}

// campCore is the campaign's record: no pointers, no slices.
type campCore struct {
	step     cstep
	players  int8
	nPl      int8
	special  bool
	level    int8 // difficulty level (data/difficulty.json)
	resDelta int8 // the level's change to the Reserve
	mulligan bool
	legs     [maxLegs]leg
	nLegs    int8
	idx      int8  // the leg being played or next
	roster   uint8 // the squadron's pilot cards
	dealt    int8  // pilot cards dealt so far (campaign start)
	carried  [maxPlanes]int8
	injure   bool  // an injury is still to draw
	injured  uint8 // the pilot sitting out the next scenario
	lost     uint8 // Reserve pilots lost to London for the next scenario
	london   int8  // London losses still to draw
	recs     [numPilots]pilotRec
	injuries [numPilots]int8 // scenarios missed through injury, per pilot
	downs    [numPilots]int8 // times shot down, per pilot
	tiles    [maxAreas]int8  // Target Damage tiles
	sectors  [5]bool         // Radar penalty: sectors A-E hidden next
	wins     int8
}

// CampaignState is one moment of a campaign: its record and the scenario in
// play (after the last, the finished one). A copy is a deep copy.
type CampaignState struct {
	c   campCore
	s   State
	log *engine.Log
}

// newCampaign sets up a campaign with the squadron's pilot cards still to
// deal.
func newCampaign(t *tables, players int, legs []uint8, special, mulligan bool) *CampaignState {
	cs := &CampaignState{}
	c := &cs.c
	c.players, c.special, c.mulligan = int8(players), special, mulligan
	c.nPl = int8(players)
	if players == 1 {
		c.nPl = 2
	}
	for i, m := range legs {
		c.legs[i] = leg{options: m, sc: -1}
	}
	c.nLegs = int8(len(legs))
	for i := range c.carried {
		c.carried[i] = -1
	}
	// The scenario shown until the first begins: the first leg's first
	// option, not yet played.
	cs.s = *newState(t, bits.TrailingZeros8(legs[0]), players, extras{})
	c.step = cDeal
	return cs
}

// squadronSize is the campaign's pilot cards: one per plane and the
// Reserve, one fewer than the players (Game set up 2).
func (c *campCore) squadronSize() int {
	// The campaign always keeps a Reserve of one at least: a pilot put
	// aside (injured, lost) must leave every seat a pilot.
	return min(numPilots, int(c.nPl)+max(1, max(int(c.players), 2)-1+int(c.resDelta)))
}

// setLevel sets the campaign's difficulty level: the Reserve's change is
// made to the squadron dealt at the start, the Elite aces and the Mulligan
// to each scenario (applyLevel).
func (cs *CampaignState) setLevel(lv int) {
	c := &cs.c
	c.level, c.resDelta = int8(lv), int8(cs.s.t.levels[lv].reserve)
	cs.s.applyLevel(lv)
}

// Seats returns the pilots' seats, as in the scenario.
func (cs *CampaignState) Seats() []engine.SeatInfo { return cs.s.Seats() }

// Current says who acts: the scenario's seat or dice while one is played,
// else the campaign's chance nodes or seat 0's choice.
func (cs *CampaignState) Current() engine.Seat {
	switch cs.c.step {
	case cPlay:
		return cs.s.Current()
	case cDeal, cInjure, cLose:
		return engine.Chance
	case cChoose:
		return 0
	}
	return engine.Terminal
}

// campMask is the set of equally likely outcomes of the campaign's chance
// node, or the scenarios seat 0 may choose.
func (cs *CampaignState) campMask() uint8 {
	c := &cs.c
	switch c.step {
	case cDeal:
		return (1<<numPilots - 1) &^ c.roster
	case cInjure:
		return cs.s.downs & cs.reservePool()
	case cLose:
		return cs.reservePool()
	case cChoose:
		return c.legs[c.idx].options
	}
	return 0
}

// Legal appends the actions seat may take now.
func (cs *CampaignState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if cs.c.step == cPlay {
		return cs.s.Legal(seat, buf)
	}
	if seat != cs.Current() || cs.c.step == cOver {
		return buf
	}
	for m := cs.campMask(); m != 0; m &= m - 1 {
		buf = append(buf, engine.Action(bits.TrailingZeros8(m)))
	}
	return buf
}

// ChanceOutcomes appends the current chance node's outcomes.
func (cs *CampaignState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if cs.c.step == cPlay {
		return cs.s.ChanceOutcomes(buf)
	}
	if cs.Current() != engine.Chance {
		return buf
	}
	m := cs.campMask()
	p := 1 / float64(bits.OnesCount8(m))
	for ; m != 0; m &= m - 1 {
		buf = append(buf, engine.Outcome{Action: engine.Action(bits.TrailingZeros8(m)), Prob: p})
	}
	return buf
}

// Apply validates and applies one action of seat; an illegal action
// changes nothing.
func (cs *CampaignState) Apply(seat engine.Seat, a engine.Action) error {
	if cs.c.step == cPlay {
		if err := cs.s.Apply(seat, a); err != nil {
			return err
		}
		cs.afterScenarioStep()
		return nil
	}
	if cs.c.step == cOver {
		return engine.Illegal("The Campaign", "the campaign is over")
	}
	if cur := cs.Current(); seat != cur {
		return engine.Illegal("The Campaign", "it is not seat %s's turn: %s", seat, cs.asking())
	}
	if a < 0 || a >= 8 || cs.campMask()>>a&1 == 0 {
		return engine.Illegal("The Campaign", "%s is not possible now: %s", strconv.Itoa(int(a)), cs.asking())
	}
	cs.applyCamp(int(a))
	return nil
}

// Roll resolves the current chance node from r (engine.Roller).
func (cs *CampaignState) Roll(r *engine.Rand) {
	if cs.c.step == cPlay {
		cs.s.Roll(r)
		cs.afterScenarioStep()
		return
	}
	m := cs.campMask()
	cs.applyCamp(nthBit(uint64(m), r.IntN(bits.OnesCount8(m))))
}

// afterScenarioStep closes the scenario when its last action ended it.
func (cs *CampaignState) afterScenarioStep() {
	if cs.s.step == stOver {
		cs.closeScenario()
	}
}

// ActionString gives the text form of an action of seat.
func (cs *CampaignState) ActionString(seat engine.Seat, a engine.Action) string {
	if cs.c.step == cPlay {
		return cs.s.ActionString(seat, a)
	}
	n := int(a)
	switch cs.c.step {
	case cDeal, cInjure, cLose:
		if n >= 0 && n < numPilots {
			return [...]string{cDeal: "pilot ", cInjure: "injured ", cLose: "lost "}[cs.c.step] + cs.s.t.pilots[n].id
		}
	case cChoose:
		if n >= 0 && n < len(cs.s.t.scenarios) {
			return "scenario " + cs.s.t.scenarios[n].id
		}
	}
	return "invalid action " + strconv.Itoa(n)
}

// ParseAction reads the text form of an action of seat.
func (cs *CampaignState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	if cs.c.step == cPlay {
		return cs.s.ParseAction(seat, text)
	}
	w := strings.Fields(strings.ToLower(text))
	if len(w) == 2 {
		switch {
		case cs.c.step == cChoose && w[0] == "scenario":
			if k := cs.s.t.scenarioIndex(w[1]); k >= 0 {
				return engine.Action(k), nil
			}
		case w[0] == "pilot" || w[0] == "injured" || w[0] == "lost":
			for k := range cs.s.t.pilots {
				if cs.s.t.pilots[k].id == w[1] {
					return engine.Action(k), nil
				}
			}
		}
	}
	return 0, engine.Illegal("The Campaign", "cannot read %q: %s", text, cs.asking())
}

// Clone returns an independent copy that writes no events.
func (cs *CampaignState) Clone() engine.State {
	c := *cs
	c.log, c.s.log = nil, nil
	return &c
}

// SetLog makes the campaign and its scenarios write their events to log.
func (cs *CampaignState) SetLog(log *engine.Log) {
	cs.log = log
	cs.s.log = log
	if log != nil && cs.c.step == cDeal && cs.c.dealt == 0 {
		cs.logf("Campaign: %s scenarios with %s", strconv.Itoa(int(cs.c.nLegs)), plural(int(cs.c.players), "player"))
	}
}

// logf adds one campaign event; callers check cs.log != nil first.
func (cs *CampaignState) logf(format string, args ...any) {
	cs.log.Add(fmt.Sprintf(format, args...))
}

// String renders the whole state: the campaign's record and the scenario.
func (cs *CampaignState) String() string {
	return fmt.Sprintf("campaign %+v\n%s", cs.c, cs.s.String())
}

// MaxLength bounds the actions of this campaign (engine.Bounded).
func (cs *CampaignState) MaxLength() int {
	legs := make([]uint8, cs.c.nLegs)
	for i := range legs {
		legs[i] = cs.c.legs[i].options
	}
	return campaignBound(cs.s.t, legs)
}

// PassAction names the scenario's pass while one is played (engine.Passer).
func (cs *CampaignState) PassAction(seat engine.Seat) (engine.Action, bool) {
	if cs.c.step == cPlay {
		return cs.s.PassAction(seat)
	}
	return 0, false
}

// Evaluate scores the position for seat (engine.Evaluator): the share of
// the scenarios won so far, the one in play counted by its own heuristic.
// Between two scenarios, and through the setup and first two turns of the
// next, the results so far count alone: a search near the end of a
// scenario, whose playouts cross into the next, then sees that scenario's
// result as sharply as in a single scenario, undimmed by the random start
// of the next (docs/bots.md, "303 Squadron campaign", has the figures).
func (cs *CampaignState) Evaluate(seat engine.Seat) float64 {
	c := &cs.c
	if c.step == cPlay && (c.idx == 0 || cs.s.turn > 2) {
		return (float64(c.wins) + cs.s.Evaluate(seat)) / float64(c.idx+1)
	}
	return float64(c.wins) / float64(max(c.idx, 1))
}

// Result tells how the campaign ended: the players win it with at least two
// scenarios won, one of them the last (The Campaign).
func (cs *CampaignState) Result() engine.Result {
	c := &cs.c
	won := cs.campaignWon()
	res := engine.Result{Returns: make([]float64, len(cs.Seats())), Winner: "Luftwaffe", Cause: "campaign lost", Rounds: int(c.nLegs)}
	if won {
		res.Winner, res.Cause = "RAF", "campaign won"
		for i := range res.Returns {
			res.Returns[i] = 1
		}
	}
	kills, tiles := 0, 0
	for _, r := range c.recs {
		kills += int(r.kills[0] + r.kills[1] + r.kills[2])
	}
	for _, n := range c.tiles {
		tiles += int(n)
	}
	res.Score = int(c.wins)
	res.Stats = []engine.Stat{
		{Name: "scenarios won", Value: float64(c.wins)},
		{Name: "victories", Value: float64(kills)},
		{Name: "target damage tiles", Value: float64(tiles)},
	}
	for i := range c.nLegs {
		won := 0.0
		if c.legs[i].won {
			won = 1
		}
		res.Stats = append(res.Stats, engine.Stat{Name: "scenario " + strconv.Itoa(int(i)+1) + " won", Value: won})
	}
	return res
}

// campaignWon reports whether at least two scenarios were won, the last
// among them.
func (cs *CampaignState) campaignWon() bool {
	c := &cs.c
	last := c.legs[c.nLegs-1]
	return c.wins >= 2 && last.played && last.won
}
