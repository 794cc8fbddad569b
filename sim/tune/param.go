package tune

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"scramble/engine"
)

// Param is one designed value the search may change, and the values it may
// take.
//
// Its Path names it. A plain name ("waves") or "opt:waves" is a game
// option. "data:FILE/POINTER" is a value inside one of the game's designed
// data files: FILE is the file's name as the game's DataPreparer takes it
// and POINTER a JSON pointer into it (RFC 6901, "/planes/0/x"); such a game
// also implements DataSource, which gives the file's designed contents.
type Param struct {
	Path   string   `json:"path"`
	Values []string `json:"values"`
}

// ParseParam reads a parameter written as scramble tune --param takes it:
//
//	PATH=v1,v2,...        a list of values
//	PATH=LOW..HIGH        every integer from LOW to HIGH
//	PATH=LOW..HIGH:STEP   from LOW to HIGH by STEP (numbers, integer or not)
func ParseParam(s string) (Param, error) {
	path, vs, ok := strings.Cut(s, "=")
	path = strings.TrimSpace(path)
	if !ok || path == "" || strings.TrimSpace(vs) == "" {
		return Param{}, fmt.Errorf("param %q: write it as PATH=v1,v2,... or PATH=LOW..HIGH[:STEP]", s)
	}
	if _, _, err := splitPath(path); err != nil {
		return Param{}, fmt.Errorf("param %q: %w", s, err)
	}
	p := Param{Path: path}
	if lo, hi, ok := strings.Cut(vs, ".."); ok {
		values, err := rangeValues(lo, hi)
		if err != nil {
			return Param{}, fmt.Errorf("param %q: %w", s, err)
		}
		p.Values = values
	} else {
		for _, v := range strings.Split(vs, ",") {
			v = strings.TrimSpace(v)
			if v == "" {
				return Param{}, fmt.Errorf("param %q: an empty value; write PATH=v1,v2,... with no empty value", s)
			}
			for _, seen := range p.Values {
				if seen == v {
					return Param{}, fmt.Errorf("param %q: the value %q is given twice", s, v)
				}
			}
			p.Values = append(p.Values, v)
		}
	}
	if len(p.Values) < 2 {
		return Param{}, fmt.Errorf("param %q: give at least two values to choose from", s)
	}
	if len(p.Values) > maxValues {
		return Param{}, fmt.Errorf("param %q: %d values, more than %d; use a coarser step", s, len(p.Values), maxValues)
	}
	return p, nil
}

// maxValues bounds the values of one parameter.
const maxValues = 1000

// rangeValues lists LOW..HIGH[:STEP].
func rangeValues(lo, hi string) ([]string, error) {
	hi, step, stepped := strings.Cut(hi, ":")
	l, err1 := strconv.ParseFloat(strings.TrimSpace(lo), 64)
	h, err2 := strconv.ParseFloat(strings.TrimSpace(hi), 64)
	if err1 != nil || err2 != nil || h <= l {
		return nil, fmt.Errorf("a range is LOW..HIGH with two numbers, LOW below HIGH")
	}
	st := 1.0
	if stepped {
		var err error
		if st, err = strconv.ParseFloat(strings.TrimSpace(step), 64); err != nil || st <= 0 {
			return nil, fmt.Errorf("the step %q is not a positive number", step)
		}
	}
	if (h-l)/st+1 > maxValues {
		return nil, fmt.Errorf("the range has more than %d values; use a coarser step", maxValues)
	}
	var out []string
	for i := 0; ; i++ {
		x := l + float64(i)*st
		if x > h+st*1e-9 {
			break
		}
		out = append(out, strconv.FormatFloat(x, 'f', -1, 64))
	}
	return out, nil
}

