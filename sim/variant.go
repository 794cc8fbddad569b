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
// files refuses it. A variant written by scramble tune also has "was": the
// value each changed option or data value ("data:FILE/POINTER") had before,
// for the reader; it changes nothing.
type Variant struct {
	Options engine.Options
	Data    map[string][]byte
	Was     map[string]string
}

// variantFile is the JSON form of a Variant.
type variantFile struct {
	Options map[string]json.RawMessage `json:"options"`
	Data    map[string]json.RawMessage `json:"data"`
	Was     map[string]json.RawMessage `json:"was,omitempty"`
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
	for k, raw := range f.Was {
		text, err := optionText(raw)
		if err != nil {
			return Variant{}, fmt.Errorf("was %s: %w", k, err)
		}
		if v.Was == nil {
			v.Was = map[string]string{}
		}
		v.Was[k] = text
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

// WriteVariant writes v as a variant file that ReadVariant reads back: an
// option or "was" value that reads as a number or true/false is written as
// one, any other as a string; data files are written as they are (JSON).
func WriteVariant(w io.Writer, v Variant) error {
	f := variantFile{Options: map[string]json.RawMessage{}, Data: map[string]json.RawMessage{}}
	for k, x := range v.Options {
		f.Options[k] = jsonText(x)
	}
	for k, b := range v.Data {
		if !json.Valid(b) {
			return fmt.Errorf("data file %s is not JSON", k)
		}
		f.Data[k] = json.RawMessage(b)
	}
	if len(v.Was) > 0 {
		f.Was = map[string]json.RawMessage{}
		for k, x := range v.Was {
			f.Was[k] = jsonText(x)
		}
	}
	return writeJSON(w, f)
}

// jsonText writes option text as a JSON number or boolean when it reads as
// one (and back as the same text), else as a string.
func jsonText(x string) json.RawMessage {
	if x == "true" || x == "false" {
		return json.RawMessage(x)
	}
	var n json.Number
	if err := json.Unmarshal([]byte(x), &n); err == nil && n.String() == x {
		return json.RawMessage(x)
	}
	b, _ := json.Marshal(x)
	return b
}
