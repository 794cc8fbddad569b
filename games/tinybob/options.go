package tinybob

import (
	"fmt"
	"strconv"
	"strings"

	"scramble/engine"
)

// config is the setup of one game, read from its options (TB-5 … TB-9).
type config struct {
	loc       [numRows]int8   // location dice (TB-5)
	resources int8            // starting resources (TB-5)
	aces      int8            // starting Aces (TB-5)
	luftwaffe int8            // starting value of every Luftwaffe die (TB-6)
	raf       [numPlaces]int8 // RAF pips per row, then the Reserve (TB-8)
	waves     int8            // starting Wave Tracker value (TB-9)
	priority  int8            // priority target row 0..4, or -1 to roll it (TB-7)
}

// Options lists the setup options: every value of TB-5 … TB-9.
func (Game) Options() []engine.OptionSpec {
	loc := func(name, title string) engine.OptionSpec {
		return engine.OptionSpec{
			Name: name, Label: title + " at the start", Kind: engine.IntOption, Default: "3", Min: 1, Max: 6, Rule: "TB-5",
			Doc: "starting value of the " + title + " location die",
		}
	}
	return []engine.OptionSpec{
		loc("industry", "Industry"),
		loc("antiair", "Anti-Air"),
		loc("warning", "Early Warning"),
		loc("fuel", "Fuel Dumps"),
		loc("airfields", "Airfields"),
		{Name: "resources", Label: "Starting resources", Kind: engine.IntOption, Default: "0", Min: 0, Max: 6, Rule: "TB-5",
			Doc: "resources the RAF holds before the first phase 1"},
		{Name: "aces", Label: "Starting Aces", Kind: engine.IntOption, Default: "0", Min: 0, Max: 6, Rule: "TB-5",
			Doc: "Aces the RAF holds at the start"},
		{Name: "luftwaffe", Label: "Luftwaffe dice at the start", Kind: engine.IntOption, Default: "3", Min: 1, Max: 6, Rule: "TB-6",
			Doc: "starting value of every Luftwaffe die (clean-up still resets dice to 3, TB-19)"},
		{Name: "raf", Label: "RAF planes per row", Kind: engine.TextOption, Default: "2,2,2,2,2", Rule: "TB-8",
			Doc: "RAF pips in rows 1-5 at the start, five numbers 0-6 separated by commas; with reserve, at most five red dice in use and at least one pip in all"},
		{Name: "reserve", Label: "Planes in the Reserve", Kind: engine.IntOption, Default: "0", Min: 0, Max: 6, Rule: "TB-8",
			Doc: "RAF pips in the Reserve at the start"},
		{Name: "waves", Label: "Waves", Kind: engine.IntOption, Default: "4", Min: 1, Max: 6, Rule: "TB-9",
			Doc: "starting value of the Wave Tracker: the number of waves, four rounds each"},
		{Name: "priority", Label: "Priority target", Kind: engine.ChoiceOption, Default: "random",
			Choices:      []string{"random", "1", "2", "3", "4", "5"},
			ChoiceLabels: []string{"rolled at setup", "1 Industry", "2 Anti-Air", "3 Early Warning", "4 Fuel Dumps", "5 Airfields"}, Rule: "TB-7",
			Doc: "the Luftwaffe's priority target row (1 Industry … 5 Airfields), or random to roll it at setup"},
	}
}

// parseConfig reads resolved options into a config and checks what the
// option specs cannot: the RAF placement (TB-4, TB-8).
func parseConfig(o engine.Options) (config, error) {
	var c config
	for r, name := range [numRows]string{"industry", "antiair", "warning", "fuel", "airfields"} {
		c.loc[r] = int8(o.Int(name))
	}
	c.resources = int8(o.Int("resources"))
	c.aces = int8(o.Int("aces"))
	c.luftwaffe = int8(o.Int("luftwaffe"))
	c.waves = int8(o.Int("waves"))
	c.priority = -1
	if p := o["priority"]; p != "random" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > numRows {
			return c, fmt.Errorf("option priority: %q is not random or a row 1-5 (TB-7)", p)
		}
		c.priority = int8(n - 1)
	}
	fields := strings.Split(o["raf"], ",")
	if len(fields) != numRows {
		return c, fmt.Errorf("option raf: %q must give five numbers separated by commas, one per row (TB-8)", o["raf"])
	}
	for r, f := range fields {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n > 6 {
			return c, fmt.Errorf("option raf: row %d has %q, not a number of pips 0-6 (TB-4)", r+1, strings.TrimSpace(f))
		}
		c.raf[r] = int8(n)
	}
	c.raf[reserve] = int8(o.Int("reserve"))
	dice, pips := 0, 0
	for _, p := range c.raf {
		if p > 0 {
			dice++
		}
		pips += int(p)
	}
	if dice > redDice {
		return c, fmt.Errorf("options raf and reserve: the placement uses %d red dice but the RAF has only %d (TB-4)", dice, redDice)
	}
	if pips < 1 {
		return c, fmt.Errorf("options raf and reserve: the RAF needs at least one plane at the start, or it has already lost (TB-18)")
	}
	return c, nil
}
