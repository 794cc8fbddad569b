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
	var m uint
	for r := range numRows {
		v := s.loc[r]
		m |= atLeast(v, 1) & (1 ^ atLeast(v, 6)) & geq(res, v+1) << r
	}
	rv := s.raf[reserve]
	dieForReserve := atLeast(rv, 1)&(1^atLeast(rv, 6)) | (1^atLeast(rv, 1))&geq(s.freeDice(), 1)
	build := geq(res, planeCost) & dieForReserve
	train := geq(res, aceCost) & atLeast(rv, 1) & (1 ^ geq(s.aces, maxPips))
	return 1<<actDone | uint64(m)<<actRaise | uint64(build)<<actBuild | uint64(train)<<actTrain
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
	if m := s.spendMask(); m != 1<<actDone {
		s.legal = m
	} else {
		if s.log != nil {
			s.logf("Phase 2: nothing more can be bought")
		}
		s.startActions()
	}
}
