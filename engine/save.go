package engine

import (
	"encoding/json"
	"fmt"
	"io"
	"reflect"
)

// SaveFormat and SaveVersion identify Scramble save files.
const (
	SaveFormat  = "scramble-save"
	SaveVersion = 1
)

// MaxSaveSize is the largest save file ReadSave reads: a whole campaign
// saves in a few tens of kilobytes, so a file this big is not a save.
const MaxSaveSize = 8 << 20

// SaveFile is the versioned JSON form of a match: enough to rebuild it
// exactly. The moves are kept in their text form so that a save stays readable
// and survives changes of the games' internal action numbers.
type SaveFile struct {
	Format  string  `json:"format"`
	Version int     `json:"version"`
	Game    string  `json:"game"`
	Options Options `json:"options"`
	Seed    uint64  `json:"seed"`
	// Dice is the position of the match's random source after the last move.
	Dice  string `json:"dice"`
	Moves []Move `json:"moves"`
	// Result is filled once the game is over; loading checks it (its Stats
	// only when the file has them, so files written before a game reported
	// statistics still load).
	Result *Result `json:"result,omitempty"`
}

// Save returns the match as a SaveFile.
func (m *Match) Save() (*SaveFile, error) {
	dice, err := m.dice.MarshalText()
	if err != nil {
		return nil, err
	}
	f := &SaveFile{
		Format: SaveFormat, Version: SaveVersion,
		Game: m.game.Info().Name, Options: m.opts, Seed: m.seed,
		Dice: string(dice), Moves: append([]Move(nil), m.history...),
	}
	if m.state.Current() == Terminal {
		r := m.state.Result()
		f.Result = &r
	}
	return f, nil
}

// MarshalSave returns the match's save file as indented JSON.
func (m *Match) MarshalSave() ([]byte, error) {
	f, err := m.Save()
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(f, "", "  ")
}

// Catalog finds a game by its short name.
type Catalog interface {
	Lookup(name string) (Game, bool)
}

// LoadMatch reads a save file and replays it, checking every move, to the
// identical state. A corrupt or foreign file gets an error that says what is
// wrong and where.
func LoadMatch(data []byte, games Catalog) (*Match, error) {
	var f SaveFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("not a readable save file: %w", err)
	}
	return f.Load(games)
}

// ReadSave reads a save file from r, at most MaxSaveSize bytes of it: a
// larger input (a wrong file, /dev/zero) is refused once that much is read.
// It does not load the match: call Load.
func ReadSave(r io.Reader) (*SaveFile, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSaveSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSaveSize {
		return nil, fmt.Errorf("the file is over %d MiB, far more than any save file; is it the right file?", MaxSaveSize>>20)
	}
	var f SaveFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("not a readable save file: %w", err)
	}
	return &f, nil
}

// Load rebuilds the match the file describes.
func (f *SaveFile) Load(games Catalog) (*Match, error) {
	if f.Format != SaveFormat {
		return nil, fmt.Errorf("not a Scramble save file (format %q, want %q)", f.Format, SaveFormat)
	}
	if f.Version < 1 || f.Version > SaveVersion {
		return nil, fmt.Errorf("save file version %d is not supported (this program reads versions 1..%d)", f.Version, SaveVersion)
	}
	g, ok := games.Lookup(f.Game)
	if !ok {
		return nil, fmt.Errorf("save file is for unknown game %q", f.Game)
	}
	m, err := NewMatch(g, f.Options, f.Seed)
	if err != nil {
		return nil, fmt.Errorf("save file options: %w", err)
	}
	for i := range f.Moves {
		if s := f.Moves[i].Seat; s != Chance && (s < 0 || s >= Seat(len(m.state.Seats()))) {
			return nil, fmt.Errorf("save file move %d: seat %d does not exist", i+1, s)
		}
	}
	if err := m.replay(f.Moves); err != nil {
		return nil, fmt.Errorf("save file does not replay: %w", err)
	}
	if f.Dice == "" {
		return nil, fmt.Errorf("save file has no dice position")
	}
	if err := m.dice.UnmarshalText([]byte(f.Dice)); err != nil {
		return nil, fmt.Errorf("save file: %w", err)
	}
	if f.Result != nil {
		if m.state.Current() != Terminal {
			return nil, fmt.Errorf("save file says the game ended (%s) but its moves do not end it", f.Result.Cause)
		}
		got := m.state.Result()
		if f.Result.Stats == nil {
			// Written before the game reported statistics: the rest must
			// still agree.
			got.Stats = nil
		}
		if !reflect.DeepEqual(got, *f.Result) {
			return nil, fmt.Errorf("save file result %+v differs from the replayed result %+v", *f.Result, got)
		}
	}
	return m, nil
}
