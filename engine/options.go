package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// OptionKind says how an option's value is read.
type OptionKind int

// The option kinds.
const (
	// IntOption is a whole number within [Min, Max].
	IntOption OptionKind = iota
	// ChoiceOption is one of Choices.
	ChoiceOption
	// BoolOption is true or false.
	BoolOption
	// TextOption is free text checked by the game itself.
	TextOption
)

var optionKindNames = [...]string{IntOption: "int", ChoiceOption: "choice", BoolOption: "bool", TextOption: "text"}

// String names the kind: "int", "choice", "bool" or "text".
func (k OptionKind) String() string {
	if k < 0 || int(k) >= len(optionKindNames) {
		return "unknown"
	}
	return optionKindNames[k]
}

// MarshalText writes the kind's name, so option specs read well as JSON.
func (k OptionKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *OptionKind) UnmarshalText(b []byte) error {
	for i, n := range optionKindNames {
		if n == string(b) {
			*k = OptionKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown option kind %q", b)
}

// OptionSpec describes one setup option of a game.
type OptionSpec struct {
	Name    string     `json:"name"`
	Kind    OptionKind `json:"kind"`
	Default string     `json:"default"`
	Min     int        `json:"min,omitempty"`
	Max     int        `json:"max,omitempty"`
	Choices []string   `json:"choices,omitempty"`
	// Rule cites where the default comes from ("TB-5").
	Rule string `json:"rule,omitempty"`
	// Doc says what the option does.
	Doc string `json:"doc"`
	// Label is the option's name as a player reads it ("Starting Aces");
	// empty means the name is used. The name stays the key of URLs and the
	// command line.
	Label string `json:"label,omitempty"`
	// ChoiceLabels are the choices as a player reads them, in the order of
	// Choices; empty means the choices themselves.
	ChoiceLabels []string `json:"choice_labels,omitempty"`
}

// Options maps option names to their text values.
type Options map[string]string

// ResolveOptions checks opts against specs and returns a complete copy with
// every default filled in. Unknown names and out-of-range values are errors
// that name the option and its allowed values.
func ResolveOptions(specs []OptionSpec, opts Options) (Options, error) {
	known := make(map[string]OptionSpec, len(specs))
	out := make(Options, len(specs))
	for _, s := range specs {
		known[s.Name] = s
		out[s.Name] = s.Default
	}
	names := make([]string, 0, len(opts))
	for k := range opts {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		spec, ok := known[k]
		if !ok {
			return nil, fmt.Errorf("unknown option %q; known options: %s", k, specNames(specs))
		}
		v := strings.TrimSpace(opts[k])
		if err := spec.check(v); err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, nil
}

func specNames(specs []OptionSpec) string {
	n := make([]string, len(specs))
	for i, s := range specs {
		n[i] = s.Name
	}
	return strings.Join(n, ", ")
}

func (s OptionSpec) check(v string) error {
	switch s.Kind {
	case IntOption:
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("option %s: %q is not a whole number", s.Name, v)
		}
		if n < s.Min || n > s.Max {
			return fmt.Errorf("option %s: %d is outside %d..%d", s.Name, n, s.Min, s.Max)
		}
	case ChoiceOption:
		for _, c := range s.Choices {
			if v == c {
				return nil
			}
		}
		return fmt.Errorf("option %s: %q is not one of %s", s.Name, v, strings.Join(s.Choices, ", "))
	case BoolOption:
		if _, err := strconv.ParseBool(v); err != nil {
			return fmt.Errorf("option %s: %q is not true or false", s.Name, v)
		}
	}
	return nil
}

// Int returns the named option as a number; it panics if the option is
// missing or not a number, which ResolveOptions rules out.
func (o Options) Int(name string) int {
	n, err := strconv.Atoi(o[name])
	if err != nil {
		panic(fmt.Sprintf("engine: option %s=%q read as a number before ResolveOptions", name, o[name]))
	}
	return n
}

// Bool returns the named option as a boolean (false when unreadable).
func (o Options) Bool(name string) bool {
	b, _ := strconv.ParseBool(o[name])
	return b
}

// ParseOptionArgs reads "key=value" strings (as given on a command line) into
// Options.
func ParseOptionArgs(args []string) (Options, error) {
	o := Options{}
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, fmt.Errorf("option %q: write it as key=value", a)
		}
		o[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return o, nil
}
