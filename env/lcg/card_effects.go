package lcg

import "github.com/mythos-rl/mythos/env/game"

// hEffectExt runs the multi-step card effects of card_texts.go and the team
// decisions of team.go (opEffect frames with A ≥ effExt). A handler that
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
	switch f.A {
	case effSearchTome:
		// Research Librarian: search your deck for a Tome asset, add it to
		// your hand, shuffle (LCG §3 Search).
		return s.searchDeck(f, seat, len(s.Inv[seat].Deck), func(id int16) bool {
			return s.has(id, trTome) && s.card(id).Type == typeAsset
		}, false)
	case effArcaneInitiate:
		// Arcane Initiate: search the top 3 cards for a Spell and draw it; shuffle.
		return s.searchDeck(f, seat, 3, func(id int16) bool { return s.has(id, trSpell) }, true)
	case effOldBook:
		// Old Book of Lore: an investigator at your location searches the top
		// 3 cards of their deck for a card, draws it, shuffles the rest in.
		if f.Step == 0 {
			who, c := s.askSeat(f, s.seatsHere(seat))
			if c == game.Wait {
				return c
			}
			if who < 0 {
				return game.Done
			}
			f.Step, f.Tgt = 1, int32(who)
			return game.Again
		}
		g := *f
		g.Who = game.AgentID(f.Tgt)
		c := s.searchDeck(&g, int(f.Tgt), 3, func(int16) bool { return true }, true)
		f.Answer = g.Answer
		return c
	case effMedical:
		// Medical Texts: choose an investigator at your location, test
		// intellect (2): heal 1 damage on a success, deal 1 on a failure.
		who, c := s.askSeat(f, s.seatsHere(seat))
		if c == game.Wait || who < 0 {
			return c
		}
		s.pushTest(seat, skIntellect, 2, tkMedical, int16(who), int16(f.Src))
		return game.Done
	case effEncyclopedia:
		// Encyclopedia: an investigator at your location gets +2 to a skill of
		// your choice until the end of the phase (LCG §3 Lasting Effects).
		if f.Answer != game.NoAnswer {
			k := int(s.chosen(f).Code - ActChoose)
			s.Inv[k/4].PhaseBonus[k%4] += 2
			return game.Done
		}
		p := s.ask(seat, PkChoice, f.Src)
		m := s.seatsHere(seat)
		for i := 0; i < int(s.N); i++ {
			if m&(1<<uint(i)) != 0 {
				for sk := 0; sk < 4; sk++ {
					p.Add(ActChoose+game.ActionCode(4*i+sk), int32(i), int32(sk))
				}
			}
		}
		return game.Wait
	case effScrying:
		return s.scrying(f)
	case effBookOfShadows:
		// Book of Shadows: add 1 charge to a Spell asset you control (LCG §3 Uses).
		if f.Answer != game.NoAnswer {
			s.Cards[s.chosen(f).Arg].Uses++
			return game.Done
		}
		p := s.ask(seat, PkTarget, f.Src)
		for k := 0; ; k++ {
			pi := s.spellAssetSlot(seat, k)
			if pi < 0 || k >= MaxChoice {
				break
			}
			p.Add(ActChoose+game.ActionCode(k), int32(s.Inv[seat].Play[pi]), 0)
		}
		return s.waitOrSingle(f, p)
	case effCatBurglar, effSurvivalInstinct:
		// Cat Burglar: disengage from each enemy and move to a connecting
		// location (no attacks of opportunity). Survival Instinct: after a
		// successful evasion the evader may disengage from each other enemy
		// and may move to a connecting location.
		if f.Answer != game.NoAnswer {
			o := s.chosen(f)
			if o.Code == ActPass {
				return game.Done
			}
			s.disengageAll(seat, -1)
			if o.Code >= ActLocation && o.Code < ActLocation+MaxLocations {
				s.moveInvestigator(seat, int(o.Arg))
			}
			return s.cont(game.Done)
		}
		p := s.ask(seat, PkTarget, f.Src)
		if f.A == effSurvivalInstinct {
			p.Add(ActPass, 0, 0)
			if s.evadeTarget(seat) >= 0 {
				p.Add(ActChoose, 0, 0) // disengage and stay
			}
		}
		m := s.connectingMask(seat)
		for k := 0; k < MaxLocations; k++ {
			if m&(1<<uint(k)) != 0 {
				p.Add(ActLocation+game.ActionCode(k), int32(k), 0)
			}
		}
		if f.A == effCatBurglar && len(p.Options) == 0 {
			s.disengageAll(seat, -1)
			return game.Done
		}
		if f.A == effSurvivalInstinct && len(p.Options) == 1 {
			return game.Done
		}
		return game.Wait
	case effExtraAmmo:
		// Extra Ammunition: 3 ammo on a Firearm asset controlled by an
		// investigator at your location (LCG §3 Uses).
		if f.Answer != game.NoAnswer {
			s.Cards[s.chosen(f).Arg].Uses += 3
			return game.Done
		}
		p := s.ask(seat, PkTarget, f.Src)
		for k := 0; k < MaxChoice; k++ {
			id := s.ammoTarget(seat, k)
			if id < 0 {
				break
			}
			p.Add(ActChoose+game.ActionCode(k), int32(id), 0)
		}
		return s.waitOrSingle(f, p)
	case effCrypticResearch:
		// Cryptic Research: an investigator at your location draws 3 cards.
		who, c := s.askSeat(f, s.seatsHere(seat))
		if c == game.Wait || who < 0 {
			return c
		}
		s.drawCards(who, 3)
		return game.Done
	case effElusive:
		// Elusive: move to a revealed location with no enemies.
		if f.Answer != game.NoAnswer {
			s.moveInvestigator(seat, int(s.chosen(f).Arg))
			return s.cont(game.Done)
		}
		p := s.ask(seat, PkTarget, f.Src)
		m := s.elusiveDest(seat)
		for k := 0; k < MaxLocations; k++ {
			if m&(1<<uint(k)) != 0 {
				p.Add(ActLocation+game.ActionCode(k), int32(k), 0)
			}
		}
		switch len(p.Options) {
		case 0:
			return game.Done
		case 1:
			s.moveInvestigator(seat, int(p.Options[0].Arg))
			return s.cont(game.Done)
		}
		return game.Wait
	case effMindWipe:
		// Mind Wipe: a non-Elite enemy at your location is blank until the end
		// of the phase (LCG §3 Blank).
		return s.chooseEnemy(f, func(e int16) bool {
			return s.Cards[e].Loc == s.Inv[seat].Loc && !s.has(e, trElite)
		}, false, func(e int16) { s.setBlank(e) })
	case effAquinnah:
		return s.aquinnahChoose(f)
	case effMoveOut:
		// The move a location's MoveOutTest guarded: cancelled when the test
		// failed (the location's testResult set seat's bit of its Uses).
		if s.Cards[f.Src].Uses&(1<<uint(seat)) == 0 && s.canMove(seat, int(f.Tgt)) {
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

// scrying is Scrying's effect: look at the top 3 cards of an investigator's
// deck or the encounter deck and return them in any order. Step 0 chooses
// the deck (ActChoose+seat, ActChoose+4 the encounter deck); step 1 chooses,
// from the top down, which card goes next (Frame B counts placed cards).
func (s *State) scrying(f *game.Frame) game.Control {
	seat := int(f.Who)
	if f.Step == 0 {
		if f.Answer != game.NoAnswer {
			f.Tgt = int32(s.chosen(f).Code - ActChoose)
			f.Step, f.B = 1, 0
			return game.Again
		}
		p := s.ask(seat, PkTarget, f.Src)
		for k := 0; k < int(s.N); k++ {
			if i := s.seatAt(k); s.inGame(i) && len(s.Inv[i].Deck) > 1 {
				p.Add(ActChoose+game.ActionCode(i), int32(i), 0)
			}
		}
		if len(s.EncDeck) > 1 {
			p.Add(ActChoose+4, -1, 0)
		}
		return s.waitOrSingle(f, p)
	}
	var deck []int16
	if f.Tgt == 4 {
		deck = s.EncDeck
	} else {
		deck = s.Inv[f.Tgt].Deck
	}
	n := len(deck)
	if n > 3 {
		n = 3
	}
	if f.Answer != game.NoAnswer {
		// Put the chosen card at the highest unfilled position.
		from := int(s.chosen(f).Arg)
		to := len(deck) - 1 - int(f.B)
		deck[from], deck[to] = deck[to], deck[from]
		f.B++
	}
	if int(f.B) >= n-1 {
		return game.Done
	}
	p := s.ask(seat, PkChoice, f.Src)
	for i := len(deck) - 1 - int(f.B); i >= len(deck)-n; i-- {
		p.Add(ActChoose+game.ActionCode(len(deck)-1-i), int32(i), int32(deck[i]))
	}
	return game.Wait
}
