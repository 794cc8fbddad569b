package tune

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// ntbea is the N-Tuple Bandit Evolutionary Algorithm (Lucas, Liu and
// Perez-Liebana, 2018), as the TAG framework tunes games with it: a model
// keeps the mean fitness seen for each value of each parameter (1-tuples),
// each pair of values when there are few parameters (2-tuples), and each
// whole point; from the current point it draws neighbours (one or more values
// changed) and moves to the one with the best upper confidence bound of the
// model, a bandit's balance of what has done well and what is little tried.
//
// The screening games of every point roll the same dice (common random
// numbers), so a point's fitness is exact on those games: the search never
// evaluates a point twice, and stops early when it has tried them all.
type ntbea struct {
	sizes      []int // the number of values of each parameter
	k          float64
	neighbours int
	rng        *rand.Rand
	tuples     [][]int // the parameter indices of each tuple
	stats      map[string]*arm
	seen       map[string]float64
}

// arm is the running mean of one tuple's values.
type arm struct {
	n   int
	sum float64
}

// explore is the UCB constant k: fitness is minus a loss of at most a few
// tenths, so a small k.
const explore = 0.1

// neighbourCount is how many neighbours each step compares.
const neighbourCount = 50

func newNTBEA(sizes []int, seed uint64) *ntbea {
	nb := &ntbea{
		sizes: sizes, k: explore, neighbours: neighbourCount,
		rng:   rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		stats: map[string]*arm{}, seen: map[string]float64{},
	}
	d := len(sizes)
	for i := range d {
		nb.tuples = append(nb.tuples, []int{i})
	}
	if d <= 6 {
		for i := range d {
			for j := i + 1; j < d; j++ {
				nb.tuples = append(nb.tuples, []int{i, j})
			}
		}
	}
	if d > 1 {
		all := make([]int, d)
		for i := range all {
			all[i] = i
		}
		nb.tuples = append(nb.tuples, all)
	}
	return nb
}

// total is the number of points in the space.
func (nb *ntbea) total() float64 {
	t := 1.0
	for _, s := range nb.sizes {
		t *= float64(s)
	}
	return t
}

// start draws the first point.
func (nb *ntbea) start() []int {
	p := make([]int, len(nb.sizes))
	for i, s := range nb.sizes {
		p[i] = nb.rng.IntN(s)
	}
	return p
}

// add records a point's fitness (higher is better).
func (nb *ntbea) add(p []int, fitness float64) {
	nb.seen[pointKey(p)] = fitness
	for ti, t := range nb.tuples {
		key := tupleKey(ti, t, p)
		a := nb.stats[key]
		if a == nil {
			a = &arm{}
			nb.stats[key] = a
		}
		a.n++
		a.sum += fitness
	}
}

// next returns the neighbour of p with the best upper confidence bound among
// the points not yet evaluated, or nil when every point has been.
func (nb *ntbea) next(p []int) []int {
	if float64(len(nb.seen)) >= nb.total() {
		return nil
	}
	var best []int
	bestScore := math.Inf(-1)
	for range nb.neighbours {
		q := nb.mutate(p)
		if _, done := nb.seen[pointKey(q)]; done {
			continue
		}
		if s := nb.ucb(q); s > bestScore {
			best, bestScore = q, s
		}
	}
	for best == nil { // every neighbour drawn was tried: jump
		q := nb.start()
		if _, done := nb.seen[pointKey(q)]; !done {
			best = q
		}
	}
	return best
}

// mutate changes each value of p with probability 1/d, and at least one.
func (nb *ntbea) mutate(p []int) []int {
	q := append([]int(nil), p...)
	d := len(q)
	changed := false
	for i := range q {
		if nb.sizes[i] > 1 && nb.rng.Float64() < 1/float64(d) {
			q[i] = nb.other(i, q[i])
			changed = true
		}
	}
	if !changed {
		i := nb.rng.IntN(d)
		for nb.sizes[i] < 2 {
			i = nb.rng.IntN(d)
		}
		q[i] = nb.other(i, q[i])
	}
	return q
}

// other draws a value of parameter i other than v.
func (nb *ntbea) other(i, v int) int {
	w := nb.rng.IntN(nb.sizes[i] - 1)
	if w >= v {
		w++
	}
	return w
}

// ucb is the mean over the tuples of each one's mean fitness plus its
// exploration bonus; a tuple never seen gets a large bonus.
func (nb *ntbea) ucb(p []int) float64 {
	total := float64(len(nb.seen)) + 1
	var s float64
	for ti, t := range nb.tuples {
		a := nb.stats[tupleKey(ti, t, p)]
		if a == nil {
			s += 1e6
			continue
		}
		s += a.sum/float64(a.n) + nb.k*math.Sqrt(math.Log(total)/float64(a.n))
	}
	return s / float64(len(nb.tuples))
}

// estimate is the model's fitness of p, without exploration: the mean of
// its tuples' means.
func (nb *ntbea) estimate(p []int) float64 {
	var s float64
	n := 0
	for ti, t := range nb.tuples {
		if a := nb.stats[tupleKey(ti, t, p)]; a != nil {
			s += a.sum / float64(a.n)
			n++
		}
	}
	if n == 0 {
		return math.Inf(-1)
	}
	return s / float64(n)
}

func tupleKey(ti int, t []int, p []int) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(ti))
	for _, i := range t {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(p[i]))
	}
	return b.String()
}

func pointKey(p []int) string {
	parts := make([]string, len(p))
	for i, v := range p {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ",")
}
