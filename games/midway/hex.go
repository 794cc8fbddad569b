package midway

import (
	"fmt"
	"strconv"
	"strings"
)

// Hex is one area of the board in axial coordinates (q, r). Areas are pointy-
// top hexagons, so a plane faces one of the six sides: E, NE, NW, W, SW, SE.
type Hex struct{ Q, R int8 }

// Facing is the side of its area a plane points at, 0..5 counter-clockwise
// from E. Turning left adds 1, turning right subtracts 1.
type Facing int8

// The six facings.
const (
	East Facing = iota
	NorthEast
	NorthWest
	West
	SouthWest
	SouthEast
	numFacings
)

var facingNames = [numFacings]string{"E", "NE", "NW", "W", "SW", "SE"}

// dirs are the neighbour offsets of the six facings.
var dirs = [numFacings]Hex{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// String names the facing: "E", "NE", ...
func (f Facing) String() string { return facingNames[f.norm()] }

// norm brings f into 0..5.
func (f Facing) norm() Facing { return ((f % numFacings) + numFacings) % numFacings }

// turn turns f by t sides: +1 left, -1 right, 3 about.
func (f Facing) turn(t int) Facing { return (f + Facing(t)).norm() }

// parseFacing reads "E", "ne", ...
func parseFacing(s string) (Facing, bool) {
	for i, n := range facingNames {
		if strings.EqualFold(s, n) {
			return Facing(i), true
		}
	}
	return 0, false
}

// Add returns h moved by d.
func (h Hex) Add(d Hex) Hex { return Hex{h.Q + d.Q, h.R + d.R} }

// Sub returns the offset from o to h.
func (h Hex) Sub(o Hex) Hex { return Hex{h.Q - o.Q, h.R - o.R} }

// step returns the neighbour of h in direction f.
func (h Hex) step(f Facing) Hex { return h.Add(dirs[f.norm()]) }

// rotLeft turns an offset by one side counter-clockwise (E to NE).
func (h Hex) rotLeft() Hex { return Hex{h.Q + h.R, -h.Q} }

// rotRight turns an offset by one side clockwise (NE to E).
func (h Hex) rotRight() Hex { return Hex{-h.R, h.Q + h.R} }

// toFrame expresses the world offset h as seen by a plane facing f: the
// offset a plane facing E would see (range diagrams are drawn that way).
func (h Hex) toFrame(f Facing) Hex {
	for range f.norm() {
		h = h.rotRight()
	}
	return h
}

// fromFrame is the inverse of toFrame: an offset seen by a plane facing f,
// back in world terms.
func (h Hex) fromFrame(f Facing) Hex {
	for range f.norm() {
		h = h.rotLeft()
	}
	return h
}

// Dist is the number of areas between h and the origin.
func (h Hex) Dist() int {
	q, r := int(h.Q), int(h.R)
	return max(abs(q), abs(r), abs(q+r))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// String writes the hex as "q,r", its text form in actions.
func (h Hex) String() string { return fmt.Sprintf("%d,%d", h.Q, h.R) }

// parseHex reads "q,r".
func parseHex(s string) (Hex, bool) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return Hex{}, false
	}
	q, err1 := strconv.Atoi(strings.TrimSpace(a))
	r, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || q < -100 || q > 100 || r < -100 || r > 100 {
		return Hex{}, false
	}
	return Hex{int8(q), int8(r)}, true
}

// feintOffset is where Feint moves a plane facing f: the nearest area straight
// to its left (left) or right, two areas away across a hex corner (MW-9).
func feintOffset(f Facing, left bool) Hex {
	if left {
		return dirs[f.turn(1)].Add(dirs[f.turn(2)])
	}
	return dirs[f.turn(-1)].Add(dirs[f.turn(-2)])
}
