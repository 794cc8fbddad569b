package squadron

import (
	"fmt"
	"io/fs"
)

// This file loads the aircraft, the combat cards, the pilot cards and the
// deployment cards.

func (t *tables) loadAircraft(fsys fs.FS) error {
	var f struct {
		Note     string `json:"note"`
		Aircraft []struct {
			ID            string   `json:"id"`
			Name          string   `json:"name"`
			Class         string   `json:"class"`
			Toughness     []int8   `json:"toughness"`
			Die           string   `json:"die"`
			Dice          int      `json:"dice"`
			Counterattack int      `json:"counterattack"`
			Move          int      `json:"move"`
			Bombs         int      `json:"bombs"`
			Designed      []string `json:"designed"`
		} `json:"aircraft"`
		Models map[string]int `json:"models"`
	}
	if err := decodeStrict(fsys, "aircraft.json", &f); err != nil {
		return err
	}
	want := []string{"bf109", "bf110", "he111"}
	if len(f.Aircraft) != len(want) {
		return fmt.Errorf("data file aircraft.json: %d aircraft; the basic game has %v", len(f.Aircraft), want)
	}
	for i, a := range f.Aircraft {
		if a.ID != want[i] {
			return fmt.Errorf("data file aircraft.json: aircraft %d is %q, want %q", i, a.ID, want[i])
		}
		if err := checkDesigned("aircraft.json", a.ID, a.Designed, "toughness", "die", "dice", "counterattack", "move", "bombs"); err != nil {
			return err
		}
		class := map[string]int{"fighter": 0, "heavy": 1, "bomber": 2}
		c, ok := class[a.Class]
		if !ok {
			return fmt.Errorf("data file aircraft.json: %s has unknown class %q", a.ID, a.Class)
		}
		die := -1
		for k, n := range dieNames {
			if n == a.Die && k >= int(dieRed) {
				die = k
			}
		}
		if die < 0 {
			return fmt.Errorf("data file aircraft.json: %s rolls %q, not a Luftwaffe die", a.ID, a.Die)
		}
		if len(a.Toughness) == 0 || a.Dice < 1 || a.Dice > 3 || a.Counterattack < 0 || a.Counterattack > 3 || a.Move < 1 || a.Move > 2 {
			return fmt.Errorf("data file aircraft.json: %s has a value out of range (toughness groups, 1-3 dice, 0-3 counterattack dice, move 1-2)", a.ID)
		}
		for _, g := range a.Toughness {
			if g < 1 || g > 3 {
				return fmt.Errorf("data file aircraft.json: %s has a toughness group of %d hits; groups are 1 to 3", a.ID, g)
			}
		}
		t.aircraft = append(t.aircraft, aircraft{id: a.ID, name: a.Name, class: c, toughness: a.Toughness, die: dieKind(die),
			dice: a.Dice, counter: a.Counterattack, move: a.Move, bombs: a.Bombs, models: f.Models[a.ID]})
	}
	if f.Models["bf109"] != 16 || f.Models["he111"] != 7 || f.Models["bf110"] != 4 || f.Models["hurricane"] != 5 {
		return fmt.Errorf("data file aircraft.json: models %v differ from the rulebook's 16 Bf 109, 7 He 111, 4 Bf 110, 5 Hurricanes", f.Models)
	}
	if a := t.aircraft[bf109]; len(a.toughness) != 2 || a.toughness[0] != 1 || a.toughness[1] != 1 || a.dice != 2 || a.die != dieRed {
		return fmt.Errorf("data file aircraft.json: the Bf 109 must have toughness [1,1] and roll 2 red dice (rulebook: Toughness)")
	}
	if a := t.aircraft[he111]; len(a.toughness) != 3 || a.toughness[1] != 2 || a.die != dieBlack {
		return fmt.Errorf("data file aircraft.json: the He 111 must have toughness [1,2,1] and roll black dice (rulebook: Toughness)")
	}
	return nil
}

