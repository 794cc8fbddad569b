package sim

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
)

// WriteJSON writes the sweep as indented JSON.
func (s *SweepReport) WriteJSON(w io.Writer) error { return writeJSON(w, s) }

// WriteText writes one line per point: its values, each seat's win rate
// with its 95% interval, the mean score and the mean length.
func (s *SweepReport) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s sweep: %d points of %d games each, seed %d (every point rolls the same dice streams)\n",
		s.Game, len(s.Points), s.Games, s.Seed)
	if len(s.Points) > 0 {
		if o := s.Points[0].Report.optionsText(); o != "" {
			fmt.Fprintf(bw, "first point's options: %s\n", o)
		}
	}
	bw.WriteString("\n")
	head, align := []string{}, ""
	for _, a := range s.Axes {
		head = append(head, a.Key)
		align += "l"
	}
	seats := s.SeatNames()
	for _, name := range seats {
		head = append(head, name+" wins", fmt.Sprintf("%.0f%% interval", Confidence*100))
		align += "rr"
	}
	head = append(head, "mean score", "mean rounds")
	align += "rr"
	rows := [][]string{head}
	for _, p := range s.Points {
		var row []string
		for _, a := range s.Axes {
			row = append(row, p.Values[a.Key])
		}
		for _, name := range seats {
			st, ok := p.Report.Seat(name)
			if !ok {
				row = append(row, "–", "–") // this cell has no such seat
				continue
			}
			row = append(row, percent(st.Wins, p.Report.Games),
				fmt.Sprintf("%.1f%% – %.1f%%", 100*st.WinInterval.Low, 100*st.WinInterval.High))
		}
		row = append(row, fmt.Sprintf("%.2f", p.Report.MeanScore), fmt.Sprintf("%.2f", p.Report.MeanRounds))
		rows = append(rows, row)
	}
	writeTable(bw, align, rows)
	return bw.Flush()
}

// SeatNames names the seats of the sweep's points, in the order first seen:
// an option that changes the seats (the number of players, a scenario)
// gives cells with different seats.
func (s *SweepReport) SeatNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, p := range s.Points {
		for _, st := range p.Report.Seats {
			if !seen[st.Name] {
				seen[st.Name] = true
				names = append(names, st.Name)
			}
		}
	}
	return names
}

// Seat finds a seat's results by its name.
func (r *Report) Seat(name string) (SeatStats, bool) {
	for _, st := range r.Seats {
		if st.Name == name {
			return st, true
		}
	}
	return SeatStats{}, false
}

// WriteCSV writes one row per point after a header line:
//
//	<axis key>...,games,wins_<seat>,win_rate_<seat>,win_low_<seat>,win_high_<seat>...,mean_score,mean_rounds,mean_<stat>...
//
// with the four win columns for each seat, named after it (empty at a cell
// without that seat), and one mean
// column for each of the game's statistics seen at the first point (spaces
// in names become underscores; a point without the statistic leaves its cell
// empty).
func (s *SweepReport) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	var header []string
	for _, a := range s.Axes {
		header = append(header, a.Key)
	}
	header = append(header, "games")
	for _, name := range s.SeatNames() {
		n := columnName(name)
		header = append(header, "wins_"+n, "win_rate_"+n, "win_low_"+n, "win_high_"+n)
	}
	header = append(header, "mean_score", "mean_rounds")
	var stats []string
	if len(s.Points) > 0 {
		for _, st := range s.Points[0].Report.Stats {
			stats = append(stats, st.Name)
			header = append(header, "mean_"+columnName(st.Name))
		}
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, p := range s.Points {
		r := p.Report
		var rec []string
		for _, a := range s.Axes {
			rec = append(rec, p.Values[a.Key])
		}
		rec = append(rec, strconv.Itoa(r.Games))
		for _, name := range s.SeatNames() {
			st, ok := r.Seat(name)
			if !ok {
				rec = append(rec, "", "", "", "") // this cell has no such seat
				continue
			}
			rec = append(rec, strconv.Itoa(st.Wins), num(st.WinRate), num(st.WinInterval.Low), num(st.WinInterval.High))
		}
		rec = append(rec, num(r.MeanScore), num(r.MeanRounds))
		for _, name := range stats {
			cell := ""
			for _, st := range r.Stats {
				if st.Name == name {
					cell = num(st.Mean)
				}
			}
			rec = append(rec, cell)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// num writes a figure in the shortest form that reads back exactly.
func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
