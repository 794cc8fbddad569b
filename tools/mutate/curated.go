package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// curatedLine is one hand-written mutant: in File, the text Old (which must
// occur exactly once) becomes New. Why says which bug it stands for.
type curatedLine struct {
	File string `json:"file"`
	Old  string `json:"old"`
	New  string `json:"new"`
	Why  string `json:"why"`
}

// readCurated reads a file of hand-written mutants, one JSON object a line
// (blank lines and lines starting with # are skipped), and locates each in
// the package's source in dir.
func readCurated(dir, path string) ([]numbered, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("-curated: %w", err)
	}
	defer f.Close()
	var out []numbered
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		var c curatedLine
		if err := json.Unmarshal([]byte(text), &c); err != nil {
			return nil, fmt.Errorf("%s:%d: %v (want {\"file\":…,\"old\":…,\"new\":…,\"why\":…})", path, line, err)
		}
		src, err := os.ReadFile(filepath.Join(dir, c.File))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if n := bytes.Count(src, []byte(c.Old)); n != 1 || c.Old == "" {
			return nil, fmt.Errorf("%s:%d: the old text occurs %d times in %s; it must occur exactly once", path, line, n, c.File)
		}
		start := bytes.Index(src, []byte(c.Old))
		out = append(out, numbered{len(out) + 1, Mutant{
			File: c.File, Line: 1 + bytes.Count(src[:start], []byte("\n")), Op: "curated(" + c.Why + ")",
			Start: start, End: start + len(c.Old), Old: c.Old, New: c.New,
		}})
	}
	return out, sc.Err()
}
