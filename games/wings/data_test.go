package wings

import (
	"strings"
	"testing"
)

// The embedded data loads and passes its checks (issue §1).
func TestDataLoads(t *testing.T) {
	d, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"spitfire1", "hurricane1", "bf109e", "bf110c", "ju87b", "he111", "do17", "ju88"} {
		if d.aircraftByID(id) < 0 {
			t.Errorf("aircraft %s missing", id)
		}
	}
	total := 0
	for _, dd := range d.damage {
		total += dd.total
	}
	// The three designed decks A-C (the letters the guns of 1940 carry).
	if total != 136 {
		t.Errorf("damage tokens total %d, want 136", total)
	}
	// Collisions need zeros in the B deck (rulebook "Collisions").
	zero := false
	for _, tk := range d.damage[1].tokens {
		zero = zero || tk.value == 0
	}
	if !zero {
		t.Error("the B deck has no 0 token")
	}
	// Every special appears in every deck.
	for l := 0; l < numLetters; l++ {
		for sp := spSmoke; sp < numSpecials; sp++ {
			found := false
			for _, tk := range d.damage[l].tokens {
				found = found || tk.special == sp
			}
			if !found {
				t.Errorf("deck %c has no %s token", 'A'+l, specialNames[sp])
			}
		}
	}
	if len(d.scenarios) == 0 {
		t.Fatal("no scenario")
	}
}

// Every data file marks its values designed: a file that does not is refused.
func TestDataRefusesUndesigned(t *testing.T) {
	d, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	raw := []byte(`{"id":"x","order":9,"title":"x","designed":false,"table_mm":[900,600],"turns":5,
		"seats":[{"name":"a","side":"RAF"},{"name":"b","side":"Luftwaffe"}],
		"planes":[{"name":"s","aircraft":"spitfire1","seat":0,"x_mm":100,"y_mm":100,"heading_deg":0,"altitude":3,"pilot":"normal"},
		          {"name":"e","aircraft":"bf109e","seat":1,"x_mm":500,"y_mm":100,"heading_deg":0,"altitude":3,"pilot":"normal"}]}`)
	if _, err := d.parseScenario(raw); err == nil || !strings.Contains(err.Error(), "designed") {
		t.Errorf("undesigned scenario: %v", err)
	}
}

// Bad scenario files are refused with an error naming what is wrong.
func TestScenarioValidation(t *testing.T) {
	d, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	base := `{"id":"x","order":9,"title":"x","designed":true,"table_mm":[900,600],"turns":5,
		"seats":[{"name":"a","side":"RAF"},{"name":"b","side":"Luftwaffe"}],
		"planes":[{"name":"s","aircraft":"spitfire1","seat":0,"x_mm":100,"y_mm":100,"heading_deg":0,"altitude":3,"pilot":"normal"},
		          {"name":"e","aircraft":"AIR","seat":1,"x_mm":XX,"y_mm":100,"heading_deg":0,"altitude":ALT,"pilot":"PILOT"}]}`
	for _, c := range []struct{ air, x, alt, pilot, want string }{
		{"bf109e", "500", "3", "normal", ""},
		{"me262", "500", "3", "normal", "unknown aircraft"},
		{"spitfire1", "500", "3", "normal", "a RAF plane in a seat of side Luftwaffe"},
		{"bf109e", "5000", "3", "normal", "off the table"},
		{"bf109e", "500", "10", "normal", "ceiling"},
		{"bf109e", "500", "0", "normal", "altitude"},
		{"bf109e", "500", "3", "hero", "pilot"},
		{"bf109e", "500", "3", "ace", "skill"},
	} {
		raw := strings.NewReplacer("AIR", c.air, "XX", c.x, "ALT", c.alt, "PILOT", c.pilot).Replace(base)
		_, err := d.parseScenario([]byte(raw))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: %v", c, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%+v: error %v, want one saying %q", c, err, c.want)
		}
	}
	if _, err := d.parseScenario([]byte(`{"id":"x","typo":1}`)); err == nil {
		t.Error("unknown field accepted")
	}
}

// Letters parse into counts; anything but A..E is refused.
func TestParseLetters(t *testing.T) {
	n, err := parseLetters("BBC")
	if err != nil || n != [numLetters]int8{0, 2, 1} {
		t.Errorf("BBC: %v %v", n, err)
	}
	if _, err := parseLetters("BX"); err == nil {
		t.Error("X accepted")
	}
}

// Every designed manoeuvre deck has the 17 or 18 cards of the boxed sets
// (reference 2.1); loadDecks checks the rest (a straight in each deck,
// every card moving forward).
func TestDeckSizes(t *testing.T) {
	d, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	for _, dk := range d.decks {
		n := 0
		for _, c := range dk.cards {
			n += int(c.copies)
		}
		if n < 17 || n > 18 {
			t.Errorf("deck %s has %d cards", dk.id, n)
		}
	}
}
