package wings

import (
	"math"
	"sort"
)

// Geometry of the table: plane bases as rectangles, manoeuvre cards as rigid
// moves, firing cones, ranges, the ruler crossing other bases. Lengths are in
// tenths of a millimetre (the unit of stored positions), angles in radians
// unless a name says degrees. Nothing here knows the rules; fire.go and
// move.go apply them.

// vec is a point or a direction on the table (x east, y north).
type vec struct{ x, y float64 }

func (a vec) add(b vec) vec       { return vec{a.x + b.x, a.y + b.y} }
func (a vec) sub(b vec) vec       { return vec{a.x - b.x, a.y - b.y} }
func (a vec) scale(k float64) vec { return vec{a.x * k, a.y * k} }
func (a vec) dot(b vec) float64   { return a.x*b.x + a.y*b.y }
func (a vec) cross(b vec) float64 { return a.x*b.y - a.y*b.x }
func (a vec) len() float64        { return math.Hypot(a.x, a.y) }

func lerp(a, b vec, t float64) vec   { return a.add(b.sub(a).scale(t)) }
func radians(centideg int32) float64 { return float64(centideg) * math.Pi / 18000 }

// unit is the unit vector at angle. math.Sincos gives the bits of math.Cos
// and math.Sin in one call, for about two thirds of their time.
func unit(angle float64) vec {
	sn, cs := math.Sincos(angle)
	return vec{cs, sn}
}

// pose is where a plane stands: its base centre and heading, and whether
// its base is a large one.
type pose struct {
	at    vec
	hdg   float64 // radians, counter-clockwise from east
	large bool
}

// dims are the length and width of a base, large or not.
func (g *geometry) dims(large bool) (float64, float64) {
	if large {
		return g.largeLength, g.largeWidth
	}
	return g.baseLength, g.baseWidth
}

// poseOf converts stored integers (tenths of mm, hundredths of a degree).
func poseOf(x, y, hdg int32) pose {
	return pose{at: vec{float64(x), float64(y)}, hdg: radians(hdg)}
}

// moveBy applies a card's rigid move to a stored position and heading and
// returns the new ones, rounded to the stored units: the card's forward and
// left offsets turned by the heading, then the card's turn.
func moveBy(x, y, hdg int32, c *card) (int32, int32, int32) {
	return moveAlong(x, y, hdg, unit(radians(hdg)), c)
}

// moveAlong is moveBy with the heading's unit vector fwd worked out already:
// a run of straights keeps its heading, and needs it once.
func moveAlong(x, y, hdg int32, fwd vec, c *card) (int32, int32, int32) {
	cs, sn := fwd.x, fwd.y
	// The explicit conversions forbid fused multiply-adds (Go spec,
	// "Floating-point operators"), so every platform rounds alike.
	nx := float64(x) + float64(c.forward*cs) - float64(c.left*sn)
	ny := float64(y) + float64(c.forward*sn) + float64(c.left*cs)
	return int32(math.Round(nx)), int32(math.Round(ny)), normHeading(float64(hdg)/100 + c.turn)
}

// rect is a base: its four corners, front-left, front-right, rear-right,
// rear-left (counter-clockwise order is front-left, rear-left, rear-right,
// front-right; the code does not depend on the winding).
type rect [4]vec

// baseRect returns the base of a plane at p.
func (g *geometry) baseRect(p pose) rect {
	return g.baseRectAt(p.at, unit(p.hdg), unit(p.hdg+math.Pi/2), p.large)
}

// baseRectAt is the base centred at at whose heading has the unit vector
// fwd, left the unit vector a right angle to its left.
func (g *geometry) baseRectAt(at, fwd, left vec, large bool) rect {
	ln, wd := g.dims(large)
	f := fwd.scale(ln / 2)
	l := left.scale(wd / 2)
	return rect{at.add(f).add(l), at.add(f).sub(l), at.sub(f).sub(l), at.sub(f).add(l)}
}

// contains says whether q is inside the convex polygon poly (or on its edge).
func contains(poly []vec, q vec) bool {
	if len(poly) < 3 {
		return false
	}
	sign := 0.0
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		c := b.sub(a).cross(q.sub(a))
		if c == 0 {
			continue
		}
		if sign == 0 {
			sign = c
		} else if (c > 0) != (sign > 0) {
			return false
		}
	}
	// A polygon whose points all lie on one line (a base touching a cone
	// only along its edge) has no inside: q is on it only on its segments,
	// which nearest measures.
	return sign != 0
}

