// Package catalog lists the games Scramble knows. It is the one place that
// imports every game, so that commands and the server can look them up by name
// while the engine and the games stay independent of each other.
package catalog

import (
	"sort"

	"scramble/engine"
	"scramble/games/boba"
	"scramble/games/midway"
	"scramble/games/squadron"
	"scramble/games/tinybob"
	"scramble/games/wings"
)

// Catalog is a set of games looked up by short name.
type Catalog struct {
	byName map[string]engine.Game
}

// New returns a catalog of every game Scramble implements.
func New() *Catalog {
	return Of(tinybob.New(), boba.New(), midway.New(), squadron.New(), squadron.NewCampaign(), wings.New())
}

// Of returns a catalog of the given games.
func Of(games ...engine.Game) *Catalog {
	c := &Catalog{byName: make(map[string]engine.Game, len(games))}
	for _, g := range games {
		c.byName[g.Info().Name] = g
	}
	return c
}

// Lookup finds a game by its short name.
func (c *Catalog) Lookup(name string) (engine.Game, bool) {
	g, ok := c.byName[name]
	return g, ok
}

// Names returns the short names of the games, sorted.
func (c *Catalog) Names() []string {
	names := make([]string, 0, len(c.byName))
	for n := range c.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