func (t *tables) loadCards(fsys fs.FS) error {
	// A card record is what the view shows of a card, and its designed
	// fields.
	var f struct {
		Note  string `json:"note"`
		Cards []struct {
			CardView
			Designed []string `json:"designed"`
		} `json:"cards"`
	}
	if err := decodeStrict(fsys, "cards.json", &f); err != nil {
		return err
	}
	if len(f.Cards) != numCards {
		return fmt.Errorf("data file cards.json: %d cards; the rulebook counts %d", len(f.Cards), numCards)
	}
	for i, c := range f.Cards {
		rec := fmt.Sprintf("card %d", c.ID)
		if c.ID != i+1 {
			return fmt.Errorf("data file cards.json: card %d is numbered %d; number them 1 to %d in order", i+1, c.ID, numCards)
		}
		if err := checkDesigned("cards.json", rec, c.Designed, "move", "support", "defence", "symbol", "set", "trigger", "effect"); err != nil {
			return err
		}
		if c.Move < 1 || c.Move > 3 {
			return fmt.Errorf("data file cards.json: %s moves %d; a card extends the move by 1 to 3", rec, c.Move)
		}
		var k card
		k.id, k.move, k.effect = c.ID, c.Move, c.Effect
		if len(c.Support) != 3 {
			return fmt.Errorf("data file cards.json: %s needs 3 Support symbols", rec)
		}
		jokers := 0
		for j, s := range c.Support {
			sy, ok := parseSymbol(s)
			if !ok || (sy != symHit && sy != symEvade && sy != symJoker) {
				return fmt.Errorf("data file cards.json: %s: Support symbol %q is not hit, evade or joker", rec, s)
			}
			if sy == symJoker {
				jokers++
			}
			k.support[j] = sy
		}
		if jokers == 3 {
			return fmt.Errorf("data file cards.json: %s: three Jokers never form a Sequence", rec)
		}
		if len(c.Defence) < 1 || len(c.Defence) > 2 {
			return fmt.Errorf("data file cards.json: %s needs one or two defence propellers", rec)
		}
		for _, p := range c.Defence {
			if p < 2 || p > 4 {
				return fmt.Errorf("data file cards.json: %s: a propeller has 2, 3 or 4 blades, not %d", rec, p)
			}
		}
		k.defence = c.Defence
		sy, ok := parseSymbol(c.Symbol)
		if !ok || (sy != symHit && sy != symEvade && sy != symManeuver) {
			return fmt.Errorf("data file cards.json: %s: RAF symbol %q is not hit, evade or maneuver", rec, c.Symbol)
		}
		k.sym = sy
		if len(c.Set) != 2 {
			return fmt.Errorf("data file cards.json: %s: a set is two symbols", rec)
		}
		for j, s := range c.Set {
			sy, ok := parseSymbol(s)
			if !ok || (sy != symHit && sy != symEvade && sy != symManeuver) {
				return fmt.Errorf("data file cards.json: %s: set symbol %q is not hit, evade or maneuver", rec, s)
			}
			k.set[j] = sy
		}
		switch c.Effect {
		case "hit", "evade", "maneuver", "firststrike", "thirdround", "breakaway":
		default:
			return fmt.Errorf("data file cards.json: %s: unknown effect %q; the effects are hit, evade, maneuver, firststrike, thirdround and breakaway", rec, c.Effect)
		}
		switch c.Trigger {
		case "":
		case "token":
			// One token at most is spent in a round (SQ-8), so the set
			// names the Maneuver once.
			if (k.set[0] == symManeuver) == (k.set[1] == symManeuver) {
				return fmt.Errorf("data file cards.json: %s: a token trigger needs exactly one Maneuver in its set, not %s+%s", rec, k.set[0], k.set[1])
			}
			k.token = true
		default:
			return fmt.Errorf("data file cards.json: %s: unknown trigger %q; leave it out or write token", rec, c.Trigger)
		}
		t.cards = append(t.cards, k)
	}
	return nil
}

func (t *tables) loadPilots(fsys fs.FS) error {
	var f struct {
		Note   string `json:"note"`
		Pilots []struct {
			ID, Name, Rank, Timing, Ability, Text string
			Designed                              []string `json:"designed"`
		} `json:"pilots"`
	}
	if err := decodeStrict(fsys, "pilots.json", &f); err != nil {
		return err
	}
	want := []string{"lokuciewski", "feric", "zumbach", "frantisek", "paszkiewicz", "urbanowicz", "krasnodebski"}
	if len(f.Pilots) != numPilots {
		return fmt.Errorf("data file pilots.json: %d pilots; the rulebook has %d", len(f.Pilots), numPilots)
	}
	for i, p := range f.Pilots {
		if p.ID != want[i] {
			return fmt.Errorf("data file pilots.json: pilot %d is %q, want %q", i+1, p.ID, want[i])
		}
		if err := checkDesigned("pilots.json", p.ID, p.Designed, "ability", "text"); err != nil {
			return err
		}
		t.pilots = append(t.pilots, pilotCard{id: p.ID, name: p.Name, rank: p.Rank, timing: p.Timing, ability: p.Ability, text: p.Text})
	}
	return nil
}

func (t *tables) loadDeployment(fsys fs.FS) error {
	var f struct {
		Note  string `json:"note"`
		Cards []struct {
			ID       int      `json:"id"`
			Version  string   `json:"version"`
			Plane    string   `json:"plane"`
			Count    int      `json:"count"`
			Designed []string `json:"designed"`
		} `json:"cards"`
	}
	if err := decodeStrict(fsys, "deployment.json", &f); err != nil {
		return err
	}
	if len(f.Cards) != numDeploy {
		return fmt.Errorf("data file deployment.json: %d cards; the rulebook counts %d", len(f.Cards), numDeploy)
	}
	british := 0
	for i, c := range f.Cards {
		rec := fmt.Sprintf("deployment card %d", c.ID)
		if c.ID != i+1 {
			return fmt.Errorf("data file deployment.json: card %d is numbered %d; number them in order", i+1, c.ID)
		}
		if err := checkDesigned("deployment.json", rec, c.Designed, "version", "plane", "count"); err != nil {
			return err
		}
		if c.Count < 0 || c.Count > 6 {
			return fmt.Errorf("data file deployment.json: %s shows %d planes; cards show 0 to 6", rec, c.Count)
		}
		d := deployCard{id: c.ID, version: c.Version, plane: -1, count: c.Count}
		for k, a := range t.aircraft {
			if a.id == c.Plane {
				d.plane = k
			}
		}
		switch {
		case c.Version == "british" && c.Plane == "hurricane":
			british++
		case c.Version == "fighter" && (d.plane == bf109 || d.plane == bf110):
		case c.Version == "bomber" && d.plane == he111:
		default:
			return fmt.Errorf("data file deployment.json: %s: a %s card cannot show %q", rec, c.Version, c.Plane)
		}
		t.deploy = append(t.deploy, d)
	}
	if british != 2 {
		return fmt.Errorf("data file deployment.json: %d British cards; the rulebook has 2", british)
	}
	return nil
}
