package machina

import "github.com/mythos-rl/mythos/env/game"

// The round (MA §6): pioneers, lair, horror and monsters phases.

func (s *State) doRound(f *game.Frame) game.Control {
	switch f.Step {
	case 0:
		if s.cfg.RoundCap > 0 && int(s.Round) >= s.cfg.RoundCap {
			s.end(0) // truncated (MA §23.6)
			return game.Halt
		}
		s.Round++
		s.log.Add(evRound, game.NoAgent, int32(s.Round), 0, 0)
		s.Phase = PhasePioneers
		f.Step = 1
		s.push(opPioneersPhase, game.NoAgent, -1, -1, 0, 0)
	case 1:
		s.Phase = PhaseLair
		f.Step = 2
		s.push(opLairPhase, game.NoAgent, -1, -1, 0, 0)
	case 2:
		s.Phase = PhaseHorror
		f.Step = 3
		s.push(opHorrorPhase, game.NoAgent, -1, -1, 0, 0)
	case 3:
		s.Phase = PhaseMonsters
		f.Step = 0
		s.push(opMonstersPhase, game.NoAgent, -1, -1, 0, 0)
	case 4:
		// MA §14.7: a new round restarts the pioneers phase at once; the
		// horror markers go back (their effects end), the pioneers phase's
		// own housekeeping returns the pioneer markers and fills stamina.
		// The round then goes on as usual; its number stays.
		s.expireMods(true)
		s.Active, s.ActiveMon = -1, -1
		s.Phase = PhasePioneers
		f.Step = 1
		s.push(opPioneersPhase, game.NoAgent, -1, -1, 0, 0)
	}
	return game.Again
}

// doNewRound resolves "Start a new round" (MA §14.7): whatever is pending in
// the round (the rest of a turn, of a phase) is dropped, and the round frame
// starts the pioneers phase again. Effects the same card lists after it do
// not happen; the shipped content puts it last.
func (s *State) doNewRound(f *game.Frame) game.Control {
	for r := 0; r < len(s.stack.Frames); r++ {
		if s.stack.Frames[r].Op == opRound {
			s.stack.Frames = s.stack.Frames[:r+1]
			s.stack.Frames[r].Step = 4
			s.stack.Frames[r].Answer = game.NoAnswer
			return game.Done
		}
	}
	return game.Done
}

