package boba

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"scramble/engine"
)

// TestCampaignEarlyEnd replays the author's Day 6 (Game Notes): radar 25,
// factory 16, airfield 26 after a day that scored nothing, with one day
// left: the Germans cannot destroy two targets in one day, and the British
// win at once (BA-19). One day earlier the campaign goes on.
func TestCampaignEarlyEnd(t *testing.T) {
	for _, c := range []struct {
		day  int8
		over bool
	}{{6, true}, {5, false}} {
		s := newGame(t, nil)
		s.Day = c.day
		s.newDay()
		s.Dmg = [3]int8{25, 16, 26}
		s.Str[gb][2], s.Str[gb][3] = 0, 0
		do(t, s, "roll 1", "roll 3 4") // GB3 and GB4 are gone: scrubbed
		r := s.Result()
		if got := s.Phase == phOver; got != c.over {
			t.Fatalf("day %d: over %v, want %v", c.day, got, c.over)
		}
		if c.over && (r.Winner != "British" || r.Cause != "Germans cannot win" || r.Rounds != 6 || r.Returns[0] != 1) {
			t.Fatalf("result %+v", r)
		}
	}
}

// TestCampaignNoBombersLeft checks that with every bomber squadron destroyed
// the Germans cannot win (BA-19).
func TestCampaignNoBombersLeft(t *testing.T) {
	s := newGame(t, nil)
	s.Str[gb] = [6]int8{0, 0, 0, 0, 0, 0}
	do(t, s, "roll 3", "roll 1 2")
	if r := s.Result(); s.Phase != phOver || r.Cause != "Germans cannot win" || r.Rounds != 1 {
		t.Fatalf("phase %d result %+v", s.Phase, r)
	}
}

// TestCampaignLastDay checks that the campaign ends after its last day with
// a British victory when the Germans have not won (Objectives; Victory).
func TestCampaignLastDay(t *testing.T) {
	s := newGame(t, engine.Options{"days": "2"})
	s.Dmg[radar] = 30 // one more target would do; so the first day does not end it
	s.Str[gb][0], s.Str[gb][1] = 0, 0
	do(t, s, "roll 6", "roll 1 2", "roll 6", "roll 1 2")
	if r := s.Result(); s.Phase != phOver || r.Winner != "British" || r.Cause != "campaign over" || r.Rounds != 2 {
		t.Fatalf("phase %d result %+v", s.Phase, r)
	}
}

