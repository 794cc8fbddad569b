package boba

import "testing"

// TestManeuverCostEveryDirectionFromEveryFacing checks Figure 2 (Maneuver):
// 1 MP ahead, 2 to a front diagonal, 3 to a side, no step backwards (0),
// for all 64 pairs of facing and direction (BA-4).
func TestManeuverCostEveryDirectionFromEveryFacing(t *testing.T) {
	//                 to:  N  NE  E  SE  S  SW  W  NW
	want := [8][8]int{
		north:     {1, 2, 3, 0, 0, 0, 3, 2},
		northEast: {2, 1, 2, 3, 0, 0, 0, 3},
		east:      {3, 2, 1, 2, 3, 0, 0, 0},
		southEast: {0, 3, 2, 1, 2, 3, 0, 0},
		south:     {0, 0, 3, 2, 1, 2, 3, 0},
		southWest: {0, 0, 0, 3, 2, 1, 2, 3},
		west:      {3, 0, 0, 0, 3, 2, 1, 2},
		northWest: {2, 3, 0, 0, 0, 3, 2, 1},
	}
	for f := dir(0); f < 8; f++ {
		for d := dir(0); d < 8; d++ {
			if got := stepCost(f, d); got != want[f][d] {
				t.Errorf("facing %s, step %s: cost %d, want %d", f, d, got, want[f][d])
			}
		}
	}
}

// TestFigure3HitChartEveryAngle checks the fighter hit chart (Combat,
// Figure 3) for an attacker on each of the 8 squares around a target of
// each of the 8 facings: head-on 4, front diagonal 5, side 6, rear diagonal
// 5, rear 3 (BA-8).
func TestFigure3HitChartEveryAngle(t *testing.T) {
	// want[f][d]: the roll needed against a target facing f by an attacker
	// in the square in direction d from it.
	//                 from: N  NE  E  SE  S  SW  W  NW
	want := [8][8]int{
		north:     {4, 5, 6, 5, 3, 5, 6, 5},
		northEast: {5, 4, 5, 6, 5, 3, 5, 6},
		east:      {6, 5, 4, 5, 6, 5, 3, 5},
		southEast: {5, 6, 5, 4, 5, 6, 5, 3},
		south:     {3, 5, 6, 5, 4, 5, 6, 5},
		southWest: {5, 3, 5, 6, 5, 4, 5, 6},
		west:      {6, 5, 3, 5, 6, 5, 4, 5},
		northWest: {5, 6, 5, 3, 5, 6, 5, 4},
	}
	for f := dir(0); f < 8; f++ {
		for d := dir(0); d < 8; d++ {
			ang := attackAngle(5, 5, f, 5+dx[d], 5+dy[d])
			if got := hitChart[ang]; got != want[f][d] {
				t.Errorf("target facing %s, attacker to its %s: needs %d, want %d", f, d, got, want[f][d])
			}
		}
	}
}

// TestFigure4DefensiveArcs checks the squares a bomber's guns cover (Combat,
// Figure 4: the square ahead and the three behind the tail) and those of an
// Me110's rear gun (Addenda: the three behind), for every facing (BA-10).
func TestFigure4DefensiveArcs(t *testing.T) {
	bomber := map[dir][]dir{
		north:     {north, southEast, south, southWest},
		northEast: {northEast, south, southWest, west},
		east:      {east, southWest, west, northWest},
		southEast: {southEast, west, northWest, north},
		south:     {south, northWest, north, northEast},
		southWest: {southWest, north, northEast, east},
		west:      {west, northEast, east, southEast},
		northWest: {northWest, east, southEast, south},
	}
	for f, covered := range bomber {
		in := map[dir]bool{}
		for _, d := range covered {
			in[d] = true
		}
		for d := dir(0); d < 8; d++ {
			if got := inBomberArc(5, 5, f, 5+dx[d], 5+dy[d]); got != in[d] {
				t.Errorf("bomber facing %s covers the square to its %s: %v, want %v", f, d, got, in[d])
			}
			if got, want := inRearArc(5, 5, f, 5+dx[d], 5+dy[d]), in[d] && d != f; got != want {
				t.Errorf("rear gun facing %s covers the square to its %s: %v, want %v", f, d, got, want)
			}
		}
		if inBomberArc(5, 5, f, 5, 5) || inBomberArc(5, 5, f, 7, 5) {
			t.Errorf("bomber facing %s covers its own square or one two away", f)
		}
	}
}

// TestSquareNames checks the board's labels (BA-1): columns A.., rows from 1
// at the German end.
func TestSquareNames(t *testing.T) {
	for _, c := range []struct {
		x, y int
		want string
	}{{0, 0, "A1"}, {5, 1, "F2"}, {10, 41, "K42"}, {25, 98, "Z99"}} {
		if got := squareName(c.x, c.y); got != c.want {
			t.Errorf("square (%d,%d) is %q, want %q", c.x, c.y, got, c.want)
		}
	}
}

// TestDirToward checks the bearing the German automation turns towards when
// it pursues (BA-16): the compass direction pointing most nearly at the
// other square, in all eight directions, near and far; its own square keeps
// the facing.
func TestDirToward(t *testing.T) {
	for d := dir(0); d < 8; d++ {
		for _, n := range []int{1, 5} {
			if got := dirToward(5, 20, 5+n*dx[d], 20+n*dy[d], west); got != d {
				t.Errorf("%d squares %s: bearing %s", n, d, got)
			}
		}
	}
	if got := dirToward(5, 20, 7, 30, west); got != northEast {
		t.Errorf("2 east, 10 north: bearing %s, want NE", got)
	}
	if got := dirToward(5, 20, 5, 20, southWest); got != southWest {
		t.Errorf("same square: bearing %s, want the facing SW", got)
	}
}
