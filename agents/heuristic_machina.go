package agents

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
)

// The Machina Arcana heuristic. A pioneer works toward the chapter's way on:
// the exit token when one is placed (leave the board), a lair cell to seal
// once the party holds the 4 inspiration it costs, a lit chapter cell, an
// unlit one once the party holds the 3 it costs (supporters pay together,
// MA §7.5), in the finale the ritual cells, otherwise chests and event cells
// (inspiration and items), an unexplored border, and last the chapter cell
// to wait by. It steps along shortest paths, keeps off cells next to
// monsters when it can, uses a cell when next to it, attacks a monster (or
// an explosive barrel beside monsters) in reach and in clear sight, pays a
// closed chapter's progress in health while it can spare it, heals the hurt,
// draws items from its class's deck and equips them, and keeps the party's
// inspiration for the chapter cell or the seal (boosting a roll or soaking a
// wound only when it can spare it or is about to fall). On the monster side
// it attacks the pioneer in reach and closes in on the nearest one.
// Elsewhere (windows, tie-breaks) it takes the first option.

// chooseMachina returns the option index the heuristic picks in s.
func chooseMachina(s *machina.State, rng *game.RNG) int {
	p := s.Prompt()
	var scores [256]float64
	n := len(p.Options)
	if n > len(scores) {
		return rng.IntN(n)
	}
	actor := s.Acting()
	monsterSide := int(p.Actor) == int(s.N)
	if (actor < 0 || p.Kind == machina.PromptReaction) && int(p.Actor) >= 0 && int(p.Actor) < int(s.N) {
		actor = int(p.Actor) // a pioneer asked outside a turn (a wound, MA §7.3; a reaction window, MA §16.6)
	}
	var dist [machina.NumCells]int16
	if actor >= 0 {
		goalField(s, actor, monsterSide, &dist)
	}
	for i, o := range p.Options {
		scores[i] = scoreMachina(s, p.Kind, o, actor, monsterSide, &dist)
	}
	return pickBest(scores[:n], rng)
}

