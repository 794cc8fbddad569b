package engine

import "fmt"

// Player plays games to the end with bots, without history or text: the fast
// path used by simulation and search. A Player reuses its buffers, so one
// Player must not be used by two goroutines at once.
type Player struct {
	legal []Action
	outs  []Outcome
	dec   Decision
}

// Play runs s to its end. bots[i] plays seat i; dice come from dice and the
// bots draw from botRand. It returns the result, or an error if a bot chose an
// illegal action or the game ran past maxSteps actions (0: no bound).
func (p *Player) Play(s State, bots []Bot, dice, botRand *Rand, maxSteps int) (Result, error) {
	for steps := 0; ; steps++ {
		if maxSteps > 0 && steps > maxSteps {
			return Result{}, fmt.Errorf("game still running after %d actions", maxSteps)
		}
		cur := s.Current()
		switch {
		case cur == Terminal:
			return s.Result(), nil
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
				if err := p.botMove(s, Seat(seat), bots[seat], botRand); err != nil {
					return Result{}, err
				}
				moved = moved || len(p.legal) > 0
			}
			if !moved {
				return Result{}, fmt.Errorf("simultaneous node with no seat to move")
			}
		default:
			if int(cur) >= len(bots) {
				return Result{}, fmt.Errorf("seat %d is to move but only %d bots were given", cur, len(bots))
			}
			if err := p.botMove(s, cur, bots[cur], botRand); err != nil {
				return Result{}, err
			}
			if len(p.legal) == 0 {
				return Result{}, fmt.Errorf("seat %d is to move but has no legal action", cur)
			}
		}
	}
}

func (p *Player) botMove(s State, seat Seat, b Bot, r *Rand) error {
	p.legal = s.Legal(seat, p.legal[:0])
	if len(p.legal) == 0 {
		return nil
	}
	p.dec = Decision{Seat: seat, Legal: p.legal, Rand: r, state: s}
	a := b.Choose(&p.dec)
	if err := s.Apply(seat, a); err != nil {
		return fmt.Errorf("bot %s for seat %d: %w", b.Name(), seat, err)
	}
	return nil
}
