package tinybob

// Phase 2: spending resources (rulebook "2. Spend available resources",
// TB-11).

const (
	planeCost = 2 // TB-11
	aceCost   = 1 // TB-11
)

// spendMask returns the legal phase 2 actions: "done"; raising a location
// that stands, is below 6 and whose new value is affordable; building a plane
// (2 resources and a red die for the Reserve: the one there, under 6 pips, or
// one out of play); training an Ace (1 resource, a pip in the Reserve, Aces
// below 6).
func (s *State) spendMask() uint64 {
	res := s.resources
	raise := s.raiseMask()
	rv := s.raf[reserve]
	dieForReserve := geq(rv, 1)&(1^geq(rv, maxPips)) | (1^geq(rv, 1))&geq(s.freeDice(), 1)
	build := geq(res, planeCost) & dieForReserve
	train := geq(res, aceCost) & geq(rv, 1) & (1 ^ geq(s.aces, maxPips))
	return 1<<actDone | uint64(raise)<<actRaise | uint64(build)<<actBuild | uint64(train)<<actTrain
}

// raiseMask returns the locations (bits 0..4) that can be raised: standing,
// below 6, and the new value affordable.
func (s *State) raiseMask() uint {
	loc := rowsWord(&s.loc) // a byte per row (bytes.go)
	return eachBit(atLeastEach(loc, 1) &^ atLeastEach(loc, maxPips) &^ atLeastEach(loc, uint64(s.resources)))
}

// raise raises location r by one, paying its new value.
func (s *State) raise(r int8) {
	s.loc[r]++
	s.resources -= s.loc[r]
	if s.log != nil {
		s.logf("Phase 2: %s raised to %d for %d resources (%d left)", rowName(r), s.loc[r], s.loc[r], s.resources)
	}
	s.afterPurchase()
}

// build adds a plane to the Reserve.
func (s *State) build() {
	s.raf[reserve]++
	s.resources -= planeCost
	if s.log != nil {
		s.logf("Phase 2: a plane is built; the Reserve has %d (%s left)", s.raf[reserve], plural(int(s.resources), "resource"))
	}
	s.afterPurchase()
}

// train adds an Ace.
func (s *State) train() {
	s.aces++
	s.resources -= aceCost
	if s.log != nil {
		s.logf("Phase 2: an Ace is trained; Aces %d (%s left)", s.aces, plural(int(s.resources), "resource"))
	}
	s.afterPurchase()
}

// afterPurchase ends phase 2 by itself when nothing more can be bought.
func (s *State) afterPurchase() {
	if s.canSpend() {
		return
	}
	if s.log != nil {
		s.logf("Phase 2: nothing more can be bought")
	}
	s.startActions()
}

// canSpend reports whether the RAF can buy anything, that is whether
// spendMask holds more than "done". It stops at the first purchase found.
func (s *State) canSpend() bool {
	res := s.resources
	if res < aceCost { // every purchase costs at least 1
		return false
	}
	for _, v := range &s.loc {
		if v >= 1 && v < maxPips && res > v {
			return true // raise
		}
	}
	rv := s.raf[reserve]
	if rv >= 1 && s.aces < maxPips {
		return true // train
	}
	return res >= planeCost && (rv >= 1 && rv < maxPips || rv == 0 && s.freeDice() >= 1) // build
}
