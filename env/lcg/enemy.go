package lcg

import (
	"strings"

	"github.com/mythos-rl/mythos/env/game"
)

// Attack kinds (Frame.A of opAttack).
const (
	atkEnemyPhase int32 = iota
	atkOpportunity
	atkRetaliate
)

// engagedWith reports whether enemy e is engaged with seat (LCG §3 Enemy
// Engagement; §3 Massive: a ready Massive enemy is engaged with everyone at
// its location).
func (s *State) engagedWith(e int16, seat int) bool {
	c := &s.Cards[e]
	if s.card(e).Massive {
		return !c.Exhausted && c.Zone == ZoneBoard && s.inGame(seat) && c.Loc == s.Inv[seat].Loc
	}
	return c.Zone == ZoneThreat && int(c.Ctrl) == seat
}

// engagedAny reports whether e is engaged with some investigator.
func (s *State) engagedAny(e int16) bool {
	for i := 0; i < int(s.N); i++ {
		if s.engagedWith(e, i) {
			return true
		}
	}
	return false
}

// enemySlot returns e's slot in Enemies, or -1.
func (s *State) enemySlot(e int16) int {
	for k, x := range s.Enemies {
		if x == e {
			return k
		}
	}
	return -1
}

// addEnemy gives e an enemy slot: the first free one (slots are stable while
// an enemy is in play).
func (s *State) addEnemy(e int16) {
	for k, x := range s.Enemies {
		if x < 0 {
			s.Enemies[k] = e
			return
		}
	}
	s.Enemies = append(s.Enemies, e)
}

// dropEnemy frees e's slot.
func (s *State) dropEnemy(e int16) {
	if k := s.enemySlot(e); k >= 0 {
		s.Enemies[k] = -1
	}
	for len(s.Enemies) > 0 && s.Enemies[len(s.Enemies)-1] < 0 {
		s.Enemies = s.Enemies[:len(s.Enemies)-1]
	}
}

// engage puts e into seat's threat area (LCG §3 Enemy Engagement, §3 Engage):
// an enemy engaged with another investigator changes over at once.
func (s *State) engage(e int16, seat int) {
	c := &s.Cards[e]
	if s.card(e).Massive {
		return // LCG §3 Massive: never placed in a threat area
	}
	s.takeOut(e)
	c.Zone, c.Ctrl, c.Loc = ZoneThreat, int8(seat), s.Inv[seat].Loc
	s.Inv[seat].Threat = append(s.Inv[seat].Threat, e)
	s.log.Add(evEngage, game.AgentID(seat), int32(e), 0, 0)
}

// disengage places e unengaged at its location (LCG §3 Evade, §3 Elimination 3).
func (s *State) disengage(e int16) {
	c := &s.Cards[e]
	if c.Zone == ZoneBoard {
		return
	}
	s.takeOut(e)
	c.Zone, c.Ctrl = ZoneBoard, -1
	s.Board = append(s.Board, e)
}

// autoEngage is the continuous engagement check (LCG §3 Enemy Engagement,
// §12.7: after every atomic change): a ready, unengaged, non-Aloof enemy at a
// location with investigators engages the one its Prey picks.
func (s *State) autoEngage() {
	for _, e := range s.Enemies {
		if e < 0 {
			continue
		}
		c := &s.Cards[e]
		d := s.card(e)
		if c.Zone != ZoneBoard || c.Exhausted || d.Aloof || d.Massive { // LCG §3 Aloof
			continue
		}
		var mask uint8
		for i := 0; i < int(s.N); i++ {
			if s.inGame(i) && s.Inv[i].Loc == c.Loc {
				mask |= 1 << uint(i)
			}
		}
		if seat := s.preyPick(e, mask); seat >= 0 {
			s.engage(e, seat)
		}
	}
}

