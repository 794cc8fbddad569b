package main

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

const sample = `package p

func f(s *S, a, b int) bool {
	if s.log != nil {
		s.logf("x %d", a+1)
	}
	s.n++
	if a < b && b != 2 {
		return true
	}
	return "x"+s.name == "y"
}

func logIt(s *S) { s.n = 3 }
`

// Sites finds each operator's mutants, skips event-log code and the named
// functions, and Apply makes exactly the listed change.
func TestSites(t *testing.T) {
	ms, err := Sites("p.go", []byte(sample), regexp.MustCompile("^log"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.String())
	}
	want := []string{
		"p.go:7 drop: s.n++ → _ = 0 /* dropped */",
		"p.go:7 arith: ++ → --",
		"p.go:8 negate: a < b && b != 2 → !(a < b && b != 2)",
		"p.go:8 logic: && → ||",
		"p.go:8 cmp: < → <=",
		"p.go:8 cmp: != → ==",
		"p.go:8 const: 2 → 3",
		"p.go:9 bool: true → false",
		"p.go:11 cmp: == → !=",
	}
	if !slices.Equal(got, want) {
		t.Errorf("mutants\n%q\nwant\n%q", got, want)
	}
	for _, m := range ms {
		if m.Op == "logic" {
			out := string(m.Apply([]byte(sample)))
			if want := "if a < b || b != 2 {"; !regexp.MustCompile(regexp.QuoteMeta(want)).MatchString(out) {
				t.Errorf("Apply(%s) gives\n%s", m, out)
			}
		}
	}
	if _, err := Sites("bad.go", []byte("package"), nil); err == nil {
		t.Errorf("a file that does not parse gives no error")
	}
}

// choose keeps the named mutants, or spreads max of them evenly.
func TestChoose(t *testing.T) {
	var all []numbered
	for i := range 10 {
		all = append(all, numbered{n: i + 1})
	}
	nums := func(ms []numbered) (out []int) {
		for _, m := range ms {
			out = append(out, m.n)
		}
		return out
	}
	got, err := choose(all, "", 4)
	if err != nil || !slices.Equal(nums(got), []int{1, 3, 6, 8}) {
		t.Errorf("max 4: %v %v", nums(got), err)
	}
	got, err = choose(all, "2, 10", 0)
	if err != nil || !slices.Equal(nums(got), []int{2, 10}) {
		t.Errorf("only 2,10: %v %v", nums(got), err)
	}
	if _, err := choose(all, "11", 0); err == nil {
		t.Errorf("only 11 of 10 accepted")
	}
}

// readCurated locates each hand-written mutant in the source, skips comments
// and refuses old text that is missing or ambiguous.
func TestReadCurated(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		p := dir + "/" + name
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("p.go", sample)
	list := write("ok.jsonl", "# a comment\n\n"+`{"file":"p.go","old":"a < b","new":"a > b","why":"flip"}`+"\n")
	ms, err := readCurated(dir, list)
	if err != nil || len(ms) != 1 {
		t.Fatalf("readCurated: %v %v", ms, err)
	}
	if got, want := ms[0].String(), "p.go:8 curated(flip): a < b → a > b"; got != want {
		t.Errorf("mutant %q, want %q", got, want)
	}
	for name, line := range map[string]string{
		"missing":   `{"file":"p.go","old":"a >>> b","new":"x","why":"none"}`,
		"ambiguous": `{"file":"p.go","old":"s.","new":"x","why":"many"}`,
		"not json":  `file p.go`,
	} {
		if _, err := readCurated(dir, write(name+".jsonl", line+"\n")); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