// scoreMachina rates one option.
func scoreMachina(s *machina.State, kind game.PromptKind, o game.Option, actor int, monsterSide bool, dist *[machina.NumCells]int16) float64 {
	c := o.Code
	here := -1
	if actor >= 0 {
		here = s.Position(actor)
	}
	toward := func(n int) float64 {
		if here < 0 || n < 0 || n >= machina.NumCells || dist[n] < 0 || dist[here] < 0 {
			return 0
		}
		return float64(dist[here] - dist[n])
	}
	pioneer := actor >= 0 && actor < machina.MaxPioneers && !monsterSide
	switch kind {
	case machina.PromptSoak:
		// MA §7.3: inspiration instead of health only when the wound would
		// bring the pioneer low, or the inspiration is not needed.
		if c == machina.CodeYes {
			if pioneer && (s.P[actor].HP <= 2 || !savingInspiration(s, actor, 1)) {
				return 2
			}
			return 0
		}
		if c >= machina.CodePioneer && c < machina.CodePioneer+machina.MaxPioneers && pioneer {
			// MA §7.5: a supporter pays when it can spare it or the wounded
			// pioneer is about to fall.
			if q := int(o.Arg); s.P[actor].HP <= 2 || !savingInspiration(s, q, 1) {
				return 1.5 + 0.1*float64(s.P[q].Insp)
			}
			return 0
		}
		return 1
	case machina.PromptBoost:
		// MA §7.4: add what the roll needs unless it is kept for a chapter cell.
		n := float64(c - machina.CodeAmount)
		if pioneer && savingInspiration(s, actor, int(n)) {
			return -n
		}
		// The options stop at what the roll needs or at all the pioneer has;
		// all it has may still fall short, so that is spent only when one
		// point is the most it can be.
		if top := len(s.Prompt().Options) - 1; pioneer && top >= 2 && top >= int(s.P[actor].Insp) {
			return -n
		}
		return n
	case machina.PromptEventCell:
		// MA §12.10: (a) the inspiration.
		if o.Arg == 0 {
			return 2
		}
		return 1
	case machina.PromptDrawMode:
		// MA §13.8: two cards of the deck the class equips for free.
		if pioneer && int(o.Arg) == int(classDeck(s, actor)) {
			return 3
		}
		return 1
	case machina.PromptLoadout:
		// MA §13.11: equip what beats the best equipped card of its deck;
		// attach upgrades and extensions; else done.
		switch {
		case c == machina.CodePass:
			return 2
		case c >= machina.CodeItem && c < machina.CodeItem+machina.MaxItems && pioneer:
			i := int(c - machina.CodeItem)
			return 2 + itemValue(s, i) - bestEquipped(s, actor, s.Content().Items[i].Deck)
		case c >= machina.CodeAttach && c < machina.CodeAttach+machina.MaxItems:
			return 3
		}
		return 1
	case machina.PromptExitCell:
		// MA §14.5: the exit where the party can reach it soonest.
		if c >= machina.CodeCell && c < machina.CodeDoor {
			return -float64(partyDistance(s, int(c-machina.CodeCell)))
		}
		return 0
	case machina.PromptSupport:
		// MA §7.5: the point comes from whoever holds the most.
		if c >= machina.CodePioneer && c < machina.CodePioneer+machina.MaxPioneers {
			return float64(s.P[o.Arg].Insp)
		}
		return 0
	case machina.PromptFreeEquip:
		if c == machina.CodeYes {
			return 2
		}
		return 1
	}
	switch {
	case c == machina.CodePass:
		if kind == machina.PromptAction || kind == machina.PromptMonster {
			return 0.5
		}
		return 0.2
	case c == machina.CodeYes:
		return 1
	case c >= machina.CodeMove && c < machina.CodeMove+8:
		if pioneer {
			// Closer to the goal, away from monsters.
			return 2*toward(int(o.Arg)) - 1.5*float64(monstersNext(s, int(o.Arg))) + 0.4
		}
		return 2 + 2*toward(int(o.Arg))
	case c >= machina.CodeOpenDoor && c < machina.CodeOpenDoor+4:
		return 1.5
	case c >= machina.CodeCloseDoor && c < machina.CodeBreakDoor+4:
		return 0.1
	case c >= machina.CodeUseCell && c < machina.CodeUseCell+8:
		if monsterSide {
			return 0.3
		}
		k := s.Board.Effective(int(o.Arg))
		switch k {
		case machina.KindChapter:
			if chapterAdvances(s) {
				return 12
			}
			return 0.1
		case machina.KindChest, machina.KindEvent, machina.KindWorkbench:
			return 6
		case machina.KindRecharge:
			if actor >= 0 && actor < machina.MaxPioneers && s.P[actor].Stamina < 3 {
				return 5
			}
		}
		return 1
	case c >= machina.CodeSeal && c < machina.CodeSeal+8:
		return 8
	case c == machina.CodeExplore:
		return 7
	case c == machina.CodeLeave:
		return 20
	case kind == machina.PromptAction && c >= machina.CodePioneer && c < machina.CodePioneer+machina.MaxPioneers:
		return 0.2 // letting a neighbour use its inventory (MA §13.11): rarely worth 3 stamina
	case c == machina.CodeInventory, c >= machina.CodeTrade && c < machina.CodeTrade+machina.MaxPioneers:
		if kind == machina.PromptLoadout {
			return 0.1 // giving items away inside Use inventory (MA §13.11 step 4): keep them
		}
		return 0.3
	case c >= machina.CodeAbility && c < machina.CodeCell:
		return scoreAbility(s, c, actor, monsterSide)
	case c >= machina.CodeCell && c < machina.CodeDoor:
		cell := int(c - machina.CodeCell)
		switch kind {
		case machina.PromptStep:
			return 2 + toward(cell)
		case machina.PromptTarget, machina.PromptMonster:
			return scoreTarget(s, cell, monsterSide)
		}
		return 1
	case c >= machina.CodeAmount && c < machina.CodeAmount+10:
		return float64(c - machina.CodeAmount) // spend inspiration on the roll
	case c >= machina.CodeItem && c < machina.CodeItem+machina.MaxItems:
		return 2 + float64(s.Content().Items[c-machina.CodeItem].Level)
	}
	return 1
}

