package tune

import (
	"encoding/json"
	"fmt"

	"scramble/engine"
	"scramble/sim"
)

// odds is the tests' game: one roll decides it, seat A winning with chance
// (bias+extra)/20, where bias is an option and extra a value of its data
// file odds.json; the game lasts 1+pad rounds. Its known optimum for a win
// rate r of A is bias+extra = 20r.
type odds struct{}

func (odds) Info() engine.Info {
	return engine.Info{Name: "odds", Title: "Odds", Summary: "One roll.", MaxLength: 10}
}

func (odds) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "bias", Kind: engine.IntOption, Default: "10", Min: 0, Max: 20, Doc: "A's chance in twentieths"},
		{Name: "pad", Kind: engine.IntOption, Default: "0", Min: 0, Max: 4, Doc: "rounds added to the game"},
	}
}

const oddsFile = `{"extra": 0, "note": "kept"}`

func (odds) New(o engine.Options) (engine.State, error) {
	return newOdds(o, []byte(oddsFile))
}

// DataFile gives odds.json.
func (odds) DataFile(name string) ([]byte, error) {
	if name != "odds.json" {
		return nil, fmt.Errorf("no data file %q; the file is odds.json", name)
	}
	return []byte(oddsFile), nil
}

// PrepareData takes a replaced odds.json.
func (odds) PrepareData(o engine.Options, data map[string][]byte) (engine.Prepared, error) {
	b, ok := data["odds.json"]
	if !ok || len(data) != 1 {
		return nil, fmt.Errorf("the only data file is odds.json")
	}
	if _, err := newOdds(o, b); err != nil {
		return nil, err
	}
	return oddsPrep{o, b}, nil
}

type oddsPrep struct {
	o engine.Options
	b []byte
}

func (p oddsPrep) NewState(engine.State) (engine.State, error) { return newOdds(p.o, p.b) }

func newOdds(o engine.Options, file []byte) (*oddsState, error) {
	var f struct {
		Extra int    `json:"extra"`
		Note  string `json:"note"`
	}
	if err := json.Unmarshal(file, &f); err != nil {
		return nil, fmt.Errorf("odds.json: %w", err)
	}
	if f.Extra < -20 || f.Extra > 20 {
		return nil, fmt.Errorf("odds.json: extra %d is outside -20..20", f.Extra)
	}
	p := min(20, max(0, o.Int("bias")+f.Extra))
	return &oddsState{chance: p, rounds: 1 + o.Int("pad"), winner: -1}, nil
}

type oddsState struct {
	chance, rounds int
	winner         int
}

func (s *oddsState) Seats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "A", Side: "A"}, {Name: "B", Side: "B"}}
}

func (s *oddsState) Current() engine.Seat {
	if s.winner >= 0 {
		return engine.Terminal
	}
	return engine.Chance
}

func (s *oddsState) Legal(engine.Seat, []engine.Action) []engine.Action { return nil }

func (s *oddsState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	p := float64(s.chance) / 20
	if p > 0 {
		buf = append(buf, engine.Outcome{Action: 0, Prob: p})
	}
	if p < 1 {
		buf = append(buf, engine.Outcome{Action: 1, Prob: 1 - p})
	}
	return buf
}

func (s *oddsState) Apply(seat engine.Seat, a engine.Action) error {
	if seat != engine.Chance || s.winner >= 0 {
		return engine.Illegal("", "not now")
	}
	s.winner = int(a)
	return nil
}

func (s *oddsState) ActionString(engine.Seat, engine.Action) string { return "roll" }
func (s *oddsState) ParseAction(engine.Seat, string) (engine.Action, error) {
	return 0, engine.Illegal("", "nothing to do")
}
func (s *oddsState) View(seat engine.Seat) engine.View { return oddsView{seat, *s} }
func (s *oddsState) Clone() engine.State               { c := *s; return &c }
func (s *oddsState) Result() engine.Result {
	r := engine.Result{Returns: make([]float64, 2), Rounds: s.rounds, Cause: "rolled"}
	r.Returns[s.winner] = 1
	r.Winner = s.Seats()[s.winner].Name
	return r
}
func (s *oddsState) SetLog(*engine.Log) {}
func (s *oddsState) String() string     { return fmt.Sprintf("chance %d winner %d", s.chance, s.winner) }

type oddsView struct {
	seat engine.Seat
	s    oddsState
}

func (v oddsView) ViewSeat() engine.Seat            { return v.seat }
func (v oddsView) Sample(*engine.Rand) engine.State { return v.s.Clone() }
func (v oddsView) String() string                   { return v.s.String() }

// noBots gives every seat a bot that is never asked.
func noBots(spec string, seats []engine.SeatInfo) ([]sim.BotFactory, error) {
	if spec != "none" {
		return nil, fmt.Errorf("unknown bot %q", spec)
	}
	out := make([]sim.BotFactory, len(seats))
	for i := range out {
		out[i] = func() (engine.Bot, error) { return nobot{}, nil }
	}
	return out, nil
}

type nobot struct{}

func (nobot) Name() string                          { return "none" }
func (nobot) Choose(*engine.Decision) engine.Action { return 0 }
