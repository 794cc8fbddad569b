package squadron

import (
	"encoding/json"
	"strings"
	"testing"

	"scramble/engine"
)

// TestRouteInView: each visible squadron's view carries its course, the
// shortest route from its lead plane to where it is going (Phase V:
// "by the shortest route to their target"), and the squadron flies exactly
// those areas; after bombing, the route leads home (Escape, SQ-16).
func TestRouteInView(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	s.raf[0].landed, s.raf[1].landed = true, true
	bomber := addPlane(t, s, he111, "B4", 0, "A4")
	addPlane(t, s, bf109, "B4", 0, "A4")
	v := s.View(engine.Spectator).(*View)
	route := v.Squadrons[0].Route
	b4, a4 := s.t.areaIndex("B4"), s.t.areaIndex("A4")
	if len(route) != int(s.t.dist[b4][a4])+1 || route[0] != "B4" || route[len(route)-1] != "A4" {
		t.Fatalf("route %v: want the %d areas of a shortest route from B4 to A4", route, s.t.dist[b4][a4]+1)
	}
	for k := 1; k < len(route); k++ {
		if s.t.areas[s.t.areaIndex(route[k-1])].adj>>s.t.areaIndex(route[k])&1 == 0 {
			t.Fatalf("route %v: %s and %s are not adjacent", route, route[k-1], route[k])
		}
	}
	for k := 1; k < len(route); k++ {
		s.moveSquad(0, ^uint32(0), true)
		if got := s.t.areas[s.ger[bomber].area].id; got != route[k] {
			t.Fatalf("move %d: the bomber flew to %s, the route said %s (%v)", k, got, route[k], route)
		}
	}
	if s.ger[bomber].flags&gBombed == 0 {
		t.Fatalf("the bomber should have bombed A4 at the end of its route")
	}
	home := s.View(engine.Spectator).(*View).Squadrons[0].Route
	if len(home) < 2 || home[0] != "A4" || home[len(home)-1] != "B4" {
		t.Fatalf("after bombing the route should lead from A4 home to B4, got %v", home)
	}
}

// TestHiddenRouteAbsent: a hidden squadron's route is in no view, not the
// pilots' nor the spectator's (Phase II.4 Reconnaissance; SQ-20); once
// revealed, its route is shown.
func TestHiddenRouteAbsent(t *testing.T) {
	s := hiddenGame(t)
	seats := []engine.Seat{0, 1, engine.Spectator}
	for _, seat := range seats {
		v := s.View(seat).(*View)
		for _, q := range v.Squadrons {
			if q.Hidden && q.Route != nil {
				t.Fatalf("seat %d sees hidden squadron s%d's route %v", seat, q.N, q.Route)
			}
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), `"route"`) {
			t.Fatalf("seat %d's view names a route while every squadron is hidden: %s", seat, b)
		}
	}
	// Entering s1's area reveals it; its route appears.
	s.raf[0].landed = false
	s.raf[0].area = s.sq[0].area
	s.revealEntered(0)
	if s.nGer == 0 {
		t.Fatalf("the revealed squadron brought no plane; pick another seed")
	}
	from, to, ok := s.course(0)
	want := s.View(engine.Spectator).(*View).Squadrons[0].Route
	if !ok || from == to || len(want) == 0 || want[len(want)-1] != s.t.areas[to].id {
		t.Fatalf("revealed s1 should show its route to %s, got %v", s.t.areas[to].id, want)
	}
	if q := s.View(1).(*View).Squadrons[1]; !q.Hidden || q.Route != nil {
		t.Fatalf("s2 is still hidden and must show no route: %+v", q)
	}
}