// scoreTarget rates a target cell: a monster for a pioneer (the weakest
// first), a pioneer for the monster side (the weakest first).
func scoreTarget(s *machina.State, cell int, monsterSide bool) float64 {
	cr := int(s.Occ[cell])
	switch {
	case cr < 0:
		if !monsterSide && s.InFinale && s.Board.Effective(cell) == machina.KindRitual {
			return 12 // a ritual cell (MA §21.6)
		}
		if !monsterSide && s.Board.Effective(cell) == machina.KindBarrel {
			return 0.1 + 6*barrelValue(s, cell, false) // MA §12.11
		}
		return 0.5
	case cr < machina.MaxPioneers:
		if monsterSide {
			return 10 - float64(s.Health(cr))
		}
		// A helpful effect on a friend: the most hurt first (a heal); an
		// attack on a friend stays below any monster.
		return 1 + 0.5*float64(missingHealth(s, cr))
	default:
		if monsterSide {
			return 0.5
		}
		return 10 - float64(s.Health(cr))
	}
}

// scoreAbility rates using an ability: attacks when an enemy is near, heals
// when hurt, the chapter's abilities always.
func scoreAbility(s *machina.State, c game.ActionCode, actor int, monsterSide bool) float64 {
	ct := s.Content()
	var ab *machina.Ability
	if c >= machina.CodeItemAbility {
		k := int(c - machina.CodeItemAbility)
		if abs := ct.Items[k/4].Abilities; k%4 < len(abs) {
			ab = &abs[k%4]
		}
	} else {
		k := int(c - machina.CodeAbility)
		src, a := k/4, k%4
		switch {
		case src == machina.SrcPioneerEvent:
			if e := s.CurrentEvent(false); e >= 0 {
				if abs := ct.Events[e].Abilities; a < len(abs) {
					ab = &abs[a]
				}
			}
		case src == machina.SrcChapter:
			// A closed chapter's progress is paid in health (MA §14.2).
			if actor >= 0 && actor < machina.MaxPioneers && s.P[actor].HP+s.P[actor].Insp < 3 {
				return 0.1
			}
			return 7
		case src == machina.SrcPioneer && actor >= 0 && actor < machina.MaxPioneers:
			if abs := ct.Pioneers[s.P[actor].Card].Abilities; a < len(abs) {
				ab = &abs[a]
			}
		case src == machina.SrcMonster && s.ActiveMon >= 0:
			if abs := ct.Monsters[s.ActiveMon].Abilities; a < len(abs) {
				ab = &abs[a]
			}
		}
	}
	if ab == nil {
		return 1.5
	}
	if lightsOnly(ab) && !unlitChapterOnTile(s, actor) {
		return 0 // nothing to light (MA §12.13)
	}
	score := 1.0
	for _, e := range ab.Effects {
		if e.Op == machina.OpAttack && !monsterSide {
			score = 0 // an attack with no monster worth it in reach waits (MA §9)
		}
	}
	for _, e := range ab.Effects {
		switch e.Op {
		case machina.OpAttack:
			if monsterSide {
				if enemyNear(s, actor, monsterSide, int(ab.Range)) {
					score = max(score, 10+float64(e.Strong)+0.5*float64(e.Weak))
				}
				continue
			}
			// A pioneer attacks the monster in reach it is likeliest to hit
			// (MA §9.3), when that chance is worth the stamina.
			if ab.Target != machina.TargetMelee && ab.Target != machina.TargetRanged && ab.Target != machina.TargetRangedIgn {
				continue
			}
			if p := bestHitChance(s, actor, ab, &e); p >= 0.3 {
				score = max(score, 4+10*p)
			} else if s.InFinale && p >= 0.05 {
				// The finale's clock (MA §21.6) makes any chance at a
				// ritual cell better than stamina left unused.
				score = max(score, 3+10*p)
			}
		case machina.OpHeal:
			// Worth its stamina when the pioneer it can reach (itself, or
			// any on its tile for an any-pioneer heal) has lost 2 health,
			// or 1 and is low.
			if actor >= 0 && actor < machina.MaxPioneers && !monsterSide {
				for q := 0; q < int(s.N); q++ {
					if q != actor && (ab.Target != machina.TargetAnyPioneer || !sameTile(s, actor, q)) {
						continue
					}
					if lost := missingHealth(s, q); lost >= 2 || (lost >= 1 && s.P[q].HP <= 2) {
						score = max(score, 6)
					}
				}
			}
		}
	}
	return score
}

