package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// engage makes the monster engaged with the seat (AH3 413); a non-Massive
// monster leaves whoever it was engaged with (AH3 448.11).
func (s *State) engage(m int8, seat int8) {
	mo := &s.Monsters[m]
	if s.g.kinds[mo.Kind].Massive {
		mo.Engaged |= 1 << uint(seat) // AH3 454.2
		return
	}
	mo.Engaged = 1 << uint(seat)
	mo.Status = Engaged
	mo.Space = s.Seats[seat].Space
	s.event(EvEngage, seat, int32(m), 0, 0)
}

// exhaust flips a monster to its exhausted side and disengages it (AH3 429);
// a Massive monster cannot be exhausted (AH3 454.5).
func (s *State) exhaust(m int8) {
	mo := &s.Monsters[m]
	if s.g.kinds[mo.Kind].Massive {
		return
	}
	mo.Status, mo.Engaged = Exhausted, 0
}

// disengage puts a monster engaged with the seat back in its space ready
// side up (AH3 414.1), or exhausted (Evade).
func (s *State) disengage(m int8, seat int8, exhaust bool) {
	mo := &s.Monsters[m]
	mo.Engaged &^= 1 << uint(seat)
	if s.g.kinds[mo.Kind].Massive {
		return
	}
	if mo.Engaged == 0 {
		mo.Status = Ready
		if exhaust {
			mo.Status = Exhausted
		}
	}
}

// spawnKind puts a monster of kind k in a space (AH3 445.5-7). It returns
// the slot, or -1 when the board is full.
func (s *State) spawnKind(k int16, space int8, exhausted bool) int8 {
	for i := range s.Monsters {
		if s.Monsters[i].Kind < 0 {
			def := &s.g.kinds[k]
			s.Monsters[i] = Monster{Kind: k, Space: space, Health: int8(def.Health + def.Elite*int(s.NStart))} // AH3 495.2-3
			if exhausted {
				s.Monsters[i].Status = Exhausted
			}
			// A monster spawned during the monster phase waits for the next
			// one to activate (docs/ah3-rulings.md).
			s.Monsters[i].Acted = s.Phase == PhaseMonster
			s.event(EvSpawn, -1, int32(k), int32(space), int32(i))
			s.push(opEngageCheck, -1, 0, 0, 0, 0) // AH3 461.5
			return int8(i)
		}
	}
	return -1
}

// doSpawn spawns the bottom monster of the deck (AH3 445.5) in space Tgt,
// or by its spawn line when Tgt is -1 (AH3 445.3b, 445.6). Who is the
// resolving seat (for a "here" spawn line).
func (s *State) doSpawn(f *game.Frame) game.Control {
	k := s.MonsterDeck.PopBottom()
	if k < 0 {
		return game.Done // Appendix E #14
	}
	space := int8(f.Tgt)
	if space < 0 {
		def := &s.g.kinds[k]
		switch def.Spawn {
		case content.DestSpace:
			space = int8(def.SpawnSpace)
		case content.SelNone:
			if f.Who >= 0 && s.Seats[f.Who].Inv >= 0 {
				space = s.Seats[f.Who].Space
			}
		}
		if space < 0 {
			space = s.unstable(0)
		}
	}
	if s.spawnKind(k, space, false) < 0 {
		s.MonsterDeck.PushBottom(k)
	}
	return game.Done
}

// defeatMonster removes a defeated monster: its card goes on top of the
// monster deck (AH3 445.11), an epic one back to the archive (AH3 403.5g).
func (s *State) defeatMonster(m int8) {
	mo := &s.Monsters[m]
	s.event(EvMonsterDefeat, -1, int32(mo.Kind), int32(m), 0)
	if s.g.epicNum[mo.Kind] == 0 {
		s.MonsterDeck.PushTop(mo.Kind)
	}
	*mo = Monster{Kind: -1, Space: -1}
}

// damageMonster deals damage and reports whether it was defeated (AH3 492.12-14).
func (s *State) damageMonster(m int8, n int8) bool {
	mo := &s.Monsters[m]
	mo.Damage += n
	if mo.Damage >= mo.Health {
		s.defeatMonster(m)
		return true
	}
	return false
}

