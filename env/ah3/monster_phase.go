package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// activatable: ready and engaged with nobody (AH3 202.2f).
func (m *Monster) activatable() bool {
	return m.Kind >= 0 && m.Status == Ready && m.Engaged == 0 && !m.Acted
}

// doMonsterPhase: activation (AH3 202.2, the investigators choose the order),
// attacks (202.3, in turn order from the lead) and readying (202.4).
func (s *State) doMonsterPhase(f *game.Frame) game.Control {
	switch f.Step {
	case 0:
		if f.Answer != game.NoAnswer {
			s.push(opActivate, -1, 0, 0, s.answer(f).Arg, 0)
			return game.Again
		}
		n, last := 0, -1
		for i := range s.Monsters {
			if s.Monsters[i].activatable() {
				n++
				last = i
			}
		}
		if n == 1 {
			s.push(opActivate, -1, 0, 0, int32(last), 0)
			return game.Again
		}
		if n > 1 {
			s.ask(s.Lead, PromptMonsterOrder, -1)
			for i := range s.Monsters {
				if s.Monsters[i].activatable() {
					s.prompt.Add(ActMonster+game.ActionCode(i), int32(i), 0)
				}
			}
			return game.Wait
		}
		f.Step = 1
		// Attacks, pushed in reverse so that they run lead first, then in
		// turn order (AH3 202.3a, 466); the order of one investigator's
		// monsters is a group choice (AH3 004, Appendix E #12).
		for k := s.N - 1; k >= 0; k-- {
			s.push(opAttackOrder, (s.Lead+k)%s.N, 0, 0, 0, 0)
		}
		return game.Again
	}
	// AH3 202.4: ready every exhausted monster, then engagement.
	for i := range s.Monsters {
		if s.Monsters[i].Kind >= 0 && s.Monsters[i].Status == Exhausted {
			s.Monsters[i].Status = Ready
		}
	}
	s.push(opEngageCheck, -1, 0, 0, 0, 0)
	return game.Done
}

// doAttackOrder resolves the attacks of the monsters engaged with seat Who
// (AH3 202.3a). The lead chooses which attacks next (AH3 004, 409.4,
// Appendix E #12) among monsters of different kinds; monsters of one kind
// attack alike, so only the lowest slot of each kind is offered and a single
// kind is resolved without a prompt. A is the mask of slots done; a monster
// whose investigator was defeated does not attack (202.3c).
func (s *State) doAttackOrder(f *game.Frame) game.Control {
	seat := int8(f.Who)
	if f.Answer != game.NoAnswer {
		i := s.answer(f).Arg
		f.A |= 1 << uint(i)
		s.push(opMonsterAttack, seat, 0, 0, i, int32(s.Monsters[i].Kind))
		return game.Again
	}
	if s.Seats[seat].Inv < 0 {
		return game.Done
	}
	var kinds [MaxMonsters]int16 // kind and damage: Feeding heals damage (AH3 439)
	nk, first := 0, int32(-1)
	for i := 0; i < MaxMonsters; i++ {
		m := &s.Monsters[i]
		if m.Kind < 0 || f.A&(1<<uint(i)) != 0 || !m.engagedWith(seat) {
			continue
		}
		key, dup := m.Kind<<6|int16(m.Damage&63), false
		for _, k := range kinds[:nk] {
			dup = dup || k == key
		}
		if !dup {
			kinds[nk] = key
			nk++
		}
		if first < 0 {
			first = int32(i)
		}
	}
	switch {
	case nk == 0:
		return game.Done
	case nk == 1:
		f.A |= 1 << uint(first)
		s.push(opMonsterAttack, seat, 0, 0, first, int32(s.Monsters[first].Kind))
		return game.Again
	}
	s.ask(s.Lead, PromptAttackOrder, int32(seat))
	var seen [MaxMonsters]int16
	ns := 0
	for i := 0; i < MaxMonsters; i++ {
		m := &s.Monsters[i]
		if m.Kind < 0 || f.A&(1<<uint(i)) != 0 || !m.engagedWith(seat) {
			continue
		}
		key, dup := m.Kind<<6|int16(m.Damage&63), false
		for _, k := range seen[:ns] {
			dup = dup || k == key
		}
		if !dup {
			seen[ns] = key
			ns++
			s.prompt.Add(ActMonster+game.ActionCode(i), int32(i), 0)
		}
	}
	return game.Wait
}

// doMonsterAttack: an engaged monster deals its damage and horror (AH3
// 202.3b); one that is gone or no longer engaged does nothing (202.3c).
func (s *State) doMonsterAttack(f *game.Frame) game.Control {
	seat := int8(f.Who)
	m := &s.Monsters[f.A]
	if m.Kind != int16(f.B) || !m.engagedWith(seat) || s.Seats[seat].Inv < 0 {
		return game.Done
	}
	def := &s.g.kinds[m.Kind]
	s.event(EvAttack, seat, f.A, int32(def.Damage), int32(def.Horror))
	s.harm(seat, def.Damage, def.Horror, 0, f.A)
	return game.Done
}

