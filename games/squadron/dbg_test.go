package squadron

import (
	"fmt"
	"os"
	"testing"

	"scramble/engine"
)

func TestDbgDump(t *testing.T) {
	f, _ := os.Create(os.Getenv("DUMP"))
	defer f.Close()
	for _, sc := range []string{"training", "bigginhill", "blitz", "cominghome", "homesweethome"} {
		for seed := range uint64(2) {
			m, _ := engine.NewMatch(New(), engine.Options{"scenario": sc, "players": "1"}, seed)
			r := engine.NewRand(seed + 1000)
			for {
				m.RollDice()
				s := m.State()
				cur := s.Current()
				if cur == engine.Terminal {
					break
				}
				legal := s.Legal(cur, nil)
				m.Apply(cur, legal[r.IntN(len(legal))])
			}
			for _, mv := range m.History() {
				fmt.Fprintf(f, "%d:%s\n", mv.Seat, mv.Text)
			}
		}
	}
}
