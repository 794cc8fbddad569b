package wings

import (
	"math"
	"testing"

	"scramble/engine"
)

func testGeo(t *testing.T) *geometry {
	t.Helper()
	d, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	return &d.geo
}

// A card's move is composed with the heading: moving at heading h is the
// move at heading 0 turned by h (issue §6, property over every card of every
// deck and many headings), and the heading changes by the card's turn.
func TestMoveComposedWithHeading(t *testing.T) {
	d, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(5)
	for _, dk := range d.decks {
		for i := range dk.cards {
			c := &dk.cards[i]
			x0, y0, h0 := moveBy(0, 0, 0, c)
			for k := 0; k < 50; k++ {
				h := int32(r.IntN(36000))
				x, y, nh := moveBy(1000, 2000, h, c)
				th := radians(h)
				wantX := 1000 + float64(x0)*math.Cos(th) - float64(y0)*math.Sin(th)
				wantY := 2000 + float64(x0)*math.Sin(th) + float64(y0)*math.Cos(th)
				// Rounding both moves costs at most a unit each way.
				if math.Abs(float64(x)-wantX) > 1.5 || math.Abs(float64(y)-wantY) > 1.5 {
					t.Fatalf("%s/%s at %d: (%d,%d), want about (%.1f,%.1f)", dk.id, c.id, h, x, y, wantX, wantY)
				}
				if want := normHeading(float64(h)/100 + float64(h0)/100); nh != want {
					t.Fatalf("%s/%s at %d: heading %d, want %d", dk.id, c.id, h, nh, want)
				}
			}
		}
	}
}

// Hand-worked moves: a straight of 100 mm heading north ends 1000 tenths
// north; a turn left of 60° from east ends forward 600, left 450.
func TestMoveHandWorked(t *testing.T) {
	straight := &card{forward: 1000, flags: flagStraight}
	if x, y, h := moveBy(500, 500, 9000, straight); x != 500 || y != 1500 || h != 9000 {
		t.Errorf("straight north: %d %d %d", x, y, h)
	}
	turn := &card{forward: 600, left: 450, turn: 60}
	if x, y, h := moveBy(0, 0, 0, turn); x != 600 || y != 450 || h != 6000 {
		t.Errorf("turn left from east: %d %d %d", x, y, h)
	}
	imm := &card{forward: 500, turn: 180}
	if _, _, h := moveBy(0, 0, 27000, imm); h != 9000 {
		t.Errorf("Immelmann from south heading: %d", h)
	}
}

// Positions are stored rounded: a move from stored integers gives the same
// integers every time (save, load and replay reach the identical state).
func TestMoveRoundedAndRepeatable(t *testing.T) {
	c := &card{forward: 873.3, left: 212.7, turn: 33.3}
	x1, y1, h1 := moveBy(1234, 4321, 12345, c)
	x2, y2, h2 := moveBy(1234, 4321, 12345, c)
	if x1 != x2 || y1 != y2 || h1 != h2 {
		t.Fatal("the same move gave different results")
	}
}

// The bounding boxes only make overlap and segmentHits quicker: on bases
// and rulers placed at random near one another (whole millimetres, half of
// them square to the table, so that edges touch), each gives the answer of
// its exact test.
func TestBoxShortcutChangesNoAnswer(t *testing.T) {
	g := testGeo(t)
	r := engine.NewRand(13)
	place := func() pose {
		h := int32(r.IntN(36000))
		if r.IntN(2) == 0 {
			h = int32(r.IntN(4)) * 9000
		}
		return poseOf(int32(r.IntN(160))*10, int32(r.IntN(160))*10, h)
	}
	met, hit := 0, 0
	for range 20000 {
		a, b := g.baseRect(place()), g.baseRect(place())
		if got, want := overlap(a, b), overlapExact(a, b); got != want {
			t.Fatalf("overlap(%v, %v) = %v, the exact test says %v", a, b, got, want)
		} else if want {
			met++
		}
		p, q := place().at, place().at
		if got, want := segmentHits(p, q, a), segmentMeets(p, q, a); got != want {
			t.Fatalf("segmentHits(%v, %v, %v) = %v, the exact test says %v", p, q, a, got, want)
		} else if want {
			hit++
		}
	}
	if met < 1000 || hit < 1000 || met > 19000 || hit > 19000 {
		t.Errorf("%d overlaps and %d hits in 20000: the test should see plenty of both answers", met, hit)
	}
}

// Overlap is symmetric, true for the same place and false for bases apart;
// bases touching at a corner after a rotation are caught.
func TestOverlap(t *testing.T) {
	g := testGeo(t)
	a := g.baseRect(poseOf(1000, 1000, 0))
	for _, c := range []struct {
		x, y, h int32
		want    bool
	}{
		{1000, 1000, 0, true},
		{1500, 1000, 0, true},  // 50 mm ahead: bases 60 long overlap
		{1700, 1000, 0, false}, // 70 mm ahead: apart
		{1000, 1390, 0, true},  // side by side, 39 mm apart (40 wide)
		{1000, 1410, 0, false},
		{1550, 1250, 4500, true}, // turned 45°, corner over the front-left corner
		{1750, 1450, 4500, false},
	} {
		b := g.baseRect(poseOf(c.x, c.y, c.h))
		if overlap(a, b) != c.want || overlap(b, a) != c.want {
			t.Errorf("%+v: overlap %v", c, overlap(a, b))
		}
	}
}

