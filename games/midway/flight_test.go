package midway

import (
	"testing"

	"scramble/engine"
)

// TestFlightExample replays the rulebook's Flight example (2.4.3): the
// fighter avoids an enemy by turning left, turns right, flies off the board
// onto a small tile, then flies on with a left turn (MW-2: with one-area
// small tiles that fourth manoeuvre lays the second tile).
func TestFlightExample(t *testing.T) {
	s := scenario(hunt)
	put(s, usF1, at(1, 0), East)  // Andy's fighter
	put(s, jpF1, at(3, 0), West)  // the enemy ahead
	put(s, jpF2, at(-3, 1), East) // Japan still has a marker
	turnOf(s, US)
	do(t, s, 0, "fly F1")
	if s.planes[usF1].marker {
		t.Fatal("the activation marker was not discarded")
	}
	do(t, s, 0, "left")
	if p := s.planes[usF1]; p.pos != at(2, 0) || p.face != NorthEast {
		t.Fatalf("after forward + left: %s %s", p.pos, p.face)
	}
	do(t, s, 0, "right")
	if p := s.planes[usF1]; p.pos != at(3, -1) || p.face != East {
		t.Fatalf("after forward + right: %s %s (the enemy at 3,0 was avoided)", p.pos, p.face)
	}
	do(t, s, 0, "forward", "small tile 1")
	if p := s.planes[usF1]; p.pos != at(4, -1) || !s.tiles[0].placed || s.tiles[0].at != at(4, -1) {
		t.Fatalf("flying off the board did not lay a small tile: %s, tiles %v", p.pos, s.tiles)
	}
	do(t, s, 0, "left", "small tile 2")
	if p := s.planes[usF1]; p.pos != at(5, -1) || p.face != NorthEast || p.status != flying {
		t.Fatalf("fourth manoeuvre: %s %s", p.pos, p.face)
	}
	if s.step != stActivate || s.actor != Japan || s.initiative != Japan {
		t.Fatalf("after 4 manoeuvres the flight ends and the Initiative passes: step %d actor %s", s.step, s.actor)
	}
}

// TestManoeuvreCounts checks 2.4.3 Flight: a Fighter flies 3-4 manoeuvres,
// a Bomber 2-3; stop is refused before the minimum.
func TestManoeuvreCounts(t *testing.T) {
	for _, c := range []struct {
		p      int8
		lo, hi int
	}{{usF1, 3, 4}, {usS1, 2, 3}} {
		s := scenario(hunt)
		put(s, c.p, at(-3, 1), East)
		put(s, jpF1, at(-2, -1), West)
		turnOf(s, US)
		do(t, s, 0, "fly "+s.planeName(c.p))
		for i := 0; i < c.lo; i++ {
			refused(t, s, 0, "stop", "2.4.3 Flight")
			do(t, s, 0, "forward")
		}
		if c.lo < c.hi && !has(legalTexts(s, 0), "stop") {
			t.Errorf("%s: stop not offered after %d manoeuvres", s.planeName(c.p), c.lo)
		}
		for i := c.lo; i < c.hi; i++ {
			do(t, s, 0, "forward")
		}
		if s.step != stActivate || s.actor != Japan {
			t.Errorf("%s: the flight did not end after %d manoeuvres", s.planeName(c.p), c.hi)
		}
	}
}

// TestSwap checks 2.4.3: entering an occupied area swaps the two planes,
// both keeping their facings, and the mover may still turn.
func TestSwap(t *testing.T) {
	s := scenario(hunt)
	put(s, usF1, at(-1, 0), East)
	put(s, jpF1, at(0, 0), NorthWest)
	turnOf(s, US)
	do(t, s, 0, "fly F1", "right")
	us, jp := s.planes[usF1], s.planes[jpF1]
	if us.pos != at(0, 0) || jp.pos != at(-1, 0) {
		t.Fatalf("no swap: US at %s, Japan at %s", us.pos, jp.pos)
	}
	if jp.face != NorthWest {
		t.Errorf("the swapped plane's facing changed to %s", jp.face)
	}
	if us.face != SouthEast {
		t.Errorf("the mover's turn after the swap: facing %s, want SE", us.face)
	}
}

