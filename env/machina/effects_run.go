package machina

import "github.com/mythos-rl/mythos/env/game"

// Using abilities (MA §16.2) and resolving their effects in printed order
// (MA §18.9).

// EffectCtx is what a card's Go function sees: the ability's user (a
// creature id, or -1 for an ownerless card), its target cell (or -1) and
// the ability reference.
type EffectCtx struct {
	User   int
	Target int
	Ref    int32
}

// Target returns the creature on the context's target cell, or -1.
func (s *State) targetCreature(cell int) int {
	if cell < 0 {
		return -1
	}
	if cr := s.at(cell); cr >= 0 {
		return cr
	}
	if s.barrelAt(cell) || s.ritualIndex(cell) >= 0 {
		return CellBase + cell
	}
	return -1
}

// targets lists the legal target cells of ability a used by creature user
// (MA §17.6, §17.7, §17.11, §10.1). A melee or ranged symbol allows the
// user itself and its own cell (range 0–1, 0–X: «действующее существо может
// выбрать себя или свою клетку»), an attack too. Monsters target pioneers
// only unless a pioneer controls them (MA §19.4, §10.3).
func (s *State) targets(user int, a *Ability, dst []int) []int {
	return s.targetsUpTo(user, a, dst, 0)
}

// targetsUpTo is targets, stopping once it holds stop cells (stop > 0): for
// a caller that asks only whether there is a target.
func (s *State) targetsUpTo(user int, a *Ability, dst []int, stop int) []int {
	dst = dst[:0]
	c := s.posOf(user)
	if c < 0 {
		return dst
	}
	attack := len(a.Effects) > 0 && a.Effects[0].Op == OpAttack
	pioneersOnly := isMonster(user) && s.Mx[user-MonsterBase].Controller < 0 // MA §10.3, §22.25
	// see is seesUnseen(user), asked the first time it matters: 1 no, 2 yes.
	see := int8(0)
	ok := func(cell int) bool {
		cr := s.targetCreature(cell)
		if cr < 0 && attack && s.Board.Kind[cell] == KindChest && s.barrelFor(cell, user) {
			cr = CellBase + cell // MA §12.18: a chest attacked as a barrel
		}
		if cr < 0 {
			return false
		}
		if pioneersOnly && !isPioneer(cr) {
			return false
		}
		if isCellCreature(cr) && !attack {
			return false
		}
		if !isCellCreature(cr) && s.incorporeal(cr) {
			if see == 0 {
				see = 1
				if s.seesUnseen(user) {
					see = 2
				}
			}
			return see == 2
		}
		return true
	}
	switch a.Target {
	case TargetMelee:
		if ok(c) {
			dst = append(dst, c)
			if len(dst) == stop {
				return dst
			}
		}
		for d := Direction(0); d < 8; d++ {
			if n := Step(c, d); n >= 0 && s.adjacentStep(c, d) && ok(n) {
				dst = append(dst, n)
				if len(dst) == stop {
					return dst
				}
			}
		}
	case TargetRanged, TargetRangedIgn:
		r := int(a.Range) + s.statSum(user, StatRange)
		mode := SightPlain
		if a.Target == TargetRanged && !s.weaponIgnoresObstacles(user, a) {
			mode = SightObstacles
		}
		through := s.statSum(user, StatThroughWalls) > 0 // Long Limbs
		// Only a cell with a creature, a barrel, a chest (attacked as a
		// barrel) or a standing ritual can be a target (ok): the square's
		// other cells are passed over without asking.
		rituals := len(s.Rituals) > 0
		cx, cy := c%Size, c/Size
		for y := max(0, cy-r); y <= min(Size-1, cy+r); y++ {
			for x := max(0, cx-r); x <= min(Size-1, cx+r); x++ {
				n := y*Size + x
				if k := s.Board.Kind[n]; s.Occ[n] < 0 && k != KindBarrel && k != KindChest && !rituals {
					continue
				}
				if s.Board.Present(n) && ok(n) && (through || s.Board.LineOfSight(c, n, mode, &s.Occ)) {
					dst = append(dst, n)
					if len(dst) == stop {
						return dst
					}
				}
			}
		}
	case TargetAnyPioneer:
		for p := 0; p < int(s.N); p++ {
			if pc := s.posOf(p); pc >= 0 && TileOf(pc) == TileOf(c) && ok(pc) {
				dst = append(dst, pc)
				if len(dst) == stop {
					return dst
				}
			}
		}
	case TargetAnyMonster:
		for _, m := range s.Order {
			if mc := int(s.Mx[m].Pos); TileOf(mc) == TileOf(c) && ok(mc) {
				dst = append(dst, mc)
				if len(dst) == stop {
					return dst
				}
			}
		}
	}
	return dst
}

