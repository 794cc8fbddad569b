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
//	game,seed_index,cause,score,rounds,return_<seat>...,stat_<name>...
//
// with one return column per seat, named after the seat, and one column per
// statistic of Report.Stats, in its order (spaces in names become
// underscores). A game that did not report a statistic leaves its cell
// empty. The report must have been made with Config.KeepGames.
func (r *Report) WriteCSV(w io.Writer) error {
	if len(r.Rows) != r.Games {
		return errors.New("sim: the report kept no per-game rows; run with Config.KeepGames to write CSV")
	}
	cw := csv.NewWriter(w)
	header := []string{"game", "seed_index", "cause", "score", "rounds"}
	for _, s := range r.Seats {
		header = append(header, "return_"+columnName(s.Name))
	}
	column := make(map[string]int, len(r.Stats)) // a statistic's place among the stat columns
	for i, st := range r.Stats {
		header = append(header, "stat_"+columnName(st.Name))
		column[st.Name] = i
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	rec := make([]string, len(header))
	stats := make([]string, len(r.Stats))
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
		clear(stats)
		for _, st := range g.Stats {
			if i, ok := column[st.Name]; ok {
				stats[i] = strconv.FormatFloat(st.Value, 'g', -1, 64)
			}
		}
		rec = append(rec, stats...)
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func columnName(name string) string { return strings.ReplaceAll(name, " ", "_") }
