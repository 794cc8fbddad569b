package sim

import "sort"

// denseCounts is how many small values (0 up to it, excluded) a counts keeps
// in a slice rather than a map: rounds and most scores.
const denseCounts = 128

// counts counts games by a whole number (the rounds a game lasted, its
// score): values in [0, denseCounts) in a slice, which costs no hashing per
// game, and the rest in a map.
type counts struct {
	dense []int
	other map[int]int
}

func (c *counts) add(v int) {
	if uint(v) < denseCounts {
		if c.dense == nil {
			c.dense = make([]int, denseCounts)
		}
		c.dense[v]++
		return
	}
	if c.other == nil {
		c.other = map[int]int{}
	}
	c.other[v]++
}

func (c *counts) merge(o *counts) {
	for v, n := range o.dense {
		if n > 0 {
			c.addN(v, n)
		}
	}
	for v, n := range o.other {
		c.addN(v, n)
	}
}

func (c *counts) addN(v, n int) {
	if uint(v) < denseCounts {
		if c.dense == nil {
			c.dense = make([]int, denseCounts)
		}
		c.dense[v] += n
		return
	}
	if c.other == nil {
		c.other = map[int]int{}
	}
	c.other[v] += n
}

// sorted returns every counted value with its count, in increasing order
// of value.
func (c *counts) sorted() [][2]int {
	var out [][2]int
	for v, n := range c.dense {
		if n > 0 {
			out = append(out, [2]int{v, n})
		}
	}
	for v, n := range c.other {
		out = append(out, [2]int{v, n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// causeCounts counts games by cause. A game has few causes, so a short list
// searched in order beats a map.
type causeCounts []CauseCount

func (c *causeCounts) add(cause string, n int) {
	for i := range *c {
		if (*c)[i].Cause == cause {
			(*c)[i].Games += n
			return
		}
	}
	*c = append(*c, CauseCount{Cause: cause, Games: n})
}
