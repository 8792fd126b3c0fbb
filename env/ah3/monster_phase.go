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
		// turn order (AH3 202.3a, 466), each seat's monsters in slot order
		// (Appendix E #12: the engine fixes this group choice).
		for k := s.N - 1; k >= 0; k-- {
			seat := (s.Lead + k) % s.N
			for i := MaxMonsters - 1; i >= 0; i-- {
				if s.Monsters[i].Kind >= 0 && s.Monsters[i].engagedWith(seat) {
					s.push(opMonsterAttack, seat, 0, 0, int32(i), int32(s.Monsters[i].Kind))
				}
			}
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

// target returns the space a monster moves toward (AH3 202.2d, 419, 494), or -1.
func (s *State) target(m *Monster) int8 {
	def := &s.g.kinds[m.Kind]
	best, bestD := int8(-1), int8(127)
	consider := func(sp int8) {
		if d := s.g.dist[m.Space][sp]; d < bestD { // nearer wins; ties: lowest space (Appendix E / AH3 202.2g)
			best, bestD = sp, d
		}
	}
	switch def.Label {
	case content.Hunter:
		// The prey: the best investigators by the selector, then the nearest.
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
	return best
}

// doActivate resolves one monster's activation (AH3 202.2b-e): it moves
// toward its target by a shortest path, a step at a time; entering a space
// with investigators it engages (unless Elusive, AH3 450.2; a Hunter still
// engages its prey, AH3 458.2) and its activation ends; otherwise its
// activation effects resolve.
func (s *State) doActivate(f *game.Frame) game.Control {
	i := int8(f.A)
	m := &s.Monsters[i]
	if m.Kind < 0 {
		return game.Done
	}
	m.Acted = true
	def := &s.g.kinds[m.Kind]
	if def.Label != content.Lurker {
		if t := s.target(m); t >= 0 {
			for step := 0; step < def.Speed && m.Space != t; step++ {
				next := int8(-1)
				for _, y := range s.sc().Spaces[m.Space].Adjacent {
					if s.g.dist[y][t] == s.g.dist[m.Space][t]-1 {
						next = int8(y)
						break
					}
				}
				if next < 0 {
					break
				}
				m.Space = next
				s.event(EvMonsterMove, -1, int32(i), int32(next), 0)
				if s.investigatorIn(next) {
					if def.Massive || !def.Elusive {
						s.push(opEngageCheck, -1, 0, 0, 0, 0) // AH3 202.2e
						return game.Done
					}
					if def.Label == content.Hunter {
						var cand uint8
						if s.huntedIn(m, next, &cand) {
							s.engage(i, firstSeat(cand))
							return game.Done
						}
					}
				}
			}
		}
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
