package squadron

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestDataLoads checks that the embedded data files load and pass their
// validation, and pins the values the rulebook states (Components,
// Toughness, Landing, the campaign's radar sectors).
func TestDataLoads(t *testing.T) {
	d, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	if len(d.cards) != 51 || len(d.deploy) != 42 || len(d.pilots) != 7 || len(d.events) != 4 || len(d.scenarios) != 5 {
		t.Fatalf("counts: %d cards, %d deployment, %d pilots, %d events, %d scenarios", len(d.cards), len(d.deploy), len(d.pilots), len(d.events), len(d.scenarios))
	}
	// Toughness: factory 3, port 3, radar 2, airfield 3.
	for _, a := range d.areas {
		want := map[string]int{"factory": 3, "port": 3, "radar": 2, "airfield": 3}[a.kind]
		if want != 0 && a.toughness != want {
			t.Errorf("%s (%s) toughness %d, want %d", a.name, a.kind, a.toughness, want)
		}
	}
	// Choosing starting Area: London, Biggin Hill and Tonbridge cost 1, 2
	// and 3 cards from Northolt, one per area of distance (designed map).
	n := d.areaIndex("A1")
	for name, want := range map[string]int8{"London": 1, "Biggin Hill": 2, "Tonbridge": 3} {
		i := d.areaByName(name)
		if i < 0 || d.dist[n][i] != want {
			t.Errorf("%s at distance %d from Northolt, want %d", name, d.dist[n][i], want)
		}
	}
	// Pilots shot down example: the route A7 -> A5 -> Biggin Hill.
	a7, a5, bh := d.areaIndex("A7"), d.areaIndex("A5"), d.areaByName("Biggin Hill")
	if d.next[a7][bh] != int8(a5) || d.next[a5][bh] != int8(bh) {
		t.Errorf("route from A7 to Biggin Hill does not pass A5")
	}
	// Dice: the He 111 rolls black, the Bf 109 two red (Toughness example).
	if d.aircraft[bf109].dice != 2 || d.aircraft[he111].die != dieBlack {
		t.Errorf("aircraft dice differ from the rulebook")
	}
	var sum float64
	for _, f := range d.dice[dieRed] {
		sum += f.prob
	}
	if sum < 0.999 || sum > 1.001 {
		t.Errorf("red die probabilities sum to %v", sum)
	}
}

// TestDataValidation breaks the data files on purpose and checks that each
// fault is refused with an error naming the file and what is wrong.
func TestDataValidation(t *testing.T) {
	cases := []struct {
		file, old, new, want string
	}{
		{"board.json", `"adjacent": ["A1", "A3", "A4", "A5"]`, `"adjacent": ["A1", "A3", "A4"]`, "one way only"},
		{"board.json", `"kind": "radar", "x": 0`, `"kind": "castle", "x": 0`, "unknown kind"},
		{"dice.json", `"faces": ["hit/2", "hit/3", "hit/4", "evade", "blank", "blank"]`, `"faces": ["hit", "hit/3", "hit/4", "evade", "blank", "blank"]`, "propeller"},
		{"cards.json", `"support": ["hit", "joker", "joker"]`, `"support": ["joker", "joker", "joker"]`, "three Jokers"},
		{"cards.json", `{"id": 1, "move": 2`, `{"id": 1, "move": 5`, "1 to 3"},
		{"cards.json", `"set": ["hit", "maneuver"], "trigger": "token"`, `"set": ["hit", "hit"], "trigger": "token"`, "exactly one Maneuver"},
		{"cards.json", `"trigger": "token"`, `"trigger": "dice"`, "unknown trigger"},
		{"cards.json", `"effect": "breakaway"`, `"effect": "loop"`, "unknown effect"},
		{"aircraft.json", `"toughness": [1, 1]`, `"toughness": [2, 1]`, "Bf 109"},
		{"pilots.json", `"designed": ["ability"]}`, `"designed": ["colour"]}`, "designed"},
		{"scenarios.json", `"4": [1, 2, 3, 7, 8, 19, 25, 26, 31, 36]`, `"4": [1, 2, 3, 7, 8, 19, 25, 26, 31, 36, 40, 35]`, "models"},
		{"events.json", `"tile": "port"`, `"tile": "castle"`, "Target Damage"},
	}
	for _, c := range cases {
		fsys := fstest.MapFS{}
		for _, name := range []string{"board.json", "dice.json", "aircraft.json", "cards.json", "pilots.json", "deployment.json", "events.json", "scenarios.json"} {
			b, err := dataFiles.ReadFile("data/" + name)
			if err != nil {
				t.Fatal(err)
			}
			s := string(b)
			if name == c.file {
				if !strings.Contains(s, c.old) {
					t.Fatalf("%s: %q not found", name, c.old)
				}
				s = strings.Replace(s, c.old, c.new, 1)
			}
			fsys["data/"+name] = &fstest.MapFile{Data: []byte(s)}
		}
		_, err := loadTables(fsys)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.file) {
			t.Errorf("%s with %q: error %v, want one naming the file and %q", c.file, c.new, err, c.want)
		}
	}
}
