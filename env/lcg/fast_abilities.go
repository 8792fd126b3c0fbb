package lcg

import "github.com/mythos-rl/mythos/env/game"

// ⚡ abilities of player cards in play and of player weaknesses in threat
// areas, usable in any player window of their controller (LCG §3 Fast, §5.1),
// including the ST.1/ST.2 window of a skill test at their location.

// addCardFastOptions lists seat's usable ⚡ card abilities.
func (s *State) addCardFastOptions(seat int, p *game.Prompt) {
	v := &s.Inv[seat]
	for pi, id := range v.Play {
		if pi >= MaxPlay {
			break
		}
		if s.cardFastUsable(seat, id) {
			p.Add(ActAbility+game.ActionCode(2*pi), int32(id), 0)
		}
	}
	for t, id := range v.Threat {
		// A threat-area card's ⚡ ability (Hospital Debts).
		if h := s.hook(id); t < MaxThreat && h != nil && h.threatFastUsable != nil && h.threatFastUsable(s, seat, id) {
			p.Add(ActThreat+game.ActionCode(t), int32(id), 0)
		}
	}
}

// cardFastUsable reports whether the ⚡ ability of seat's asset id can be
// used now (its cost payable, its effect able to change the game state).
func (s *State) cardFastUsable(seat int, id int16) bool {
	if h := s.hook(id); h != nil && h.fastUsable != nil && !h.fastAfter {
		return h.fastUsable(s, seat, id)
	}
	return false
}

// doCardFast resolves a ⚡ card ability chosen in a window; it reports
// whether o was one.
func (s *State) doCardFast(seat int, o game.Option) bool {
	id := int16(o.Arg)
	if o.Code >= ActThreat && o.Code < ActThreat+MaxThreat {
		h := s.hook(id)
		if h == nil || h.threatFastRun == nil {
			return false
		}
		h.threatFastRun(s, seat, id)
		return true
	}
	if h := s.hook(id); h != nil && h.fastRun != nil && !h.fastAfter {
		h.fastRun(s, seat, id)
		return true
	}
	return false
}