// nearest returns the point of the convex polygon poly nearest to q, and its
// distance (0 when q is inside).
func nearest(poly []vec, q vec) (vec, float64) {
	if contains(poly, q) {
		return q, 0
	}
	best, bd := vec{}, math.Inf(1)
	for i := range poly {
		p := closestOnSegment(poly[i], poly[(i+1)%len(poly)], q)
		if d := p.sub(q).len(); d < bd {
			best, bd = p, d
		}
	}
	return best, bd
}

func closestOnSegment(a, b, q vec) vec {
	ab := b.sub(a)
	l2 := ab.dot(ab)
	if l2 == 0 {
		return a
	}
	t := math.Max(0, math.Min(1, q.sub(a).dot(ab)/l2))
	return a.add(ab.scale(t))
}

// segmentsCross says whether segments ab and cd intersect (touching counts).
func segmentsCross(a, b, c, d vec) bool {
	d1 := b.sub(a).cross(c.sub(a))
	d2 := b.sub(a).cross(d.sub(a))
	d3 := d.sub(c).cross(a.sub(c))
	d4 := d.sub(c).cross(b.sub(c))
	if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
		return true
	}
	on := func(p, q, r vec, cr float64) bool { // r on segment pq, given collinear
		return cr == 0 && math.Min(p.x, q.x) <= r.x && r.x <= math.Max(p.x, q.x) &&
			math.Min(p.y, q.y) <= r.y && r.y <= math.Max(p.y, q.y)
	}
	return on(a, b, c, d1) || on(a, b, d, d2) || on(c, d, a, d3) || on(c, d, b, d4)
}

// segmentHits says whether segment ab touches the rectangle r.
func segmentHits(a, b vec, r rect) bool {
	return boxesMeet(box(a, b), r.box()) && segmentMeets(a, b, r)
}

// segmentMeets is segmentHits without the shortcut of the bounding boxes.
func segmentMeets(a, b vec, r rect) bool {
	if contains(r[:], a) || contains(r[:], b) {
		return true
	}
	for i := range r {
		if segmentsCross(a, b, r[i], r[(i+1)%4]) {
			return true
		}
	}
	return false
}

// overlap says whether two bases overlap. Most bases are far apart, so
// their bounding boxes are compared first.
func overlap(a, b rect) bool {
	return boxesMeet(a.box(), b.box()) && overlapExact(a, b)
}

// overlapExact is overlap by the separating axis test on the edges of both
// rectangles alone.
func overlapExact(a, b rect) bool {
	for _, r := range [2]rect{a, b} {
		for i := 0; i < 2; i++ {
			axis := r[i+1].sub(r[i])
			amin, amax := project(a, axis)
			bmin, bmax := project(b, axis)
			if amax < bmin || bmax < amin {
				return false
			}
		}
	}
	return true
}

func project(r rect, axis vec) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range r {
		d := p.dot(axis)
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// aabb is an axis-aligned bounding box: the least and greatest corners.
type aabb struct{ lo, hi vec }

// box is the bounding box of the segment ab.
func box(a, b vec) aabb {
	return aabb{vec{min(a.x, b.x), min(a.y, b.y)}, vec{max(a.x, b.x), max(a.y, b.y)}}
}

// box is the bounding box of the rectangle.
func (r rect) box() aabb {
	return aabb{
		vec{min(r[0].x, r[1].x, r[2].x, r[3].x), min(r[0].y, r[1].y, r[2].y, r[3].y)},
		vec{max(r[0].x, r[1].x, r[2].x, r[3].x), max(r[0].y, r[1].y, r[2].y, r[3].y)},
	}
}

// boxesMeet says whether two bounding boxes touch or overlap. When they do
// not, neither do the shapes inside them.
func boxesMeet(a, b aabb) bool {
	return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y
}

// clipHalfPlane keeps the part of the convex polygon poly on the left of the
// directed line through o with direction d (cross(d, p-o) >= 0), appending it
// to out (Sutherland–Hodgman).
func clipHalfPlane(poly []vec, o, d vec, out []vec) []vec {
	n := len(poly)
	for i := 0; i < n; i++ {
		p, q := poly[i], poly[(i+1)%n]
		sp, sq := d.cross(p.sub(o)), d.cross(q.sub(o))
		if sp >= 0 {
			out = append(out, p)
		}
		if (sp >= 0) != (sq >= 0) {
			out = append(out, lerp(p, q, sp/(sp-sq)))
		}
	}
	return out
}

// cone is a firing cone: apex, axis and half angle (radians); a half angle
// of π or more is all round. Make one with newCone, which works out the
// directions of its edges once for every base it clips.
type cone struct {
	apex        vec
	axis        float64
	half        float64
	right, left vec // unit vectors along the edges at axis−half and axis+half
}

// newCone returns the cone at apex about axis with the half angle half.
func newCone(apex vec, axis, half float64) cone {
	c := cone{apex: apex, axis: axis, half: half}
	if half < math.Pi {
		c.right, c.left = unit(axis-half), unit(axis+half)
	}
	return c
}

// clip returns the part of the base r inside the cone, in buf (empty when
// none of the base is inside). A half angle must be at most π/2 or at least
// π (data.go checks it), so the cone is convex or the whole plane.
func (c cone) clip(r rect, buf *[16]vec) []vec {
	if c.half >= math.Pi {
		return append(buf[:0], r[:]...)
	}
	var tmp [16]vec
	// Left of the right edge, right of the left edge.
	a := clipHalfPlane(r[:], c.apex, c.right, tmp[:0])
	if len(a) < 3 {
		return buf[:0]
	}
	b := clipHalfPlane(a, c.apex, c.left.scale(-1), buf[:0])
	if len(b) < 3 {
		return buf[:0]
	}
	return b
}

// angleDiff returns the absolute difference of two angles in [0, π].
func angleDiff(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 2*math.Pi)
	if d > math.Pi {
		d = 2*math.Pi - d
	}
	return d
}

