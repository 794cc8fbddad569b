// Package migrate holds the versioned schema migrations of both store
// dialects and decides which of them a database still needs.
//
// Each dialect has one SQL file per version under sql/<dialect>/, named
// NNNN_what.sql and numbered from 0001 without gaps. The two dialects keep the
// same version numbers and names, so a version means the same schema in both.
// Applied migrations are recorded in the table schema_migrations (version,
// applied time); each store applies the pending ones in one transaction when it
// opens.
package migrate

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
)

//go:embed sql
var files embed.FS

// Migration is one schema version's SQL.
type Migration struct {
	// Version numbers the migration from 1.
	Version int
	// Name is the file name without the number and extension ("init").
	Name string
	// SQL is the statements to run, possibly several separated by semicolons.
	SQL string
}

// SQLite returns the SQLite migrations in version order.
func SQLite() ([]Migration, error) { return load(files, "sql/sqlite") }

// Postgres returns the Postgres migrations in version order.
func Postgres() ([]Migration, error) { return load(files, "sql/postgres") }

var fileName = regexp.MustCompile(`^([0-9]{4})_([a-z0-9_]+)\.sql$`)

// load reads the migrations in dir of fsys and checks they are numbered 1..n.
func load(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("migrations %s: %w", dir, err)
	}
	var ms []Migration
	for _, e := range entries {
		sub := fileName.FindStringSubmatch(e.Name())
		if sub == nil || e.IsDir() {
			return nil, fmt.Errorf("migrations %s: %q is not named NNNN_name.sql", dir, e.Name())
		}
		v, _ := strconv.Atoi(sub[1])
		text, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("migrations %s: %w", dir, err)
		}
		ms = append(ms, Migration{Version: v, Name: sub[2], SQL: string(text)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i, m := range ms {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migrations %s: expected version %d, found %04d_%s", dir, i+1, m.Version, m.Name)
		}
	}
	return ms, nil
}

// Pending returns the migrations a database at schema version current still
// needs. A database whose version is newer than the last migration this
// program knows is refused: the program would not understand its tables.
func Pending(all []Migration, current int) ([]Migration, error) {
	if current > len(all) {
		return nil, fmt.Errorf("database schema version %d is newer than this program knows (it knows versions up to %d): use a newer scramble, or another database", current, len(all))
	}
	if current < 0 {
		return nil, fmt.Errorf("database schema version %d is not valid", current)
	}
	return all[current:], nil
}
