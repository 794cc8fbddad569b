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
