package engine

import (
	"encoding/base64"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Rand is the engine's seeded random source: every die of every game and
// every random choice of a bot comes from one. The same seed gives the same
// numbers on every platform (it is a PCG generator).
type Rand struct {
	pcg rand.PCG
}

// NewRand returns a source seeded with seed.
func NewRand(seed uint64) *Rand {
	r := &Rand{}
	r.Seed(seed)
	return r
}

// Seed resets the source to the start of seed's stream.
func (r *Rand) Seed(seed uint64) {
	r.pcg.Seed(seed, seed^0x9e3779b97f4a7c15)
}

// Uint64 returns 64 random bits.
func (r *Rand) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniform number in [0, n); n must be positive.
func (r *Rand) IntN(n int) int {
	// Lemire's multiply-and-reject method: unbiased and division-free on the
	// common path.
	bound := uint64(n)
	hi, lo := bits.Mul64(r.pcg.Uint64(), bound)
	if lo < bound {
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.pcg.Uint64(), bound)
		}
	}
	return int(hi)
}

// Float64 returns a uniform number in [0, 1).
func (r *Rand) Float64() float64 {
	return float64(r.pcg.Uint64()<<11>>11) / (1 << 53)
}

// Derive returns a new source for the i-th sub-stream of seed: simulation gives
// game i the source Derive(seed, i), so results do not depend on how games are
// spread over workers.
func Derive(seed uint64, i uint64) *Rand {
	r := &Rand{}
	r.pcg.Seed(splitmix(seed^splitmix(i+1)), splitmix(i)^seed)
	return r
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Sample picks one outcome by its probability. A fair die (all outcomes
// equally likely) takes one bounded draw.
func (r *Rand) Sample(outs []Outcome) Action {
	if uniform(outs) {
		return outs[r.IntN(len(outs))].Action
	}
	x := r.Float64()
	for _, o := range outs {
		x -= o.Prob
		if x < 0 {
			return o.Action
		}
	}
	return outs[len(outs)-1].Action
}

// MarshalText encodes the source's exact position in its stream, so a saved
// game continues with the same dice.
func (r *Rand) MarshalText() ([]byte, error) {
	b, err := r.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return []byte(base64.StdEncoding.EncodeToString(b)), nil
}

// UnmarshalText restores a position written by MarshalText.
func (r *Rand) UnmarshalText(text []byte) error {
	b, err := base64.StdEncoding.DecodeString(string(text))
	if err != nil {
		return fmt.Errorf("random source state is not base64: %w", err)
	}
	if err := r.pcg.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("random source state is corrupt: %w", err)
	}
	return nil
}

func uniform(outs []Outcome) bool {
	p := outs[0].Prob
	for _, o := range outs[1:] {
		if o.Prob != p {
			return false
		}
	}
	return true
}
