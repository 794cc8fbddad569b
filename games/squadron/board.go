package squadron

import (
	"fmt"
	"io/fs"
)

// This file holds the map: its areas, adjacency and routes.

func (t *tables) areaIndex(id string) int {
	for i, a := range t.areas {
		if a.id == id {
			return i
		}
	}
	return -1
}

// areaByName finds an area by its place name ("Biggin Hill"), -1 if none.
func (t *tables) areaByName(name string) int {
	for i, a := range t.areas {
		if a.name == name {
			return i
		}
	}
	return -1
}

func (t *tables) loadBoard(fsys fs.FS) error {
	var f struct {
		Note    string `json:"note"`
		Sectors []struct {
			ID, Name, Colour string
			Designed         []string `json:"designed"`
		} `json:"sectors"`
		Areas []struct {
			ID        string   `json:"id"`
			Name      string   `json:"name"`
			Kind      string   `json:"kind"`
			Toughness int      `json:"toughness"`
			X         int      `json:"x"`
			Y         int      `json:"y"`
			Adjacent  []string `json:"adjacent"`
			Designed  []string `json:"designed"`
		} `json:"areas"`
		Toughness  map[string]int      `json:"toughness"`
		RadarCover map[string][]string `json:"radar_cover"`
	}
	if err := decodeStrict(fsys, "board.json", &f); err != nil {
		return err
	}
	sectors := map[byte]bool{}
	for _, s := range f.Sectors {
		if len(s.ID) != 1 {
			return fmt.Errorf("data file board.json: sector %q must be one letter", s.ID)
		}
		if err := checkDesigned("board.json", "sector "+s.ID, s.Designed, "name", "colour"); err != nil {
			return err
		}
		sectors[s.ID[0]] = true
	}
	for _, want := range "ABCDE" {
		if !sectors[byte(want)] {
			return fmt.Errorf("data file board.json: sector %c is missing; the rulebook names sectors A to E", want)
		}
	}
	if len(f.Areas) == 0 || len(f.Areas) > maxAreas {
		return fmt.Errorf("data file board.json: %d areas; there must be 1 to %d", len(f.Areas), maxAreas)
	}
	t.toughness = f.Toughness
	for _, k := range []string{"factory", "port", "radar", "airfield"} {
		if t.toughness[k] <= 0 {
			return fmt.Errorf("data file board.json: no toughness for %s targets (rulebook: Toughness)", k)
		}
	}
	for _, a := range f.Areas {
		if len(a.ID) < 2 || !sectors[a.ID[0]] {
			return fmt.Errorf("data file board.json: area %q must start with its sector letter", a.ID)
		}
		if t.areaIndex(a.ID) >= 0 {
			return fmt.Errorf("data file board.json: area %s is listed twice", a.ID)
		}
		if err := checkDesigned("board.json", "area "+a.ID, a.Designed, "name", "kind", "toughness", "x", "y", "adjacent"); err != nil {
			return err
		}
		tough := a.Toughness
		switch a.Kind {
		case "", "sea":
		case "city":
			if tough <= 0 {
				return fmt.Errorf("data file board.json: city %s needs a toughness", a.ID)
			}
		case "factory", "port", "radar", "airfield":
			if tough == 0 {
				tough = f.Toughness[a.Kind]
			}
		default:
			return fmt.Errorf("data file board.json: area %s has unknown kind %q", a.ID, a.Kind)
		}
		t.areas = append(t.areas, area{id: a.ID, name: a.Name, sector: a.ID[0], kind: a.Kind, toughness: tough, x: a.X, y: a.Y})
	}
	for i, a := range f.Areas {
		for _, n := range a.Adjacent {
			j := t.areaIndex(n)
			if j < 0 || j == i {
				return fmt.Errorf("data file board.json: area %s lists %q as adjacent, which is no other area", a.ID, n)
			}
			t.areas[i].adj |= 1 << j
		}
	}
	for i := range t.areas {
		for j := range t.areas {
			if (t.areas[i].adj>>j&1 == 1) != (t.areas[j].adj>>i&1 == 1) {
				return fmt.Errorf("data file board.json: %s and %s are adjacent one way only", t.areas[i].id, t.areas[j].id)
			}
		}
	}
	for _, name := range []string{"Northolt", "Biggin Hill"} {
		found := false
		for _, a := range t.areas {
			found = found || (a.name == name && a.kind == "airfield")
		}
		if !found {
			return fmt.Errorf("data file board.json: the airfield %s is missing (rulebook: Landing)", name)
		}
	}
	t.radar = map[int][]byte{}
	for id, secs := range f.RadarCover {
		i := t.areaIndex(id)
		if i < 0 || t.areas[i].kind != "radar" {
			return fmt.Errorf("data file board.json: radar cover names %s, which is not a radar area", id)
		}
		for _, s := range secs {
			t.radar[i] = append(t.radar[i], s[0])
		}
	}
	if len(t.radar) != 4 {
		return fmt.Errorf("data file board.json: %d radars have a cover; the rulebook names four", len(t.radar))
	}
	t.routes()
	for i := range t.areas {
		for j := range t.areas {
			if t.dist[i][j] < 0 {
				return fmt.Errorf("data file board.json: no route from %s to %s; the map must be connected", t.areas[i].id, t.areas[j].id)
			}
		}
	}
	return nil
}

// routes fills the distance and first-step tables by breadth-first search;
// among equally short routes the first step is the lowest-numbered area.
func (t *tables) routes() {
	n := len(t.areas)
	for to := 0; to < n; to++ {
		for i := range t.dist {
			t.dist[i][to] = -1
			t.next[i][to] = -1
		}
		t.dist[to][to] = 0
		t.next[to][to] = int8(to)
		queue := []int{to}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for nb := 0; nb < n; nb++ {
				if t.areas[c].adj>>nb&1 == 1 && t.dist[nb][to] < 0 {
					t.dist[nb][to] = t.dist[c][to] + 1
					queue = append(queue, nb)
				}
			}
		}
		for from := 0; from < n; from++ {
			if from == to {
				continue
			}
			for nb := 0; nb < n; nb++ {
				if t.areas[from].adj>>nb&1 == 1 && t.dist[nb][to] == t.dist[from][to]-1 {
					t.next[from][to] = int8(nb)
					break
				}
			}
		}
	}
}
