package squadron

import "testing"

// germanPlanes counts the planes of each version on the deployment cards of
// scenario id for n players.
func germanPlanes(t *testing.T, d *tables, id string, n int) (fighters, bombers map[int]int) {
	t.Helper()
	i := d.scenarioIndex(id)
	if i < 0 {
		t.Fatalf("no scenario %q", id)
	}
	fighters, bombers = map[int]int{}, map[int]int{}
	for _, cid := range d.scenarios[i].deployment[n] {
		for _, c := range d.deploy {
			if c.id != cid {
				continue
			}
			if c.version == "bomber" {
				bombers[c.plane] += c.count
			} else {
				fighters[c.plane] += c.count
			}
		}
	}
	return fighters, bombers
}

// TestComingHomeTuning pins the designed Coming Home lists the retuning of
// issue 9 §4 rests on (docs/rules/303-squadron.md, Tuning): solo, every
// German starts over the pilots' start, so seven Bf 109 cost three Movement
// to disengage (Disengage); with two pilots the second squadron waits one
// area nearer Biggin Hill, on the way home; ammunition 1 and a hand of 3.
func TestComingHomeTuning(t *testing.T) {
	d, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	sc := d.scenarios[d.scenarioIndex("cominghome")]
	if sc.ammo != 1 || sc.hand != 3 || sc.turns != 2 {
		t.Errorf("Coming Home: ammunition %d, hand %d, turns %d; the tuning is 1, 3, 2", sc.ammo, sc.hand, sc.turns)
	}
	if len(sc.areas[1]) != 1 || sc.areas[1][0] != sc.start {
		t.Errorf("Coming Home solo: German areas %v, want only the pilots' start %d", sc.areas[1], sc.start)
	}
	if f, _ := germanPlanes(t, d, "cominghome", 1); f[bf109] != 7 || f[bf109]/2 != 3 {
		t.Errorf("Coming Home solo: %d Bf 109, want 7 (a disengage of 3 Movement)", f[bf109])
	}
	bh := d.areaByName("Biggin Hill")
	if a := sc.areas[2]; len(a) != 2 || a[0] != sc.start || d.dist[a[1]][bh] != d.dist[sc.start][bh]-1 {
		t.Errorf("Coming Home, 2 pilots: German areas %v, want the start and an area one nearer Biggin Hill", a)
	}
}

// TestTrainingFourPilotsTuning pins the designed four-pilot list of
// Training after the retuning of issue 9 §4: the box's seven He 111 with
// seven Bf 109 as escort (three more than before, when search play won 99%).
func TestTrainingFourPilotsTuning(t *testing.T) {
	d, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	f, b := germanPlanes(t, d, "training", 4)
	if f[bf109] != 7 || b[he111] != 7 {
		t.Errorf("Training, 4 pilots: %d Bf 109 and %d He 111, want 7 and 7", f[bf109], b[he111])
	}
}

// TestSoloEscortTuning pins the solo escorts of the second retuning of
// issue 9 §4 (docs/rules/303-squadron.md, Tuning): Attack on Biggin Hill
// solo has one Bf 109 card more than two pilots (six Bf 109 against four),
// and Home, Sweet Home solo two Bf 109 where two pilots have one; the
// bombers are those of the two-pilot lists.
func TestSoloEscortTuning(t *testing.T) {
	d, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id         string
		solo, pair int
	}{{"bigginhill", 6, 4}, {"homesweethome", 2, 1}} {
		f1, b1 := germanPlanes(t, d, c.id, 1)
		f2, b2 := germanPlanes(t, d, c.id, 2)
		if f1[bf109] != c.solo || f2[bf109] != c.pair {
			t.Errorf("%s: %d Bf 109 solo and %d with two pilots, want %d and %d", c.id, f1[bf109], f2[bf109], c.solo, c.pair)
		}
		if b1[he111] != b2[he111] {
			t.Errorf("%s: %d He 111 solo, %d with two pilots; the tuning keeps them equal", c.id, b1[he111], b2[he111])
		}
	}
}