// enemyNear reports whether an enemy of the actor stands within rng cells
// (1 for melee) in plain sight.
func enemyNear(s *machina.State, actor int, monsterSide bool, rng int) bool {
	here := s.Position(actor)
	if here < 0 {
		return false
	}
	rng = max(rng, 1)
	for c := 0; c < machina.NumCells; c++ {
		cr := int(s.Occ[c])
		if cr < 0 || (cr < machina.MaxPioneers) != monsterSide {
			continue
		}
		if machina.Cheb(here, c) <= rng && s.Board.LineOfSight(here, c, machina.SightPlain, nil) {
			return true
		}
	}
	return false
}

// goalField writes into dist the steps from each cell to the actor's goal
// (-1 where none leads): for the monster side the pioneers, for a pioneer
// the first kind of goal the board has.
func goalField(s *machina.State, actor int, monsterSide bool, dist *[machina.NumCells]int16) {
	var goals [machina.NumCells]bool
	g := &s.Board
	found := false
	mark := func(pred func(c int) bool) {
		if found {
			return
		}
		for c := 0; c < machina.NumCells; c++ {
			if g.Present(c) && pred(c) {
				goals[c], found = true, true
			}
		}
	}
	if monsterSide {
		mark(func(c int) bool { cr := int(s.Occ[c]); return cr >= 0 && cr < machina.MaxPioneers })
	} else {
		chapter := func(c int) bool { return g.Effective(c) == machina.KindChapter }
		mark(func(c int) bool { return s.Exit[0] >= 0 && (int(s.Exit[0]) == c || int(s.Exit[1]) == c) })
		if canSeal(s, actor) && (s.InFinale || chapterAdvances(s)) {
			// MA §12.8: sealing a lair cell stops the spawns of its tile
			// (the last one), lowers danger and lights the chapter cell
			// (MA §12.13), so the chapter then costs 1 stamina; the cells
			// next to an unsealed lair cell are the goal (standing on it
			// offers no seal).
			mark(func(c int) bool { return g.Passable(c) && nextToLair(s, c) })
		}
		if chapterAdvances(s) {
			mark(func(c int) bool { return chapter(c) && g.Lit[c] })
			if actor < machina.MaxPioneers && partyInspiration(s) >= 3 {
				// MA §7.5: pioneers chained by adjacency to the user or the
				// cell pay together, so the party gathers at the cell.
				mark(chapter)
			}
		}
		if s.InFinale {
			// MA §21.6: the ritual cells, next to one to attack it.
			mark(func(c int) bool { return g.Effective(c) == machina.KindRitual })
		}
		mark(func(c int) bool {
			k := g.Effective(c)
			return k == machina.KindChest || k == machina.KindEvent
		})
		if !s.InFinale {
			mark(func(c int) bool { _, ok := g.UnexploredSide(c); return ok })
		}
		mark(chapter)
		mark(func(c int) bool { cr := int(s.Occ[c]); return cr >= machina.MonsterBase })
	}
	// Breadth-first from every goal over passable cells, creatures ignored.
	var queue [machina.NumCells]int16
	head, tail := 0, 0
	for c := range dist {
		dist[c] = -1
		if goals[c] {
			dist[c] = 0
			queue[tail] = int16(c)
			tail++
		}
	}
	for head < tail {
		a := int(queue[head])
		head++
		for d := machina.Direction(0); d < 8; d++ {
			n := machina.Step(a, d)
			if n < 0 || dist[n] >= 0 || !g.Passable(n) || !g.Adjacent(a, n) {
				continue
			}
			dist[n] = dist[a] + 1
			queue[tail] = int16(n)
			tail++
		}
	}
}

