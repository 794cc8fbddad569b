package sim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// Provenance says where a report came from: the command that wrote it, the
// program's commit and the machine it ran on. A figure quoted in the documents
// links a report file that carries one, so that it can be traced and run again.
type Provenance struct {
	// Command is the command line, program name first.
	Command []string `json:"command"`
	// Commit is the git commit the program was built from ("" if unknown);
	// Modified says the work tree had uncommitted changes.
	Commit   string `json:"commit,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	// Go, OS and Arch name the toolchain and platform.
	Go   string `json:"go"`
	OS   string `json:"os"`
	Arch string `json:"arch"`
	// CPU is the processor's model name where the system tells it; Cores is
	// the number of logical CPUs the program could use.
	CPU   string `json:"cpu,omitempty"`
	Cores int    `json:"cores"`
	// Started is when the run began; Seconds how long it took.
	Started time.Time `json:"started"`
	Seconds float64   `json:"seconds"`
}

// NewProvenance describes a run of the command args that began at started and
// ends now.
func NewProvenance(args []string, started time.Time) Provenance {
	p := Provenance{
		Command: append([]string(nil), args...),
		Go:      runtime.Version(),
		OS:      runtime.GOOS,
		Arch:    runtime.GOARCH,
		CPU:     cpuModel(),
		Cores:   runtime.NumCPU(),
		Started: started.UTC().Truncate(time.Second),
		Seconds: time.Since(started).Round(time.Millisecond).Seconds(),
	}
	p.Commit, p.Modified = buildCommit()
	return p
}

// buildCommit reads the commit from the build's version-control stamp (go
// build), else asks git about the working directory (go run does not stamp).
func buildCommit() (string, bool) {
	if bi, ok := debug.ReadBuildInfo(); ok {
		var rev string
		var modified bool
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if rev != "" {
			return rev, modified
		}
	}
	out, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		return "", false
	}
	status, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output()
	return strings.TrimSpace(string(out)), err == nil && len(bytes.TrimSpace(status)) > 0
}

// cpuModel is the first "model name" of /proc/cpuinfo, or "" where there is none.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// ReportFile is what a report file holds: where the figures came from, and
// the figures as the run's JSON report.
type ReportFile struct {
	Provenance Provenance      `json:"provenance"`
	Report     json.RawMessage `json:"report"`
}

// WriteReportFile writes res's JSON report under p to w, indented.
func WriteReportFile(w io.Writer, p Provenance, res interface{ WriteJSON(io.Writer) error }) error {
	var buf bytes.Buffer
	if err := res.WriteJSON(&buf); err != nil {
		return err
	}
	out, err := json.MarshalIndent(ReportFile{Provenance: p, Report: json.RawMessage(bytes.TrimSpace(buf.Bytes()))}, "", "  ")
	if err != nil {
		return fmt.Errorf("report file: %w", err)
	}
	_, err = w.Write(append(out, '\n'))
	return err
}