// weaponIgnoresObstacles reports whether ability a is one of pioneer user's
// equipped weapons whose extension lets it target through obstacles (the
// Piercing Sight, «Это оружие позволяет выбирать цель через препятствия»:
// its [R≤X/blk] targets as [R≤X/ign], MA §13.7, §17.7).
func (s *State) weaponIgnoresObstacles(user int, a *Ability) bool {
	if !isPioneer(user) || len(s.ct.statItems[StatTargetObstacles]) == 0 {
		return false
	}
	for _, i := range s.ct.weaponItems {
		it := &s.Items[i]
		if it.Zone != ZoneEquipped || int(it.Owner) != user {
			continue
		}
		for k := range s.ct.Items[i].Abilities {
			if &s.ct.Items[i].Abilities[k] == a {
				return s.weaponSum(int(i), StatTargetObstacles) > 0
			}
		}
	}
	return false
}

// canPay reports whether creature user can pay ability a's costs now
// (MA §16.2; a pioneer may pay health with inspiration, MA §7.3, never
// its last health).
func (s *State) canPay(user int, a *Ability) bool {
	if isMonster(user) {
		return int(s.Mx[user-MonsterBase].Stamina) >= int(a.Stamina)
	}
	p := &s.P[user]
	if p.Stamina < a.Stamina {
		return false
	}
	pool := int(p.Insp)
	if a.Insp > p.Insp && s.N > 1 && s.onBoardPioneer(user) {
		pool = s.supportInsp(user, -1) // MA §7.5: supporters may pay the cost
	}
	if pool < int(a.Insp) {
		return false
	}
	if a.Health > 0 && int(p.HP)+pool-int(a.Insp) <= int(a.Health) {
		return false
	}
	return true
}

// usable reports whether user may use ability a now: active, payable, and
// with a legal target where one is needed.
func (s *State) usable(user int, a *Ability) bool {
	if a.When != WhenActive || !s.canPay(user, a) {
		return false
	}
	if a.Target == TargetNone {
		return true
	}
	var buf [1]int // one target is enough to know
	if a.Target2 != TargetNone {
		b := Ability{Target: a.Target2, Range: a.Range2, Effects: a.Effects} // secondTargets
		if len(s.targetsUpTo(user, &b, buf[:0], 1)) == 0 {
			return false
		}
	}
	return len(s.targetsUpTo(user, a, buf[:0], 1)) > 0
}

// secondTargets lists the legal cells of ability a's second target (MA
// §17.8: the same target may be chosen twice).
func (s *State) secondTargets(user int, a *Ability, dst []int) []int {
	b := Ability{Target: a.Target2, Range: a.Range2, Effects: a.Effects}
	return s.targets(user, &b, dst)
}

