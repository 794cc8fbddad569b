package wings

import (
	"fmt"

	"scramble/engine"
	"scramble/internal/datafiles"
)

// designed is the game's embedded data files, by name ("aircraft.json",
// "scenarios/balloons.json", ...): the files a designer's variant may
// replace.
var designed = datafiles.Set{FS: dataFS, Dir: "data"}

// DataFile returns the designed contents of the data file name (for
// scramble tune: sim/tune.DataSource).
func (Game) DataFile(name string) ([]byte, error) { return designed.Read(name) }

// PrepareData sets up games of the complete options opts on the designed
// data with the named files replaced (engine.DataPreparer): each
// replacement is read and checked by the loader of the embedded files, and
// the setup carries its own data, so variants play side by side. A
// replaced scenario keeps its id, by which the option scenario names it.
func (Game) PrepareData(opts engine.Options, files map[string][]byte) (engine.Prepared, error) {
	fsys, err := designed.Overlay(files)
	if err != nil {
		return nil, err
	}
	d, err := loadFS(fsys)
	if err != nil {
		return nil, err
	}
	for i := range d.scenarios {
		if d.scenarios[i].id == opts["scenario"] {
			return prepared{d: d, sc: i}, nil
		}
	}
	return nil, fmt.Errorf("the variant has no scenario %q (option scenario): a replaced scenario file keeps its id", opts["scenario"])
}

// prepared is a setup on a variant's data: a scenario of it.
type prepared struct {
	d  *gameData
	sc int
}

// NewState sets up the scenario.
func (p prepared) NewState(engine.State) (engine.State, error) { return newState(p.d, p.sc), nil }
