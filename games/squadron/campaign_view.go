package squadron

import (
	"fmt"
	"math/bits"
	"strings"

	"scramble/engine"
)

// CampaignView is what one seat sees of a campaign: the whole record, which
// is public, and the view of the scenario in play (after the last, the
// finished one). It marshals to JSON and prints as the terminal rendering.
type CampaignView struct {
	// Seat is the seat the view was made for.
	Seat engine.Seat `json:"seat"`
	// Campaign is the campaign's record.
	Campaign RecordView `json:"campaign"`
	// Scenario is the view of the scenario in play.
	Scenario *View `json:"scenario"`

	c campCore
}

// RecordView is the campaign's record.
type RecordView struct {
	// Asking says what the campaign is waiting for.
	Asking string `json:"asking"`
	// Legs are the campaign's scenarios in order, played or to come.
	Legs []LegView `json:"legs"`
	// Current is the 0-based index of the leg in play or next.
	Current int `json:"current"`
	// Won counts the scenarios won.
	Won int `json:"won"`
	// Pilots are the squadron's pilots and what they carry.
	Pilots []RecordPilot `json:"pilots"`
	// Damaged lists the areas with Target Damage tiles.
	Damaged []DamageTile `json:"damaged"`
	// Over and Victory tell whether the campaign ended and was won.
	Over    bool `json:"over"`
	Victory bool `json:"victory"`
	// Choices are the scenarios the players may choose next, while they
	// choose: the action's text, the title and a one-line description.
	Choices []ScenarioChoice `json:"choices,omitempty"`
	// Difficulty is the campaign's difficulty level.
	Difficulty string `json:"difficulty"`
}