// doAbility uses ability f.Src for creature f.Tgt: the target, then the
// costs, then the effects (MA §16.2).
func (s *State) doAbility(f *game.Frame) game.Control {
	user, ref := int(f.Tgt), f.Src
	a := s.abilityOf(ref)
	target := -1
	if a.Target != TargetNone && f.A > 0 {
		target = int(f.A - 1) // chosen by the monster algorithm
	} else if a.Target != TargetNone {
		if f.Answer == game.NoAnswer {
			var buf [NumCells]int
			ts := s.targets(user, a, buf[:0])
			if len(ts) == 0 {
				return game.Done
			}
			s.ask(f.Who, PromptTarget, ref)
			for _, t := range ts {
				s.opt(CodeCell+game.ActionCode(t), int32(t), 0)
			}
			return game.Wait
		}
		target = int(s.answer(f).Arg)
	}
	// MA §17.8: a second target, chosen after the first (f.A holds the
	// first, plus 1, while f.Step is 1).
	target2 := -1
	if a.Target2 != TargetNone {
		if f.Step == 1 && f.Answer != game.NoAnswer {
			target2 = int(s.answer(f).Arg)
		} else {
			var buf [NumCells]int
			ts := s.secondTargets(user, a, buf[:0])
			if len(ts) == 0 {
				return game.Done
			}
			f.A, f.Step = int32(target)+1, 1
			s.ask(f.Who, PromptTarget, ref)
			for _, t := range ts {
				s.opt(CodeCell+game.ActionCode(t), int32(t), 0)
			}
			return game.Wait
		}
	}
	// Pay (MA §16.2).
	supported := false
	if a.Marker && isPioneer(user) {
		s.returnMarker(user, ref) // MA §18.6: the cost returns the marker (and fires [marker-off])
	}
	if isMonster(user) {
		s.Mx[user-MonsterBase].Stamina -= a.Stamina
	} else {
		s.P[user].Stamina -= a.Stamina
		if a.Insp > 0 && s.N > 1 && s.onBoardPioneer(user) && s.supportInsp(user, -1) > int(s.P[user].Insp) {
			supported = true
		} else {
			s.P[user].Insp -= a.Insp
		}
	}
	s.log.Add(evAbility, s.agentOf(user), int32(user), ref, int32(target))
	kind, card, ab := refParts(ref)
	// MA §18.3: a progress token; at N the "then" effects resolve.
	if a.Progress > 0 {
		pr := s.progressOf(kind, card, ab)
		if pr != nil {
			*pr++
			if *pr >= a.Progress {
				*pr = 0
				s.push(opEffects, f.Who, ref|refThen, int32(target), 0, effectUser(user, target2))
			}
		}
	}
	s.push(opEffects, f.Who, ref, int32(target), 0, effectUser(user, target2))
	if a.Health > 0 && isPioneer(user) {
		s.push(opHit, game.AgentID(user), -1, int32(user), int32(a.Health), 0)
	}
	// One-use items are discarded after use; [discard] cards too (MA §13.2,
	// §16.2; docs/machina-rulings.md: at once).
	if kind == refItem && (a.Discard || s.ct.Items[card].Deck == OneUse) {
		s.discardItem(card)
	}
	if kind == refEvent && a.Discard {
		s.discardPersonal(card)
	}
	if supported {
		// MA §7.5: the pioneer and its supporters pay the inspiration, point
		// by point (R-SUPPORT), before the effects resolve.
		s.push(opSupport, game.AgentID(user), supportPay, -1, int32(a.Insp), int32(user))
	}
	return game.Done
}

// progressOf returns the progress counter of a card's ability.
func (s *State) progressOf(kind int32, card, ab int) *int8 {
	switch kind {
	case refChapter:
		return &s.Progress[ab]
	case refEvent:
		return &s.EventProgress[card]
	case refItem:
		return &s.ItemProgress[card]
	}
	return nil
}

// doEffects resolves effect f.A of ability f.Src for user f.B with target
// cell f.Tgt, then the next (MA §18.9).
func (s *State) doEffects(f *game.Frame) game.Control {
	a := s.abilityOf(f.Src)
	list := a.Effects
	if f.Src&refThen != 0 {
		list = a.Then
	}
	// MA §18.3 for triggered abilities (when you kill, …): count first.
	if f.A == 0 && f.Src&refThen == 0 && a.Progress > 0 && a.When != WhenActive {
		kind, card, ab := refParts(f.Src)
		pr := s.progressOf(kind, card, ab)
		if pr == nil {
			return game.Done
		}
		*pr++
		if *pr < a.Progress {
			return game.Done
		}
		*pr = 0
		f.Src |= refThen
		list = a.Then
	}
	if int(f.A) >= len(list) {
		// A triggered or cumulative ability with [discard] leaves play once
		// resolved (MA §18.3 Trophy Collector).
		if a.Discard && (a.When != WhenActive || f.Src&refThen != 0) {
			switch kind, card, _ := refParts(f.Src); kind {
			case refEvent:
				s.discardPersonal(card)
			case refItem:
				s.discardItem(card)
			}
		}
		return game.Done
	}
	e := &list[f.A]
	f.A++
	s.effect(f, e)
	if s.over {
		return game.Halt
	}
	return game.Again
}

