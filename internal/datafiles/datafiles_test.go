package datafiles

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

func testSet() Set {
	return Set{FS: fstest.MapFS{
		"data/a.json":           {Data: []byte(`{"a":1}`)},
		"data/scenarios/b.json": {Data: []byte(`{"b":2}`)},
		"data/notes.txt":        {Data: []byte("not data")},
	}, Dir: "data"}
}

// TestSet: the set names its JSON files, reads them by name, refuses an
// unknown name with the list of files, and an overlay replaces only the
// files given, leaving its source and the caller's map unshared.
func TestSet(t *testing.T) {
	s := testSet()
	if got := strings.Join(s.Names(), " "); got != "a.json scenarios/b.json" {
		t.Fatalf("Names = %q", got)
	}
	if b, err := s.Read("scenarios/b.json"); err != nil || string(b) != `{"b":2}` {
		t.Fatalf("Read = %s, %v", b, err)
	}
	if _, err := s.Read("c.json"); err == nil || !strings.Contains(err.Error(), `no data file "c.json"`) || !strings.Contains(err.Error(), "a.json, scenarios/b.json") {
		t.Fatalf("unknown file: %v", err)
	}
	if _, err := s.Overlay(map[string][]byte{"notes.txt": nil}); err == nil {
		t.Fatal("an overlay replaced a file that is not data")
	}
	in := map[string][]byte{"scenarios/b.json": []byte(`{"b":3}`)}
	o, err := s.Overlay(in)
	if err != nil {
		t.Fatal(err)
	}
	in["scenarios/b.json"][5] = '9'
	if b, _ := fs.ReadFile(o, "data/scenarios/b.json"); string(b) != `{"b":3}` {
		t.Errorf("overlay read %s, want the replacement", b)
	}
	f, _ := o.Open("data/scenarios/b.json")
	if st, _ := f.Stat(); st.Name() != "b.json" || st.Size() != 7 {
		t.Errorf("stat: %s %d", st.Name(), st.Size())
	}
	if b, _ := fs.ReadFile(o, "data/a.json"); string(b) != `{"a":1}` {
		t.Errorf("overlay read %s for a file not replaced", b)
	}
	if b, _ := s.Read("scenarios/b.json"); string(b) != `{"b":2}` {
		t.Errorf("the overlay changed its source: %s", b)
	}
	if es, err := fs.ReadDir(o, "data/scenarios"); err != nil || len(es) != 1 {
		t.Errorf("ReadDir: %v %v", es, err)
	}
}
