package lcg

import (
	"fmt"

	"math/bits"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
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
	if s.isMassive(e) {
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
	if len(s.Enemies) >= MaxEnemies {
		panic(fmt.Sprintf("lcg: capacity: more than %d enemies in play (MaxEnemies, state.go)", MaxEnemies))
	}
	s.Enemies = append(s.Enemies, e)
}

// dropEnemy frees e's slot.
func (s *State) dropEnemy(e int16) {
	if k := s.enemySlot(e); k >= 0 {
		s.Enemies[k] = -1
		if k < 32 {
			s.BlankSlots &^= 1 << uint(k) // a blank ends when the enemy leaves play
		}
	}
	for len(s.Enemies) > 0 && s.Enemies[len(s.Enemies)-1] < 0 {
		s.Enemies = s.Enemies[:len(s.Enemies)-1]
	}
}

// engage puts e into seat's threat area (LCG §3 Enemy Engagement, §3 Engage):
// an enemy engaged with another investigator changes over at once.
func (s *State) engage(e int16, seat int) {
	if s.engageQuiet(e, seat) {
		s.afterEngaged(e, seat)
	}
}

// afterEngaged resolves enemy e's "after it engages you" (cardHooks.engaged).
func (s *State) afterEngaged(e int16, seat int) {
	if h := s.hook(e); h != nil && h.engaged != nil && !s.blank(e) {
		h.engaged(s, e, seat)
	}
}

// engageQuiet engages e with seat without the enemy's "after it engages
// you" (the Engage action: the investigator engages it; a case's setup).
// It reports whether e was placed in seat's threat area.
func (s *State) engageQuiet(e int16, seat int) bool {
	c := &s.Cards[e]
	if s.isMassive(e) {
		return false // LCG §3 Massive: never placed in a threat area
	}
	s.takeOut(e)
	c.Zone, c.Ctrl, c.Loc = ZoneThreat, int8(seat), s.Inv[seat].Loc
	s.Inv[seat].Threat = append(s.Inv[seat].Threat, e)
	s.log.Add(evEngage, game.AgentID(seat), int32(e), 0, 0)
	return true
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
		if c.Zone != ZoneBoard || c.Exhausted || s.isAloof(e) || s.isMassive(e) { // LCG §3 Aloof
			continue
		}
		switch m := s.preyBest(e, s.seatsAtLoc(c.Loc)); {
		case m == 0:
		case m&(m-1) == 0:
			s.engage(e, bits.TrailingZeros8(m))
		case !s.pendingEffect(effPreyTie, int32(e)):
			// Several equally good candidates: the lead investigator chooses (LCG §3 Prey).
			s.push(opEffect, s.leadSeat(), int32(e), -1, effPreyTie, 0)
		}
	}
}

// preyPick returns the first seat in player order among those enemy e's Prey
// matches best (scripted setups; the engine asks the lead on a tie).
func (s *State) preyPick(e int16, mask uint8) int {
	m := s.preyBest(e, mask)
	for k := 0; k < int(s.N); k++ {
		if i := s.seatAt(k); m&(1<<uint(i)) != 0 {
			return i
		}
	}
	return -1
}

// preyBest returns the seats in mask that enemy e's Prey instruction matches
// best (LCG §3 Prey): every seat in mask when it has no Prey (or a blank
// text box), several on a tie; "bearer only" ignores everyone else.
func (s *State) preyBest(e int16, mask uint8) uint8 {
	prey := s.prey(e)
	if s.blank(e) {
		prey = preyAny
	}
	var best uint8
	bestV := 0
	for i := 0; i < int(s.N); i++ {
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
		case preyMostClues:
			v = int(s.Inv[i].Clues)
		case preyLowestSanity:
			v = -s.remainingSanity(i)
		case preyLowestCombat:
			v = -s.baseSkill(i, skCombat)
		case preyLowestAgility:
			v = -s.baseSkill(i, skAgility)
		case preyFewestCards:
			v = -len(s.Inv[i].Hand)
		}
		switch {
		case best == 0 || v > bestV:
			best, bestV = 1<<uint(i), v
		case v == bestV:
			best |= 1 << uint(i)
		}
	}
	return best
}

