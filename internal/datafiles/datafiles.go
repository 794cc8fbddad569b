// Package datafiles lays a designer's replacement data files over a game's
// embedded ones, for engine.DataPreparer: the game's own loader then reads a
// replacement exactly as it reads its embedded file, and validates it the
// same way. Games use it to give their designed files by name (for
// scramble tune, sim/tune.DataSource) and to take a variant's files.
package datafiles

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"time"
)

// Set is a game's designed data files: the JSON files under Dir in FS (an
// embed.FS), named by their path below Dir ("board.json",
// "scenarios/raid.json").
type Set struct {
	FS  fs.FS
	Dir string
}

// Names lists the set's files, sorted.
func (s Set) Names() []string {
	var out []string
	_ = fs.WalkDir(s.FS, s.Dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			out = append(out, strings.TrimPrefix(p, s.Dir+"/"))
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// check says whether name is one of the set's files, with an error that
// lists them when it is not.
func (s Set) check(name string) error {
	if !slices.Contains(s.Names(), name) {
		return fmt.Errorf("no data file %q: the game's data files are %s", name, strings.Join(s.Names(), ", "))
	}
	return nil
}

// Read returns the designed contents of the file name.
func (s Set) Read(name string) ([]byte, error) {
	if err := s.check(name); err != nil {
		return nil, err
	}
	return fs.ReadFile(s.FS, path.Join(s.Dir, name))
}

// Overlay returns the set's FS with the named files replaced by the given
// contents; every name must be one of the set's files. The contents are
// copied, so the caller may change its map afterwards.
func (s Set) Overlay(files map[string][]byte) (fs.FS, error) {
	o := overlay{base: s.FS, files: make(map[string][]byte, len(files))}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := s.check(name); err != nil {
			return nil, err
		}
		o.files[path.Join(s.Dir, name)] = bytes.Clone(files[name])
	}
	return o, nil
}

// overlay is an FS with some of its files replaced. Only existing files are
// replaced, so a directory lists the same names as in base.
type overlay struct {
	base  fs.FS
	files map[string][]byte // by full path
}

// Open opens a replaced file from memory, any other from base.
func (o overlay) Open(name string) (fs.File, error) {
	if b, ok := o.files[name]; ok {
		return &memFile{name: path.Base(name), r: bytes.NewReader(b), size: int64(len(b))}, nil
	}
	return o.base.Open(name)
}

// ReadFile returns a replaced file's contents, or base's file.
func (o overlay) ReadFile(name string) ([]byte, error) {
	if b, ok := o.files[name]; ok {
		return bytes.Clone(b), nil
	}
	return fs.ReadFile(o.base, name)
}

// ReadDir lists base's directory.
func (o overlay) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(o.base, name) }

// memFile is a replaced file opened for reading.
type memFile struct {
	name string
	r    *bytes.Reader
	size int64
}

func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo{f.name, f.size}, nil }
func (f *memFile) Read(p []byte) (int, error) { return f.r.Read(p) }
func (f *memFile) Close() error               { return nil }

// memInfo describes a replaced file.
type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }
