package machina

import "github.com/mythos-rl/mythos/env/game"

// Attacks (MA §9) and what follows a hit: damage, wounds, destruction
// (MA §7.3, §7.6, §7.7), barrels (MA §12.11) and traps (MA §12.12).

// The packed attack spec of an opAttack frame (field A).
const (
	atkMagic   = 1 << 4
	atkRanged  = 1 << 5
	atkWeapon  = 1 << 6
	atkScopeSh = 8  // scope in bits 8..12
	atkItemSh  = 16 // the item whose ability attacks, plus 1, in bits 16..23 (0: none)
	// scopeTraps: creatures on trap cells of tile Tgt (-1: every tile).
	scopeTraps = Scope(numScopes)
)

func packAttack(strong, weak int8, magic, ranged, weapon bool, sc Scope) int32 {
	a := int32(strong) | int32(weak)<<2
	if magic {
		a |= atkMagic
	}
	if ranged {
		a |= atkRanged
	}
	if weapon {
		a |= atkWeapon
	}
	return a | int32(sc)<<atkScopeSh
}

// evaders lists the creatures an attack reaches, in a fixed order: pioneers by
// seat, monsters by the monster order, then attack-only cells by index
// (MA §9.2, §17.9: the order is ruled in docs/machina-rulings.md).
func (s *State) evaders(attacker int, sc Scope, tgt int, dst []int) []int {
	dst = dst[:0]
	if sc == ScopeDefault || sc == ScopeSelf {
		if tgt >= 0 {
			return append(dst, tgt)
		}
		if attacker >= 0 {
			return append(dst, attacker) // no target: you attack yourself (MA §17.11)
		}
		return dst
	}
	origin := s.posOf(attacker)
	tile := -1
	if origin >= 0 {
		tile = TileOf(origin)
	}
	if sc == scopeTraps {
		tile = tgt
	}
	reach := func(cr, c int) bool {
		if c < 0 || cr == attacker {
			return false
		}
		switch sc {
		case ScopeAdjacent:
			return origin >= 0 && s.adjacent(origin, c)
		case ScopeMonsters, ScopeAllMonsters:
			return isMonster(cr) && (tile < 0 || sc == ScopeAllMonsters || TileOf(c) == tile)
		case ScopePioneers, ScopeAllPioneers:
			return isPioneer(cr) && (tile < 0 || sc == ScopeAllPioneers || TileOf(c) == tile)
		case ScopeCreatures:
			return tile < 0 || TileOf(c) == tile
		case scopeTraps:
			return s.Board.Kind[c] == KindTrap && s.Board.Dest[c] == 0 && (tile < 0 || TileOf(c) == tile)
		case ScopeNearestMonster:
			return cr == tgt
		}
		return false
	}
	if sc == ScopeNearestMonster {
		if tgt >= 0 {
			dst = append(dst, tgt)
		}
		return dst
	}
	for p := 0; p < int(s.N); p++ {
		if reach(p, s.posOf(p)) {
			dst = append(dst, p)
		}
	}
	for _, m := range s.Order {
		cr := MonsterBase + int(m)
		if s.Mx[m].Zone == ZonePlay && reach(cr, s.posOf(cr)) {
			dst = append(dst, cr)
		}
	}
	if sc == ScopeAdjacent || sc == ScopeCreatures || sc == scopeTraps {
		for c := 0; c < NumCells; c++ {
			if (s.barrelAt(c) || s.ritualIndex(c) >= 0) && reach(CellBase+c, c) {
				dst = append(dst, CellBase+c)
			}
		}
	}
	return dst
}

// nearestMonster returns the nearest monster to cell c on its tile (MA §17.5;
// ties: the first in the monster order), or -1.
func (s *State) nearestMonster(c int) int {
	best, bd := -1, 99
	for _, m := range s.Order {
		mc := int(s.Mx[m].Pos)
		if TileOf(mc) != TileOf(c) {
			continue
		}
		if d := Cheb(mc, c); d < bd {
			best, bd = MonsterBase+int(m), d
		}
	}
	return best
}