// enemyHealth is e's health (LCG §3 Per Investigator: printed × starting count).
func (s *State) enemyHealth(e int16) int { return s.enemyHealthOf(s.Cards[e].Def) }

// enemyHealthOf is the health enemy card d has in this game (LCG §3 Per
// Investigator).
func (s *State) enemyHealthOf(d cards.ID) int {
	c := def(d)
	h := int(c.EnemyHealth)
	if c.EnemyHealthPerInvestigator {
		h *= int(s.N)
	}
	return h + int(c.EnemyHealthBonusPerInvestigator)*int(s.N)
}

// spawnEnemy puts enemy e into play for seat (LCG §3 Spawn): as its Spawn
// instruction says (a named location, any empty location, engaged with its
// Prey), or, with none, engaged with seat. With no valid location it is
// discarded; when several locations or investigators match, a frame asks
// (effSpawnChoice; ruling R-SPAWN). loc ≥ 0 overrides the instruction.
func (s *State) spawnEnemy(e int16, seat int, loc int) {
	if h := s.scen().SpawnLoc; h != nil && loc < 0 {
		loc = h(s, e)
	}
	if loc < 0 {
		switch defSpawn[s.Cards[e].Def] {
		case spawnNamed:
			if loc = s.locationTitled(defSpawnLoc[s.Cards[e].Def]); loc < 0 {
				s.toDiscard(e) // LCG §3 Spawn: no valid location → discarded
				return
			}
		case spawnEmpty:
			m := s.emptyLocations()
			switch {
			case m == 0:
				s.toDiscard(e) // LCG §3 Spawn: no location matches → discarded
				return
			case m&(m-1) != 0:
				// LCG §3 Spawn: several match, the spawning investigator chooses.
				s.moveTo(e, ZoneLimbo, -1)
				s.push(opEffect, seat, int32(e), int32(m), effSpawnChoice, spawnEmptyChoice)
				return
			}
			loc = bits.TrailingZeros16(m)
		case spawnEngagedPrey:
			m := s.preyBest(e, s.seatsInGame())
			switch {
			case m == 0:
				s.toDiscard(e)
				return
			case m&(m-1) != 0:
				// LCG §3 Prey: a tie between investigators, the lead chooses.
				s.moveTo(e, ZoneLimbo, -1)
				s.push(opEffect, s.leadSeat(), int32(e), int32(m), effSpawnChoice, spawnPreyChoice)
				return
			}
			seat = bits.TrailingZeros8(m)
		}
	}
	s.placeSpawned(e, seat, loc)
}

// Frame B of effSpawnChoice.
const (
	spawnEmptyChoice int32 = iota // choose a location slot in Frame Tgt's mask
	spawnPreyChoice               // choose a seat in Frame Tgt's mask
)

// placeSpawned puts e into play at location slot loc, or, with loc < 0,
// engaged with seat (LCG §3 Spawn, §5.2 1.4 step 4).
func (s *State) placeSpawned(e int16, seat int, loc int) {
	c := &s.Cards[e]
	s.takeOut(e)
	c.Damage, c.Exhausted, c.Doom, c.Clues = 0, false, 0, 0
	s.addEnemy(e)
	if loc < 0 && (s.isAloof(e) || s.isMassive(e)) {
		// LCG §3 Aloof: it spawns unengaged; §3 Massive: never in a threat
		// area. With no instruction: at the drawer's location.
		loc = int(s.Inv[seat].Loc)
	}
	if loc < 0 {
		// LCG §5.2 1.4 step 4: no Spawn instruction → engaged with the drawer.
		c.Zone, c.Ctrl, c.Loc = ZoneThreat, int8(seat), s.Inv[seat].Loc
		s.Inv[seat].Threat = append(s.Inv[seat].Threat, e)
		s.log.Add(evSpawn, game.AgentID(seat), int32(e), int32(c.Loc), 1)
		s.whenSpawn(e)
		s.afterSpawned(e)
		s.afterEngaged(e, seat)
		return
	}
	c.Zone, c.Ctrl, c.Loc = ZoneBoard, -1, int8(loc)
	s.Board = append(s.Board, e)
	s.log.Add(evSpawn, game.AgentID(seat), int32(e), int32(loc), 0)
	s.autoEngage() // LCG §3 Spawn Impl: auto-engagement after spawning
	s.whenSpawn(e)
	s.afterSpawned(e)
}