// evaluateMachina estimates the pioneers' final score in [-1, 1]: progress
// through the chapters (in the finale the share of ritual cells destroyed,
// MA §21.6; within a chapter: the inspiration an unlit chapter cell
// costs, or the share of the party gone through the exit, MA §12.13, §14.5),
// the team's health, against the danger track and the monsters in play.
func evaluateMachina(s *machina.State) float64 {
	prog := 1.0
	if s.InFinale && len(s.Chapters) > 0 && len(s.Rituals) > 0 {
		// MA §21.6: the finale's progress is the ritual cells destroyed.
		down := 0
		for _, r := range s.Rituals {
			if r.HP <= 0 {
				down++
			}
		}
		prog = (float64(s.ChapterPos) + float64(down)/float64(len(s.Rituals))) / float64(len(s.Chapters)-1)
	}
	if !s.InFinale && len(s.Chapters) > 0 {
		frac, alive, off, insp := 0.0, 0, 0, 0
		for i := 0; i < int(s.N); i++ {
			if p := &s.P[i]; p.Alive {
				alive++
				if s.Position(i) < 0 {
					off++
				}
				insp = max(insp, int(p.Insp))
			}
		}
		switch {
		case s.Exit[0] >= 0 && alive > 0:
			frac = 0.8 * float64(off) / float64(alive)
		case chapterAdvances(s):
			frac = 0.3 * float64(min(insp, 3)) / 3
		}
		prog = (float64(s.ChapterPos) + frac) / float64(len(s.Chapters))
	}
	hp, alive := 0.0, 0
	for i := 0; i < int(s.N); i++ {
		if p := &s.P[i]; p.Alive {
			alive++
			hp += float64(p.HP) / float64(max(1, int(s.Content().Pioneers[p.Card].MaxHP)))
		}
	}
	if alive == 0 {
		return -1
	}
	// Danger climbs through the monster levels (MA §6.5.1): the marker
	// going back to the first division raises the level, it does not help.
	danger := (float64(s.Level-1) + float64(s.Danger)/float64(max(1, s.DangerTrack()))) / 4
	v := 0.7*prog + 0.4*hp/float64(s.N) - 0.4*danger - 0.05*float64(len(s.Order)) - 0.3
	return max(-1, min(1, v))
}

// classDeck is the item deck the actor's class equips for free (MA §13.8);
// a master takes weapons.
func classDeck(s *machina.State, actor int) machina.Deck {
	switch s.Content().Pioneers[s.P[actor].Card].Class {
	case machina.Shooter:
		return machina.Clothing
	case machina.Mystic:
		return machina.Artifact
	}
	return machina.Weapon
}

// chapterAdvances reports whether using a chapter cell goes to the next
// chapter now (MA §12.13 step 2): the chapter is open and no exit is placed.
func chapterAdvances(s *machina.State) bool {
	ch := s.ChapterCard()
	return !s.InFinale && ch != nil && !ch.Closed && s.Exit[0] < 0
}

// savingInspiration reports whether spending n inspiration would leave the
// party short of what it still needs: an unlit chapter cell's 3 (MA
// §12.13), or in the finale the 4 that seal its lair cell (MA §12.8) and
// stop its spawns.
func savingInspiration(s *machina.State, actor, n int) bool {
	if actor < 0 || actor >= machina.MaxPioneers || n <= 0 {
		return false
	}
	need := 0
	switch {
	case s.InFinale:
		for c := 0; c < machina.NumCells && need == 0; c++ {
			if s.Board.Effective(c) == machina.KindLair {
				need = 4
			}
		}
	case chapterAdvances(s):
		need = 3
		for c := 0; c < machina.NumCells; c++ {
			if s.Board.Effective(c) == machina.KindChapter && s.Board.Lit[c] {
				return false
			}
		}
	}
	insp := partyInspiration(s)
	if s.InFinale && insp < need {
		return false // no seal within reach: the clock comes first
	}
	return insp-n < need && insp >= 1
}

// partyInspiration is the inspiration of the pioneers on the board: what
// they can pay together for a chapter cell or a seal once gathered (MA §7.5).
func partyInspiration(s *machina.State) int {
	n := 0
	for q := 0; q < int(s.N); q++ {
		if s.P[q].Alive && s.Position(q) >= 0 {
			n += int(s.P[q].Insp)
		}
	}
	return n
}

// canSeal reports whether a pioneer holds the 4 inspiration a lair seal
// costs (MA §12.8) and has no lit chapter cell to use instead.
func canSeal(s *machina.State, actor int) bool {
	if actor < 0 || actor >= machina.MaxPioneers || partyInspiration(s) < 4 {
		return false
	}
	for c := 0; c < machina.NumCells; c++ {
		if s.Board.Effective(c) == machina.KindChapter && s.Board.Lit[c] && !s.InFinale {
			return false
		}
	}
	return true
}

