// Command mutate is a small mutation tester for one Go package: it changes
// the package's source one small step at a time (a flipped comparison, a
// constant off by one, a dropped statement, ...), runs the package's tests on
// each mutant and reports the mutants no test caught. The source files are
// never written: each mutant reaches the compiler through go test -overlay.
//
// Usage (from the module root; see docs/testing.md):
//
//	go run ./tools/mutate -pkg ./games/tinybob -skip TestPlaythroughsUnchanged -slow 'TestInvariants'
//
// Flags select the files (-files), the operators (-ops), a bounded,
// evenly spread sample (-max) or given mutants (-only), and the tests:
// -skip names tests never run (a golden digest that any change breaks),
// -slow names tests run only when the others all pass (to kill quickly).
// -list prints the mutants without running anything.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// config is the command line.
type config struct {
	pkg, files, ops, skip, slow, only string
	skipFunc, curated                 string
	max                               int
	list                              bool
	timeout                           time.Duration
}

func main() {
	var c config
	flag.StringVar(&c.pkg, "pkg", "", "the package directory to mutate, e.g. ./games/tinybob (required)")
	flag.StringVar(&c.files, "files", "", "comma-separated source files of the package to mutate (default: every non-test .go file)")
	flag.StringVar(&c.ops, "ops", "", "comma-separated operators: cmp, arith, logic, const, bool, negate, drop (default: all)")
	flag.StringVar(&c.skip, "skip", "", "regexp of tests never run on mutants (e.g. a golden digest)")
	flag.StringVar(&c.slow, "slow", "", "regexp of slow tests run only when every other test passes")
	flag.StringVar(&c.skipFunc, "skipfunc", "^log", "regexp of function names whose bodies are not mutated (code that only builds event text)")
	flag.StringVar(&c.curated, "curated", "", "a file of hand-written mutants (JSON lines: file, old, new, why) to run instead of the operators'")
	flag.StringVar(&c.only, "only", "", "comma-separated mutant numbers to run (as -list numbers them)")
	flag.IntVar(&c.max, "max", 0, "run at most this many mutants, spread evenly over the list (0: all)")
	flag.BoolVar(&c.list, "list", false, "list the mutants and exit")
	flag.DurationVar(&c.timeout, "timeout", 0, "time limit of one mutant's tests, past which it counts as killed (0: five times the unmutated run, at least 20s)")
	flag.Parse()
	// An interrupt stops the test binary running and removes the temporary
	// files.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, c); err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		stop()
		os.Exit(1)
	}
}

// numbered is a mutant with its number in the full list.
type numbered struct {
	n int
	Mutant
}

// run lists the mutants c asks for and, unless c.list, tests each one and
// prints what became of it, then the survivors.
func run(ctx context.Context, c config) error {
	if c.pkg == "" {
		return errors.New("-pkg is required: the directory of the package to mutate, e.g. -pkg ./games/tinybob")
	}
	dir, err := filepath.Abs(c.pkg)
	if err != nil {
		return err
	}
	skipFunc, err := regexp.Compile(c.skipFunc)
	if err != nil {
		return fmt.Errorf("-skipfunc: %w", err)
	}
	var all []numbered
	if c.curated != "" {
		all, err = readCurated(dir, c.curated)
	} else {
		all, err = collect(dir, c.files, c.ops, skipFunc)
	}
	if err != nil {
		return err
	}
	chosen, err := choose(all, c.only, c.max)
	if err != nil {
		return err
	}
	if c.list {
		for _, m := range chosen {
			fmt.Printf("%4d %s\n", m.n, m.Mutant)
		}
		fmt.Printf("%d of %d mutants\n", len(chosen), len(all))
		return nil
	}
	tmp, err := os.MkdirTemp("", "mutate-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	r := &runner{ctx: ctx, dir: dir, pkg: c.pkg, tmp: tmp, timeout: c.timeout}
	if r.skip, err = compileOpt("-skip", c.skip); err != nil {
		return err
	}
	if r.slow, err = compileOpt("-slow", c.slow); err != nil {
		return err
	}
	// The unmutated package must pass, or every mutant would look killed.
	base := time.Now()
	r.timeout = time.Hour
	if st := r.test(nil); st.status != survived {
		return fmt.Errorf("the unmutated package does not pass its tests (%s %s): fix it first", st.status, st.by)
	}
	r.timeout = c.timeout
	if r.timeout <= 0 {
		r.timeout = max(20*time.Second, 5*time.Since(base))
	}
	fmt.Printf("unmutated package passes in %s; a mutant's time limit is %s\n", time.Since(base).Round(time.Second), r.timeout.Round(time.Second))
	start := time.Now()
	counts := map[string]int{}
	var lived []numbered
	for i, m := range chosen {
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted after %d of %d mutants", i, len(chosen))
		}
		st := r.test(&m.Mutant)
		counts[st.status]++
		if st.status == survived {
			lived = append(lived, m)
		}
		fmt.Printf("[%d/%d] #%d %-12s %s %s\n", i+1, len(chosen), m.n, st.status, m.Mutant, st.by)
	}
	killed := counts[killedS] + counts[timedOut]
	fmt.Printf("\n%s: %d mutants of %d listed; %d killed (%d by timeout), %d survived, %d did not compile; %s\n",
		c.pkg, len(chosen), len(all), killed, counts[timedOut], len(lived), counts[noCompile], time.Since(start).Round(time.Second))
	for _, m := range lived {
		fmt.Printf("survivor #%d %s\n", m.n, m.Mutant)
	}
	return nil
}