// afterSpawned resolves an enemy's "after it enters play" (cardHooks.spawned).
func (s *State) afterSpawned(e int16) {
	if h := s.hook(e); h != nil && h.spawned != nil && !s.blank(e) {
		h.spawned(s, e)
	}
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
	if h := s.hook(e); h != nil && h.defeated != nil && !s.blank(e) {
		h.defeated(s, e, s.Cards[e].Loc) // "when it is defeated"
	}
	s.dropEnemy(e)
	if d.Victory > 0 {
		s.moveTo(e, ZoneVictory, -1)
	} else {
		s.toDiscard(e)
	}
	if h := s.scen().EnemyDefeated; h != nil {
		h(s, e) // an act's objective (The Gathering: the Ghoul Priest)
	}
	if by >= 0 && s.inGame(by) {
		s.emit(event{Kind: tpAfterDefeat, Seat: int8(by), Loc: s.Inv[by].Loc, Subj: e}) // after you defeat an enemy
	}
}

// moveEnemy moves an unengaged enemy to loc, then checks engagement (LCG §3 Move).
func (s *State) moveEnemy(e int16, loc int) {
	c := &s.Cards[e]
	c.Loc = int8(loc)
	s.log.Add(evEnemyMove, -1, int32(e), int32(loc), 0)
	s.autoEngage()
}

// atkRedirected flags an attack frame (Frame.A above the attack kind) whose
// damage Aquinnah sends to the enemy instance A>>9.
const atkRedirected int32 = 1 << 8

// hAttack is one enemy attack on an investigator (LCG §3 Attacker; §5.2
// 3.3). Step 0 emits the would event "when an enemy attacks" (triggers.go:
// Dodge by investigators at the location, the attacked investigator's
// Aquinnah, whose target is chosen there), step 3 reads how it ended
// (cancelled, or the damage redirected), step 1 deals the damage and horror
// at once, step 2 emits "after it attacks".
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
		if h := s.hook(e); h != nil && h.attacks != nil && !s.blank(e) {
			h.attacks(s, e, seat) // the enemy's "Forced – when it attacks"
		}
		if h := s.hook(e); h != nil && h.attackExtra != nil && !s.blank(e) {
			dmg, hor := h.attackExtra(s, e, seat) // "deals +X for this attack"
			f.B = int32(dmg) | int32(hor)<<8
		}
		// "When an enemy attacks" (a would event, triggers.go): Dodge by an
		// investigator at the location cancels it (LCG §3 Cancel); the
		// attacked investigator's Aquinnah redirects its damage (LCG §3 Instead).
		f.Step = 1
		if s.emit(event{Kind: tpWhenAttack, Flags: evKeep, Seat: int8(seat), Loc: s.Inv[seat].Loc, Subj: e}) {
			f.Step = 3
		}
		return game.Again
	case 3:
		ev := s.takeEvent()
		if ev.Flags&evCancelled != 0 {
			return s.cont(game.Done) // Dodge: the attack is cancelled
		}
		if ev.N > 0 {
			f.A |= atkRedirected | (ev.N-1)<<9 // Aquinnah's target
		}
		f.Step = 1
		return game.Again
	case 1:
		d := s.card(e)
		s.log.Add(evAttack, game.AgentID(seat), int32(e), int32(d.Damage), int32(d.Horror))
		f.Step = 2
		dmg := int(d.Damage)
		if f.A&atkRedirected != 0 {
			if x := int16(f.A >> 9); s.enemySlot(x) >= 0 {
				s.damageEnemy(x, dmg, seat) // Aquinnah (LCG §3 Instead)
			}
			dmg = 0 // you still take the horror
		}
		dmg += int(f.B & 0xff)
		s.push(opDamage, seat, int32(e), -1, packDmg(dmg, int(d.Horror)+int(f.B>>8&0xff), false), 0)
		return game.Again
	default:
		// "After it attacks" (Silver Twilight Acolyte's forced ability; triggers.go).
		s.emit(event{Kind: tpAfterAttack, Seat: int8(seat), Loc: s.Inv[seat].Loc, Subj: e})
		return s.cont(game.Done)
	}
}