// nextToLair reports whether cell c is adjacent to an unsealed lair cell.
func nextToLair(s *machina.State, c int) bool {
	for d := machina.Direction(0); d < 8; d++ {
		if n := machina.Step(c, d); n >= 0 && s.Board.Effective(n) == machina.KindLair && s.Board.Adjacent(c, n) {
			return true
		}
	}
	return false
}

// missingHealth is the health pioneer q has lost (0 when it is dead).
func missingHealth(s *machina.State, q int) int {
	if !s.P[q].Alive {
		return 0
	}
	return int(s.Content().Pioneers[s.P[q].Card].MaxHP) - int(s.P[q].HP)
}

// sameTile reports whether pioneers p and q stand on the same tile.
func sameTile(s *machina.State, p, q int) bool {
	a, b := s.Position(p), s.Position(q)
	return a >= 0 && b >= 0 && machina.TileOf(a) == machina.TileOf(b)
}

// monstersNext counts the monsters adjacent to cell c.
func monstersNext(s *machina.State, c int) int {
	if c < 0 || c >= machina.NumCells {
		return 0
	}
	n := 0
	for d := machina.Direction(0); d < 8; d++ {
		a := machina.Step(c, d)
		if a >= 0 && int(s.Occ[a]) >= machina.MonsterBase && s.Board.Adjacent(c, a) {
			n++
		}
	}
	return n
}

// hitChance is the chance that strong and weak attack dice (MA §8) sum to at
// least need.
func hitChance(strong, weak int8, need int) float64 {
	if need <= 0 {
		return 1
	}
	var dist [16]float64
	dist[0] = 1
	roll := func(faces [6]int) {
		var next [16]float64
		for v, p := range dist {
			if p == 0 {
				continue
			}
			for _, f := range faces {
				if v+f < len(next) {
					next[v+f] += p / 6
				}
			}
		}
		dist = next
	}
	for i := int8(0); i < strong; i++ {
		roll([6]int{0, 1, 1, 2, 2, 3})
	}
	for i := int8(0); i < weak; i++ {
		roll([6]int{0, 1, 1, 1, 2, 2})
	}
	p := 0.0
	for v := need; v < len(dist); v++ {
		p += dist[v]
	}
	return p
}

// bestHitChance is the best chance the actor's attack hits a monster it may
// target with ab: adjacent for a melee symbol, within range and in sight for
// a ranged one (MA §17.6, §17.7); incorporeal monsters left out (MA §10.1).
// Inspiration it can spare counts toward the roll (MA §7.4).
func bestHitChance(s *machina.State, actor int, ab *machina.Ability, e *machina.Effect) float64 {
	here := s.Position(actor)
	if here < 0 {
		return 0
	}
	spare := 0
	if actor < machina.MaxPioneers && !savingInspiration(s, actor, 1) {
		spare = int(s.P[actor].Insp)
	}
	best := 0.0
	for _, m := range s.Order {
		cr := machina.MonsterBase + int(m)
		c := s.Position(cr)
		if c < 0 || s.Incorporeal(cr) {
			continue
		}
		if !inReach(s, here, c, ab) {
			continue
		}
		stat := s.Defence(cr)
		if e.Magic {
			stat = s.Will(cr)
		}
		p := hitChance(e.Strong, e.Weak, stat-spare)
		if s.Health(cr) == 1 {
			p *= 1.2 // a kill gives inspiration (MA §7.6)
		}
		best = max(best, p)
	}
	// An explosive barrel in reach (defence and will 1) attacks every
	// creature next to it with 3 strong dice (MA §12.11): worth it when
	// enemies stand there and no pioneer does.
	for c := 0; c < machina.NumCells; c++ {
		if s.Board.Effective(c) != machina.KindBarrel || !inReach(s, here, c, ab) {
			continue
		}
		if v := barrelValue(s, c, e.Magic); v > 0 {
			best = max(best, hitChance(e.Strong, e.Weak, 1-spare)*v)
		}
	}
	// The finale's ritual cells are attack-only creatures (MA §21.6).
	for c := 0; c < machina.NumCells && s.InFinale; c++ {
		if s.Board.Effective(c) != machina.KindRitual {
			continue
		}
		if !inReach(s, here, c, ab) {
			continue
		}
		stat := s.Defence(machina.CellBase + c)
		if e.Magic {
			stat = s.Will(machina.CellBase + c)
		}
		best = max(best, 1.3*hitChance(e.Strong, e.Weak, stat-spare))
	}
	return best
}