// doAttack: choose a monster in your space, engage it, test Strength with
// its attack modifier; each success deals 1 damage (AH3 404).
func (s *State) doAttack(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	switch f.Step {
	case 0:
		if f.Answer == game.NoAnswer {
			s.ask(seat, PromptTarget, -1)
			for i := range s.Monsters {
				if s.Monsters[i].Kind >= 0 && s.Monsters[i].Space == st.Space {
					s.prompt.Add(ActMonster+game.ActionCode(i), int32(i), 0)
				}
			}
			if len(s.prompt.Options) == 0 {
				return game.Done
			}
			return game.Wait
		}
		m := int8(s.answer(f).Arg)
		f.A = int32(m)
		mo := &s.Monsters[m]
		if mo.Status != Exhausted { // AH3 404.6
			s.engage(m, seat) // AH3 404.2-3
		}
		f.Step = 1
		s.startTest(seat, content.Strength, s.g.kinds[mo.Kind].Attack, aAttack, -1) // AH3 404.4
		return game.Again
	}
	m := int8(f.A)
	mo := &s.Monsters[m]
	if mo.Kind < 0 || s.LastSucc <= 0 {
		return game.Done
	}
	remnant := s.g.kinds[mo.Kind].Remnant
	if s.damageMonster(m, s.LastSucc) && remnant && st.Inv >= 0 {
		st.Remnants++ // AH3 404.7
	}
	return game.Done
}

// doEvade: test Observation with the worst evade modifier among the engaged
// monsters (AH3 487.4); each success disengages and exhausts one monster;
// free of all, a bonus action (AH3 487.2). A = successes left, B = flags.
func (s *State) doEvade(f *game.Frame) game.Control {
	seat := int8(f.Who)
	switch f.Step {
	case 0:
		worst := 99
		for i := range s.Monsters {
			m := &s.Monsters[i]
			if m.Kind >= 0 && m.engagedWith(seat) && s.g.kinds[m.Kind].Evade < worst {
				worst = s.g.kinds[m.Kind].Evade
			}
		}
		if worst == 99 {
			return game.Done
		}
		f.Step = 1
		s.startTest(seat, content.Observation, worst, aEvade, -1)
		return game.Again
	case 1:
		f.A = int32(s.LastSucc)
		f.Step = 2
	case 2:
		if f.Answer != game.NoAnswer {
			s.disengage(int8(s.answer(f).Arg), seat, true)
			f.A--
		}
	}
	if s.Seats[seat].Inv < 0 {
		return game.Done
	}
	n := s.engagedCount(seat)
	if n > 0 && f.A > 0 {
		if int(f.A) >= n {
			// Enough for all: no choice to make.
			for i := range s.Monsters {
				if s.Monsters[i].Kind >= 0 && s.Monsters[i].engagedWith(seat) {
					s.disengage(int8(i), seat, true)
				}
			}
			f.A = 0
		} else {
			s.ask(seat, PromptEvade, -1)
			for i := range s.Monsters {
				if s.Monsters[i].Kind >= 0 && s.Monsters[i].engagedWith(seat) {
					s.prompt.Add(ActMonster+game.ActionCode(i), int32(i), 0)
				}
			}
			return game.Wait
		}
	}
	if s.LastSucc > 0 && s.engagedCount(seat) == 0 {
		// AH3 487.2; Massive monsters re-engage after it (AH3 454.5, Appendix E #8).
		s.push(opEngageCheck, -1, 0, 0, 0, 0)
		s.push(opExtraAction, seat, 0, 0, 0, 0)
	}
	return game.Done
}

