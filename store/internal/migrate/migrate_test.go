package migrate

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestDialectsAgree(t *testing.T) {
	lite, err := SQLite()
	if err != nil {
		t.Fatal(err)
	}
	pg, err := Postgres()
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) == 0 || len(lite) != len(pg) {
		t.Fatalf("SQLite has %d migrations, Postgres %d: they must match", len(lite), len(pg))
	}
	for i := range lite {
		if lite[i].Version != pg[i].Version || lite[i].Name != pg[i].Name {
			t.Errorf("migration %d: SQLite %04d_%s, Postgres %04d_%s", i+1, lite[i].Version, lite[i].Name, pg[i].Version, pg[i].Name)
		}
	}
}

func TestLoadRefusesGapsAndBadNames(t *testing.T) {
	for name, fsys := range map[string]fstest.MapFS{
		"gap":      {"m/0001_a.sql": {}, "m/0003_c.sql": {}},
		"bad name": {"m/0001_a.sql": {}, "m/2_b.sql": {}},
		"no one":   {"m/0002_b.sql": {}},
	} {
		if _, err := load(fsys, "m"); err == nil {
			t.Errorf("%s: load accepted it", name)
		}
	}
	ms, err := load(fstest.MapFS{"m/0002_b.sql": {Data: []byte("B")}, "m/0001_a.sql": {Data: []byte("A")}}, "m")
	if err != nil || len(ms) != 2 || ms[0].Name != "a" || ms[1].SQL != "B" {
		t.Fatalf("load = %+v, %v", ms, err)
	}
}

func TestPending(t *testing.T) {
	all := []Migration{{Version: 1}, {Version: 2}, {Version: 3}}
	for cur, want := range map[int]int{0: 3, 1: 2, 3: 0} {
		p, err := Pending(all, cur)
		if err != nil || len(p) != want {
			t.Errorf("Pending(all, %d) = %d migrations, %v; want %d", cur, len(p), err, want)
		}
	}
	_, err := Pending(all, 4)
	if err == nil || !strings.Contains(err.Error(), "newer than this program knows") {
		t.Errorf("Pending(all, 4) error = %v, want a 'newer' error", err)
	}
}
