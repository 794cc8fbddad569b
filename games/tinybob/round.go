package tinybob

// The flow of a round (rulebook "Flow of Play"): phase 1 resources, phase 2
// spending, phase 3 actions, phase 4 reinforcements, phase 5 movement and
// raids, phase 6 the loss check (done at once whenever a loss can happen,
// TB-18), phase 7 clean-up. A decision whose only legal action would be its
// pass is not asked: the phase ends by itself. Whether more than the pass is
// legal is found without listing the legal set (canSpend, canAct).

// startRound begins the next round with phase 1: resources grow by the
// Industry value, capped at 6 (TB-10); then it opens phase 2.
func (s *State) startRound() {
	s.round++
	s.resBefore = s.resources
	s.resources = min(maxPips, s.resources+s.loc[rowIndustry])
	if s.log != nil {
		s.logPhase1()
	}
	// Phase 2 opens if the RAF can afford anything (TB-11).
	if s.canSpend() {
		s.step = stSpend
		return
	}
	s.startActions()
}

func (s *State) logPhase1() {
	gain, before := s.loc[rowIndustry], s.resBefore
	switch {
	case gain == 0:
		s.logf("Round %d: Industry is destroyed and gives no resources (now %d)", s.round, s.resources)
	case before+gain > maxPips:
		s.logf("Round %d: Industry gives %s (now %d; %d above 6 lost)", s.round, plural(int(gain), "resource"), s.resources, before+gain-maxPips)
	default:
		s.logf("Round %d: Industry gives %s (now %d)", s.round, plural(int(gain), "resource"), s.resources)
	}
}

// startActions opens phase 3 with its three actions (TB-12).
func (s *State) startActions() {
	s.actions = 3
	s.continueActions()
}

// continueActions asks for the next phase 3 action, or ends the phase when
// none is left or none is possible.
func (s *State) continueActions() {
	if s.actions > 0 {
		if s.canAct() {
			s.step = stActions
			return
		}
		if s.log != nil {
			s.logf("Phase 3: the RAF can neither move nor attack; %s lost", plural(int(s.actions), "action"))
		}
	}
	s.actions = 0
	s.startReinforcement()
}

// startReinforcement opens phase 4: the row die is rolled first (TB-14).
func (s *State) startReinforcement() {
	s.step = stReinfRow
}

// logSetup writes the setup of a fresh game, and phase 1 of round 1 when the
// priority target was given as an option (it was played before a log could
// be set).
func (s *State) logSetup() {
	s.logf("Setup: locations %d %d %d %d %d, Luftwaffe dice at %d in column 4, RAF %d %d %d %d %d, Reserve %d, resources %d, Aces %d, Wave Tracker %d",
		s.loc[0], s.loc[1], s.loc[2], s.loc[3], s.loc[4], s.lwVal[0],
		s.raf[0], s.raf[1], s.raf[2], s.raf[3], s.raf[4], s.raf[reserve], s.resBefore, s.aces, s.waveVal)
	if s.step == stSetupPriority {
		return
	}
	s.logf("Setup: the priority target is %s", rowName(s.priority))
	s.logPhase1()
}
