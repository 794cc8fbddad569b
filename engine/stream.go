package engine

// SeedStream resets r to the start of the i-th sub-stream of seed: the same
// numbers as Derive(seed, i), without allocating a new source. Simulation
// reseeds one source per worker this way for each game.
func (r *Rand) SeedStream(seed, i uint64) {
	r.pcg.Seed(splitmix(seed^splitmix(i+1)), splitmix(i)^seed)
}