// inReach reports whether an ability of the creature at here may target
// cell c: adjacent for a melee symbol; within range and in sight for a ranged
// one, where the [R≤X/blk] symbol's sight is blocked by other creatures too
// (MA §17.3, §17.6, §17.7) — else the only target left may be a friend
// standing in the line.
func inReach(s *machina.State, here, c int, ab *machina.Ability) bool {
	if ab.Target == machina.TargetMelee {
		return s.Board.Adjacent(here, c)
	}
	if machina.Cheb(here, c) > max(1, int(ab.Range)) {
		return false
	}
	if ab.Target == machina.TargetRanged {
		return s.Board.LineOfSight(here, c, machina.SightObstacles, &s.Occ)
	}
	return s.Board.LineOfSight(here, c, machina.SightPlain, nil)
}

// barrelValue is what a barrel at c blowing up is worth (MA §12.11): the
// chance of its 3 strong dice against each monster or ritual cell next to
// it (a ritual cell counted higher, MA §21.6), 0 when a pioneer stands next
// to it.
func barrelValue(s *machina.State, c int, magic bool) float64 {
	v := 0.0
	for d := machina.Direction(0); d < 8; d++ {
		n := machina.Step(c, d)
		if n < 0 || !s.Board.Adjacent(c, n) {
			continue
		}
		cr := int(s.Occ[n])
		if cr >= 0 && cr < machina.MaxPioneers {
			return 0
		}
		switch {
		case cr >= machina.MonsterBase && cr < machina.CellBase:
			st := s.Defence(cr)
			if magic {
				st = s.Will(cr)
			}
			v += hitChance(3, 0, st)
		case s.InFinale && s.Board.Effective(n) == machina.KindRitual:
			st := s.Defence(machina.CellBase + n)
			if magic {
				st = s.Will(machina.CellBase + n)
			}
			v += 1.3 * hitChance(3, 0, st)
		}
	}
	return v
}

// itemValue rates an item card: its level and the mean of its attack dice
// (MA §8).
func itemValue(s *machina.State, i int) float64 {
	card := &s.Content().Items[i]
	v := 2 * float64(card.Level)
	for k := range card.Abilities {
		for _, e := range card.Abilities[k].Effects {
			if e.Op == machina.OpAttack {
				v = max(v, 2*float64(card.Level)+1.5*float64(e.Strong)+7.0/6*float64(e.Weak))
			}
		}
	}
	return v
}

// bestEquipped is the best itemValue among the actor's equipped cards of a
// deck (0 when none).
func bestEquipped(s *machina.State, actor int, d machina.Deck) float64 {
	best := 0.0
	for i := range s.Items {
		if it := &s.Items[i]; it.Zone == machina.ZoneEquipped && int(it.Owner) == actor && s.Content().Items[i].Deck == d {
			best = max(best, itemValue(s, i))
		}
	}
	return best
}

// lightsOnly reports whether an ability only lights a chapter cell.
func lightsOnly(ab *machina.Ability) bool {
	for _, e := range ab.Effects {
		if e.Op != machina.OpLightChapter {
			return false
		}
	}
	return len(ab.Effects) > 0
}

// unlitChapterOnTile reports whether the actor's tile holds an unlit chapter
// cell (MA §12.13: the light goes to the nearest one on the tile).
func unlitChapterOnTile(s *machina.State, actor int) bool {
	here := s.Position(actor)
	if here < 0 {
		return false
	}
	for c := 0; c < machina.NumCells; c++ {
		if machina.TileOf(c) == machina.TileOf(here) && s.Board.Effective(c) == machina.KindChapter && !s.Board.Lit[c] {
			return true
		}
	}
	return false
}

// partyDistance sums the distances from the living pioneers on the board to
// cell c.
func partyDistance(s *machina.State, c int) int {
	d := 0
	for p := 0; p < int(s.N); p++ {
		if at := s.Position(p); at >= 0 {
			d += machina.Cheb(at, c)
		}
	}
	return d
}