// targets marks the spaces a monster moves toward (AH3 202.2d, 419, 494)
// that are nearest to it (202.2g) and returns their distance, or -1.
func (s *State) targets(m *Monster, mark *[MaxSpaces]bool) int8 {
	def := &s.g.kinds[m.Kind]
	best := int8(127)
	*mark = [MaxSpaces]bool{}
	consider := func(sp int8) {
		d := s.g.dist[m.Space][sp]
		if d < best {
			best = d
			*mark = [MaxSpaces]bool{}
		}
		if d == best {
			mark[sp] = true
		}
	}
	switch def.Label {
	case content.Hunter:
		// The prey: the best investigators by the selector (AH3 419.1).
		bv := 1 << 30
		for seat := int8(0); seat < s.N; seat++ {
			if s.Seats[seat].Inv >= 0 {
				if v := s.preyValue(def.Prey, seat, m.Space); v < bv {
					bv = v
				}
			}
		}
		for seat := int8(0); seat < s.N; seat++ {
			if s.Seats[seat].Inv >= 0 && s.preyValue(def.Prey, seat, m.Space) == bv {
				consider(s.Seats[seat].Space)
			}
		}
	case content.Patrol:
		switch def.Dest {
		case content.DestUnstable:
			for k := 0; ; k++ {
				sp := s.unstable(k)
				if sp < 0 {
					break
				}
				consider(sp)
			}
		case content.DestSpace:
			consider(int8(def.DestSpace))
		case content.DestMostDoom:
			most := int8(0)
			for sp := 0; sp < s.g.nSpaces; sp++ {
				most = max(most, s.Doom[sp])
			}
			for sp := 0; sp < s.g.nSpaces && most > 0; sp++ {
				if s.Doom[sp] == most {
					consider(int8(sp))
				}
			}
		case content.DestNearestClue:
			for h := range s.sc().Neighborhoods {
				if s.Clues[h] > 0 {
					for _, sp := range s.sc().Neighborhoods[h].Spaces {
						consider(int8(sp))
					}
				}
			}
		}
	}
	if best == 127 {
		return -1
	}
	return best
}

// nextSteps marks the adjacent spaces on a shortest path toward one of the
// nearest targets and returns how many there are.
func (s *State) nextSteps(m *Monster, mark *[MaxSpaces]bool, d int8, next *[MaxSpaces]bool) int {
	*next = [MaxSpaces]bool{}
	n := 0
	for _, y := range s.sc().Spaces[m.Space].Adjacent {
		for t := 0; t < s.g.nSpaces; t++ {
			if mark[t] && s.g.dist[y][t] == d-1 {
				if !next[y] {
					next[y] = true
					n++
				}
				break
			}
		}
	}
	return n
}

// doActivate resolves one monster's activation (AH3 202.2b-e): it moves a
// step at a time by a shortest path toward its nearest target, the
// investigators choosing among equally short ways (202.2g); entering a space
// with investigators it engages (unless Elusive, AH3 450.2; a Hunter still
// engages its prey, AH3 458.2) and its activation ends; otherwise its
// activation effects resolve. A = the monster, B = steps taken.
func (s *State) doActivate(f *game.Frame) game.Control {
	i := int8(f.A)
	m := &s.Monsters[i]
	if m.Kind < 0 {
		return game.Done
	}
	m.Acted = true
	def := &s.g.kinds[m.Kind]
	if f.Step == 0 {
		f.Step = 1
		// An Elusive Hunter sharing its prey's space engages it (AH3 458.2).
		var cand uint8
		if def.Label == content.Hunter && s.investigatorIn(m.Space) && s.huntedIn(m, m.Space, &cand) {
			s.engage(i, firstSeat(cand))
			return game.Done
		}
	}
	next := int8(-1)
	if f.Answer != game.NoAnswer {
		next = int8(s.answer(f).Arg)
	} else if def.Label != content.Lurker && int(f.B) < def.Speed {
		var mark, steps [MaxSpaces]bool
		if d := s.targets(m, &mark); d > 0 {
			switch n := s.nextSteps(m, &mark, d, &steps); {
			case n == 1:
				for y := range steps {
					if steps[y] {
						next = int8(y)
					}
				}
			case n > 1:
				s.ask(s.Lead, PromptMove, int32(i))
				for y := 0; y < s.g.nSpaces; y++ {
					if steps[y] {
						s.prompt.Add(ActSpace+game.ActionCode(y), int32(y), 0)
					}
				}
				return game.Wait
			}
		}
	}
	if next >= 0 {
		f.B++
		m.Space = next
		s.event(EvMonsterMove, -1, int32(i), int32(next), 0)
		if s.investigatorIn(next) {
			if def.Massive || !def.Elusive {
				s.push(opEngageCheck, -1, 0, 0, 0, 0) // AH3 202.2e
				return game.Done
			}
			var cand uint8
			if def.Label == content.Hunter && s.huntedIn(m, next, &cand) {
				s.engage(i, firstSeat(cand))
				return game.Done
			}
		}
		return game.Again
	}
	if def.Activation.Len > 0 {
		s.pushBlock(def.Activation, -1, int32(i), int32(m.Space))
	}
	return game.Done
}

// huntedIn reports whether an elusive hunter's prey is in the space.
func (s *State) huntedIn(m *Monster, space int8, cand *uint8) bool {
	def := &s.g.kinds[m.Kind]
	bv := 1 << 30
	for seat := int8(0); seat < s.N; seat++ {
		if s.Seats[seat].Inv >= 0 {
			bv = min(bv, s.preyValue(def.Prey, seat, m.Space))
		}
	}
	*cand = 0
	for seat := int8(0); seat < s.N; seat++ {
		if s.Seats[seat].Inv >= 0 && s.Seats[seat].Space == space && s.preyValue(def.Prey, seat, m.Space) == bv {
			*cand |= 1 << uint(seat)
		}
	}
	return *cand != 0
}

func (s *State) investigatorIn(space int8) bool {
	for seat := int8(0); seat < s.N; seat++ {
		if s.Seats[seat].Inv >= 0 && s.Seats[seat].Space == space {
			return true
		}
	}
	return false
}
