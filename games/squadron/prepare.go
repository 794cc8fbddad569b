package squadron

import (
	"scramble/engine"
	"scramble/internal/datafiles"
)

// designed is the game's embedded data files, by name ("scenarios.json",
// "difficulty.json", ...): the files a designer's variant may replace.
var designed = datafiles.Set{FS: dataFiles, Dir: "data"}

// DataFile returns the designed contents of the data file name (for
// scramble tune: sim/tune.DataSource).
func (Game) DataFile(name string) ([]byte, error) { return designed.Read(name) }

// PrepareData sets up games of the complete options opts on the designed
// data with the named files replaced (engine.DataPreparer): each
// replacement is read and checked by the loader of the embedded files, and
// the setup carries its own tables, so variants play side by side.
func (Game) PrepareData(opts engine.Options, files map[string][]byte) (engine.Prepared, error) {
	return prepareData(opts, files, newGame)
}

// DataFile returns the designed contents of the data file name, as
// Game.DataFile.
func (CampaignGame) DataFile(name string) ([]byte, error) { return designed.Read(name) }

// PrepareData sets up campaigns on replaced data files, as Game.PrepareData.
func (CampaignGame) PrepareData(opts engine.Options, files map[string][]byte) (engine.Prepared, error) {
	return prepareData(opts, files, setupCampaign)
}

// prepareData loads the variant's tables and checks that a game sets up on
// them with opts.
func prepareData(opts engine.Options, files map[string][]byte, start func(*tables, engine.Options) (engine.State, error)) (engine.Prepared, error) {
	fsys, err := designed.Overlay(files)
	if err != nil {
		return nil, err
	}
	t, err := loadTables(fsys)
	if err != nil {
		return nil, err
	}
	if _, err := start(t, opts); err != nil {
		return nil, err
	}
	return prepared{t: t, opts: opts, start: start}, nil
}

// prepared is a setup on a variant's tables.
type prepared struct {
	t     *tables
	opts  engine.Options
	start func(*tables, engine.Options) (engine.State, error)
}

// NewState sets up a new game on the variant's tables.
func (p prepared) NewState(engine.State) (engine.State, error) { return p.start(p.t, p.opts) }
