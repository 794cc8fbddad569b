package catalog_test

import (
	"testing"

	"scramble/games/catalog"
)

// TestOptionChoiceLabelsMatchChoices: an option's choice labels, when it
// has them, name its choices one for one (issue 34 §2: the lobby shows the
// labels and sends the choices), so a label can never stand for another
// value.
func TestOptionChoiceLabelsMatchChoices(t *testing.T) {
	c := catalog.New()
	for _, name := range c.Names() {
		g, _ := c.Lookup(name)
		for _, o := range g.Options() {
			if len(o.ChoiceLabels) != 0 && len(o.ChoiceLabels) != len(o.Choices) {
				t.Errorf("%s option %s: %d choice labels for %d choices", name, o.Name, len(o.ChoiceLabels), len(o.Choices))
			}
		}
	}
}