// doAttack resolves MA §9.3: roll, passive modifiers, the inspiration boost,
// then each evader compares the result with its defence or will.
func (s *State) doAttack(f *game.Frame) game.Control {
	attacker, spec := int(f.Src), f.A
	sc := Scope(spec >> atkScopeSh & 31)
	magic := spec&atkMagic != 0
	var buf [16]int
	switch f.Step {
	case 0:
		// MA §9.3 step 1: roll and sum.
		roll := 0
		reroll := attacker >= 0 && !isCellCreature(attacker) && s.statSum(attacker, StatRerollBlanks) > 0
		for i := int32(0); i < spec&3; i++ {
			v := s.rollStrong()
			if v == 0 && reroll {
				v = s.rollStrong() // Precise Strikes: a blank face is rolled again once
			}
			roll += int(v)
		}
		for i := int32(0); i < spec>>2&3; i++ {
			v := s.rollWeak()
			if v == 0 && reroll {
				v = s.rollWeak()
			}
			roll += int(v)
		}
		// MA §9.3 step 2: passive increases and decreases.
		if attacker >= 0 && !isCellCreature(attacker) {
			// An extension's passives reach only its own weapon's attacks
			// (MA §13.7).
			item := int(spec>>atkItemSh&255) - 1
			roll += s.statSum(attacker, StatAttack) + s.weaponSum(item, StatAttack)
			if m := s.statSum(attacker, StatMagic) + s.weaponSum(item, StatMagic); m != 0 {
				roll += m
				f.A |= atkMagic // MA §9.4: a magic bonus makes the attack magic
				magic = true
			}
			if spec&atkWeapon != 0 && spec&atkRanged == 0 {
				roll += s.statSum(attacker, StatMeleeWeapon)
			}
		}
		if roll < 0 {
			roll = 0
		}
		f.B = int32(roll)
		s.log.Add(evAttackRoll, game.NoAgent, int32(attacker), int32(roll), b2i(magic))
		f.Step = 1
		fallthrough
	case 1:
		// MA §9.3 step 3, §7.4: the active pioneer may add inspiration.
		booster := -1
		if isPioneer(attacker) {
			booster = attacker
		} else if s.Active >= 0 && s.Phase == PhasePioneers {
			booster = int(s.Active)
		}
		if f.Answer != game.NoAnswer {
			n := int(s.answer(f).Arg)
			f.B += int32(n)
			if n > 0 && s.boostPool(booster) > int(s.P[booster].Insp) {
				// MA §7.5: supporters may pay the boost; who pays each
				// point is asked point by point (R-BOOST), then the
				// comparison follows.
				s.push(opSupport, game.AgentID(booster), supportPay, -1, int32(n), int32(booster))
				f.Step = 2
				return game.Again
			}
			s.P[booster].Insp -= int8(n)
		} else if pool := s.boostPool(booster); pool > 0 {
			need := 0
			for _, e := range s.evaders(attacker, sc, int(f.Tgt), buf[:0]) {
				if isPioneer(e) {
					continue
				}
				st := s.evadeStat(attacker, e, magic)
				if n := st - int(f.B); n > need {
					need = n
				}
			}
			if need > pool {
				need = pool
			}
			if need > 9 {
				need = 9
			}
			if need > 0 {
				s.ask(game.AgentID(booster), PromptBoost, -1)
				for n := 0; n <= need; n++ {
					s.opt(CodeAmount+game.ActionCode(n), int32(n), 0)
				}
				f.Step = 1
				return game.Wait
			}
		}
	}
	// MA §9.3 step 4: compare with each evader; one roll for all.
	ev := s.evaders(attacker, sc, int(f.Tgt), buf[:0])
	credit := attacker
	if isCellCreature(attacker) {
		credit = int(f.Who) // a barrel's explosion: whoever set it off (MA §12.11)
	}
	hit := ev[:0]
	for _, e := range ev {
		if s.posOf(e) >= 0 && int(f.B) >= s.evadeStat(attacker, e, magic) {
			hit = append(hit, e)
		}
	}
	// B: magic in bit 0, the attacking item plus 1 above (for "when you
	// kill with this weapon"). Several hits: R-EVADERS (hitorder.go).
	s.pushHits(attacker, credit, b2i(magic)|(spec>>atkItemSh&255)<<1, hit)
	return game.Done
}

