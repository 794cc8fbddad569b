package engine

import "fmt"

// Player plays games to the end with bots, without history or text: the fast
// path used by simulation and search. A Player reuses its buffers, so one
// Player must not be used by two goroutines at once.
type Player struct {
	legal  []Action
	outs   []Outcome
	dec    Decision
	passer Passer
}

// Play runs s to its end. bots[i] plays seat i; dice come from dice and the
// bots draw from botRand. It returns the result, or an error if a bot chose an
// illegal action or the game ran past maxSteps actions (0: no bound).
func (p *Player) Play(s State, bots []Bot, dice, botRand *Rand, maxSteps int) (Result, error) {
	p.passer, _ = s.(Passer)
	roller, _ := s.(Roller)
	for steps := 0; ; steps++ {
		if maxSteps > 0 && steps > maxSteps {
			return Result{}, fmt.Errorf("game still running after %d actions", maxSteps)
		}
		cur := s.Current()
		switch {
		case cur == Terminal:
			return s.Result(), nil
		case cur == Chance && roller != nil:
			roller.Roll(dice)
		case cur == Chance:
			p.outs = s.ChanceOutcomes(p.outs[:0])
			if err := s.Apply(Chance, dice.Sample(p.outs)); err != nil {
				return Result{}, fmt.Errorf("chance outcome refused: %w", err)
			}
		case cur == Simultaneous:
			// Each seat still to choose chooses on the same state; the
			// state keeps each choice hidden until all are in.
			moved := false
			for seat := range bots {
				if p.legal = s.Legal(Seat(seat), p.legal[:0]); len(p.legal) == 0 {
					continue
				}
				if err := p.botMove(s, Seat(seat), bots[seat], botRand, p.legal); err != nil {
					return Result{}, err
				}
				moved = true
			}
			if !moved {
				return Result{}, fmt.Errorf("simultaneous node with no seat to move")
			}
		default:
			if int(cur) >= len(bots) {
				return Result{}, fmt.Errorf("seat %d is to move but only %d bots were given", cur, len(bots))
			}
			if err := p.botMove(s, cur, bots[cur], botRand, nil); err != nil {
				return Result{}, err
			}
		}
	}
}

// botMove asks b for seat's action and applies it; legal, if not nil, is the
// seat's legal list already computed.
func (p *Player) botMove(s State, seat Seat, b Bot, r *Rand, legal []Action) error {
	p.dec.reset(s, p.passer, seat, r)
	if legal != nil {
		p.dec.legal, p.dec.listed = legal, true
	}
	a := b.Choose(&p.dec)
	if err := s.Apply(seat, a); err != nil {
		return fmt.Errorf("bot %s for seat %d: %w", b.Name(), seat, err)
	}
	return nil
}