// TestSmallTiles checks 2.4.3 and MW-2: off the board a free small tile is
// laid; a laid tile holding no aircraft is moved; with none free the plane
// is destroyed.
func TestSmallTiles(t *testing.T) {
	s := scenario(hunt)
	put(s, usF1, at(4, -3), East) // on the North-east tile's edge
	put(s, usF2, at(3, 1), East)  // on the East tile's edge
	put(s, usF3, at(-4, 2), West) // on the South-west tile's edge
	put(s, jpF1, at(0, 0), East)
	turnOf(s, US)
	do(t, s, 0, "fly F1", "forward", "small tile 1", "right", "small tile 2")
	if !s.tiles[0].placed || s.tiles[0].at != at(5, -3) || !s.tiles[1].placed || s.tiles[1].at != at(6, -3) {
		t.Fatalf("two tiles should be laid under F1's path: %v, F1 at %s", s.tiles, s.planes[usF1].pos)
	}
	// Off the board again: tile 1 holds F1, tile 0 is free and moves.
	do(t, s, 0, "forward", "small tile 1", "stop")
	if s.tiles[0].at != at(6, -2) || s.planes[usF1].pos != at(6, -2) {
		t.Fatalf("the free tile was not moved: %v, F1 at %s", s.tiles, s.planes[usF1].pos)
	}
	turnOf(s, US)
	do(t, s, 0, "fly F3", "forward", "small tile 2")
	if s.tiles[1].at != at(-5, 2) || s.planes[usF3].pos != at(-5, 2) {
		t.Fatalf("F3 should have moved tile 2 to -5,2: %v, F3 at %s", s.tiles, s.planes[usF3].pos)
	}
	// Both tiles now hold aircraft (F1, and F3 itself): F3 flying off
	// again is destroyed.
	if got := legalTexts(s, 0); len(got) != 1 || got[0] != "forward" {
		t.Fatalf("a plane about to be destroyed may only fly forward, got %v", got)
	}
	do(t, s, 0, "forward")
	if s.planes[usF3].status != gone {
		t.Fatalf("F3 should be destroyed with no free small tile, status %d", s.planes[usF3].status)
	}
}

// TestTargetDistance checks 2.4.3 Combat and MW-10: the target's distance
// is counted in manoeuvres with facing, not in areas. The table is checked
// against a brute force over every token sequence, for every facing.
func TestTargetDistance(t *testing.T) {
	best := map[Hex]int{}
	var walk func(h Hex, f Facing, d int)
	walk = func(h Hex, f Facing, d int) {
		if d == reachMax {
			return
		}
		n := h.step(f)
		if n != (Hex{}) && (best[n] == 0 || best[n] > d+1) {
			best[n] = d + 1
		}
		for _, turn := range tokTurn {
			walk(n, f.turn(turn), d+1)
		}
	}
	walk(Hex{}, East, 0)
	for f := range numFacings {
		for q := int8(-6); q <= 6; q++ {
			for r := int8(-6); r <= 6; r++ {
				h := at(q, r)
				if got := manoeuvresTo(f, h.fromFrame(f)); got != best[h] {
					t.Errorf("facing %s, offset %s: %d manoeuvres, brute force %d", f, h, got, best[h])
				}
			}
		}
	}
	// One area behind is many manoeuvres away; five ahead is five; six
	// ahead is out of reach.
	if d := manoeuvresTo(East, at(-1, 0)); d != 0 && d <= 3 {
		t.Errorf("the area right behind is %d manoeuvres away; it needs a turn-around", d)
	}
	if manoeuvresTo(East, at(5, 0)) != 5 || manoeuvresTo(East, at(6, 0)) != 0 {
		t.Error("reach ahead should be exactly 5")
	}
	s := scenario(hunt)
	put(s, usF1, at(-3, 0), East)
	put(s, jpF1, at(2, 0), East)  // 5 ahead: a target
	put(s, jpF2, at(-4, 0), East) // 1 area behind, 5+ manoeuvres
	turnOf(s, US)
	l := legalTexts(s, 0)
	if !has(l, "US F1 attacks JP F1") {
		t.Errorf("the enemy 5 manoeuvres ahead is not a target: %v", l)
	}
	if d := manoeuvresTo(East, at(-1, 0)); has(l, "US F1 attacks JP F2") != (d > 0) {
		t.Errorf("the enemy behind (%d manoeuvres) target listing is wrong: %v", d, l)
	}
	refused(t, s, 0, "attack F1 B1", "2.4.3")
}

// TestFeintGeometry checks MW-9: Feint lands two areas across the corner
// straight to the left or right, the same distance either way.
func TestFeintGeometry(t *testing.T) {
	if feintOffset(East, true) != at(1, -2) || feintOffset(East, false) != at(-1, 2) {
		t.Errorf("feint from E: %s / %s", feintOffset(East, true), feintOffset(East, false))
	}
	for f := range numFacings {
		l, r := feintOffset(f, true), feintOffset(f, false)
		if l.Dist() != 2 || r.Dist() != 2 || l.Add(r) != (Hex{}) || l.toFrame(f) != at(1, -2) {
			t.Errorf("feint from %s: %s / %s", f, l, r)
		}
	}
}

var _ = engine.Chance