// bearing is the direction from a to b.
func bearing(a, b vec) float64 { return math.Atan2(b.y-a.y, b.x-a.x) }

// halfDiagonal is the distance from a base's centre to its corners, for the
// largest base (a bound for pruning).
func (g *geometry) halfDiagonal() float64 { return math.Hypot(g.largeLength, g.largeWidth) / 2 }

// quarter is a quarter-ruler, the unit of range.
func (g *geometry) quarter() float64 { return g.ruler / 4 }

// aim looks for the points of the target base t that the ruler from the apex
// of c can reach inside the cone without its edge touching a base in
// blockers. It returns the shortest distance to such a point (tenths of mm)
// and whether there is one within maxDist. When the nearest point of the
// part of the base inside the cone is blocked, the nearest clear point is
// computed (clearest): "any point of the base" (rulebook "Targeting", WG-7).
func (g *geometry) aim(c cone, t rect, blockers []rect, maxDist float64) (float64, bool) {
	var buf [16]vec
	poly := c.clip(t, &buf)
	if len(poly) == 0 {
		return 0, false
	}
	np, nd := nearest(poly, c.apex)
	if nd > maxDist {
		return 0, false
	}
	clear := func(q vec) bool {
		for _, b := range blockers {
			if segmentHits(c.apex, q, b) {
				return false
			}
		}
		return true
	}
	if clear(np) {
		return nd, true
	}
	return clearest(c.apex, poly, blockers, maxDist, clear)
}

// clearest returns the distance from apex to the nearest point of the
// convex polygon poly that the segment from apex reaches touching no base in
// blockers, and whether one lies within maxDist. Seen from apex, each
// direction meets poly first at its entry point, and that is the nearest
// point of poly in that direction; the entry distance is least at a vertex,
// at the foot of the perpendicular to an edge, or where a blocker's shadow
// ends. Those directions (a shadow's ends turned a hair outward, as a ruler
// along a blocker's corner touches it) are the only ones to try.
func clearest(apex vec, poly []vec, blockers []rect, maxDist float64, clear func(vec) bool) (float64, bool) {
	const hair = 1e-7 // radians: at a metre, a hundredth of a micrometre
	var ref vec
	for _, p := range poly {
		ref = ref.add(p)
	}
	ref = ref.scale(1 / float64(len(poly)))
	base := bearing(apex, ref)
	rel := func(q vec) float64 { return math.Remainder(bearing(apex, q)-base, 2*math.Pi) }
	var cands []float64
	for i, p := range poly {
		cands = append(cands, rel(p), rel(closestOnSegment(p, poly[(i+1)%len(poly)], apex)))
	}
	for _, b := range blockers {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, q := range b {
			a := rel(q)
			lo, hi = min(lo, a), max(hi, a)
		}
		if hi-lo < math.Pi { // a blocker all round the apex shadows everything
			cands = append(cands, lo-hair, hi+hair)
		}
	}
	best, found := math.Inf(1), false
	for _, a := range cands {
		dir := unit(base + a)
		d, ok := rayEntry(apex, dir, poly)
		if !ok || d > maxDist || d >= best {
			continue
		}
		if clear(apex.add(dir.scale(d))) {
			best, found = d, true
		}
	}
	return best, found
}