// effectUser packs an effect frame's B: the user, and a second target's
// cell plus 1 in the bits above 16 when there is one (MA §17.8); a frame
// without one holds the user alone.
func effectUser(user, target2 int) int32 {
	if target2 < 0 {
		return int32(user)
	}
	return int32(uint16(int16(user))) | int32(target2+1)<<16
}

// effect resolves one effect.
func (s *State) effect(f *game.Frame, e *Effect) {
	user, tcell := int(int16(f.B)), int(f.Tgt)
	if e.On == ScopeTarget2 {
		// MA §17.8: this effect reaches the second target, as the first
		// target's effects reach theirs.
		tcell = int(f.B>>16) - 1
		e2 := *e
		e2.On = ScopeDefault
		e = &e2
	}
	tgt := s.targetCreature(tcell)
	if tgt < 0 && tcell >= 0 && s.Board.Kind[tcell] == KindChest && s.barrelFor(tcell, user) {
		tgt = CellBase + tcell // a chest targeted as a barrel (MA §12.18)
	}
	subject := tgt // the default: the target, else the user (MA §16.2)
	if subject < 0 || e.On == ScopeSelf {
		subject = user
	}
	// Ownerless cards (chapters, horror events) reach every creature in
	// their scope (MA §14.1, §17.7).
	switch e.Op {
	case OpAttack:
		sc, t := e.On, tgt
		if sc == ScopeNearestMonster {
			if uc := s.posOf(user); uc >= 0 {
				t = s.nearestMonster(uc)
			}
		}
		if sc == ScopeSelf {
			t = user
		}
		weapon := false
		if kind, card, _ := refParts(f.Src); kind == refItem {
			weapon = s.ct.Items[card].Deck == Weapon
		}
		a := s.abilityOf(f.Src)
		ranged := a.Target == TargetRanged || a.Target == TargetRangedIgn
		spec := packAttack(e.Strong, e.Weak, e.Magic, ranged, weapon, sc)
		item := int32(0)
		if kind, card, _ := refParts(f.Src); kind == refItem {
			item = int32(card + 1)
			spec |= item << atkItemSh
		}
		// "After you attack" resolves once the attack has, hit or miss
		// (R-PIERCE): pushed first, it runs last. Its evader is the
		// attack's target; an indirect attack has no single evader.
		if user >= 0 && !isCellCreature(user) {
			ev := int32(-1)
			if sc == ScopeDefault || sc == ScopeSelf || sc == ScopeNearestMonster {
				ev = int32(t)
			}
			if ev < 0 && sc == ScopeDefault {
				ev = int32(user) // no target: you attack yourself (MA §17.11)
			}
			s.push(opAfterAttack, f.Who, int32(user), ev, item, 0)
		}
		s.push(opAttack, f.Who, int32(user), int32(t), spec, 0)
		// "When you attack" resolves before the roll (MA §21.3 Gazing
		// Mirror, R-MIRROR): pushed last, it runs first.
		if user >= 0 {
			tc := -1
			if t >= 0 {
				tc = s.posOf(t)
			}
			s.pushTriggers(user, WhenAttack, tc)
		}
	case OpHeal:
		s.forEach(user, subject, e.On, func(cr int) { s.heal(cr, int(e.N)) })
	case OpStamina:
		s.forEach(user, subject, e.On, func(cr int) {
			if isPioneer(cr) {
				v := int(s.P[cr].Stamina) + int(e.N)
				if mx := s.maxStamina(cr); v > mx {
					v = mx
				}
				s.P[cr].Stamina = int8(v)
			}
		})
	case OpInspiration:
		s.forEach(user, subject, e.On, func(cr int) {
			if isPioneer(cr) {
				s.gainInsp(cr, int(e.N))
			}
		})
	case OpLoseHealth:
		var buf [16]int
		for _, cr := range s.collect(user, subject, e.On, buf[:0]) {
			s.push(opHit, s.agentOf(cr), int32(user), int32(cr), int32(e.N), 0)
		}
	case OpMove:
		if s.posOf(subject) >= 0 {
			s.push(opSteps, s.agentOf(subject), f.Src, int32(subject), int32(e.N), 0)
		}
	case OpPull, OpPush:
		if tgt >= 0 && s.posOf(user) >= 0 {
			s.pushPull(tgt, s.posOf(user), int(e.N), e.Op == OpPull, user)
		}
	case OpTeleport:
		s.teleportEffect(f, e, subject)
	case OpDanger:
		if e.N > 0 {
			s.push(opDanger, game.NoAgent, -1, -1, int32(e.N), 0)
		} else {
			s.decreaseDanger(int(-e.N))
		}
	case OpPioneerEvent:
		if isPioneer(subject) {
			s.push(opPioneerEvent, game.AgentID(subject), -1, int32(subject), 0, 0)
		}
	case OpHorrorEvent:
		s.push(opHorrorEvent, game.NoAgent, -1, -1, 0, 0)
	case OpRetriggerHorror:
		s.push(opRetrigger, s.team(), -1, -1, 1, 0)
	case OpRetriggerPioneer:
		if isPioneer(user) {
			s.push(opRetrigger, game.AgentID(user), -1, int32(user), 0, 0)
		}
	case OpLightChapter:
		s.lightChapterCell(user)
	case OpNextChapter:
		s.nextChapter()
	case OpEntrance:
		s.placeEntrance(s.Round == 0)
	case OpExit:
		s.push(opExitPlace, f.Who, f.Src, -1, 0, int32(user))
	case OpGainItem:
		if e.On == ScopeAllPioneers || (user < 0 && e.On == ScopeDefault) {
			for p := int(s.N) - 1; p >= 0; p-- {
				if s.onBoardPioneer(p) {
					s.push(opGainItem, game.AgentID(p), -1, int32(p), 0, 0)
				}
			}
		} else if isPioneer(subject) {
			s.push(opGainItem, game.AgentID(subject), -1, int32(subject), 0, 0)
		}
	case OpTraps:
		s.trapsTrigger(user)
	case OpModify:
		s.modify(f, e, user, subject)
	case OpMonstersMove:
		tile := -1
		if c := s.posOf(user); c >= 0 {
			tile = TileOf(c)
		}
		var order [MaxMonsters]int8 // a copy: moves may destroy monsters (no allocation)
		for _, m := range order[:copy(order[:], s.Order)] {
			if c := int(s.Mx[m].Pos); tile < 0 || TileOf(c) == tile {
				s.monsterApproach(MonsterBase+int(m), int(e.N))
			}
		}
	case OpPioneersMove:
		tile := -1
		if c := s.posOf(user); c >= 0 && e.On != ScopeAllPioneers {
			tile = TileOf(c)
		}
		for p := int(s.N) - 1; p >= 0; p-- {
			if c := s.posOf(p); c >= 0 && (tile < 0 || TileOf(c) == tile) {
				s.push(opSteps, game.AgentID(p), f.Src, int32(p), int32(e.N), 0)
			}
		}
	case OpCloseDoors:
		s.push(opCloseDoors, f.Who, f.Src, -1, int32(e.N), 0)
	case OpAddItems:
		s.addItems(e.N)
	case OpMonsterLevel:
		for s.Level < e.N && s.Level < 5 {
			s.raiseLevel()
		}
	case OpHealMonsters:
		tile := -1
		if c := s.posOf(user); c >= 0 {
			tile = TileOf(c)
		}
		for _, m := range s.Order {
			if tile < 0 || TileOf(int(s.Mx[m].Pos)) == tile {
				s.heal(MonsterBase+int(m), int(e.N))
			}
		}
	case OpGo:
		// The context lives in the state so that calling through the
		// registry allocates nothing; the functions only push frames.
		s.scratchCtx = EffectCtx{User: user, Target: tcell, Ref: f.Src}
		goEffects[e.Go](s, &s.scratchCtx)
	case OpNewRound:
		s.push(opNewRound, game.NoAgent, -1, -1, 0, 0)
	case OpMonsterOrder:
		if isPioneer(user) {
			s.push(opOrder, game.AgentID(user), f.Src, int32(user), 0, 0)
		}
	case OpRestore:
		if isPioneer(user) {
			s.push(opRestore, game.AgentID(user), f.Src, int32(user), 0, 0)
		}
	case OpTake:
		if isPioneer(user) {
			// f.A already points past this effect (doEffects).
			s.push(opTake, game.AgentID(user), f.Src, int32(user), f.A-1, 0)
		}
	case OpCountsAs:
		s.countsAs(f, e, user)
	}
}