// splitPath tells an option ("waves", "opt:waves") from a data path
// ("data:FILE/POINTER"): it returns the option's name, or the file and
// pointer.
func splitPath(path string) (option string, data *dataPath, err error) {
	switch {
	case strings.HasPrefix(path, "data:"):
		rest := strings.TrimPrefix(path, "data:")
		file, ptr, ok := strings.Cut(rest, "/")
		if !ok || file == "" || ptr == "" {
			return "", nil, fmt.Errorf("a data path is data:FILE/POINTER, such as data:scenarios/raid.json/planes/0/x")
		}
		// The file's name may hold slashes: the pointer starts after the
		// first part ending in .json.
		if i := strings.Index(rest, ".json/"); i >= 0 {
			file, ptr = rest[:i+len(".json")], rest[i+len(".json"):]
		} else {
			ptr = "/" + ptr
		}
		return "", &dataPath{file: file, pointer: ptr}, nil
	case strings.HasPrefix(path, "opt:"):
		path = strings.TrimPrefix(path, "opt:")
	}
	if path == "" || strings.ContainsAny(path, " /=") {
		return "", nil, fmt.Errorf("%q is not an option name; a data value is data:FILE/POINTER", path)
	}
	return path, nil, nil
}

// dataPath is a value inside a designed data file.
type dataPath struct {
	file    string
	pointer string // a JSON pointer, "/planes/0/x"
}

// DataSource is implemented by a game whose designed data files a tune may
// change (with engine.DataPreparer, which takes the changed files): it gives
// a file's designed contents by name.
type DataSource interface {
	DataFile(name string) ([]byte, error)
}

// jsonAt returns the value at pointer in doc.
func jsonAt(doc any, pointer string) (any, error) {
	cur := doc
	for _, tok := range pointerTokens(pointer) {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil, fmt.Errorf("no field %q", tok)
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, fmt.Errorf("no element %q in a list of %d", tok, len(c))
			}
			cur = c[i]
		default:
			return nil, fmt.Errorf("%q is inside a value that is neither an object nor a list", tok)
		}
	}
	return cur, nil
}

// setJSON sets the value at pointer in doc, which must exist.
func setJSON(doc any, pointer string, v any) error {
	toks := pointerTokens(pointer)
	if len(toks) == 0 {
		return fmt.Errorf("the pointer names the whole file; name a value inside it")
	}
	parent, err := jsonAt(doc, "/"+strings.Join(escapeTokens(toks[:len(toks)-1]), "/"))
	if len(toks) == 1 {
		parent, err = doc, nil
	}
	if err != nil {
		return err
	}
	last := toks[len(toks)-1]
	switch c := parent.(type) {
	case map[string]any:
		if _, ok := c[last]; !ok {
			return fmt.Errorf("no field %q", last)
		}
		c[last] = v
	case []any:
		i, err := strconv.Atoi(last)
		if err != nil || i < 0 || i >= len(c) {
			return fmt.Errorf("no element %q in a list of %d", last, len(c))
		}
		c[i] = v
	default:
		return fmt.Errorf("%q is inside a value that is neither an object nor a list", last)
	}
	return nil
}

func pointerTokens(p string) []string {
	if p == "" || p == "/" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks
}

func escapeTokens(toks []string) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
	}
	return out
}

// jsonValue turns a parameter's text into the JSON value written into a data
// file: a number when it reads as one, true or false, else a string.
func jsonValue(text string) any {
	if f, err := strconv.ParseFloat(text, 64); err == nil {
		return json.Number(strconv.FormatFloat(f, 'f', -1, 64))
	}
	switch text {
	case "true":
		return true
	case "false":
		return false
	}
	return text
}

// valueText writes a JSON value read from a data file as parameter text.
func valueText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// space is a checked search space: the base design and how each parameter
// sets its value.
type space struct {
	game    engine.Game
	options engine.Options    // fixed options, given
	data    map[string][]byte // fixed data files, given
	params  []Param
	// base holds each parameter's designed value (before the tune).
	base []string
	// docs holds the designed data files the data parameters change.
	docs map[string][]byte
}