// rayEntry is the distance along the ray from o in the unit direction dir
// to its first point in the convex polygon poly, if it meets it.
func rayEntry(o, dir vec, poly []vec) (float64, bool) {
	if contains(poly, o) {
		return 0, true
	}
	best, ok := math.Inf(1), false
	for i, a := range poly {
		b := poly[(i+1)%len(poly)]
		e := b.sub(a)
		den := dir.cross(e)
		if den == 0 {
			continue
		}
		w := a.sub(o)
		t := w.cross(e) / den // along the ray
		u := w.cross(dir) / den
		if t >= 0 && u >= -1e-12 && u <= 1+1e-12 && t < best {
			best, ok = t, true
		}
	}
	return best, ok
}

// frontEdgeAngle is the half angle under which a base's front (or rear) edge
// is seen from its centre.
func (g *geometry) frontEdgeAngle(large bool) float64 {
	ln, wd := g.dims(large)
	return math.Atan2(wd/2, ln/2)
}

// throughFront says whether the ruler from the centre of the base at p
// towards q leaves the base through its front edge.
func (g *geometry) throughFront(p pose, q vec) bool {
	return angleDiff(bearing(p.at, q), p.hdg) <= g.frontEdgeAngle(p.large)
}

// throughRear says whether the ruler from the centre of the base at p
// towards q leaves the base through its rear edge.
func (g *geometry) throughRear(p pose, q vec) bool {
	return angleDiff(bearing(p.at, q), p.hdg+math.Pi) <= g.frontEdgeAngle(p.large)
}

// sweep returns the convex hulls of the area a base sweeps flying card c
// from the pose from: the hull of the base at each of steps+1 poses along
// the card's move (forward, left and turn scaled alike) and the next one. A
// designed reading of a base "crossing" a card: the card's path between
// its two printed ends is not public (reference 2.2).
func (g *geometry) sweep(from pose, c *card, steps int, out [][]vec) [][]vec {
	fwd, left := unit(from.hdg), unit(from.hdg+math.Pi/2)
	at := func(t float64) rect {
		p := from.at.add(fwd.scale(t * c.forward)).add(left.scale(t * c.left))
		h := from.hdg + t*c.turn*math.Pi/180
		return g.baseRect(pose{p, h, from.large})
	}
	prev := at(0)
	for k := 1; k <= steps; k++ {
		next := at(float64(k) / float64(steps))
		pts := append(append([]vec{}, prev[:]...), next[:]...)
		out = append(out, convexHull(pts))
		prev = next
	}
	return out
}

// convexHull returns the convex hull of pts, counter-clockwise (Andrew's
// monotone chain); pts is reordered.
func convexHull(pts []vec) []vec {
	sort.Slice(pts, func(i, j int) bool {
		return pts[i].x < pts[j].x || (pts[i].x == pts[j].x && pts[i].y < pts[j].y)
	})
	hull := make([]vec, 0, 2*len(pts))
	for pass := 0; pass < 2; pass++ {
		start := len(hull)
		for _, p := range pts {
			for len(hull) >= start+2 && hull[len(hull)-1].sub(hull[len(hull)-2]).cross(p.sub(hull[len(hull)-2])) <= 0 {
				hull = hull[:len(hull)-1]
			}
			hull = append(hull, p)
		}
		hull = hull[:len(hull)-1]
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	return hull
}

// polysOverlap says whether two convex polygons overlap or touch (the
// separating axis test on the edges of both).
func polysOverlap(a, b []vec) bool {
	for _, poly := range [2][]vec{a, b} {
		for i := range poly {
			e := poly[(i+1)%len(poly)].sub(poly[i])
			axis := vec{-e.y, e.x}
			alo, ahi := projectPoly(a, axis)
			blo, bhi := projectPoly(b, axis)
			if ahi < blo || bhi < alo {
				return false
			}
		}
	}
	return true
}

func projectPoly(poly []vec, axis vec) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range poly {
		d := p.dot(axis)
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// sweptStraight is the area a base sweeps flying straight ahead forward
// (tenths of mm) to end at the pose end: a base lengthened backwards by the
// move.
func (g *geometry) sweptStraight(end pose, forward float64) rect {
	fwd, left := unit(end.hdg), unit(end.hdg+math.Pi/2)
	ln, wd := g.dims(end.large)
	front := end.at.add(fwd.scale(ln / 2))
	rear := end.at.sub(fwd.scale(ln/2 + forward))
	l := left.scale(wd / 2)
	return rect{front.add(l), front.sub(l), rear.sub(l), rear.add(l)}
}