// locationTitled returns the in-play location slot whose card has title
// number t (defLocTitle), or -1.
func (s *State) locationTitled(t uint16) int {
	for k := 0; k < MaxLocations; k++ {
		id := s.LocInst[k]
		if id >= 0 && s.Cards[id].Zone == ZoneBoard && defLocTitle[s.Cards[id].Def] == t {
			return k
		}
	}
	return -1
}

// emptyLocations returns the location slots in play with no investigators
// and no enemies (engaged enemies are at their investigator's location), as
// a mask (LCG §3 Empty Location).
func (s *State) emptyLocations() uint16 {
	var m uint16
	for k := 0; k < MaxLocations; k++ {
		if id := s.LocInst[k]; id >= 0 && s.Cards[id].Zone == ZoneBoard {
			m |= 1 << uint(k)
		}
	}
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) && s.Inv[i].Loc >= 0 {
			m &^= 1 << uint(s.Inv[i].Loc)
		}
	}
	for _, e := range s.Enemies {
		if e >= 0 && s.Cards[e].Loc >= 0 {
			m &^= 1 << uint(s.Cards[e].Loc)
		}
	}
	return m
}

// seatsInGame returns the seats still in the game, as a mask.
func (s *State) seatsInGame() uint8 {
	var m uint8
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) {
			m |= 1 << uint(i)
		}
	}
	return m
}

// spawnChoice resolves a Spawn instruction that matched several locations
// (the spawning investigator chooses) or several investigators (a Prey tie:
// the lead chooses). Frame Src is the enemy (in limbo), Tgt the mask of
// candidates, B the kind (LCG §3 Spawn, §3 Prey). The candidates are
// recomputed when the frame resolves.
func (s *State) spawnChoice(f *game.Frame) game.Control {
	e := int16(f.Src)
	if s.Cards[e].Zone != ZoneLimbo {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		k := int(s.chosen(f).Arg)
		if f.B == spawnEmptyChoice {
			s.placeSpawned(e, int(f.Who), k)
		} else {
			s.placeSpawned(e, k, -1)
		}
		return s.cont(game.Done)
	}
	var m uint16 // locations (empty-location spawn) or seats
	if f.B == spawnEmptyChoice {
		m = s.emptyLocations()
	} else {
		m = uint16(s.preyBest(e, s.seatsInGame()))
	}
	switch {
	case m == 0:
		s.toDiscard(e) // LCG §3 Spawn: no valid location → discarded
		return s.cont(game.Done)
	case m&(m-1) == 0:
		k := bits.TrailingZeros16(m)
		if f.B == spawnEmptyChoice {
			s.placeSpawned(e, int(f.Who), k)
		} else {
			s.placeSpawned(e, k, -1)
		}
		return s.cont(game.Done)
	}
	p := s.ask(int(f.Who), PkTarget, f.Src)
	if f.B == spawnEmptyChoice {
		for k := 0; k < MaxLocations; k++ {
			if m&(1<<uint(k)) != 0 {
				p.Add(ActLocation+game.ActionCode(k), int32(k), 0)
			}
		}
	} else {
		for k := 0; k < int(s.N); k++ {
			if i := s.seatAt(k); m&(1<<uint(i)) != 0 {
				p.Add(ActSeat+game.ActionCode(i), int32(i), 0)
			}
		}
	}
	return game.Wait
}
