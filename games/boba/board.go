package boba

import "strconv"

// The board is a grid of Width columns (A, B, ...) by Length rows (1 at the
// German end, Length at the British end). x counts columns from 0 (west), y
// rows from 0 (the German end); the Germans fly north, towards larger y
// (BA-1).

// dir is one of the eight facings, and the direction of a step (BA-4).
type dir int8

// The eight compass facings, clockwise from north.
const (
	north dir = iota
	northEast
	east
	southEast
	south
	southWest
	west
	northWest
)

var (
	dirNames  = [8]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
	dirArrows = [8]string{"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"}
	dx        = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	dy        = [8]int{1, 1, 0, -1, -1, -1, 0, 1}
)

// String names the facing ("NE").
func (d dir) String() string { return dirNames[d&7] }

// turn returns the facing n eighths of a turn clockwise from d (n may be
// negative).
func (d dir) turn(n int) dir { return dir(((int(d)+n)%8 + 8) % 8) }

// relative returns the turn from facing f to direction d in eighths,
// -3 .. 4 (negative: to the left).
func relative(f, d dir) int {
	r := ((int(d)-int(f))%8 + 8) % 8
	if r > 4 {
		r -= 8
	}
	return r
}

// stepCost is the MP cost of a step in direction d by a plane facing f: 1
// ahead, 2 to a front diagonal, 3 to the side; 0 means the step is not
// allowed (backwards) (Maneuver, Figure 2).
func stepCost(f, d dir) int {
	switch relative(f, d) {
	case 0:
		return costAhead
	case -1, 1:
		return costDiagonal
	case -2, 2:
		return costLateral
	}
	return 0
}

// stepOrder lists the five steps a plane may take, relative to its facing,
// in the order the rules and the automation try them: ahead, half left, half
// right, left, right.
var stepOrder = [5]int{0, -1, 1, -2, 2}

// dirTo returns the direction from (x0, y0) to the adjacent square (x1, y1).
func dirTo(x0, y0, x1, y1 int) (dir, bool) {
	for d := dir(0); d < 8; d++ {
		if x0+dx[d] == x1 && y0+dy[d] == y1 {
			return d, true
		}
	}
	return 0, false
}

// dirToward returns the compass direction that points most nearly from
// (x0, y0) to (x1, y1), and f when they are the same square.
func dirToward(x0, y0, x1, y1 int, f dir) dir {
	sx, sy := sign(x1-x0), sign(y1-y0)
	for d := dir(0); d < 8; d++ {
		if dx[d] == sx && dy[d] == sy {
			return d
		}
	}
	return f
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// chebyshev is the distance in king's moves between two squares.
func chebyshev(x0, y0, x1, y1 int) int { return max(abs(x1-x0), abs(y1-y0)) }

// attackAngle says where an attacker at (ax, ay) sits as seen from an
// adjacent target at (tx, ty) facing tf: front, a front diagonal, the side, a
// rear diagonal or the rear (Combat, Figure 3; BA-8).
func attackAngle(tx, ty int, tf dir, ax, ay int) angle {
	d, _ := dirTo(tx, ty, ax, ay)
	switch abs(relative(tf, d)) {
	case 0:
		return front
	case 1:
		return frontDiagonal
	case 2:
		return side
	case 3:
		return rearDiagonal
	}
	return rear
}

// inBomberArc reports whether a bomber at (bx, by) facing bf covers the
// square (x, y) with its guns: the square ahead of its nose and the three
// squares behind and beside its tail (Combat, Figure 4; BA-10).
func inBomberArc(bx, by int, bf dir, x, y int) bool {
	d, ok := dirTo(bx, by, x, y)
	if !ok {
		return false
	}
	r := abs(relative(bf, d))
	return r == 0 || r >= 3
}

// inRearArc reports whether a plane at (bx, by) facing bf covers (x, y) with
// a rear gun: the three squares behind it (Addenda: the Me110; BA-10).
func inRearArc(bx, by int, bf dir, x, y int) bool {
	d, ok := dirTo(bx, by, x, y)
	return ok && abs(relative(bf, d)) >= 3
}

// colName names column x ("A").
func colName(x int) string { return string(rune('A' + x)) }

// squareName names a square as the board labels it ("F12").
func squareName(x, y int) string { return colName(x) + strconv.Itoa(y+1) }
