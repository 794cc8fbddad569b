package wings

import (
	"fmt"
	"io/fs"
)

// Loading the plane cards (data/aircraft.json).

// parseLetters reads a string of damage letters ("BBC") into counts.
func parseLetters(s string) ([numLetters]int8, error) {
	var n [numLetters]int8
	for _, r := range s {
		if r < 'A' || r >= 'A'+numLetters {
			return n, fmt.Errorf("damage letter %q is not A..%c", r, 'A'+numLetters-1)
		}
		n[r-'A']++
	}
	return n, nil
}

func (d *gameData) loadAircraft(fsys fs.FS) error {
	raw, err := fs.ReadFile(fsys, "data/aircraft.json")
	if err != nil {
		return err
	}
	var f struct {
		Note     string `json:"note"`
		Aircraft []struct {
			ID        string   `json:"id"`
			Name      string   `json:"name"`
			Side      string   `json:"side"`
			Deck      string   `json:"deck"`
			Damage    int      `json:"damage_points"`
			ClimbRate int      `json:"climb_rate"`
			Ceiling   int      `json:"ceiling"`
			Crew      []string `json:"crew"`
			Engines   int      `json:"engines"`
			Fighter   bool     `json:"fighter"`
			Bombs     int      `json:"bombs"`
			Torpedo   bool     `json:"torpedo"`
			LargeBase bool     `json:"large_base"`
			Designed  bool     `json:"designed"`
			Guns      []struct {
				Arc   string `json:"arc"`
				Fixed bool   `json:"fixed"`
				Short string `json:"short"`
				Long  string `json:"long"`
				Crew  int    `json:"crew"`
				Up    bool   `json:"up"`
				Down  bool   `json:"down"`
			} `json:"guns"`
		} `json:"aircraft"`
	}
	if err := decodeStrict(raw, &f); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, fa := range f.Aircraft {
		where := "aircraft " + fa.ID
		if fa.ID == "" || seen[fa.ID] {
			return fmt.Errorf("aircraft id %q is empty or repeated", fa.ID)
		}
		seen[fa.ID] = true
		if !fa.Designed {
			return fmt.Errorf("%s: its figures are designed and must say so", where)
		}
		a := aircraft{id: fa.ID, name: fa.Name, side: fa.Side, deck: -1, damage: int16(fa.Damage),
			climbRate: int8(fa.ClimbRate), ceiling: int8(fa.Ceiling), crew: fa.Crew, engines: int8(fa.Engines),
			fighter: fa.Fighter, bombs: int8(fa.Bombs), torpedo: fa.Torpedo, large: fa.LargeBase}
		if fa.Torpedo && fa.Bombs != 1 {
			return fmt.Errorf("%s: a torpedo bomber carries one load (bombs: 1), its torpedo", where)
		}
		for i, dk := range d.decks {
			if dk.id == fa.Deck {
				a.deck = i
			}
		}
		switch {
		case a.deck < 0:
			return fmt.Errorf("%s: unknown manoeuvre deck %q", where, fa.Deck)
		case fa.Damage < 1 || fa.Damage > 99:
			return fmt.Errorf("%s: damage points %d outside 1..99", where, fa.Damage)
		case fa.ClimbRate < 1 || fa.ClimbRate > 6:
			return fmt.Errorf("%s: climb rate %d outside 1..6", where, fa.ClimbRate)
		case fa.Ceiling < 1 || fa.Ceiling > maxAltitude:
			return fmt.Errorf("%s: ceiling %d outside 1..%d", where, fa.Ceiling, maxAltitude)
		case len(fa.Crew) < 1 || len(fa.Crew) > maxCrew || fa.Crew[0] != "pilot":
			return fmt.Errorf("%s: the crew must be 1..%d members, the pilot first", where, maxCrew)
		case fa.Engines < 1 || fa.Engines > 4:
			return fmt.Errorf("%s: %d engines; the engine damage table covers 1..4", where, fa.Engines)
		case fa.Bombs < 0 || fa.Bombs > 4:
			return fmt.Errorf("%s: %d bombs outside 0..4", where, fa.Bombs)
		case len(fa.Guns) < 1 || len(fa.Guns) > maxGuns:
			return fmt.Errorf("%s: %d guns; 1..%d are allowed, one per arc", where, len(fa.Guns), maxGuns)
		}
		arcs := map[string]bool{}
		for _, fg := range fa.Guns {
			g := gun{arc: 255, fixed: fg.Fixed, crew: int8(fg.Crew), up: fg.Up, down: fg.Down}
			for k, n := range arcNames {
				if n == fg.Arc {
					g.arc = uint8(k)
				}
			}
			if g.arc == 255 || arcs[fg.Arc] {
				return fmt.Errorf("%s: gun arc %q is unknown or repeated (one gun per arc: front, rear, turret)", where, fg.Arc)
			}
			arcs[fg.Arc] = true
			if g.fixed && g.arc != arcFront {
				return fmt.Errorf("%s: only front guns can be fixed", where)
			}
			if fg.Crew < 0 || fg.Crew >= len(fa.Crew) {
				return fmt.Errorf("%s: gun %s is fired by crew member %d of %d", where, fg.Arc, fg.Crew, len(fa.Crew))
			}
			var err error
			if g.short, err = parseLetters(fg.Short); err != nil {
				return fmt.Errorf("%s gun %s short range: %w", where, fg.Arc, err)
			}
			if g.long, err = parseLetters(fg.Long); err != nil {
				return fmt.Errorf("%s gun %s long range: %w", where, fg.Arc, err)
			}
			if len(fg.Short) == 0 || len(fg.Long) == 0 || len(fg.Short) > 4 || len(fg.Long) > len(fg.Short) {
				return fmt.Errorf("%s gun %s: 1..4 letters at short range and no more at long range", where, fg.Arc)
			}
			a.guns = append(a.guns, g)
		}
		d.aircraft = append(d.aircraft, a)
	}
	return nil
}

// aircraftByID finds an aircraft type.
func (d *gameData) aircraftByID(id string) int {
	for i := range d.aircraft {
		if d.aircraft[i].id == id {
			return i
		}
	}
	return -1
}