// collect lists the creatures an effect's scope reaches (MA §17.7, §17.11):
// the subject for the default scope, else every creature of the scope on the
// user's tile (every tile for an ownerless card).
func (s *State) collect(user, subject int, sc Scope, dst []int) []int {
	dst = dst[:0]
	if sc == ScopeDefault || sc == ScopeSelf {
		if subject >= 0 {
			dst = append(dst, subject)
		}
		return dst
	}
	tile := -1
	if c := s.posOf(user); c >= 0 && sc != ScopeAllMonsters && sc != ScopeAllPioneers {
		tile = TileOf(c)
	}
	in := func(c int) bool { return c >= 0 && (tile < 0 || TileOf(c) == tile) }
	if sc == ScopeAdjacent {
		uc := s.posOf(user)
		for p := 0; p < int(s.N); p++ {
			if c := s.posOf(p); uc >= 0 && c >= 0 && p != user && s.adjacent(uc, c) {
				dst = append(dst, p)
			}
		}
		for _, m := range s.Order {
			if c := int(s.Mx[m].Pos); uc >= 0 && MonsterBase+int(m) != user && s.adjacent(uc, c) {
				dst = append(dst, MonsterBase+int(m))
			}
		}
		return dst
	}
	if sc != ScopeMonsters && sc != ScopeAllMonsters && sc != ScopeNearestMonster {
		for p := 0; p < int(s.N); p++ {
			if in(s.posOf(p)) {
				dst = append(dst, p)
			}
		}
	}
	if sc != ScopePioneers && sc != ScopeAllPioneers && sc != ScopeTilePioneers {
		for _, m := range s.Order {
			if in(int(s.Mx[m].Pos)) {
				dst = append(dst, MonsterBase+int(m))
			}
		}
	}
	return dst
}