// doPioneersPhase runs MA §6.1: housekeeping, then one turn per pioneer on the
// board in the order the pioneers choose.
func (s *State) doPioneersPhase(f *game.Frame) game.Control {
	if f.Step == 0 {
		// MA §6.1 step 1: pioneer markers return; their effects end; cards
		// whose marker returned resolve their [marker-off] triggers (MA
		// §18.6).
		triggered := s.markersReturn()
		// MA §6.1 step 2, §22.A.6: stamina to its maximum.
		for i := 0; i < int(s.N); i++ {
			s.P[i].Acted = false
			if s.onBoardPioneer(i) {
				s.P[i].Stamina = int8(s.maxStamina(i))
			}
		}
		f.Step = 1
		if triggered {
			return game.Again
		}
	}
	if f.Answer != game.NoAnswer {
		p := int(s.answer(f).Arg)
		s.P[p].Acted = true
		s.push(opTurn, game.AgentID(p), -1, int32(p), 0, 0)
		return game.Again
	}
	first, n := -1, 0
	for i := 0; i < int(s.N); i++ {
		if s.onBoardPioneer(i) && !s.P[i].Acted {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	switch n {
	case 0:
		return game.Done
	case 1:
		s.P[first].Acted = true
		s.push(opTurn, game.AgentID(first), -1, int32(first), 0, 0)
		return game.Again
	}
	s.ask(game.AgentID(first), PromptNextPioneer, -1)
	for i := 0; i < int(s.N); i++ {
		if s.onBoardPioneer(i) && !s.P[i].Acted {
			s.opt(CodePioneer+game.ActionCode(i), int32(i), 0)
		}
	}
	return game.Wait
}

// doLairPhase runs MA §6.2.
func (s *State) doLairPhase(f *game.Frame) game.Control {
	start := s.startLair()
	switch f.Step {
	case 0:
		f.Step = 1
		if start == 0 {
			return game.Done // no lair value: skip the phase (MA §6.2)
		}
		if s.Lair <= 1 {
			// MA §6.2 chapter timeout: danger N times, then the next chapter
			// or, for a closed chapter, the lair value resets.
			if s.chapterClosed() || s.InFinale {
				s.Lair = s.scaledLair(start)
			} else {
				s.push(opChapterStart, game.NoAgent, -1, -1, int32(s.ChapterPos)+1, 0)
			}
			if s.cfg.LairScaleTwice {
				s.Lair = s.scaledLair(s.Lair)
			}
			s.push(opDanger, game.NoAgent, -1, -1, int32(s.startHorror()), 0)
		}
		return game.Again
	case 1:
		// Spawn rolls, one per pioneer on a tile with an unsealed lair cell,
		// in the order the pioneers choose (MA §6.2); f.A marks who rolled.
		var p int
		if f.Answer != game.NoAnswer {
			p = int(s.answer(f).Arg)
		} else {
			first, n := -1, 0
			for q := 0; q < int(s.N); q++ {
				if f.A&(1<<q) == 0 && s.onBoardPioneer(q) && s.tileHasLair(TileOf(int(s.P[q].Pos))) {
					if first < 0 {
						first = q
					}
					n++
				}
			}
			if n == 0 {
				f.Step = 2
				return game.Again
			}
			if n > 1 {
				s.ask(s.team(), PromptLairOrder, -1)
				for q := 0; q < int(s.N); q++ {
					if f.A&(1<<q) == 0 && s.onBoardPioneer(q) && s.tileHasLair(TileOf(int(s.P[q].Pos))) {
						s.opt(CodePioneer+game.ActionCode(q), int32(q), 0)
					}
				}
				return game.Wait
			}
			p = first
		}
		f.A |= 1 << p
		r := s.fate()
		s.log.Add(evFate, game.AgentID(p), int32(r), int32(s.Lair), 0)
		if r >= s.Lair {
			if s.monstersOnTile(TileOf(int(s.P[p].Pos))) >= 4 {
				s.push(opDanger, game.NoAgent, -1, -1, 1, 0) // the lair limit
			} else {
				s.monsterAppears(p)
			}
		}
		return game.Again
	}
	// End of phase: the lair value drops (MA §6.2; not in very easy, §5.2).
	if !s.cfg.VeryEasy && s.startLair() > 0 && s.Lair > 1 {
		s.Lair--
	}
	return game.Done
}

// doHorrorPhase runs MA §6.3.
func (s *State) doHorrorPhase(f *game.Frame) game.Control {
	s.expireMods(true) // horror markers return (MA §6.3 step 1)
	if s.InFinale {
		if r := finaleRules[s.sc.Finale.Rule]; r.HorrorStart != nil {
			r.HorrorStart(s)
			if s.checkFinale() {
				return game.Halt
			}
		}
	}
	if s.startHorror() == 0 {
		return game.Done // no horror value: skip (MA §22.8)
	}
	r := s.fate()
	s.log.Add(evFate, s.team(), int32(r), int32(s.Horror), 1)
	if r >= s.Horror {
		s.Horror = s.startHorror()
		s.push(opHorrorEvent, game.NoAgent, -1, -1, 0, 0)
		return game.Done
	}
	if !s.cfg.VeryEasy && s.Horror > 1 {
		s.Horror--
	}
	return game.Done
}

// doMonstersPhase runs MA §6.4: each monster in the order takes one turn.
func (s *State) doMonstersPhase(f *game.Frame) game.Control {
	if f.Step == 0 {
		f.Step = 1
		for i := range s.Mx {
			s.Mx[i].Stamina = -1 // not yet acted this phase
		}
	}
	if f.B == 1 {
		// MA §16.6: a monster's turn is over; the pioneers may react.
		f.B = 0
		if s.openWindow(-1) {
			return game.Again
		}
	}
	for _, m := range s.Order {
		if s.Mx[m].Stamina < 0 {
			s.Mx[m].Stamina = int8(s.maxStamina(MonsterBase + int(m)))
			s.push(opMonsterTurn, game.NoAgent, -1, int32(MonsterBase+int(m)), 0, 0)
			f.B = 1
			return game.Again
		}
	}
	for i := range s.Mx {
		s.Mx[i].Stamina = 0
	}
	s.ActiveMon = -1
	return game.Done
}

// doDanger increases danger f.A times (MA §6.5.1).
func (s *State) doDanger(f *game.Frame) game.Control {
	if f.A <= 0 {
		return game.Done
	}
	f.A--
	if s.Level >= 5 {
		// MA §6.5.1 step 3, §22.16: each pioneer discards an equipped item or dies.
		for p := int(s.N) - 1; p >= 0; p-- {
			if s.P[p].Alive {
				s.push(opLevel5, game.AgentID(p), -1, int32(p), 0, 0)
			}
		}
		return game.Again
	}
	s.Danger++
	// The track has dangerTrack() divisions before the arrow (MA §22.5,
	// content `danger_track`): the marker rests on 0..track-1 and reaching
	// the arrow (position track) raises the level.
	if s.Danger >= s.dangerTrack() {
		s.Danger = 0
		s.raiseLevel()
	}
	s.log.Add(evDanger, game.NoAgent, int32(s.Danger), int32(s.Level), 0)
	return game.Again
}

// decreaseDanger moves the marker left, never below the first division
// (MA §6.5.1).
func (s *State) decreaseDanger(n int) {
	s.Danger -= int8(n)
	if s.Danger < 0 {
		s.Danger = 0
	}
	s.log.Add(evDanger, game.NoAgent, int32(s.Danger), int32(s.Level), 0)
}

// raiseLevel raises the monster level by one (MA §6.5.1 step 2, §22.17): the
// deck and the destroyed pile are shuffled together, half (rounded up) goes
// to the box, and the new level's monsters are shuffled in.
func (s *State) raiseLevel() {
	if s.Level >= 5 {
		return
	}
	s.Level++
	s.log.Add(evMonsterLevel, game.NoAgent, int32(s.Level), 0, 0)
	deck := append(s.MonsterDeck, s.MonsterPile...)
	s.MonsterPile = s.MonsterPile[:0]
	game.ShuffleInts(&s.rng, deck)
	box := (len(deck) + 1) / 2
	for _, m := range deck[:box] {
		s.Mx[m].Zone = ZoneVault
	}
	deck = append(deck[:0], deck[box:]...)
	for i := range s.ct.Monsters {
		if s.ct.Monsters[i].Level == s.Level && s.Mx[i].Zone == ZoneAside {
			s.Mx[i].Zone = ZoneDeck
			deck = append(deck, int8(i))
		}
	}
	for _, m := range deck {
		s.Mx[m].Zone = ZoneDeck
	}
	game.ShuffleInts(&s.rng, deck)
	s.MonsterDeck = deck
}

// doLevel5 asks pioneer f.Tgt to discard an equipped item, or dies if it has
// none (MA §6.5.1 step 3); with Config.Level5Death it may choose death
// (Pass) instead (MA §22.16).
func (s *State) doLevel5(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if !s.P[p].Alive {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		if o := s.answer(f); o.Code == CodePass {
			s.killPioneer(p, -1) // death chosen (Config.Level5Death, MA §22.16)
		} else {
			s.discardItem(int(o.Arg))
		}
		return game.Done
	}
	any := false
	for i := range s.ct.Items {
		if s.Items[i].Zone == ZoneEquipped && int(s.Items[i].Owner) == p {
			any = true
		}
	}
	if !any {
		s.killPioneer(p, -1)
		return game.Done
	}
	s.ask(game.AgentID(p), PromptLevel5, -1)
	if s.cfg.Level5Death {
		// MA §6.5.1 step 3 read as the player's choice (MA §22.16): Pass
		// is death.
		s.opt(CodePass, -1, 0)
	}
	for i := range s.ct.Items {
		if s.Items[i].Zone == ZoneEquipped && int(s.Items[i].Owner) == p {
			s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
		}
	}
	return game.Wait
}

// tileHasLair reports whether window slot t holds an unsealed lair cell.
func (s *State) tileHasLair(t int) bool {
	for _, c := range &slotCells[t] {
		if s.Board.Kind[c] == KindLair && s.Board.Dest[c] == 0 {
			return true
		}
	}
	return false
}

// monstersOnTile counts the monsters on window slot t (the lair limit, MA §6.2).
func (s *State) monstersOnTile(t int) int {
	n := 0
	for _, m := range s.Order {
		if TileOf(int(s.Mx[m].Pos)) == t {
			n++
		}
	}
	return n
}

// monsterAppears resolves MA §6.5.2 for pioneer p.
func (s *State) monsterAppears(p int) {
	t := TileOf(int(s.P[p].Pos))
	lair, best := -1, 99
	for _, c16 := range &slotCells[t] {
		if c := int(c16); s.Board.Kind[c] == KindLair && s.Board.Dest[c] == 0 {
			if d := Cheb(c, int(s.P[p].Pos)); d < best {
				lair, best = c, d
			}
		}
	}
	if lair < 0 {
		return
	}
	if len(s.MonsterDeck) == 0 {
		s.MonsterDeck = append(s.MonsterDeck, s.MonsterPile...)
		s.MonsterPile = s.MonsterPile[:0]
		for _, m := range s.MonsterDeck {
			s.Mx[m].Zone = ZoneDeck
		}
		game.ShuffleInts(&s.rng, s.MonsterDeck)
	}
	if len(s.MonsterDeck) == 0 {
		s.push(opDanger, game.NoAgent, -1, -1, 1, 0)
		return
	}
	m := s.MonsterDeck[len(s.MonsterDeck)-1]
	s.MonsterDeck = s.MonsterDeck[:len(s.MonsterDeck)-1]
	s.Mx[m] = Monster{Zone: ZonePlay, Pos: -1, Controller: -1}
	s.Order = append(s.Order, m)
	cr := MonsterBase + int(m)
	dest := lair
	if !s.free(dest) {
		dest = s.nearestFree(lair, true)
	}
	s.log.Add(evSpawn, game.NoAgent, int32(cr), int32(dest), 0)
	if dest < 0 {
		s.banish(cr)
		return
	}
	s.setPos(cr, dest)
	s.pushEnter(s.ct.Monsters[m].Abilities, cr, refOf(refMonster, int(m), 0))
	if s.Board.Kind[dest] == KindChasm && s.Board.Dest[dest] == 0 {
		s.destroyCreature(cr, -1) // MA §6.5.2 step 4, §22.14
	}
}

// nearestFree returns the nearest free passable cell to c, on c's tile first
// (MA §17.5 fallback; a chasm is allowed).
func (s *State) nearestFree(c int, sameTileFirst bool) int {
	best, bd := -1, 99
	for pass := 0; pass < 2; pass++ {
		for i := 0; i < NumCells; i++ {
			if !s.free(i) || (pass == 0 && sameTileFirst && TileOf(i) != TileOf(c)) {
				continue
			}
			if d := Cheb(i, c); d < bd {
				best, bd = i, d
			}
		}
		if best >= 0 {
			return best
		}
	}
	return best
}
