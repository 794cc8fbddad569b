package bot_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"scramble/bot"
)

func TestNames(t *testing.T) {
	want := []string{"greedy", "idle", "mcts", "policy", "random"}
	if got := bot.Names(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	for _, n := range want {
		b, err := bot.New(n)
		if err != nil {
			t.Fatalf("New(%q): %v", n, err)
		}
		if b.Name() != n {
			t.Fatalf("New(%q).Name() = %q", n, b.Name())
		}
	}
}

func TestNewParsesSpecs(t *testing.T) {
	for _, tc := range []struct {
		spec, name string
		check      func(t *testing.T, b any)
	}{
		{"idle", "idle", nil},
		{" random ", "random", nil},
		{"greedy:samples=16", "greedy:samples=16", func(t *testing.T, b any) {
			if g := b.(bot.Greedy); g.Samples != 16 {
				t.Errorf("samples = %d, want 16", g.Samples)
			}
		}},
		{"greedy:samples=8", "greedy", nil},
		{"mcts", "mcts", func(t *testing.T, b any) {
			if c := b.(*bot.MCTS).Config(); c != bot.DefaultMCTSConfig() {
				t.Errorf("config %+v, want the defaults", c)
			}
		}},
		{"mcts:iterations=2000", "mcts:iterations=2000", func(t *testing.T, b any) {
			if c := b.(*bot.MCTS).Config(); c.Iterations != 2000 || c.Time != 0 || c.C != 1.4 {
				t.Errorf("config %+v", c)
			}
		}},
		{"mcts:rollout=random", "mcts:rollout=random", func(t *testing.T, b any) {
			if c := b.(*bot.MCTS).Config(); !c.RandomPlayouts {
				t.Errorf("config %+v: playouts guided", c)
			}
		}},
		{"mcts:rollout=policy", "mcts", nil},
		{"mcts:depth=0", "mcts:depth=0", func(t *testing.T, b any) {
			if c := b.(*bot.MCTS).Config(); c.Depth != 0 {
				t.Errorf("config %+v: playouts cut", c)
			}
		}},
		{"mcts:time=50ms,c=1.0", "mcts:time=50ms,c=1", func(t *testing.T, b any) {
			if c := b.(*bot.MCTS).Config(); c.Iterations != 0 || c.Time != 50*time.Millisecond || c.C != 1 {
				t.Errorf("config %+v", c)
			}
		}},
		{"mcts: c = 0.7 , time=1s, iterations=300", "mcts:iterations=300,time=1s,c=0.7", func(t *testing.T, b any) {
			if c := b.(*bot.MCTS).Config(); c.Iterations != 300 || c.Time != time.Second || c.C != 0.7 {
				t.Errorf("config %+v", c)
			}
		}},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			b, err := bot.New(tc.spec)
			if err != nil {
				t.Fatalf("New(%q): %v", tc.spec, err)
			}
			if b.Name() != tc.name {
				t.Errorf("Name() = %q, want %q", b.Name(), tc.name)
			}
			again, err := bot.New(b.Name())
			if err != nil || again.Name() != b.Name() {
				t.Errorf("New(%q) gives %v, %v: the name does not round-trip", b.Name(), again, err)
			}
			if tc.check != nil {
				tc.check(t, b)
			}
		})
	}
}

func TestNewRejectsBadSpecs(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"", "known bots: greedy, idle, mcts, policy, random"},
		{"alphazero", `unknown bot "alphazero"; known bots: greedy, idle, mcts, policy, random`},
		{"MCTS", `unknown bot "MCTS"`},
		{"mcts:width=3", `unknown setting "width"; known settings: c, choose, depth, explore, iterations, rollout, time`},
		{"mcts:rollout=smart", `rollout="smart" must be policy`},
		{"greedy:iterations=3", `unknown setting "iterations"; known settings: samples`},
		{"idle:x=1", "idle takes no settings"},
		{"mcts:iterations=0", "iterations=\"0\" must be a whole number of at least 1"},
		{"mcts:iterations=many", "must be a whole number"},
		{"mcts:time=soon", "must be a duration"},
		{"mcts:time=-5ms", "must be a duration"},
		{"mcts:c=-1", "must be a number of at least 0"},
		{"mcts:c=NaN", "must be a number of at least 0"},
		{"mcts:iterations", "write settings as key=value"},
		{"mcts:", "write settings as key=value"},
		{"mcts:iterations=5,", "write settings as key=value"},
		{"mcts:c=1,c=2", `setting "c" is given twice`},
		{"mcts:choose=best", "visits (the most visited action"},
		{"mcts:explore=wide", "absolute (c for returns in [0,1]"},
		{"greedy:samples=0", "at least 1"},
	} {
		b, err := bot.New(tc.spec)
		if err == nil {
			t.Errorf("New(%q) = %s, want an error", tc.spec, b.Name())
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%q) error %q, want it to say %q", tc.spec, err, tc.want)
		}
	}
}

func ExampleNew() {
	for _, spec := range []string{"greedy:samples=16", "mcts:time=50ms,c=1.0", "mcts:width=3"} {
		b, err := bot.New(spec)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(b.Name())
	}
	// Output:
	// greedy:samples=16
	// mcts:time=50ms,c=1
	// error: bot mcts: unknown setting "width"; known settings: c, choose, depth, explore, iterations, rollout, time
}