// TestCampaignSevenDays plays a whole campaign: seven days, with losses
// carried from day to day (Selection: losses are not made up) and every day
// on the record sheet (Objectives). The British play at random and so do the
// dice, except that the target die always shows 1 (the radar station while
// it stands, then the factory, then the airfield alone: BA-7) and every
// bombing die shows 1. A day brings at most 12 bombing dice (two squadrons of
// three two-engined bombers), so the radar and the factory each hold out at
// least three days and the airfield is bombed on day 7 at the earliest: the
// Germans cannot win. The damage is checked against the bombing dice
// counted here, day by day (Bombing: damage adds up; 30 destroys; BA-18: no
// die once the target has 30).
func TestCampaignSevenDays(t *testing.T) {
	s := newGame(t, nil)
	dice, choice := engine.NewRand(11), engine.NewRand(12)
	steps := 0
	var dmg [3]int      // damage counted from the bombing dice
	var dayDmg [7]int   // of it, per day
	var bombDays [3]int // days on which each target was bombed
	lastBombDay := int8(0)
	for s.Phase != phOver {
		steps++
		if steps > bound(s.Cfg) {
			t.Fatal("the campaign ran past its bound")
		}
		seat := s.Current()
		var a engine.Action
		switch {
		case seat == engine.Chance && s.Phase == phTarget:
			a = 1
		case seat == engine.Chance && s.Phase == phBomb:
			a = 1
			tg := int(s.Target)
			if dmg[tg] >= targetPoints {
				t.Fatalf("day %d: a bombing die is asked for the destroyed %s", s.Day, targetNames[tg])
			}
			if s.Day != lastBombDay {
				lastBombDay = s.Day
				bombDays[tg]++
				rec := &s.Rec[s.Day-1]
				if n := int(s.BombLeft); n < int(rec.Exited) || n > 2*int(rec.Exited) {
					t.Fatalf("day %d: %d bombing dice for %d bombers through (one or two engines each)", s.Day, n, rec.Exited)
				}
			}
			dmg[tg]++
			dayDmg[s.Day-1]++
		case seat == engine.Chance:
			a = dice.Sample(s.ChanceOutcomes(nil))
		default:
			l := s.Legal(seat, nil)
			a = l[choice.IntN(len(l))]
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	r := s.Result()
	if r.Rounds != 7 || r.Cause != "campaign over" || r.Winner != "British" || r.Returns[0] != 1 {
		t.Fatalf("result %+v, want the British after 7 days\n%s", r, s.View(0))
	}
	if got := [3]int{int(s.Dmg[0]), int(s.Dmg[1]), int(s.Dmg[2])}; got != dmg {
		t.Fatalf("damage %v, want %v as the bombing dice add up", got, dmg)
	}
	for d := range 7 {
		if int(s.Rec[d].Damage) != dayDmg[d] {
			t.Errorf("day %d: record sheet damage %d, want %d", d+1, s.Rec[d].Damage, dayDmg[d])
		}
	}
	if dmg[radar] != targetPoints || bombDays[radar] < 3 || dmg[airfield] >= targetPoints {
		t.Errorf("damage %v over %v days: want the radar destroyed (in three days at least) and the airfield standing", dmg, bombDays)
	}
	score := 0
	for _, d := range dmg {
		score += d
	}
	if r.Score != score {
		t.Errorf("score %d, want the total damage %d (BA-23)", r.Score, score)
	}
	var lost [3][6]int
	for d := 0; d < 7; d++ {
		rec := s.Rec[d]
		if !rec.Played || rec.Target < 0 {
			t.Fatalf("day %d missing from the record: %+v", d+1, rec)
		}
		for g := range rec.Losses {
			for sq, n := range rec.Losses[g] {
				lost[g][sq] += int(n)
			}
		}
	}
	total := 0
	for g := range squadronTable {
		for sq, spec := range squadronTable[g] {
			if int(s.Str[g][sq]) != spec.Planes-lost[g][sq] {
				t.Errorf("%s has %d planes, started with %d and lost %d", sqName(g, sq), s.Str[g][sq], spec.Planes, lost[g][sq])
			}
			total += lost[g][sq]
		}
	}
	if total == 0 {
		t.Error("seven days without a loss")
	}
	sum := func(g int) float64 {
		n := 0
		for _, l := range lost[g] {
			n += l
		}
		return float64(n)
	}
	want := []engine.Stat{
		{Name: "days", Value: 7}, {Name: "british losses", Value: sum(bf)},
		{Name: "german losses", Value: sum(gf) + sum(gb)}, {Name: "german fighter losses", Value: sum(gf)}, {Name: "german bomber losses", Value: sum(gb)},
		{Name: "radar damage", Value: float64(dmg[radar])}, {Name: "factory damage", Value: float64(dmg[factory])}, {Name: "airfield damage", Value: float64(dmg[airfield])},
	}
	if !reflect.DeepEqual(r.Stats, want) {
		t.Errorf("statistics %v, want %v", r.Stats, want)
	}
}

// TestResultStatsCountTheRecordSheet checks the campaign's statistics
// against a record sheet filled by hand, on a campaign that ended early.
func TestResultStatsCountTheRecordSheet(t *testing.T) {
	s := newGame(t, nil)
	s.Day = 3
	s.Rec[0].Losses[bf] = [6]int8{1, 0, 2}
	s.Rec[1].Losses[bf] = [6]int8{0, 0, 0, 0, 0, 1}
	s.Rec[1].Losses[gf] = [6]int8{0, 2, 0, 1}
	s.Rec[2].Losses[gb] = [6]int8{3, 0, 0, 0, 0, 2}
	s.Rec[3].Losses[gb] = [6]int8{3} // a day not played counts for nothing
	s.Dmg = [3]int8{12, 30, 7}
	s.finish(0, causeCannotWin)
	got := map[string]float64{}
	for _, st := range s.Result().Stats {
		got[st.Name] = st.Value
	}
	want := map[string]float64{
		"days": 3, "british losses": 4, "german losses": 8, "german fighter losses": 3, "german bomber losses": 5,
		"radar damage": 12, "factory damage": 30, "airfield damage": 7,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("statistics %v, want %v", got, want)
	}
}

// TestCampaignSaveOfFinishedCampaign checks that a finished campaign's save
// file carries its statistics and loads; that one written before the game
// reported statistics (no stats) still loads; and that wrong statistics do
// not.
func TestCampaignSaveOfFinishedCampaign(t *testing.T) {
	m, err := engine.NewMatch(New(), engine.Options{"days": "2"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	choice := engine.NewRand(6)
	for m.State().Current() != engine.Terminal {
		if m.State().Current() == engine.Chance {
			if _, err := m.RollDice(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := m.State().Current()
		l := m.State().Legal(seat, nil)
		if err := m.Apply(seat, l[choice.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	var f engine.SaveFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if f.Result == nil || len(f.Result.Stats) != len(statNames) {
		t.Fatalf("the save file's result %+v lacks the statistics", f.Result)
	}
	load := func(f engine.SaveFile) error {
		data, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		_, err = engine.LoadMatch(data, catalog{})
		return err
	}
	if err := load(f); err != nil {
		t.Errorf("the save file does not load: %v", err)
	}
	stats := f.Result.Stats
	f.Result.Stats = nil
	if err := load(f); err != nil {
		t.Errorf("a save file without statistics does not load: %v", err)
	}
	f.Result.Stats = append([]engine.Stat(nil), stats...)
	f.Result.Stats[1].Value += 1
	if err := load(f); err == nil || !strings.Contains(err.Error(), "differs") {
		t.Errorf("a save file with wrong statistics: %v, want an error", err)
	}
}

// TestCampaignLossesCarryOver checks that a squadron weakened on one day flies
// weakened on a later one (Selection).
func TestCampaignLossesCarryOver(t *testing.T) {
	s := combatRaid(t, "H1 F21 S 4", "e1 F19 N 5")
	do(t, s, "select Hurricane 1", "move S", "attack Me109 1", "roll 1", "roll 6")
	if s.Str[bf][0] != 2 {
		t.Fatalf("BF1 has %d planes after losing one", s.Str[bf][0])
	}
	s.Day = 2
	s.newDay()
	do(t, s, "roll 1", "roll 1 2", "roll 3 4", "roll 1 1")
	if n := s.count(bf, onBoard); n != 2 {
		t.Fatalf("BF1 flies %d Hurricanes on day 2, want 2", n)
	}
}

// TestCampaignSaveAndResume checks that a campaign saved in the middle of a
// raid loads to the identical state and plays on identically (engine save
// files replay every move).
func TestCampaignSaveAndResume(t *testing.T) {
	m, err := engine.NewMatch(New(), nil, 21)
	if err != nil {
		t.Fatal(err)
	}
	choice := engine.NewRand(4)
	play := func(m *engine.Match, n int, r *engine.Rand) {
		for i := 0; i < n && m.State().Current() != engine.Terminal; i++ {
			if m.State().Current() == engine.Chance {
				if _, err := m.RollDice(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			seat := m.State().Current()
			l := m.State().Legal(seat, nil)
			if err := m.Apply(seat, l[r.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	play(m, 300, choice)
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	l, err := engine.LoadMatch(data, catalog{})
	if err != nil {
		t.Fatal(err)
	}
	if l.State().String() != m.State().String() {
		t.Fatal("the loaded campaign differs")
	}
	r1, r2 := engine.NewRand(9), engine.NewRand(9)
	play(m, 100000, r1)
	play(l, 100000, r2)
	if l.State().String() != m.State().String() || m.State().Current() != engine.Terminal {
		t.Fatal("the resumed campaign played differently")
	}
}

type catalog struct{}

func (catalog) Lookup(name string) (engine.Game, bool) { return New(), name == "boba" }
