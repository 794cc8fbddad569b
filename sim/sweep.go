package sim

import (
	"context"
	"fmt"
	"strings"

	"scramble/engine"
)

// Axis is one option of a sweep and the values it takes.
type Axis struct {
	Key    string   `json:"key"`
	Values []string `json:"values"`
}

// ParseAxis reads an axis written "key=v1,v2,...", as --sweep takes it.
func ParseAxis(s string) (Axis, error) {
	k, vs, ok := strings.Cut(s, "=")
	k = strings.TrimSpace(k)
	if !ok || k == "" {
		return Axis{}, fmt.Errorf("sweep %q: write it as key=v1,v2,...", s)
	}
	a := Axis{Key: k}
	for _, v := range strings.Split(vs, ",") {
		v = strings.TrimSpace(v)
		if v == "" {
			return Axis{}, fmt.Errorf("sweep %q: an empty value; write key=v1,v2,... with no empty value", s)
		}
		for _, seen := range a.Values {
			if seen == v {
				return Axis{}, fmt.Errorf("sweep %q: the value %q is given twice", s, v)
			}
		}
		a.Values = append(a.Values, v)
	}
	return a, nil
}

// Grid returns every combination of the axes' values, each as the options
// it sets, the first axis varying slowest (as nested loops would list them).
// With no axes it is one empty combination.
func Grid(axes []Axis) []engine.Options {
	points := []engine.Options{{}}
	for _, a := range axes {
		next := make([]engine.Options, 0, len(points)*len(a.Values))
		for _, p := range points {
			for _, v := range a.Values {
				o := make(engine.Options, len(p)+1)
				for k, pv := range p {
					o[k] = pv
				}
				o[a.Key] = v
				next = append(next, o)
			}
		}
		points = next
	}
	return points
}

// SweepReport is the result of a sweep: one report per point of the grid.
// Its JSON form is stable.
type SweepReport struct {
	// Game is the game's short name.
	Game string `json:"game"`
	// Seed is the seed every point was run with.
	Seed uint64 `json:"seed"`
	// Games is the number of games of each point.
	Games int `json:"games"`
	// Axes are the swept options and their values.
	Axes []Axis `json:"axes"`
	// Points holds one report per combination, in Grid order.
	Points []SweepPoint `json:"points"`
}

// SweepPoint is one combination of a sweep and its report.
type SweepPoint struct {
	// Values are the swept options' values at this point.
	Values engine.Options `json:"values"`
	// Report is the point's report; its Options are the complete options.
	Report *Report `json:"report"`
}

// Sweep runs cfg once for each point of the grid of axes, the point's values
// set over cfg.Options. Every point plays with the same seed, so game i of
// every point rolls from the same dice stream (common random numbers): the
// differences between points owe less to luck. Every point's options are
// checked before the first game, and an axis may not name an option that
// cfg.Options sets or another axis sweeps. Progress, when set, counts the
// games of all points.
func Sweep(ctx context.Context, cfg Config, axes []Axis) (*SweepReport, error) {
	configs, err := sweepConfigs(cfg, axes)
	if err != nil {
		return nil, err
	}
	grid := Grid(axes)
	sr := &SweepReport{Game: cfg.Game.Info().Name, Seed: cfg.Seed, Games: cfg.N, Axes: axes}
	for i, c := range configs {
		rep, err := Run(ctx, c)
		if err != nil {
			return nil, fmt.Errorf("sweep point %s: %w", pointText(axes, grid[i]), err)
		}
		sr.Points = append(sr.Points, SweepPoint{Values: grid[i], Report: rep})
	}
	return sr, nil
}

// CheckSweep checks a sweep before any game is played: the axes, and the
// options of every point of the grid. Sweep does it too; a command calls it
// to tell a user's mistake from a failure while playing.
func CheckSweep(cfg Config, axes []Axis) error {
	_, err := sweepConfigs(cfg, axes)
	return err
}

// sweepConfigs checks a sweep and returns the Config of each point.
func sweepConfigs(cfg Config, axes []Axis) ([]Config, error) {
	if cfg.Game == nil {
		return nil, fmt.Errorf("sim: no game given")
	}
	if len(axes) == 0 {
		return nil, fmt.Errorf("sim: a sweep needs at least one axis (key=v1,v2,...)")
	}
	seen := map[string]bool{}
	for _, a := range axes {
		if seen[a.Key] {
			return nil, fmt.Errorf("sweep: option %s is swept twice; give all its values in one key=v1,v2,...", a.Key)
		}
		if _, set := cfg.Options[a.Key]; set {
			return nil, fmt.Errorf("sweep: option %s is both set and swept; drop one", a.Key)
		}
		if len(a.Values) == 0 {
			return nil, fmt.Errorf("sweep: option %s has no values", a.Key)
		}
		seen[a.Key] = true
	}
	grid := Grid(axes)
	configs := make([]Config, len(grid))
	for i, point := range grid {
		c := cfg
		c.Options = make(engine.Options, len(cfg.Options)+len(point))
		for k, v := range cfg.Options {
			c.Options[k] = v
		}
		for k, v := range point {
			c.Options[k] = v
		}
		if err := c.checkSeats(); err != nil {
			return nil, fmt.Errorf("sweep point %s: %w", pointText(axes, point), err)
		}
		if cfg.Progress != nil {
			before := i * cfg.N
			c.Progress = func(done int) { cfg.Progress(before + done) }
		}
		configs[i] = c
	}
	return configs, nil
}

// checkSeats checks c's options and that it has one bot per seat of the
// game they set up, making the bots with BotsFor when Bots is not given. It
// makes no bot: a sweep's cells are checked before any game is played.
func (c *Config) checkSeats() error {
	prep, _, err := engine.PrepareVariant(c.Game, c.Options, c.Data)
	if err != nil {
		return err
	}
	probe, err := prep.NewState(nil)
	if err != nil {
		return fmt.Errorf("%s: %w", c.Game.Info().Name, err)
	}
	seats := probe.Seats()
	if c.Bots == nil && c.BotsFor != nil {
		if c.Bots, err = c.BotsFor(seats); err != nil {
			return err
		}
	}
	if c.Bots != nil && len(c.Bots) != len(seats) {
		return seatsError(c.Game.Info().Name, len(seats), len(c.Bots))
	}
	return nil
}

// pointText writes a point's values in axis order: "waves=3 aces=1".
func pointText(axes []Axis, point engine.Options) string {
	parts := make([]string, len(axes))
	for i, a := range axes {
		parts[i] = a.Key + "=" + point[a.Key]
	}
	return strings.Join(parts, " ")
}