// preyPick chooses among the seats in mask the one enemy e's Prey instruction
// matches best (LCG §3 Prey); ties go to the first in player order (ruling
// R-PREY). "Bearer only" ignores everyone else.
func (s *State) preyPick(e int16, mask uint8) int {
	prey := s.prey(e)
	best, bestV := -1, 0
	for k := 0; k < int(s.N); k++ {
		i := s.seatAt(k)
		if mask&(1<<uint(i)) == 0 {
			continue
		}
		v := 0
		switch prey {
		case preyBearer:
			if int(s.Cards[e].Owner) != i {
				continue
			}
		case preyHighestCombat:
			v = s.baseSkill(i, skCombat)
		case preyLowestHealth:
			v = -s.remainingHealth(i)
		}
		if best < 0 || v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// enemyHealth is e's health (LCG §3 Per Investigator: printed × starting count).
func (s *State) enemyHealth(e int16) int {
	d := s.card(e)
	h := int(d.EnemyHealth)
	if d.EnemyHealthPerInvestigator {
		h *= int(s.N)
	}
	return h + int(d.EnemyHealthBonusPerInvestigator)*int(s.N)
}

// spawnEnemy puts enemy e into play for seat (LCG §3 Spawn): at the location
// its Spawn instruction names, or, with none, engaged with seat. With no
// valid location it is discarded. loc ≥ 0 overrides the instruction.
func (s *State) spawnEnemy(e int16, seat int, loc int) {
	c := &s.Cards[e]
	d := s.card(e)
	s.takeOut(e)
	c.Damage, c.Exhausted, c.Doom, c.Clues = 0, false, 0, 0
	if loc < 0 && d.Spawn != "" {
		loc = s.locationByName(d.Spawn)
		if loc < 0 {
			s.toDiscard(e) // LCG §3 Spawn: no valid location → discarded
			return
		}
	}
	s.addEnemy(e)
	if loc < 0 {
		// LCG §5.2 1.4 step 4: no Spawn instruction → engaged with the drawer.
		c.Zone, c.Ctrl, c.Loc = ZoneThreat, int8(seat), s.Inv[seat].Loc
		s.Inv[seat].Threat = append(s.Inv[seat].Threat, e)
		s.log.Add(evSpawn, game.AgentID(seat), int32(e), int32(c.Loc), 1)
		return
	}
	c.Zone, c.Ctrl, c.Loc = ZoneBoard, -1, int8(loc)
	s.Board = append(s.Board, e)
	s.log.Add(evSpawn, game.AgentID(seat), int32(e), int32(loc), 0)
	s.autoEngage() // LCG §3 Spawn Impl: auto-engagement after spawning
}

// damageEnemy deals n damage to e; at damage ≥ health it is defeated (LCG §3
// Health and Damage). by is the investigator responsible, or -1.
func (s *State) damageEnemy(e int16, n int, by int) {
	c := &s.Cards[e]
	if n <= 0 || !inPlayZone(c.Zone) {
		return
	}
	c.Damage += int8(n)
	s.log.Add(evDamage, game.AgentID(by), 2, int32(e), int32(n))
	if int(c.Damage) >= s.enemyHealth(e) {
		s.defeatEnemy(e, by)
	}
}

// defeatEnemy removes a defeated enemy: to the victory display with victory
// points, to its owner's discard if a weakness, else the encounter discard
// (LCG §3 Defeated, §3 Victory Display). Then "after you defeat" triggers.
func (s *State) defeatEnemy(e int16, by int) {
	d := s.card(e)
	s.log.Add(evDefeat, game.AgentID(by), int32(e), 0, 0)
	s.dropEnemy(e)
	if d.Victory > 0 {
		s.moveTo(e, ZoneVictory, -1)
	} else {
		s.toDiscard(e)
	}
	if s.Cards[e].Def == idGhoulPriest {
		s.ghoulPriestDefeated()
	}
	if by >= 0 && s.inGame(by) {
		s.push(opEffect, by, int32(e), -1, effAfterDefeat, 0)
	}
}

// hHunters is LCG §5.2 3.2: each ready, unengaged Hunter enemy with no
// investigator at its location moves one step toward the nearest
// investigator (LCG §3 Hunter). Enemies move in slot order (ruling R-HUNT).
func (s *State) hHunters(f *game.Frame) game.Control {
	for k := 0; k < len(s.Enemies); k++ {
		e := s.Enemies[k]
		if e < 0 {
			continue
		}
		c := &s.Cards[e]
		if !s.card(e).Hunter || c.Exhausted || c.Zone != ZoneBoard {
			continue
		}
		if next := s.hunterStep(e); next >= 0 {
			s.moveEnemy(e, next)
		}
	}
	return game.Done
}

// hunterStep returns the first location on a shortest path from e toward the
// nearest investigator its Prey allows, or -1 (LCG §3 Hunter, §3 Nearest:
// BFS over connections in their movable direction).
func (s *State) hunterStep(e int16) int {
	c := &s.Cards[e]
	var targets uint8
	bearer := s.prey(e) == preyBearer
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) && (!bearer || int(c.Owner) == i) {
			targets |= 1 << uint(s.Inv[i].Loc)
		}
	}
	if targets == 0 || targets&(1<<uint(c.Loc)) != 0 {
		return -1
	}
	return s.firstStep(int(c.Loc), targets)
}