// newSpace checks the parameters against the game and reads their designed
// values.
func newSpace(g engine.Game, opts engine.Options, data map[string][]byte, params []Param) (*space, error) {
	if len(params) == 0 {
		return nil, fmt.Errorf("tune: give at least one parameter to change (--param PATH=values)")
	}
	sp := &space{game: g, options: opts, data: data, params: params, docs: map[string][]byte{}}
	_, full, err := engine.PrepareVariant(g, opts, data)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, p := range params {
		opt, dp, err := splitPath(p.Path)
		if err != nil {
			return nil, fmt.Errorf("param %s: %w", p.Path, err)
		}
		key := p.Path
		if opt != "" {
			key = opt
		}
		if seen[key] {
			return nil, fmt.Errorf("param %s is given twice; give all its values in one --param", p.Path)
		}
		seen[key] = true
		if opt != "" {
			if _, set := opts[opt]; set {
				return nil, fmt.Errorf("param %s: the option is also set (--opt or --config); drop one", opt)
			}
			v, ok := full[opt]
			if !ok {
				return nil, fmt.Errorf("param %s: %s has no such option (see 'scramble rules %s')", opt, g.Info().Name, g.Info().Name)
			}
			sp.base = append(sp.base, v)
			continue
		}
		doc, err := sp.doc(dp.file)
		if err != nil {
			return nil, fmt.Errorf("param %s: %w", p.Path, err)
		}
		var parsed any
		if err := unmarshalNumbers(doc, &parsed); err != nil {
			return nil, fmt.Errorf("param %s: the data file %s is not JSON: %w", p.Path, dp.file, err)
		}
		v, err := jsonAt(parsed, dp.pointer)
		if err != nil {
			return nil, fmt.Errorf("param %s: %w", p.Path, err)
		}
		sp.base = append(sp.base, valueText(v))
	}
	// Every value of every parameter is tried once on its own, so that a
	// value the game refuses fails now, not in the middle of the search.
	for i, p := range params {
		for _, v := range p.Values {
			point := append([]string(nil), sp.base...)
			point[i] = v
			o, d, err := sp.variant(point)
			if err != nil {
				return nil, err
			}
			if _, _, err := engine.PrepareVariant(g, o, d); err != nil {
				return nil, fmt.Errorf("param %s=%s: %w", p.Path, v, err)
			}
		}
	}
	return sp, nil
}

// doc returns the contents of a data file the search starts from: the
// variant's own when it replaces the file, else the game's designed one.
func (sp *space) doc(file string) ([]byte, error) {
	if b, ok := sp.data[file]; ok {
		return b, nil
	}
	if b, ok := sp.docs[file]; ok {
		return b, nil
	}
	ds, ok := sp.game.(DataSource)
	if !ok {
		return nil, fmt.Errorf("%s keeps no data files that a tune can change; tune its options", sp.game.Info().Name)
	}
	b, err := ds.DataFile(file)
	if err != nil {
		return nil, err
	}
	sp.docs[file] = b
	return b, nil
}

// variant returns the options and data files of a point (one value per
// parameter).
func (sp *space) variant(point []string) (engine.Options, map[string][]byte, error) {
	opts := make(engine.Options, len(sp.options)+len(point))
	for k, v := range sp.options {
		opts[k] = v
	}
	data := make(map[string][]byte, len(sp.data))
	for k, v := range sp.data {
		data[k] = v
	}
	docs := map[string]any{}
	for i, p := range sp.params {
		opt, dp, _ := splitPath(p.Path)
		if opt != "" {
			opts[opt] = point[i]
			continue
		}
		doc, ok := docs[dp.file]
		if !ok {
			b, err := sp.doc(dp.file)
			if err != nil {
				return nil, nil, err
			}
			if err := unmarshalNumbers(b, &doc); err != nil {
				return nil, nil, fmt.Errorf("the data file %s is not JSON: %w", dp.file, err)
			}
			docs[dp.file] = doc
		}
		if err := setJSON(doc, dp.pointer, jsonValue(point[i])); err != nil {
			return nil, nil, fmt.Errorf("param %s: %w", p.Path, err)
		}
	}
	for file, doc := range docs {
		b, err := json.Marshal(doc)
		if err != nil {
			return nil, nil, err
		}
		data[file] = b
	}
	if len(data) == 0 {
		data = nil
	}
	return opts, data, nil
}

// unmarshalNumbers decodes JSON keeping numbers as written.
func unmarshalNumbers(b []byte, v *any) error {
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	return dec.Decode(v)
}