// doAfterAttack fires creature f.Src's "after you attack" triggers once its
// attack has resolved, hit or miss, damage, kills and their triggers
// included (MA §9.3, §18.9; the Piercing Revolver, MA §21.3, R-PIERCE).
// f.Tgt is the attack's single evader (-1 for an indirect attack); f.A the
// attacking item plus 1 (0: none). The evader is the effects' target: with
// no evader standing as a pioneer or a monster (destroyed, indirect, a barrel
// or a ritual cell) nothing happens.
func (s *State) doAfterAttack(f *game.Frame) game.Control {
	attacker, ev := int(f.Src), int(f.Tgt)
	if ev < 0 || isCellCreature(ev) {
		return game.Done
	}
	c := s.posOf(ev)
	if c < 0 || (isMonster(ev) && s.Mx[ev-MonsterBase].Zone != ZonePlay) {
		return game.Done
	}
	s.pushTriggersFor(attacker, WhenAfterAttack, c, int(f.A)-1)
	return game.Done
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// doHit makes creature f.Tgt take f.A damage from f.Src (MA §7.3): a pioneer
// may lose inspiration instead of each health; a barrel explodes; a ritual
// cell loses health; a monster takes a wound. f.B = 1 for a magic source
// (barrels explode magically).
func (s *State) doHit(f *game.Frame) game.Control {
	cr, src := int(f.Tgt), int(f.Src)
	if s.posOf(cr) < 0 || f.A <= 0 || (isMonster(cr) && s.Mx[cr-MonsterBase].Zone != ZonePlay) {
		return game.Done
	}
	if isCellCreature(cr) {
		c := cr - CellBase
		if r := s.ritualIndex(c); r >= 0 {
			s.Rituals[r].HP--
			s.log.Add(evDamage, game.NoAgent, int32(cr), int32(s.Rituals[r].HP), 0)
			if s.Rituals[r].HP <= 0 {
				s.setDest(c, 1) // a destroyed ritual cell is passable (MA §21.6)
				s.log.Add(evKilled, game.NoAgent, int32(cr), int32(src), 0)
			}
			s.checkFinale()
			return game.Done
		}
		if s.barrelFor(c, src) {
			s.explode(c, src, f.B&1 == 1)
		}
		return game.Done
	}
	if s.statSum(cr, StatNoHealthLoss) > 0 {
		return game.Done // cannot lose health (MA §21.4 Healing Rites)
	}
	if isPioneer(cr) {
		p := &s.P[cr]
		soaked, saved := false, false
		if f.Answer != game.NoAnswer {
			switch o := s.answer(f); o.Code {
			case CodeYes:
				p.Insp--
				soaked = true
				s.log.Add(evSoak, game.AgentID(cr), int32(cr), 0, 0)
			case CodePass:
				saved = s.lastHealthSave(cr)
				if !saved {
					p.HP--
				}
			default:
				// MA §7.5: a supporter loses the inspiration instead.
				q := int(o.Arg)
				s.P[q].Insp--
				soaked = true
				s.log.Add(evSoak, game.AgentID(q), int32(q), 0, 0)
			}
		} else if set := s.soakers(cr); set != 0 {
			// MA §7.3: a pioneer may always lose 1 inspiration instead; MA
			// §7.5: so may a pioneer chained to it by adjacency.
			s.ask(game.AgentID(cr), PromptSoak, -1)
			s.opt(CodePass, 0, 0)
			if set&(1<<cr) != 0 {
				s.opt(CodeYes, 1, 0)
			}
			for q := 0; q < int(s.N); q++ {
				if q != cr && set&(1<<q) != 0 {
					s.opt(CodePioneer+game.ActionCode(q), int32(q), 0)
				}
			}
			return game.Wait
		} else if saved = s.lastHealthSave(cr); !saved {
			p.HP--
		}
		f.A--
		if saved {
			// MA §18.6: the last health is not lost; the trigger's effects
			// happen instead (pushed, they resolve first).
			if f.A > 0 {
				return game.Again
			}
			return game.Done
		}
		s.log.Add(evDamage, game.AgentID(cr), int32(cr), int32(p.HP), 0)
		if p.HP <= 0 {
			s.killPioneer(cr, src)
			return game.Done
		}
		if src >= 0 && !soaked {
			s.pushTriggers(cr, WhenDamaged, -1) // damage from a creature, not a cost
		}
		if src >= 0 && !isCellCreature(src) {
			s.pushTriggers(src, WhenDealt, s.posOf(cr))
		}
		if f.A > 0 {
			return game.Again
		}
		return game.Done
	}
	m := &s.Mx[cr-MonsterBase]
	m.Wounds++
	f.A--
	s.log.Add(evDamage, game.NoAgent, int32(cr), int32(s.health(cr)), 0)
	if src >= 0 && !isCellCreature(src) {
		s.pushTriggers(src, WhenDealt, s.posOf(cr))
	}
	if s.health(cr) <= 0 {
		s.destroyCreatureWith(cr, src, int(f.B>>1)-1)
		return game.Done
	}
	if f.A > 0 {
		return game.Again
	}
	return game.Done
}

// explode resolves a damaged barrel (MA §12.11): a destruction token on its
// cell, then an attack of 3 dice on every creature adjacent to it, magic when
// the detonating attack was; kills go to whoever set it off.
func (s *State) explode(c, src int, magic bool) {
	if !s.barrelFor(c, src) {
		return
	}
	s.setDest(c, 1)
	s.log.Add(evExplode, game.NoAgent, int32(c), int32(src), 0)
	// The barrel attacks as a cell creature; the frame's Who carries the
	// pioneer credited with its kills.
	who := game.NoAgent
	if isPioneer(src) {
		who = game.AgentID(src)
	}
	s.push(opAttack, who, int32(CellBase+c), -1, packAttack(3, 0, magic, false, false, ScopeAdjacent), 0)
}

// trapsTrigger resolves "traps trigger" (MA §12.12): an attack of 3 dice on
// every creature on a trap cell of the user's tile (every tile with no
// active creature).
func (s *State) trapsTrigger(user int) {
	tile := -1
	if c := s.posOf(user); c >= 0 {
		tile = TileOf(c)
	}
	s.log.Add(evTraps, game.NoAgent, int32(tile), int32(user), 0)
	s.push(opAttack, game.NoAgent, int32(user), int32(tile), packAttack(3, 0, false, false, false, scopeTraps), 0)
}

// destroyCreature destroys a monster or a pioneer (MA §7.6, §7.7); killer
// is the creature credited with the kill, or -1.
func (s *State) destroyCreature(cr, killer int) { s.destroyCreatureWith(cr, killer, -1) }

// destroyCreatureWith destroys creature cr killed by killer with the ability
// of item weapon (-1: none or unknown), for "when you kill with this weapon"
// (MA §10.5, §21.3 Re-opener).
func (s *State) destroyCreatureWith(cr, killer, weapon int) {
	if isPioneer(cr) {
		s.killPioneer(cr, killer)
		return
	}
	if !isMonster(cr) || s.Mx[cr-MonsterBase].Zone != ZonePlay {
		return
	}
	s.lift(cr)
	s.Mx[cr-MonsterBase].Zone = ZoneLimbo
	s.removeFromOrder(cr - MonsterBase)
	s.log.Add(evKilled, game.NoAgent, int32(cr), int32(killer), 0)
	s.push(opDestroyed, game.NoAgent, int32(killer), int32(cr), int32(weapon+1), 0)
}

// doDestroyed finishes a monster's destruction (MA §7.6): its "when
// destroyed" effects, the level check, the inspiration of the pioneer whose
// turn it is, and the killer's "when you kill" effects.
func (s *State) doDestroyed(f *game.Frame) game.Control {
	cr, killer := int(f.Tgt), int(f.Src)
	m := cr - MonsterBase
	if f.Step == 0 {
		f.Step = 1
		abs := s.ct.Monsters[m].Abilities
		kc := s.posOf(killer)
		for i := len(abs) - 1; i >= 0; i-- {
			if abs[i].When == WhenDestroyed {
				s.push(opEffects, s.team(), refOf(refMonster, m, i), int32(kc), 0, int32(cr))
			}
		}
		return game.Again
	}
	s.toPileOrBox(m)
	// MA §7.6 step 3, §22.28: the pioneer whose turn it is gains 1 inspiration.
	if s.Phase == PhasePioneers && s.Active >= 0 && s.P[s.Active].Alive {
		s.gainInsp(int(s.Active), 1)
	}
	if isPioneer(killer) && s.P[killer].Alive {
		s.P[killer].Kills++
		s.pushTriggers(killer, WhenKill, -1)
		// MA §10.5: "when you kill with this weapon" (Re-opener): only the
		// equipped item whose ability made the kill.
		if w := int(f.A) - 1; w >= 0 && s.Items[w].Zone == ZoneEquipped && int(s.Items[w].Owner) == killer {
			abs := s.ct.Items[w].Abilities
			for i := len(abs) - 1; i >= 0; i-- {
				if abs[i].When == WhenKillWith {
					s.push(opEffects, game.AgentID(killer), refOf(refItem, w, i), -1, 0, int32(killer))
				}
			}
		}
	}
	return game.Done
}

// toPileOrBox applies the level check of MA §7.6 step 2.
func (s *State) toPileOrBox(m int) {
	if lv := s.ct.Monsters[m].Level; lv != 4 && lv < s.Level {
		s.Mx[m] = Monster{Zone: ZoneBoxed, Pos: -1, Controller: -1}
		return
	}
	s.Mx[m] = Monster{Zone: ZoneDiscard, Pos: -1, Controller: -1}
	s.MonsterPile = append(s.MonsterPile, int8(m))
}

// banish removes a monster without destroying it (MA §7.6 Banishment).
func (s *State) banish(cr int) {
	m := cr - MonsterBase
	if s.Mx[m].Zone != ZonePlay {
		return
	}
	s.lift(cr)
	s.removeFromOrder(m)
	s.log.Add(evBanished, game.NoAgent, int32(cr), 0, 0)
	s.toPileOrBox(m)
}

func (s *State) removeFromOrder(m int) {
	for i, x := range s.Order {
		if int(x) == m {
			s.Order = append(s.Order[:i], s.Order[i+1:]...)
			return
		}
	}
}

// killPioneer destroys pioneer p (MA §7.7): its items go shuffled on top of
// the discard pile, its personal events to the box, its markers' effects end;
// its player joins the monster side; the last death loses the game.
func (s *State) killPioneer(p, killer int) {
	pi := &s.P[p]
	if !pi.Alive {
		return
	}
	s.lift(p)
	pi.Alive, pi.OnBoard, pi.HP = false, false, 0
	s.log.Add(evKilled, game.AgentID(p), int32(p), int32(killer), 0)
	s.LastDeath = int8(p)
	start := len(s.ItemDiscard)
	for i := range s.ct.Items {
		if it := &s.Items[i]; (it.Zone == ZoneInventory || it.Zone == ZoneEquipped) && int(it.Owner) == p {
			*it = ItemState{Zone: ZoneDiscard, Owner: -1, Host: -1}
			s.ItemDiscard = append(s.ItemDiscard, int16(i))
		}
	}
	game.ShuffleInts(&s.rng, s.ItemDiscard[start:])
	for k := 0; k < int(pi.PersonalN); k++ {
		s.Events[pi.Personal[k]].Zone = ZoneBoxed
	}
	pi.PersonalN = 0
	out := s.Mods[:0]
	for _, m := range s.Mods {
		if int(m.Owner) != p && int(m.Target) != p {
			out = append(out, m)
		}
	}
	s.Mods = out
	s.syncCells() // a dead pioneer's markers return (MA §7.7, §12.18)
	if !s.cfg.Cooperative {
		s.MonsterSide = true // MA §19.1, §23.7
	}
	if s.alivePioneers() == 0 {
		s.end(-1) // MA §7.7 step 5, §20
	}
}

// gainInsp adds inspiration up to the card's maximum (MA §7.2).
func (s *State) gainInsp(p, n int) {
	v := int(s.P[p].Insp) + n
	if mx := int(s.pioneerCard(p).MaxInsp); v > mx {
		v = mx
	}
	s.P[p].Insp = int8(v)
}

// pushTriggers queues the abilities of creature cr's cards with timing w
// (MA §16, §18.1): its pioneer card, personal events and equipped items, or
// its monster card. tgt is the target cell handed to the effects.
func (s *State) pushTriggers(cr int, w When, tgt int) { s.pushTriggersFor(cr, w, tgt, -1) }

// pushTriggersFor is pushTriggers for a trigger that knows the item whose
// ability made the attack (-1: none): abilities whose condition fails for
// it are left out (MA §18.1).
func (s *State) pushTriggersFor(cr int, w When, tgt, item int) {
	if isMonster(cr) {
		// The current horror event's triggers reach every monster
		// (Fatal Attraction, MA §15.1).
		if e := s.currentEvent(true); e >= 0 {
			abs := s.ct.Events[e].Abilities
			for i := len(abs) - 1; i >= 0; i-- {
				if abs[i].When == w && s.condHolds(abs[i].If, cr, item) {
					s.push(opEffects, s.team(), refOf(refEvent, e, i), int32(tgt), 0, int32(cr))
				}
			}
		}
		m := cr - MonsterBase
		abs := s.ct.Monsters[m].Abilities
		for i := len(abs) - 1; i >= 0; i-- {
			if abs[i].When == w && s.condHolds(abs[i].If, cr, item) {
				s.push(opEffects, s.team(), refOf(refMonster, m, i), int32(tgt), 0, int32(cr))
			}
		}
		return
	}
	if !isPioneer(cr) || !s.P[cr].Alive {
		return
	}
	push := func(abs []Ability, base int32) {
		for i := len(abs) - 1; i >= 0; i-- {
			if abs[i].When == w && s.condHolds(abs[i].If, cr, item) {
				s.push(opEffects, game.AgentID(cr), base|int32(i), int32(tgt), 0, int32(cr))
			}
		}
	}
	push(s.pioneerCard(cr).Abilities, refOf(refPioneer, int(s.P[cr].Card), 0))
	for k := 0; k < int(s.P[cr].PersonalN); k++ {
		e := int(s.P[cr].Personal[k])
		push(s.ct.Events[e].Abilities, refOf(refEvent, e, 0))
	}
	for _, i := range s.ct.whenItems[w] { // only they have a trigger of w
		if s.Items[i].Zone == ZoneEquipped && int(s.Items[i].Owner) == cr {
			push(s.ct.Items[i].Abilities, refOf(refItem, int(i), 0))
		}
	}
}

// evadeStat is the characteristic evader e compares with an attack roll:
// defence, or will against a magic attack (MA §9.4); the lower of the two
// against an attacker with evader_lower (the Formless Spawn, MA §21.2). The
// Gazing Mirror (MA §21.3, R-MIRROR) swaps in the attacker's own defence and
// will: when the attacker's mirror_attack effect is in force, or when the
// evader has mirror_evade; only a pioneer's or a monster's attack has a
// defence and will to lend (a barrel's explosion and the traps do not).
func (s *State) evadeStat(attacker, e int, magic bool) int {
	if attacker < 0 || isCellCreature(attacker) {
		if magic {
			return s.will(e)
		}
		return s.defence(e)
	}
	from := e
	if s.hasStat(attacker, StatMirrorAttack) || (!isCellCreature(e) && s.hasStat(e, StatMirrorEvade)) {
		from = attacker
	}
	d, w := s.defence(from), s.will(from)
	if s.statSum(attacker, StatEvaderLower) > 0 {
		return min(d, w)
	}
	if magic {
		return w
	}
	return d
}

// boostPool is the inspiration that may be added to a roll boosted by
// pioneer p (MA §7.4): its own and, on the board, its supporters' (MA §7.5,
// its own cell as the target cell); 0 for no booster.
func (s *State) boostPool(p int) int {
	if p < 0 || !s.P[p].Alive {
		return 0
	}
	if s.N == 1 || !s.onBoardPioneer(p) {
		return int(s.P[p].Insp)
	}
	return s.supportInsp(p, -1)
}

// soakers are the pioneers who may lose 1 inspiration instead of pioneer
// cr's health (MA §7.3, §7.5): cr itself and every pioneer on the board
// chained to it by adjacency, each with inspiration left; a bit per seat.
func (s *State) soakers(cr int) uint8 {
	set := uint8(1) << cr
	if s.onBoardPioneer(cr) {
		set = s.supporters(cr, -1)
	}
	var out uint8
	for q := 0; q < int(s.N); q++ {
		if set&(1<<q) != 0 && s.P[q].Alive && s.P[q].Insp > 0 {
			out |= 1 << q
		}
	}
	return out
}
