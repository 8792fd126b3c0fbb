package lcg

import "github.com/mythos-rl/mythos/env/game"

// hEffectExt runs the multi-step card effects registered with ids of
// card_texts.go's enum (registerEffect) and the team decisions of team.go
// (opEffect frames with A ≥ effExt). A handler that
// pushes a frame returns Again or Done, never Wait.
func (s *State) hEffectExt(f *game.Frame) game.Control {
	seat := int(f.Who)
	switch f.A {
	case effPreyTie:
		return s.preyTie(f)
	case effPayClues:
		return s.payClues(f)
	case effChooseLead:
		return s.chooseLead(f)
	case effSpawnChoice:
		return s.spawnChoice(f)
	}
	if !s.inGame(seat) {
		return game.Done
	}
	if run := effectRuns[f.A]; run != nil {
		return run(s, f, seat) // a card's own multi-step effect (registerEffect)
	}
	switch f.A {
	case effMoveOut:
		// The move a location's MoveOutTest guarded: cancelled when the test
		// failed (the location's testResult set seat's bit of its Uses). B:
		// the Move action (the destination must still connect), else an
		// effect's move (startMove).
		k := int(f.Tgt)
		still := s.Inv[seat].Loc >= 0 && s.LocInst[s.Inv[seat].Loc] == int16(f.Src) && s.locInPlay(k)
		if f.B == 1 {
			still = still && s.canMove(seat, k)
		}
		if s.Cards[f.Src].Uses&(1<<uint(seat)) == 0 && still {
			s.moveInvestigator(seat, int(f.Tgt))
		}
		s.Cards[f.Src].Uses &^= 1 << uint(seat)
		return game.Done
	}
	return game.Done
}

// waitOrSingle waits on a target prompt, answers a single option itself, or
// finishes when there is nothing to choose.
func (s *State) waitOrSingle(f *game.Frame, p *game.Prompt) game.Control {
	switch len(p.Options) {
	case 0:
		return game.Done
	case 1:
		f.Answer = 0 // the only choice: answer it now (Again would clear the answer)
		return s.hEffectExt(f)
	}
	return game.Wait
}

// searchDeck lets seat search the top n cards of its deck (the whole deck
// for n ≥ its size) for a card matching ok, take it into hand (draw says
// it counts as drawn), then shuffle the deck (LCG §3 Search). Only a search
// of the top cards looks at duplicates separately; whole-deck searches offer
// each card title once.
func (s *State) searchDeck(f *game.Frame, seat, n int, ok func(int16) bool, draw bool) game.Control {
	v := &s.Inv[seat]
	if f.Answer != game.NoAnswer {
		id := int16(s.chosen(f).Arg)
		if draw {
			s.moveTo(id, ZoneHand, seat)
			s.log.Add(evDraw, game.AgentID(seat), int32(id), 0, 0)
		} else {
			s.moveTo(id, ZoneHand, seat)
		}
		s.shuffleDeck(seat)
		if draw && s.card(id).Weakness {
			s.drawnWeakness(seat, id)
		}
		return s.cont(game.Done)
	}
	p := s.ask(seat, PkChoice, f.Src)
	lo := len(v.Deck) - n
	if lo < 0 {
		lo = 0
	}
	for i := len(v.Deck) - 1; i >= lo && len(p.Options) < MaxChoice; i-- {
		id := v.Deck[i]
		if !ok(id) {
			continue
		}
		dup := false
		for _, o := range p.Options {
			dup = dup || (!draw && s.Cards[o.Arg].Def == s.Cards[id].Def)
		}
		if !dup {
			p.Add(ActChoose+game.ActionCode(len(p.Options)), int32(id), 0)
		}
	}
	if len(p.Options) == 0 {
		s.shuffleDeck(seat) // nothing found: the deck is still shuffled
		return game.Done
	}
	if len(p.Options) == 1 {
		f.Answer = 0
		return s.searchDeck(f, seat, n, ok, draw)
	}
	return game.Wait
}