// ScenarioChoice is one scenario offered as the campaign's next.
type ScenarioChoice struct {
	Action      string `json:"action"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

// LegView is one scenario of the campaign.
type LegView struct {
	// Scenario is the scenario's name, or the choices "A or B" until chosen.
	Scenario string `json:"scenario"`
	// Result is "won", "lost", "playing" or "to come".
	Result string `json:"result"`
	// Cause says why a played scenario ended.
	Cause string `json:"cause,omitempty"`
	// Aces is true when the Germans have an ace for every squadron.
	Aces bool `json:"aces,omitempty"`
	// Penalties are the failed events' penalties in force.
	Penalties []string `json:"penalties,omitempty"`
	// EventsWon and EventsLost count the scenario's events.
	EventsWon  int `json:"events_won,omitempty"`
	EventsLost int `json:"events_lost,omitempty"`
}

// RecordPilot is one of the squadron's pilots.
type RecordPilot struct {
	// Name is the pilot's name.
	Name string `json:"name"`
	// Victories counts the German planes shot down: fighters, heavy
	// fighters, bombers.
	Victories [3]int `json:"victories"`
	// Medals is the pilot's unused Medals.
	Medals int `json:"medals"`
	// Specialization is the pilot's class, with its level.
	Specialization string `json:"specialization,omitempty"`
	Level          int    `json:"level,omitempty"`
	// Status is where the pilot is: between scenarios "plane N" (carried
	// over), "reserve", "injured" or "lost" (London); while a scenario is
	// played "flying plane N", "shot down", "withdrawn", "reserve",
	// "injured" or "lost".
	Status string `json:"status"`
	// Injuries and ShotDown count the scenarios missed through injury
	// and the times shot down.
	Injuries int `json:"injuries,omitempty"`
	ShotDown int `json:"shot_down,omitempty"`
}

// DamageTile is one area's Target Damage tiles.
type DamageTile struct {
	// Area and Name are the area's id and name.
	Area string `json:"area"`
	Name string `json:"name"`
	// Tiles is the number of tiles on it.
	Tiles int `json:"tiles"`
}

// View returns what seat may see: the record and the scenario's view. It
// gives the campaign's policy advice (CampaignView.Advise).
func (cs *CampaignState) View(seat engine.Seat) engine.View {
	return cs.campaignView(seat)
}

// campaignView builds seat's view.
func (cs *CampaignState) campaignView(seat engine.Seat) *CampaignView {
	sv := cs.s.View(seat).(*View)
	if cs.c.step != cPlay {
		// Between scenarios the campaign asks, not the scenario.
		sv.Asking = cs.asking()
		sv.ToAct = toActName(cs.Seats(), cs.Current())
	}
	return &CampaignView{Seat: seat, Scenario: sv, c: cs.c, Campaign: cs.record()}
}

// record builds the public record of the campaign.
func (cs *CampaignState) record() RecordView {
	c := &cs.c
	t := cs.s.t
	rv := RecordView{Asking: cs.asking(), Current: int(c.idx), Won: int(c.wins), Over: c.step == cOver,
		Legs: []LegView{}, Pilots: []RecordPilot{}, Damaged: []DamageTile{}}
	rv.Victory = rv.Over && cs.campaignWon()
	rv.Difficulty = t.levels[c.level].name
	if c.step == cChoose {
		for m := c.legs[c.idx].options; m != 0; m &= m - 1 {
			k := bits.TrailingZeros8(m)
			sc := &t.scenarios[k]
			rv.Choices = append(rv.Choices, ScenarioChoice{Action: "scenario " + sc.id, Title: sc.name, Description: sc.desc})
		}
	}
	for i := range c.nLegs {
		l := &c.legs[i]
		lv := LegView{Scenario: legName(t, l), Aces: l.aces, EventsWon: int(l.evWon), EventsLost: int(l.evLost)}
		switch {
		case l.played && l.won:
			lv.Result, lv.Cause = "won", causeNames[l.cause]
		case l.played:
			lv.Result, lv.Cause = "lost", causeNames[l.cause]
		case i == c.idx && c.step == cPlay:
			lv.Result = "playing"
		default:
			lv.Result = "to come"
		}
		for k, on := range l.penalty {
			if on {
				lv.Penalties = append(lv.Penalties, penaltyNames[k])
			}
		}
		rv.Legs = append(rv.Legs, lv)
	}
	recs := c.recs
	if c.step == cPlay {
		recs = cs.s.pilots
	}
	for k := range numPilots {
		if c.roster>>k&1 == 0 {
			continue
		}
		r := &recs[k]
		rp := RecordPilot{Name: t.pilots[k].name, Medals: int(r.medals), Injuries: int(c.injuries[k]), ShotDown: int(c.downs[k]),
			Victories: [3]int{int(r.kills[0]), int(r.kills[1]), int(r.kills[2])}, Status: cs.pilotStatus(k)}
		if r.spec > 0 {
			rp.Specialization = specClassNames[r.spec-1]
			rp.Level = specLevel(r)
		}
		rv.Pilots = append(rv.Pilots, rp)
	}
	for a, n := range c.tiles {
		if n > 0 {
			rv.Damaged = append(rv.Damaged, DamageTile{Area: t.areas[a].id, Name: t.areas[a].name, Tiles: int(n)})
		}
	}
	return rv
}

var specClassNames = [3]string{"fighters", "heavy fighters", "bombers"}

// legName names a leg's scenario, or its choices.
func legName(t *tables, l *leg) string {
	if l.sc >= 0 {
		return t.scenarios[l.sc].name
	}
	var names []string
	for k := range t.scenarios {
		if l.options>>k&1 == 1 {
			names = append(names, t.scenarios[k].name)
		}
	}
	return strings.Join(names, " or ")
}

// pilotStatus says where pilot card k is in the campaign.
func (cs *CampaignState) pilotStatus(k int) string {
	c := &cs.c
	switch {
	case c.injured>>k&1 == 1:
		return "injured"
	case c.lost>>k&1 == 1:
		return "lost"
	}
	if c.step == cPlay {
		for p := range c.nPl {
			if cs.s.raf[p].pilot == int8(k) && cs.s.raf[p].status == stActive {
				return fmt.Sprintf("flying plane %d", p+1)
			}
		}
		if cs.s.downs>>k&1 == 1 {
			return "shot down"
		}
		if cs.s.pilots[k].used {
			return "withdrawn"
		}
		return "reserve"
	}
	for p := range c.nPl {
		if c.carried[p] == int8(k) {
			return fmt.Sprintf("plane %d", p+1)
		}
	}
	return "reserve"
}

// ViewSeat is the seat the view was made for.
func (v *CampaignView) ViewSeat() engine.Seat { return v.Seat }

// Sample returns a campaign consistent with the view: the record is public,
// the scenario is sampled as squadron's View.Sample does.
func (v *CampaignView) Sample(r *engine.Rand) engine.State {
	s := v.Scenario.Sample(r).(*State)
	return &CampaignState{c: v.c, s: *s}
}

// String renders the campaign and the scenario as the terminal board. While
// a scenario is played, the record is one short paragraph above the
// scenario's board (its scenario, the penalties in force, the pilots off the
// board), so that a decision fits 40 rows; between scenarios and at the end
// it is the whole record. The sheet command always shows the whole record.
func (v *CampaignView) String() string {
	rv := &v.Campaign
	if !rv.Over && v.c.step != cPlay && v.Scenario != nil && v.Scenario.Result != nil {
		// Between scenarios: the record and how the last one ended.
		return v.record() + fmt.Sprintf("Last scenario, %s: %s wins (%s)\n", v.Scenario.Scenario, v.Scenario.Result.Winner, v.Scenario.Result.Cause)
	}
	if rv.Over || v.c.step != cPlay || rv.Current >= len(rv.Legs) {
		return v.record() + "\n" + v.Scenario.String()
	}
	var b strings.Builder
	l := rv.Legs[rv.Current]
	fmt.Fprintf(&b, "303 Squadron campaign: %d of %d scenarios won; %d. %s", rv.Won, len(rv.Legs), rv.Current+1, l.Scenario)
	if len(l.Penalties) > 0 {
		fmt.Fprintf(&b, " (penalties: %s)", strings.Join(l.Penalties, ", "))
	}
	var off []string
	for _, p := range rv.Pilots {
		if !strings.HasPrefix(p.Status, "flying") {
			off = append(off, fmt.Sprintf("%s (%s)", p.Name, p.Status))
		}
	}
	if len(off) > 0 {
		fmt.Fprintf(&b, "; off the board: %s", strings.Join(off, "; "))
	}
	b.WriteString("; sheet: the record\n\n")
	b.WriteString(v.Scenario.String())
	return b.String()
}

// record writes the campaign's whole record: each scenario and its result,
// the squadron's pilots and what they carry, the Target Damage tiles.
func (v *CampaignView) record() string {
	var b strings.Builder
	rv := &v.Campaign
	fmt.Fprintf(&b, "303 Squadron campaign: %d of %d scenarios won", rv.Won, len(rv.Legs))
	switch {
	case rv.Victory:
		b.WriteString(" - the campaign is won")
	case rv.Over:
		b.WriteString(" - the campaign is lost")
	}
	b.WriteString("\nScenarios:\n")
	for i, l := range rv.Legs {
		fmt.Fprintf(&b, "  %d. %s: %s", i+1, l.Scenario, l.Result)
		if l.Cause != "" {
			fmt.Fprintf(&b, " (%s)", l.Cause)
		}
		if l.EventsWon+l.EventsLost > 0 {
			fmt.Fprintf(&b, ", events %d won %d failed", l.EventsWon, l.EventsLost)
		}
		if l.Aces {
			b.WriteString(", German aces")
		}
		if len(l.Penalties) > 0 {
			fmt.Fprintf(&b, ", penalties: %s", strings.Join(l.Penalties, ", "))
		}
		b.WriteString("\n")
	}
	b.WriteString("Pilots:\n")
	for _, p := range rv.Pilots {
		fmt.Fprintf(&b, "  %s: %s, victories %d/%d/%d, %s", p.Name, p.Status, p.Victories[0], p.Victories[1], p.Victories[2], plural(p.Medals, "medal"))
		if p.Specialization != "" {
			fmt.Fprintf(&b, ", %s level %d", p.Specialization, p.Level)
		}
		if p.ShotDown > 0 {
			fmt.Fprintf(&b, ", shot down %d", p.ShotDown)
		}
		if p.Injuries > 0 {
			fmt.Fprintf(&b, ", injured %d", p.Injuries)
		}
		b.WriteString("\n")
	}
	if len(rv.Damaged) > 0 {
		b.WriteString("Target Damage tiles:")
		for _, d := range rv.Damaged {
			fmt.Fprintf(&b, " %s %s (%d)", d.Area, d.Name, d.Tiles)
		}
		b.WriteString("\n")
	}
	if !rv.Over && v.c.step != cPlay {
		fmt.Fprintf(&b, "Between scenarios: %s\n", rv.Asking)
	}
	return b.String()
}

// AdviseSeat is CampaignView.Advise for seat, the seat to move (the only one
// with legal actions), without building a view (bot.SeatAdvisor, for
// searches): a campaign view builds the scenario's view and the campaign's
// record, which cost far more than the advice itself, and a search's
// playouts ask at every step.
func (cs *CampaignState) AdviseSeat(_ engine.Seat, legal []engine.Action, r *engine.Rand) engine.Action {
	return adviseCampaign(cs.c.step, &cs.s, legal, r)
}

// adviseCampaign is the campaign's policy at step: the scenario s's advice
// while one is played; between scenarios a legal action at random (the
// choice of the next has no policy).
func adviseCampaign(step cstep, s *State, legal []engine.Action, r *engine.Rand) engine.Action {
	if step == cPlay {
		return s.advise(legal, r)
	}
	return legal[r.IntN(len(legal))]
}

// Advise gives the campaign's policy advice (adviseCampaign) from the
// scenario's view (bot.Advisor).
func (v *CampaignView) Advise(legal []engine.Action, r *engine.Rand) engine.Action {
	return adviseCampaign(v.c.step, &v.Scenario.state, legal, r)
}