// compileOpt checks the regexp s given to flag name, and returns it.
func compileOpt(name, s string) (string, error) {
	if _, err := regexp.Compile(s); err != nil {
		return "", fmt.Errorf("%s: bad regexp %q: %w", name, s, err)
	}
	return s, nil
}

// collect lists the mutants of the chosen files, in file then source order.
func collect(dir, files, ops string, skipFunc *regexp.Regexp) ([]numbered, error) {
	var names []string
	if files != "" {
		names = strings.Split(files, ",")
	} else {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
				names = append(names, n)
			}
		}
	}
	slices.Sort(names)
	want := map[string]bool{}
	for _, o := range strings.Split(ops, ",") {
		if o != "" {
			want[strings.TrimSpace(o)] = true
		}
	}
	var out []numbered
	for _, name := range names {
		name = strings.TrimSpace(name)
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("-files: %w", err)
		}
		ms, err := Sites(name, src, skipFunc)
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			if len(want) == 0 || want[m.Op] {
				out = append(out, numbered{len(out) + 1, m})
			}
		}
	}
	return out, nil
}

// choose picks the mutants to run: those named by only, else at most max
// spread evenly over the list (always the same ones for the same source).
func choose(all []numbered, only string, max int) ([]numbered, error) {
	if only != "" {
		var out []numbered
		for _, f := range strings.Split(only, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 || n > len(all) {
				return nil, fmt.Errorf("-only: %q is not a mutant number 1-%d", f, len(all))
			}
			out = append(out, all[n-1])
		}
		return out, nil
	}
	if max <= 0 || max >= len(all) {
		return all, nil
	}
	out := make([]numbered, 0, max)
	for i := range max {
		out = append(out, all[i*len(all)/max])
	}
	return out, nil
}

// The outcomes of one mutant.
const (
	killedS   = "killed"
	timedOut  = "timeout"
	survived  = "SURVIVED"
	noCompile = "no-compile"
)

// runner builds and tests mutants of one package.
type runner struct {
	ctx           context.Context
	dir, pkg, tmp string
	skip, slow    string
	timeout       time.Duration
}

// outcome is what happened to one mutant, and the first test that failed.
type outcome struct{ status, by string }

// test builds the package's test binary with m applied (nil: unmutated) and
// runs the fast tests, then the slow ones if the fast ones pass.
func (r *runner) test(m *Mutant) outcome {
	args := []string{"test", "-p", "1", "-c", "-o", filepath.Join(r.tmp, "pkg.test")}
	if m != nil {
		src, err := os.ReadFile(filepath.Join(r.dir, m.File))
		if err != nil {
			return outcome{noCompile, err.Error()}
		}
		mutated := filepath.Join(r.tmp, m.File)
		if err := os.WriteFile(mutated, m.Apply(src), 0o644); err != nil {
			return outcome{noCompile, err.Error()}
		}
		ov, _ := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(r.dir, m.File): mutated}})
		ovPath := filepath.Join(r.tmp, "overlay.json")
		if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
			return outcome{noCompile, err.Error()}
		}
		args = append(args, "-overlay", ovPath)
	}
	build := exec.CommandContext(r.ctx, "go", append(args, r.pkg)...)
	if out, err := build.CombinedOutput(); err != nil {
		return outcome{noCompile, firstLine(string(out))}
	}
	skip := r.skip
	if r.slow != "" {
		skip = join(skip, r.slow)
	}
	if o := r.exec(skip, ""); o.status != survived || r.slow == "" {
		return o
	}
	return r.exec(r.skip, r.slow)
}

// exec runs the built test binary with -test.skip skip and -test.run run.
func (r *runner) exec(skip, run string) outcome {
	ctx, cancel := context.WithTimeout(r.ctx, r.timeout)
	defer cancel()
	args := []string{"-test.count=1", "-test.failfast"}
	if skip != "" {
		args = append(args, "-test.skip", skip)
	}
	if run != "" {
		args = append(args, "-test.run", run)
	}
	cmd := exec.CommandContext(ctx, filepath.Join(r.tmp, "pkg.test"), args...)
	cmd.Dir = r.dir
	out, err := cmd.CombinedOutput()
	switch {
	case r.ctx.Err() != nil:
		return outcome{noCompile, "interrupted"}
	case ctx.Err() != nil:
		return outcome{timedOut, "after " + r.timeout.String()}
	case err != nil:
		return outcome{killedS, "by " + failedTest(string(out))}
	}
	return outcome{survived, ""}
}

// join combines two test regexps into one matching either.
func join(a, b string) string {
	if a == "" {
		return b
	}
	return "(" + a + ")|(" + b + ")"
}

// failedTest returns the name of the first failed test in go test output, or
// "a panic" / "a failure" when none is named.
func failedTest(out string) string {
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "--- FAIL: "); ok {
			return strings.Fields(rest)[0]
		}
	}
	if strings.Contains(out, "panic:") {
		return "a panic"
	}
	return "a failure"
}

// firstLine returns the first line of s that says something.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			return l
		}
	}
	return strings.TrimSpace(s)
}
