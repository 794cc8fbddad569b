package midway

import (
	"bytes"
	"fmt"
	"maps"
	"slices"

	"scramble/engine"
	"scramble/internal/datafiles"
)

// designed is the game's embedded data files, by name (board.json,
// cards.json, diagrams.json): the files a designer's variant may replace.
var designed = datafiles.Set{FS: dataFiles, Dir: "data"}

// DataFile returns the designed contents of the data file name (for
// scramble tune: sim/tune.DataSource).
func (Game) DataFile(name string) ([]byte, error) { return designed.Read(name) }

// PrepareData sets up games of the complete options opts on the designed
// data with the named files replaced (engine.DataPreparer): the three files
// are read and checked together by the loader of the embedded ones (MW-1 …
// MW-7), and the setup carries its own data, so variants play side by side.
// A replaced board keeps the layout the option layout names.
func (Game) PrepareData(opts engine.Options, files map[string][]byte) (engine.Prepared, error) {
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if _, err := designed.Read(name); err != nil {
			return nil, err
		}
	}
	var in [3][]byte
	for i, name := range [3]string{"board.json", "diagrams.json", "cards.json"} {
		b, ok := files[name]
		if !ok {
			var err error
			if b, err = designed.Read(name); err != nil {
				return nil, err
			}
		}
		in[i] = b
	}
	d, err := loadData(in[0], in[1], in[2])
	if err != nil {
		return nil, err
	}
	// The policy's tables depend on the firing cards and the range
	// diagrams only: with the designed ones, the variant shares the
	// designed tables (the duels' is costly to build).
	designedCards, designedDiagrams := same(files, "cards.json"), same(files, "diagrams.json")
	if designedCards {
		d.odds = data.odds
	}
	if designedCards && designedDiagrams {
		d.duels = data.duels
	}
	if _, err := newGame(d, opts); err != nil {
		return nil, fmt.Errorf("board.json: %w", err)
	}
	return prepared{d: d, opts: opts}, nil
}

// same says whether files leaves the file name as designed.
func same(files map[string][]byte, name string) bool {
	b, ok := files[name]
	if !ok {
		return true
	}
	d, err := designed.Read(name)
	return err == nil && bytes.Equal(b, d)
}

// prepared is a setup on a variant's data.
type prepared struct {
	d    *gameData
	opts engine.Options
}

// NewState sets up a game on the variant's data.
func (p prepared) NewState(engine.State) (engine.State, error) { return newGame(p.d, p.opts) }