func (s *State) forEach(user, subject int, sc Scope, fn func(cr int)) {
	var buf [16]int
	for _, cr := range s.collect(user, subject, sc, buf[:0]) {
		fn(cr)
	}
}

// heal restores n health, never above the maximum (MA §7.3).
func (s *State) heal(cr, n int) {
	switch {
	case isPioneer(cr):
		v := int(s.P[cr].HP) + n
		if mx := int(s.pioneerCard(cr).MaxHP); v > mx {
			v = mx
		}
		s.P[cr].HP = int8(v)
	case isMonster(cr):
		w := int(s.Mx[cr-MonsterBase].Wounds) - n
		if w < 0 {
			w = 0
		}
		s.Mx[cr-MonsterBase].Wounds = int8(w)
	default:
		return
	}
	s.log.Add(evHeal, game.NoAgent, int32(cr), int32(n), 0)
}

// markerOwner is whose marker a continuous effect of source src used by
// user takes: the pioneer's own, or -1 for a horror marker (monsters and
// horror events, MA §18.5).
func markerOwner(src int32, user int) int {
	if kind, _, _ := refParts(src); !isPioneer(user) || kind == refMonster || (kind == refEvent && user < 0) {
		return -1
	}
	return user
}

// markerFree reports whether owner (-1 for the horror side) has a marker
// left (MA §18.5).
func (s *State) markerFree(owner int) bool {
	limit := PioneerMarkers
	if owner < 0 {
		limit = HorrorMarkers
	}
	return s.markersUsed(owner) < limit
}

