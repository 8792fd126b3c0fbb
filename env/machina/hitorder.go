package machina

import "github.com/mythos-rl/mythos/env/game"

// The order of an attack's hits (MA §17.9, «Несколько целей»: «Если эффект
// влияет сразу на несколько существ или клеток поля, примените эффект к
// каждой цели по отдельности (в любом порядке)», R-EVADERS): "apply the
// effect to each target separately, in any order". When the order can
// change the game, the attacking side chooses which hit resolves next; when
// it cannot, the hits resolve in the order of evaders (pioneers by seat,
// monsters by the monster order, cells by index) without a prompt.

// pushHits resolves one attack roll's hits on the creatures of hit (in the
// order of evaders), credited to credit; bits is opHit's B (magic, the
// attacking item).
func (s *State) pushHits(attacker, credit int, bits int32, hit []int) {
	if len(hit) >= 2 && s.hitOrderMatters(attacker, credit, hit) {
		start := len(s.HitQueue)
		for _, e := range hit {
			s.HitQueue = append(s.HitQueue, int16(e))
		}
		s.push(opHitOrder, s.hitChooser(attacker, credit), int32(credit), int32(start), int32(len(hit)), bits)
		return
	}
	for i := len(hit) - 1; i >= 0; i-- {
		s.push(opHit, s.agentOf(hit[i]), int32(credit), int32(hit[i]), 1, bits)
	}
}

// hitOrderMatters reports whether the order of the hits could change the
// game: a pioneer among them (inspiration lost instead, supporters, last
// health, and the inspiration a kill before it gives: MA §7.3, §7.5, §7.6,
// §18.6), a barrel (its explosion reaches the others, MA §12.11), a monster
// the hit destroys whose destruction sets off effects ("when destroyed", the
// killer's "when you kill"), or an attacker with "when you deal damage"
// abilities. Otherwise each hit only wounds a monster, destroys one with
// nothing to follow, or takes a ritual cell's health, and every order ends
// the same.
func (s *State) hitOrderMatters(attacker, credit int, hit []int) bool {
	killTriggers := isPioneer(credit) && (s.hasAbilityWhen(credit, WhenKill) || s.hasAbilityWhen(credit, WhenKillWith))
	for _, e := range hit {
		switch {
		case isPioneer(e):
			return true
		case isCellCreature(e):
			if s.barrelAt(e - CellBase) {
				return true
			}
		case isMonster(e) && s.health(e) <= 1:
			if killTriggers || s.hasAbilityWhen(e, WhenDestroyed) {
				return true
			}
		}
	}
	return attacker >= 0 && !isCellCreature(attacker) && s.hasAbilityWhen(attacker, WhenDealt)
}

// hasAbilityWhen reports whether creature cr has an ability triggered at w
// among those pushTriggersFor would look at (its conditions not checked).
func (s *State) hasAbilityWhen(cr int, w When) bool {
	has := func(abs []Ability) bool {
		for i := range abs {
			if abs[i].When == w {
				return true
			}
		}
		return false
	}
	if isMonster(cr) {
		if e := s.currentEvent(true); e >= 0 && has(s.ct.Events[e].Abilities) {
			return true
		}
		return has(s.ct.Monsters[cr-MonsterBase].Abilities)
	}
	if !isPioneer(cr) || !s.P[cr].Alive {
		return false
	}
	if has(s.pioneerCard(cr).Abilities) {
		return true
	}
	for k := 0; k < int(s.P[cr].PersonalN); k++ {
		if has(s.ct.Events[s.P[cr].Personal[k]].Abilities) {
			return true
		}
	}
	for i := range s.ct.Items {
		if s.Items[i].Zone == ZoneEquipped && int(s.Items[i].Owner) == cr && has(s.ct.Items[i].Abilities) {
			return true
		}
	}
	return false
}

// hitChooser is who orders an attack's hits: the attacking pioneer, the
// pioneer controlling the attacking monster (MA §10.3), the pioneer who set
// off a barrel or a trap, else the team (MA §19.3).
func (s *State) hitChooser(attacker, credit int) game.AgentID {
	switch {
	case isPioneer(attacker) && s.P[attacker].Alive:
		return game.AgentID(attacker)
	case isMonster(attacker) && s.Mx[attacker-MonsterBase].Controller >= 0:
		return game.AgentID(s.Mx[attacker-MonsterBase].Controller)
	case isPioneer(credit) && s.P[credit].Alive:
		return game.AgentID(credit)
	}
	return s.team()
}

// doHitOrder resolves the hits queued at HitQueue[f.Tgt : f.Tgt+f.A], one
// at a time, f.Who choosing the next (a PromptTarget of the hit creatures'
// cells, Arg the cell and Arg2 the creature) while two or more still
// stand; f.Src is the credit and f.B opHit's
// B. The queue is a stack: a hit that sets off another attack queues its
// hits above these, and they are gone before these resume.
func (s *State) doHitOrder(f *game.Frame) game.Control {
	start := int(f.Tgt)
	q := s.HitQueue[start : start+int(f.A)]
	if f.Answer != game.NoAnswer {
		e := int(s.answer(f).Arg2)
		for k := range q {
			if int(q[k]) == e {
				copy(q[k:], q[k+1:])
				f.A--
				break
			}
		}
		s.push(opHit, s.agentOf(e), f.Src, int32(e), 1, f.B)
		return game.Again
	}
	live := q[:0]
	for _, e := range q {
		if s.hitStanding(int(e)) {
			live = append(live, e)
		}
	}
	f.A = int32(len(live))
	if len(live) <= 1 {
		last := -1
		if len(live) == 1 {
			last = int(live[0])
		}
		s.HitQueue = s.HitQueue[:start]
		if last >= 0 {
			s.push(opHit, s.agentOf(last), f.Src, int32(last), 1, f.B)
		}
		return game.Done
	}
	s.ask(f.Who, PromptTarget, -1)
	for _, e := range live {
		c := s.posOf(int(e))
		s.opt(CodeCell+game.ActionCode(c), int32(c), int32(e))
	}
	return game.Wait
}

// hitStanding reports whether creature e can still take a hit: on the
// board, and a monster still in play.
func (s *State) hitStanding(e int) bool {
	return s.posOf(e) >= 0 && !(isMonster(e) && s.Mx[e-MonsterBase].Zone != ZonePlay)
}