// doDamageMonster: deal A damage to a monster in your space (your choice);
// B=1 defeats it instead (defeat_monster), B=2 exhausts it (exhaust_monster).
func (s *State) doDamageMonster(f *game.Frame) game.Control {
	seat := int8(f.Who)
	if seat < 0 || s.Seats[seat].Inv < 0 || f.A <= 0 {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		switch f.B {
		case 1:
			s.defeatMonster(int8(s.answer(f).Arg)) // AH3 445.10: without damage
			return game.Done
		case 2:
			s.exhaust(int8(s.answer(f).Arg)) // AH3 429.1-2: exhausted and unengaged
			return game.Done
		}
		s.damageMonster(int8(s.answer(f).Arg), int8(f.A))
		return game.Done
	}
	s.ask(seat, PromptTarget, -1)
	for i := range s.Monsters {
		if m := &s.Monsters[i]; f.B != 0 && m.Kind >= 0 {
			// defeat_monster: non-epic (445.10); exhaust_monster: not
			// exhausted already nor Massive (454.5); either of the
			// effect's type.
			def := &s.g.kinds[m.Kind]
			if f.B == 1 && def.Epic || f.B == 2 && (def.Massive || m.Status == Exhausted) ||
				(s.sc().Program.Effects[f.Src].Str != "" && def.Type != s.sc().Program.Effects[f.Src].Str) {
				continue
			}
		}
		if s.Monsters[i].Kind >= 0 && s.Monsters[i].Space == s.Seats[seat].Space {
			s.prompt.Add(ActMonster+game.ActionCode(i), int32(i), 0)
		}
	}
	if len(s.prompt.Options) == 0 {
		return game.Done
	}
	return game.Wait
}

// doEngageCheck: every ready monster sharing a space with investigators
// engages one of them (AH3 461.5-6): its prey among them, else the
// investigators' choice; a Massive monster engages all (AH3 454.2); an
// Elusive one none (AH3 450.2).
func (s *State) doEngageCheck(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		s.engage(int8(f.A), int8(s.answer(f).Arg))
	}
	for i := range s.Monsters {
		m := &s.Monsters[i]
		if m.Kind < 0 {
			continue
		}
		def := &s.g.kinds[m.Kind]
		if def.Massive {
			for seat := int8(0); seat < s.N; seat++ {
				if s.Seats[seat].Inv >= 0 && s.Seats[seat].Space == m.Space && !m.engagedWith(seat) {
					m.Engaged |= 1 << uint(seat)
					s.event(EvEngage, seat, int32(i), 0, 0)
				}
			}
			continue
		}
		if m.Status != Ready || def.Elusive {
			continue
		}
		var cand uint8
		if n := s.preyAmong(m, m.Space, &cand); n == 1 {
			s.engage(int8(i), firstSeat(cand))
		} else if n > 1 {
			f.A = int32(i)
			s.ask(s.Lead, PromptEngage, int32(i))
			for seat := int8(0); seat < s.N; seat++ {
				if cand&(1<<uint(seat)) != 0 {
					s.prompt.Add(ActSeat+game.ActionCode(seat), int32(seat), 0)
				}
			}
			return game.Wait
		}
	}
	return game.Done
}

func firstSeat(mask uint8) int8 {
	for i := int8(0); i < MaxSeats; i++ {
		if mask&(1<<uint(i)) != 0 {
			return i
		}
	}
	return -1
}

// preyAmong fills cand with the investigators in space that are the
// monster's prey among them (AH3 419, 461.6: all of them if it has none) and
// returns how many.
func (s *State) preyAmong(m *Monster, space int8, cand *uint8) int {
	def := &s.g.kinds[m.Kind]
	best, n := 1<<30, 0
	*cand = 0
	for seat := int8(0); seat < s.N; seat++ {
		st := &s.Seats[seat]
		if st.Inv < 0 || st.Space != space {
			continue
		}
		v := s.preyValue(def.Prey, seat, m.Space)
		if v < best {
			best, n, *cand = v, 0, 0
		}
		if v == best {
			*cand |= 1 << uint(seat)
			n++
		}
	}
	return n
}

// preyValue ranks a seat for a prey selector: lower is more wanted.
func (s *State) preyValue(sel content.Selector, seat int8, from int8) int {
	st := &s.Seats[seat]
	inv := &s.sc().Investigators[st.Inv]
	switch sel {
	case content.PreyLowestStrength:
		return inv.Skills[content.Strength] + int(st.Tokens[content.Strength])
	case content.PreyLowestWill:
		return inv.Skills[content.Will] + int(st.Tokens[content.Will])
	case content.PreyMostClues:
		return -int(st.Clues)
	case content.PreyLowestHealth:
		return inv.Health - int(st.Damage)
	case content.PreyLowestSanity:
		return inv.Sanity - int(st.Horror)
	case content.PreyNearest:
		return int(s.g.dist[from][st.Space])
	}
	return 0
}
