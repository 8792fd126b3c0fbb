package machina

import "github.com/mythos-rl/mythos/env/game"

// Smaller rules of cells and the monster order: a free trade at a distance
// from a recharge station (MA §12.17 step 2), restoring a destroyed action
// cell (MA §12.15), and rearranging the monster order (MA §6.4).

// partnerOK reports whether pioneer q may trade for free with pioneer p
// recharging at station n (MA §12.17 step 2): another pioneer on the board,
// on any tile, adjacent to a standing recharge station or workbench, or to
// n itself (destroyed as it is used), with an item between them.
func (s *State) partnerOK(p, q, n int) bool {
	if q == p || !s.onBoardPioneer(q) || !(s.owns(p) || s.owns(q)) {
		return false
	}
	c := int(s.P[q].Pos)
	for d := Direction(0); d < 8; d++ {
		m := Step(c, d)
		if m < 0 || !s.Board.Adjacent(c, m) {
			continue
		}
		if m == n {
			return true
		}
		if k := s.Board.Kind[m]; (k == KindRecharge || k == KindWorkbench) && s.Board.Dest[m] == 0 {
			return true
		}
	}
	return false
}

// doPartner offers pioneer f.Tgt, recharging at cell f.A, the pioneers it may
// trade with for free (PromptPartner), or Pass; then the trade (MA §13.10).
func (s *State) doPartner(f *game.Frame) game.Control {
	p, n := int(f.Tgt), int(f.A)
	if f.Answer != game.NoAnswer {
		if o := s.answer(f); o.Code != CodePass {
			s.push(opTrade, game.AgentID(p), -1, int32(p), o.Arg, 0)
		}
		return game.Done
	}
	if !s.onBoardPioneer(p) {
		return game.Done
	}
	s.ask(game.AgentID(p), PromptPartner, -1)
	s.opt(CodePass, -1, 0)
	for q := 0; q < int(s.N); q++ {
		if s.partnerOK(p, q, n) {
			s.opt(CodePioneer+game.ActionCode(q), int32(q), 0)
		}
	}
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// restorable reports whether cell c is a destroyed action cell that may be
// restored (MA §12.15; Re-opener: not a chapter cell).
func (s *State) restorable(c int) bool {
	k := s.Board.Kind[c]
	return s.Board.Dest[c] > 0 && k.IsAction() && k != KindChapter
}

// doRestore lets pioneer f.Tgt restore one adjacent destroyed action cell, or
// Pass (MA §12.15: its destruction tokens go, its printed type is back).
func (s *State) doRestore(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if f.Answer != game.NoAnswer {
		if o := s.answer(f); o.Code != CodePass {
			s.Board.Dest[o.Arg] = 0
			s.log.Add(evRestore, game.AgentID(p), o.Arg, 0, 0)
		}
		return game.Done
	}
	c := s.posOf(p)
	if c < 0 {
		return game.Done
	}
	s.ask(game.AgentID(p), PromptTarget, f.Src)
	s.opt(CodePass, -1, 0)
	for d := Direction(0); d < 8; d++ {
		if m := Step(c, d); m >= 0 && s.Board.Adjacent(c, m) && s.restorable(m) {
			s.opt(CodeCell+game.ActionCode(m), int32(m), 0)
		}
	}
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// doOrder lets pioneer f.Tgt rearrange the monster order (MA §6.4; Ship's
// Chronometer): it names the monster that acts first, then the next, and so
// on; the last is left (R-ORDER). f.A is the place being filled.
func (s *State) doOrder(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		m := int8(s.answer(f).Arg)
		k := int(f.A)
		for i := k; i < len(s.Order); i++ {
			if s.Order[i] == m {
				copy(s.Order[k+1:i+1], s.Order[k:i])
				s.Order[k] = m
				break
			}
		}
		f.A++
	}
	if len(s.Order)-int(f.A) < 2 {
		return game.Done
	}
	s.ask(f.Who, PromptTarget, f.Src)
	for _, m := range s.Order[f.A:] {
		s.opt(CodeCell+game.ActionCode(s.Mx[m].Pos), int32(m), 0)
	}
	return game.Wait
}