// modify resolves a continuous effect (MA §18.4, §18.5, §18.7): it needs a
// free marker (one per ability use, MA §17.8) and may stack Times times per
// round.
func (s *State) modify(f *game.Frame, e *Effect, user, subject int) {
	owner := markerOwner(f.Src, user)
	if f.Step == 0 {
		if !s.markerFree(owner) {
			return // no marker left: the effect does not happen
		}
	}
	times := int(e.Times)
	if times < 1 {
		times = 1
	}
	var buf [16]int
	for _, cr := range s.collect(user, subject, e.On, buf[:0]) {
		n := 0
		for i := range s.Mods {
			if int(s.Mods[i].Owner) == owner && s.Mods[i].Src == f.Src && s.Mods[i].Stat == e.Stat && int(s.Mods[i].Target) == cr {
				n++
			}
		}
		if n >= times {
			continue
		}
		s.Mods = append(s.Mods, Mod{Target: int16(cr), Stat: e.Stat, N: e.N, Owner: int8(owner), Marker: f.Step == 0, Src: f.Src})
		f.Step = 1
	}
}

// teleportEffect resolves OpTeleport (MA §10.6, §22.A.1).
func (s *State) teleportEffect(f *game.Frame, e *Effect, subject int) {
	c := s.posOf(subject)
	if c < 0 {
		return
	}
	if e.Kind == KindNone || e.Any {
		// "Teleport 0–N cells" or "to any cell of a kind": the user picks
		// (MA §10.6, §22.A.1), also for a target it teleports (the
		// Teleporter, MA §21.3), and is credited with a kill on a chasm.
		user := int(int16(f.B))
		who := s.agentOf(subject)
		if user >= 0 {
			who = s.agentOf(user)
		}
		s.push(opTeleportPick, who, f.Src, int32(subject), int32(e.N), int32(e.Kind)|int32(user+1)<<8)
		return
	}
	dest := s.nearestOfKind(c, e.Kind)
	if dest >= 0 {
		s.teleport(subject, dest, int(int16(f.B)))
	}
}

// doTeleportPick offers the cells a teleport may reach: free cells within
// f.A (f.B&255 = KindNone) or every cell of kind f.B&255 on the board,
// chasms included when the chooser may move a creature onto one (a pioneer
// or a monster it controls: «Существо, которое … перенесли на клетку
// пропасти, уничтожено», MA §12.6, R-CHASM); then teleports creature f.Tgt
// there, crediting the user (f.B>>8, plus 1) with a kill on a chasm.
func (s *State) doTeleportPick(f *game.Frame) game.Control {
	cr := int(f.Tgt)
	c := s.posOf(cr)
	if c < 0 {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code != CodePass {
			by := int(f.B>>8) - 1
			if by < 0 {
				by = cr
			}
			s.teleport(cr, int(o.Arg), by)
		}
		return game.Done
	}
	s.ask(f.Who, PromptTarget, f.Src)
	s.opt(CodePass, -1, 0)
	kind := CellKind(f.B & 255)
	chooser := int(f.B>>8) - 1
	if chooser < 0 {
		chooser = cr
	}
	chasm := s.mayEnterChasm(chooser)
	for n := 0; n < NumCells; n++ {
		if n == c || !s.Board.Present(n) {
			continue
		}
		if kind == KindNone {
			if Cheb(n, c) <= int(f.A) && s.free(n) && (chasm || !s.isChasm(n)) {
				s.opt(CodeCell+game.ActionCode(n), int32(n), 0)
			}
		} else if s.Board.Kind[n] == kind && s.Board.Dest[n] == 0 {
			s.opt(CodeCell+game.ActionCode(n), int32(n), 0)
		}
	}
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}