// firstStep runs a BFS from loc and returns the lowest-numbered first step
// of a shortest path to any location in targets, or -1 (ruling R-HUNT for ties).
func (s *State) firstStep(loc int, targets uint8) int {
	var first [MaxLocations]int8
	var seen uint8 = 1 << uint(loc)
	var frontier uint8
	for k := 0; k < MaxLocations; k++ {
		if s.connected(loc, k) {
			first[k] = int8(k)
			frontier |= 1 << uint(k)
			seen |= 1 << uint(k)
		}
	}
	for frontier != 0 {
		if hit := frontier & targets; hit != 0 {
			// Among reached targets, take the first step that is lowest.
			best := -1
			for k := 0; k < MaxLocations; k++ {
				if hit&(1<<uint(k)) != 0 && (best < 0 || int(first[k]) < best) {
					best = int(first[k])
				}
			}
			return best
		}
		var next uint8
		for k := 0; k < MaxLocations; k++ {
			if frontier&(1<<uint(k)) == 0 {
				continue
			}
			for j := 0; j < MaxLocations; j++ {
				if seen&(1<<uint(j)) == 0 && s.connected(k, j) {
					seen |= 1 << uint(j)
					next |= 1 << uint(j)
					first[j] = first[k]
				} else if next&(1<<uint(j)) != 0 && s.connected(k, j) && first[k] < first[j] {
					first[j] = first[k]
				}
			}
		}
		frontier = next
	}
	return -1
}

// moveEnemy moves an unengaged enemy to loc, then checks engagement (LCG §3 Move).
func (s *State) moveEnemy(e int16, loc int) {
	c := &s.Cards[e]
	c.Loc = int8(loc)
	s.log.Add(evEnemyMove, -1, int32(e), int32(loc), 0)
	s.autoEngage()
}

// hAttack is one enemy attack on an investigator (LCG §3 Attacker; §5.2
// 3.3). Step 0 offers "when an enemy attacks" responses (Dodge), step 1
// deals its damage and horror at once, step 2 runs "after it attacks".
func (s *State) hAttack(f *game.Frame) game.Control {
	seat, e := int(f.Tgt), int16(f.Src)
	switch f.Step {
	case 0:
		if !s.inGame(seat) || !inPlayZone(s.Cards[e].Zone) {
			return game.Done
		}
		if s.Inv[seat].UsedRound&bitOnTheLam != 0 && !s.has(e, trElite) {
			return game.Done // On the Lam: non-Elite enemies cannot attack you
		}
		if f.Answer != game.NoAnswer {
			o := s.chosen(f)
			if o.Code != ActPass {
				s.playDodge(int(s.prompt.Actor), int16(o.Arg))
				s.log.Add(evDiscard, s.prompt.Actor, o.Arg, 0, 0)
				return game.Done // Dodge: cancel that attack
			}
			f.B++
		}
		for ; f.B < int32(s.N); f.B++ {
			i := s.seatAt(int(f.B))
			if !s.inGame(i) || s.Inv[i].Loc != s.Inv[seat].Loc {
				continue
			}
			if h := s.handSlotOf(i, idDodge); h >= 0 && s.Inv[i].Resources >= 1 {
				p := s.ask(i, PkReaction, int32(e))
				p.Add(ActPass, 0, 0)
				p.Add(ActPlay+game.ActionCode(h), int32(s.Inv[i].Hand[h]), 0)
				return game.Wait
			}
		}
		f.Step = 1
		return game.Again
	case 1:
		d := s.card(e)
		s.log.Add(evAttack, game.AgentID(seat), int32(e), int32(d.Damage), int32(d.Horror))
		f.Step = 2
		s.push(opDamage, seat, int32(e), -1, packDmg(int(d.Damage), int(d.Horror), false), 0)
		return game.Again
	default:
		if s.Cards[e].Def == idSilverTwilight && inPlayZone(s.Cards[e].Zone) {
			s.placeAgendaDoom(1) // its forced ability: after it attacks, 1 doom on the agenda
		}
		return s.cont(game.Done)
	}
}

// locationByName returns the in-play location slot whose card is named
// name, or -1.
func (s *State) locationByName(name string) int {
	for k := 0; k < MaxLocations; k++ {
		id := s.LocInst[k]
		if id >= 0 && s.Cards[id].Zone == ZoneBoard && strings.EqualFold(s.card(id).Name, name) {
			return k
		}
	}
	return -1
}
