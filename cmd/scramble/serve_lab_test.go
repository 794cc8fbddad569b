package main

import (
	"strings"
	"testing"

	"scramble/server"
)

// TestServeLabFlags: the lab's limits come from the --lab-* flags, with the
// server's defaults; --lab-off turns it off, and a limit of zero is refused
// (issue 13 §3).
func TestServeLabFlags(t *testing.T) {
	var f serveFlags
	if _, err := parse(f.flagSet(), []string{"--lab-workers", "2", "--lab-games", "500", "--lab-off"}); err != nil {
		t.Fatal(err)
	}
	if err := f.check(); err != nil {
		t.Fatal(err)
	}
	d := server.DefaultLabLimits()
	if !f.lab.Off || f.lab.Workers != 2 || f.lab.Games != 500 || f.lab.Runs != d.Runs || f.lab.Total != d.Total || f.lab.Cells != d.Cells || f.lab.Kept != d.Kept {
		t.Fatalf("lab flags: %+v", f.lab)
	}
	for _, flag := range []string{"--lab-workers", "--lab-runs", "--lab-games", "--lab-cells", "--lab-total", "--lab-kept"} {
		var f serveFlags
		if _, err := parse(f.flagSet(), []string{flag, "0"}); err != nil {
			t.Fatal(err)
		}
		if err := f.check(); err == nil || !strings.Contains(err.Error(), flag) {
			t.Errorf("%s 0: %v", flag, err)
		}
	}
}
