package machina

import "github.com/mythos-rl/mythos/env/game"

// The read-only view an observation encoder needs: effective
// characteristics, the current cards, and the spatial planes (sight and
// reach) computed on demand. Creature ids: a pioneer is its seat, a monster
// MonsterBase + its card index, an attack-only cell CellBase + the cell.

// Defence is a creature's effective defence (MA §7.2).
func (s *State) Defence(cr int) int { return s.defence(cr) }

// Will is a creature's effective will (MA §7.2).
func (s *State) Will(cr int) int { return s.will(cr) }

// Health is a creature's current health.
func (s *State) Health(cr int) int { return s.health(cr) }

// MaxStamina is a creature's maximum stamina with its modifiers.
func (s *State) MaxStamina(cr int) int { return s.maxStamina(cr) }

// Incorporeal reports whether a creature is incorporeal now (MA §10.1).
func (s *State) Incorporeal(cr int) bool { return s.incorporeal(cr) }

// Position is a creature's cell, or -1 off the board.
func (s *State) Position(cr int) int { return s.posOf(cr) }

// CreatureAt is the pioneer or monster on cell c, or -1.
func (s *State) CreatureAt(c int) int { return s.at(c) }

// CurrentEvent is the current pioneer (horror false) or horror event's index
// in Content.Events, or -1 (MA §15.1).
func (s *State) CurrentEvent(horror bool) int { return s.currentEvent(horror) }

// ChapterCard is the current chapter, or nil in the finale.
func (s *State) ChapterCard() *Chapter { return s.chapter() }

// DangerTrack is the number of danger divisions.
func (s *State) DangerTrack() int { return int(s.dangerTrack()) }

// Acting is the creature whose turn it is: the active pioneer's seat, the
// active monster's creature id, or -1.
func (s *State) Acting() int {
	if s.Phase == PhaseMonsters && s.ActiveMon >= 0 {
		return MonsterBase + int(s.ActiveMon)
	}
	if s.Active >= 0 {
		return int(s.Active)
	}
	return -1
}

// SightFrom marks every cell in line of sight of cell c (mode SightPlain or
// SightObstacles, MA §17.1, §17.3).
func (s *State) SightFrom(c int, mode uint8, dst *[NumCells]bool) {
	for i := range dst {
		dst[i] = c >= 0 && s.Board.Present(i) && s.Board.LineOfSight(c, i, mode, &s.Occ)
	}
}

// ReachFrom writes, for every cell, the fewest steps creature cr needs to
// end there by normal movement (MA §10.8), or -1 when more than limit steps
// or unreachable.
func (s *State) ReachFrom(cr, limit int, dst *[NumCells]int8) {
	for i := range dst {
		dst[i] = -1
	}
	c := s.posOf(cr)
	if c < 0 {
		return
	}
	var q [NumCells]int16
	dst[c] = 0
	h, t := 0, 1
	q[0] = int16(c)
	for h < t {
		u := int(q[h])
		h++
		if int(dst[u]) >= limit {
			continue
		}
		for d := Direction(0); d < 8; d++ {
			v := Step(u, d)
			if v < 0 || dst[v] >= 0 || !s.free(v) || (s.Board.Kind[v] == KindChasm && s.Board.Dest[v] == 0) || !s.adjacentStep(u, d) {
				continue
			}
			dst[v] = dst[u] + 1
			q[t] = int16(v)
			t++
		}
	}
}

// OptionAbility is the ability an option of the prompt uses (an option with
// an ability code, CodeAbility or CodeItemAbility: MA §16.2), or nil for
// every other option.
func (s *State) OptionAbility(o game.Option) *Ability {
	if o.Code < CodeAbility || o.Code >= CodeCell {
		return nil
	}
	return s.abilityOf(o.Arg)
}

// AbilityTargets appends to dst[:0] the cells creature user could target
// with ability a now (MA §17.6, §17.7, §17.11, §10.1): the cells its target
// prompt would offer.
func (s *State) AbilityTargets(user int, a *Ability, dst []int) []int {
	return s.targets(user, a, dst)
}
