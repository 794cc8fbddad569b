package boba

import "sync"

// scratch holds dense tables indexed by (square, facing, MPs) for the German
// planner: the answers of mover.best and the nodes already reached. Entries
// are valid only when their stamp equals the current generation, so a
// scratch is reused without clearing. It is working memory, never part of a
// state.
type scratch struct {
	gen     uint32
	bestGen []uint32
	bestVal []int8
	seenGen []uint32
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// nodeSpace is the number of (square, facing, MPs) nodes of a board.
func (c config) nodeSpace() int { return c.Width * c.Length * 8 * 16 }

// nodeIndex numbers a node; MPs are below 16 (at most 6 + 2 + 6 with a dive).
func (c config) nodeIndex(x, y int, f dir, mp int) int {
	return ((x*c.Length+y)*8+int(f))*16 + mp
}

// getScratch takes a scratch sized for c from the pool, with every entry
// invalid.
func getScratch(c config) *scratch {
	sc := scratchPool.Get().(*scratch)
	n := c.nodeSpace()
	if len(sc.bestGen) < n {
		sc.bestGen, sc.bestVal, sc.seenGen, sc.gen = make([]uint32, n), make([]int8, n), make([]uint32, n), 0
	}
	sc.gen++
	if sc.gen == 0 { // wrapped: clear the stamps
		clear(sc.bestGen)
		clear(sc.seenGen)
		sc.gen = 1
	}
	return sc
}

func putScratch(sc *scratch) { scratchPool.Put(sc) }