// Cone and range against hand-worked cases (rulebook "Firing", "Range"): a
// target dead ahead at 100 mm centre to centre is 70 mm to its nearest
// point (its rear edge); one 60° off the axis is outside the ±30° front cone
// unless its base reaches into it.
func TestConeAndRangeHandWorked(t *testing.T) {
	g := testGeo(t)
	front := newCone(vec{0, 0}, 0, 30*math.Pi/180)
	tgt := g.baseRect(poseOf(1000, 0, 0))
	d, ok := g.aim(front, tgt, nil, 1600)
	if !ok || math.Abs(d-700) > 1e-6 {
		t.Errorf("dead ahead: %v %v, want 700", d, ok)
	}
	// 60° off at 1000 tenths: the base (half diagonal 36 mm) cannot reach
	// the cone's edge at 30°.
	off := g.baseRect(poseOf(500, 866, 0))
	if _, ok := g.aim(front, off, nil, 1600); ok {
		t.Error("a target 60° off the axis was in the front cone")
	}
	// 32° off at 1000: the base straddles the 30° edge; the part inside
	// the cone is reachable.
	edge := g.baseRect(poseOf(848, 530, 0))
	if _, ok := g.aim(front, edge, nil, 1600); !ok {
		t.Error("a base reaching into the cone was refused")
	}
	// Beyond long range (160 mm to the nearest point).
	far := g.baseRect(poseOf(1950, 0, 0))
	if _, ok := g.aim(front, far, nil, 1600); ok {
		t.Error("a target 165 mm away was in range")
	}
	// Turret: all round, a target behind is fine.
	turret := newCone(vec{0, 0}, 0, math.Pi)
	if d, ok := g.aim(turret, g.baseRect(poseOf(-1000, 0, 0)), nil, 1600); !ok || math.Abs(d-700) > 1e-6 {
		t.Errorf("turret behind: %v %v", d, ok)
	}
}

// Property: the distance found is never shorter than the distance to the
// target's nearest point, and a target that is entirely inside the cone
// gives exactly that distance.
func TestAimProperty(t *testing.T) {
	g := testGeo(t)
	r := engine.NewRand(9)
	for k := 0; k < 2000; k++ {
		p := poseOf(int32(r.IntN(4000)-2000), int32(r.IntN(4000)-2000), int32(r.IntN(36000)))
		tr := g.baseRect(p)
		c := newCone(vec{}, float64(r.IntN(628))/100, 30*math.Pi/180)
		d, ok := g.aim(c, tr, nil, 1e9)
		_, nd := nearest(tr[:], vec{})
		inside := true
		for _, q := range tr {
			inside = inside && angleDiff(bearing(vec{}, q), c.axis) <= c.half
		}
		if ok && d < nd-1e-6 {
			t.Fatalf("aim %v shorter than the nearest point %v", d, nd)
		}
		if inside && (!ok || math.Abs(d-nd) > 1e-6) {
			t.Fatalf("a base inside the cone: aim %v %v, nearest %v", d, ok, nd)
		}
	}
}

// A base across the line of fire blocks it; one beside the line does not
// (rulebook "Targeting").
func TestBlocking(t *testing.T) {
	g := testGeo(t)
	front := newCone(vec{0, 0}, 0, 30*math.Pi/180)
	tgt := g.baseRect(poseOf(1200, 0, 0))
	across := g.baseRect(poseOf(500, 0, 9000))
	if _, ok := g.aim(front, tgt, []rect{across}, 1600); ok {
		t.Error("fired through a base across the line")
	}
	beside := g.baseRect(poseOf(500, 600, 0))
	if _, ok := g.aim(front, tgt, []rect{beside}, 1600); !ok {
		t.Error("a base beside the line blocked")
	}
	// A blocker covering only the near part: the ruler can still reach a
	// far corner around it.
	partial := g.baseRect(poseOf(500, -250, 0))
	if _, ok := g.aim(front, tgt, []rect{partial}, 1600); !ok {
		t.Error("a partial blocker blocked every point")
	}
}

// Front and rear edges as seen from the centre (tailing condition 2, the
// rear gun's blind spot).
func TestThroughFrontAndRear(t *testing.T) {
	g := testGeo(t)
	p := poseOf(0, 0, 0)
	if !g.throughFront(p, vec{1000, 100}) || g.throughFront(p, vec{100, 1000}) {
		t.Error("front edge")
	}
	if !g.throughRear(p, vec{-1000, -100}) || g.throughRear(p, vec{-100, -1000}) {
		t.Error("rear edge")
	}
}
