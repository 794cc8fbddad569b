package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"

	"scramble/engine"
)

// Variant is a designer's variant of a game, made without code: option values
// and replacements for the game's designed data files, as read from a JSON
// file (scramble sim --config FILE):
//
//	{
//	  "options": {"waves": 5, "raf": "3,2,2,2,1", "divefirst": true},
//	  "data": {"board": { ... the whole file, in the game's format ... }}
//	}
//
// An option value may be written as a JSON string, number or boolean. Data
// reaches the game through engine.DataPreparer; a game that keeps no data
// files refuses it.
type Variant struct {
	Options engine.Options
	Data    map[string][]byte
}

// variantFile is the JSON form of a Variant.
type variantFile struct {
	Options map[string]json.RawMessage `json:"options"`
	Data    map[string]json.RawMessage `json:"data"`
}

// ReadVariant reads a variant file. Unknown fields, option values that are
// not a string, number or boolean, and anything after the object are errors
// that say what is wrong.
func ReadVariant(r io.Reader) (Variant, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var f variantFile
	if err := dec.Decode(&f); err != nil {
		return Variant{}, fmt.Errorf("the variant is not a JSON object of \"options\" and \"data\": %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Variant{}, errors.New("the variant has more after its JSON object: give one object")
	}
	v := Variant{Options: engine.Options{}}
	names := make([]string, 0, len(f.Options))
	for k := range f.Options {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		text, err := optionText(f.Options[k])
		if err != nil {
			return Variant{}, fmt.Errorf("option %s: %w", k, err)
		}
		v.Options[k] = text
	}
	if len(f.Data) > 0 {
		v.Data = make(map[string][]byte, len(f.Data))
		for name, raw := range f.Data {
			v.Data[name] = bytes.Clone(raw)
		}
	}
	return v, nil
}

// optionText turns a JSON string, number or boolean into option text.
func optionText(raw json.RawMessage) (string, error) {
	var x any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&x); err != nil {
		return "", err
	}
	switch x := x.(type) {
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	case bool:
		if x {
			return "true", nil
		}
		return "false", nil
	}
	return "", fmt.Errorf("%s is not a string, number or true/false", raw)
}

// Over returns the variant's options with over's set on top of them: the
// command line's --opt values override the file's.
func (v Variant) Over(over engine.Options) engine.Options {
	out := make(engine.Options, len(v.Options)+len(over))
	for k, x := range v.Options {
		out[k] = x
	}
	for k, x := range over {
		out[k] = x
	}
	return out
}
