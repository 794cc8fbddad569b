package sim

import (
	"encoding/csv"
	"errors"
	"io"
	"strconv"
	"strings"
)

// WriteCSV writes one row per game after a header line:
//
//	game,seed_index,cause,score,rounds,return_<seat>...
//
// with one return column per seat, named after the seat (spaces become
// underscores). The report must have been made with Config.KeepGames.
func (r *Report) WriteCSV(w io.Writer) error {
	if len(r.Rows) != r.Games {
		return errors.New("sim: the report kept no per-game rows; run with Config.KeepGames to write CSV")
	}
	cw := csv.NewWriter(w)
	header := []string{"game", "seed_index", "cause", "score", "rounds"}
	for _, s := range r.Seats {
		header = append(header, "return_"+strings.ReplaceAll(s.Name, " ", "_"))
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	rec := make([]string, len(header))
	for _, g := range r.Rows {
		rec = append(rec[:0],
			strconv.Itoa(g.Game),
			strconv.FormatUint(g.SeedIndex, 10),
			g.Cause,
			strconv.Itoa(g.Score),
			strconv.Itoa(g.Rounds),
		)
		for _, ret := range g.Returns {
			rec = append(rec, strconv.FormatFloat(ret, 'g', -1, 64))
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
