package machina

import (
	"math/bits"

	"github.com/mythos-rl/mythos/env/game"
)

// Monster turns (MA §19): predictable (§19.4–19.5), unpredictable (the
// monster side, §19.3, §23.7) and controlled by a pioneer (§10.3).

// pathField is a breadth-first distance field over the cells a predictable
// monster may walk (MA §19.5), with the secondary cost "closed doors and
// creatures on the path". It is scratch, a local of the function that
// fills and reads it within one decision (2.4 KB of stack, not of every
// State and every clone).
type pathField struct {
	Dist  [NumCells]int16
	Extra [NumCells]int16
	queue [NumCells]int16
	from  int16 // the field's origin (Dist 0)
}

const far = int16(9999)

// unreached is a distance array of cells none reached yet (-1).
var unreached = func() (d [NumCells]int8) {
	for i := range d {
		d[i] = -1
	}
	return d
}()

// farField is a Dist of cells none reached yet.
var farField = func() (d [NumCells]int16) {
	for i := range d {
		d[i] = far
	}
	return d
}()

// walkable reports whether a predictable monster's path may cross cell c
// (MA §19.5): passable, not a chasm, not an Immobile creature (rubble).
func (s *State) walkable(c int) bool {
	if !s.Board.Passable(c) || (s.Board.Kind[c] == KindChasm && s.Board.Dest[c] == 0) {
		return false
	}
	if cr := s.at(c); cr >= 0 && s.immobile(cr) {
		return false
	}
	return true
}

// fill computes the field from cell from (a creature's cell, which has a
// tile): walls and impassable cells are gone around, closed doors and
// creatures are ignored but counted. For a creature that moves through
// walls and closed doors (through, MA §10.9: the Formless Spawn) no edge
// blocks and a door costs nothing.
//
// goals lists the cells the caller may read: the search stops once the
// nearest goal is reached and its whole level is settled (the Dist and
// Extra of every goal that near final); the goals farther away, and every
// cell beyond that level, keep far. A caller that picks the nearest goals
// (nearestPioneers) reads no more; one with a single goal reads it. With no
// goals it fills every reachable cell.
func (s *State) fill(pf *pathField, from int, through bool, goals ...int) {
	g := &s.Board.Grid
	// walk memoizes walkable for the cells the search reaches (0 unknown,
	// 1 walkable, 2 not): cells beyond the reached region cost nothing.
	var walk [NumCells]uint8
	pf.Dist = farField // one block copy, not a loop of stores
	pf.from = int16(from)
	pf.Dist[from], pf.Extra[from] = 0, 0
	head, tail := 0, 0
	pf.queue[tail] = int16(from)
	tail++
	level := int16(-1)
	for head < tail {
		u := int(pf.queue[head])
		head++
		du := pf.Dist[u]
		if du != level && len(goals) > 0 {
			// A new level: every node one level closer is expanded, so the
			// goals at this level or nearer are final, and those not
			// reached yet are farther.
			level = du
			for _, gc := range goals {
				if pf.Dist[gc] <= du {
					return
				}
			}
		}
		steps := canvasSteps[u]
		if !through {
			steps = s.geo.path[u] // no wall, no blocked lattice point (geometry.go)
		}
		for ; steps != 0; steps &= steps - 1 {
			d := bits.TrailingZeros8(steps)
			v := int(neighbours[u][d])
			if dv := pf.Dist[v]; dv != far {
				if dv != du+1 {
					continue // already reached at least as soon
				}
			} else {
				w := walk[v]
				if w == 0 {
					w = 2
					if g.Kind[v] != KindNone && s.walkable(v) {
						w = 1
					}
					walk[v] = w
				}
				if w != 1 {
					continue
				}
			}
			cost := pf.Extra[u]
			if !through && d&1 == 0 && s.geo.adj[u]>>d&1 == 0 && *g.SideEdge(u, Direction(d)) == EdgeClosed {
				cost++ // a closed door on the way
			}
			if s.Occ[v] >= 0 {
				cost++
			}
			if pf.Dist[v] == far {
				pf.Dist[v], pf.Extra[v] = du+1, cost
				pf.queue[tail] = int16(v)
				tail++
			} else if cost < pf.Extra[v] {
				pf.Extra[v] = cost
			}
		}
	}
}

// targetable reports whether monster m may target pioneer p (MA §10.1).
func (s *State) targetable(m, p int) bool {
	return s.onBoardPioneer(p) && (!s.incorporeal(p) || s.seesUnseen(m))
}

// nearestPioneers returns the best pioneers for monster cr by MA §19.5 and
// §22.A.3 (distance, then fewer doors and creatures, then less health) as a
// bit set, and the distance; 0 when none can be reached. One field from the
// monster serves every pioneer: the count is symmetric. The field stops at
// the nearest pioneers' distance: only they can be the best.
func (s *State) nearestPioneers(cr int) (uint8, int) {
	var set uint8
	bd, be, bh := far, far, 99
	var goalBuf [MaxPioneers]int
	goals := goalBuf[:0]
	var targets uint8
	for p := 0; p < int(s.N); p++ {
		if s.targetable(cr, p) {
			goals = append(goals, int(s.P[p].Pos))
			targets |= 1 << p
		}
	}
	if len(goals) == 0 {
		return 0, int(far)
	}
	var pf pathField
	s.fill(&pf, s.posOf(cr), s.wallWalker(cr), goals...)
	for p := 0; p < int(s.N); p++ {
		if targets&(1<<p) == 0 {
			continue
		}
		pc := int(s.P[p].Pos)
		d, e, h := pf.Dist[pc], pf.Extra[pc], int(s.P[p].HP)
		if d == far {
			continue
		}
		switch {
		case d < bd || (d == bd && e < be) || (d == bd && e == be && h < bh):
			set, bd, be, bh = 1<<p, d, e, h
		case d == bd && e == be && h == bh:
			set |= 1 << p
		}
	}
	return set, int(bd)
}

// doMonsterTurn runs the turn of monster f.Tgt.
func (s *State) doMonsterTurn(f *game.Frame) game.Control {
	cr := int(f.Tgt)
	m := &s.Mx[cr-MonsterBase]
	if m.Zone != ZonePlay || s.over {
		return game.Done
	}
	s.ActiveMon = int8(cr - MonsterBase)
	if m.Controller >= 0 && s.P[m.Controller].Alive {
		c := s.freeMonsterTurn(f, cr, game.AgentID(m.Controller), true)
		if c == game.Done {
			m.Controller = -1 // control lasts one turn (MA §10.3)
		}
		return c
	}
	if s.MonsterSide && !s.cfg.Cooperative {
		return s.freeMonsterTurn(f, cr, s.monsterSeat(), false)
	}
	return s.predictableTurn(f, cr)
}

// predictableTurn is the loop of MA §19.4. f.A holds the pioneer chosen at a
// tie-break (+1), f.Step 1 and 2 mark the tie-break prompts.
func (s *State) predictableTurn(f *game.Frame, cr int) game.Control {
	m := &s.Mx[cr-MonsterBase]
	mc := int(m.Pos)
	// Step 1: the target pioneer (ties: the pioneers choose, MA §19.5).
	target := -1
	if f.Step == 1 && f.Answer != game.NoAnswer {
		target = int(s.answer(f).Arg)
		f.Step = 0
	}
	if f.Step == 2 && f.Answer != game.NoAnswer {
		n := int(s.answer(f).Arg)
		f.Step = 0
		m.Stamina -= int8(Cheb(mc, n)) // each cell entered (MA §10.1)
		s.moveTo(cr, n)
		return game.Again
	}
	if target < 0 {
		set, _ := s.nearestPioneers(cr)
		switch {
		case set == 0:
		case set&(set-1) == 0:
			target = bitIndex(set)
		default:
			s.ask(s.team(), PromptTieBreak, int32(cr))
			for p := 0; p < int(s.N); p++ {
				if set&(1<<p) != 0 {
					s.opt(CodePioneer+game.ActionCode(p), int32(p), 0)
				}
			}
			f.Step = 1
			return game.Wait
		}
	}
	// Step 2: an ability, by priority (MA §19.4): the current horror event,
	// then its own card in printed order.
	if ref, t, ok := s.monsterAbility(cr, target); ok {
		s.push(opAbility, s.team(), ref, int32(cr), int32(t)+1, 0)
		return game.Again
	}
	if target < 0 || m.Stamina <= 0 || s.immobile(cr) {
		return game.Done
	}
	tc := int(s.P[target].Pos)
	if s.adjacent(mc, tc) {
		return game.Done // adjacent and no ability: the loop ends (MA §19.4 step 5)
	}
	// Step 4: one cell closer.
	var pf pathField
	s.fill(&pf, tc, s.wallWalker(cr), mc) // approachSteps reads cells against Dist[mc]
	var cand [8]int
	n := s.approachSteps(&pf, cr, int(m.Stamina), cand[:0])
	if len(n) == 0 {
		// A closed door on the path: destroy it for 4 stamina, else stop.
		if m.Stamina >= 4 {
			for d := Side(0); d < 4; d++ {
				nb := Step(mc, Direction(2*d))
				if *s.Board.SideEdge(mc, Direction(2*d)) == EdgeClosed && nb >= 0 && pf.Dist[nb] < pf.Dist[mc] && s.destroyedDoors() < 10 {
					s.setDoor(mc, Direction(2*d), EdgeDestroyed)
					m.Stamina -= 4
					s.log.Add(evDoor, game.NoAgent, int32(mc), int32(d), int32(EdgeDestroyed))
					return game.Again
				}
			}
		}
		return game.Done
	}
	if len(n) == 1 {
		m.Stamina -= int8(Cheb(mc, n[0])) // each cell entered (MA §10.1)
		s.moveTo(cr, n[0])
		return game.Again
	}
	s.ask(s.team(), PromptTieBreak, int32(cr))
	for _, c := range n {
		s.opt(CodeCell+game.ActionCode(c), int32(c), 0)
	}
	f.Step = 2
	return game.Wait
}

func bitIndex(set uint8) int {
	for i := 0; i < 8; i++ {
		if set&(1<<i) != 0 {
			return i
		}
	}
	return -1
}

// approachSteps returns the best first steps toward a strictly closer cell of
// the field pf, within stamina (MA §19.4 step 4: a detour only
// if it ends closer; MA §22.A.4 and §19.6: prefer cells with a clear line to
// the target, then straight lines), deduplicated.
func (s *State) approachSteps(pf *pathField, cr, stamina int, dst []int) []int {
	mc := s.posOf(cr)
	cur := pf.Dist[mc]
	best := -1
	through := s.wallWalker(cr)
	var lens, land [8]int
	for d := Direction(0); d < 8; d++ {
		lens[d] = -1
		n, ok := s.canStep(cr, d)
		if !ok {
			continue
		}
		// Past an incorporeal creature the step enters several cells (MA
		// §10.1), each paid.
		k := Cheb(mc, n)
		if k > stamina {
			continue
		}
		l := s.detour(pf, n, cur, stamina-k, through)
		if l < 0 {
			continue
		}
		lens[d], land[d] = l+k, n
		if best < 0 || l+k < best {
			best = l + k
		}
	}
	if best < 0 {
		return dst
	}
	// Among the shortest, the preferences of MA §19.4.
	bestScore := -1
	for d := Direction(0); d < 8; d++ {
		if lens[d] != best {
			continue
		}
		n := land[d]
		score := 0
		if pf.Dist[n] < cur {
			score += 4
		}
		if pf.straightTo(n) {
			score += 2
		}
		switch {
		case score > bestScore:
			dst, bestScore = append(dst[:0], n), score
		case score == bestScore:
			dst = append(dst, n)
		}
	}
	return dst
}

// straightTo reports whether cell c is on a row or column with the field's
// origin (the target pioneer).
func (pf *pathField) straightTo(c int) bool {
	i := int(pf.from)
	return i%Size == c%Size || i/Size == c/Size
}

// detour returns the length of the shortest walk (over free passable cells,
// closed doors blocking unless through, MA §10.9) from cell n to a cell
// strictly closer than cur in the field pf, at most budget steps, or -1.
func (s *State) detour(pf *pathField, n int, cur int16, budget int, through bool) int {
	if pf.Dist[n] < cur {
		return 0
	}
	if budget <= 0 {
		return -1
	}
	dist := unreached // one block copy, not a loop of stores
	var q [NumCells]int16
	dist[n] = 0
	h, t := 0, 1
	q[0] = int16(n)
	for h < t {
		u := int(q[h])
		h++
		if int(dist[u]) >= budget {
			continue
		}
		for d := Direction(0); d < 8; d++ {
			v := Step(u, d)
			if v < 0 || dist[v] >= 0 || !s.free(v) || (s.Board.Kind[v] == KindChasm && s.Board.Dest[v] == 0) || (!through && !s.adjacentStep(u, d)) {
				continue
			}
			dist[v] = dist[u] + 1
			if pf.Dist[v] < cur {
				return int(dist[v])
			}
			q[t] = int16(v)
			t++
		}
	}
	return -1
}

// monsterAbility picks the ability a predictable monster uses now and its
// target cell (MA §19.4 step 2, §22.13: any legal pioneer in range,
// preferring the target pioneer, then less health).
func (s *State) monsterAbility(cr, target int) (int32, int, bool) {
	try := func(a *Ability, ref int32) (int32, int, bool) {
		if a.When != WhenActive || !s.canPay(cr, a) {
			return 0, 0, false
		}
		if a.Target == TargetNone {
			if s.untargetedUseful(cr, a) {
				return ref, -1, true
			}
			return 0, 0, false
		}
		var buf [NumCells]int
		ts := s.targets(cr, a, buf[:0])
		best, bh := -1, 99
		for _, t := range ts {
			p := s.at(t)
			if !isPioneer(p) {
				continue
			}
			if p == target {
				return ref, t, true
			}
			if h := int(s.P[p].HP); h < bh {
				best, bh = t, h
			}
		}
		if best >= 0 {
			return ref, best, true
		}
		return 0, 0, false
	}
	if e := s.currentEvent(true); e >= 0 {
		abs := s.ct.Events[e].Abilities
		for i := range abs {
			if abs[i].Monster {
				if r, t, ok := try(&abs[i], refOf(refEvent, e, i)); ok {
					return r, t, true
				}
			}
		}
	}
	m := cr - MonsterBase
	abs := s.ct.Monsters[m].Abilities
	for i := range abs {
		if r, t, ok := try(&abs[i], refOf(refMonster, m, i)); ok {
			return r, t, true
		}
	}
	return 0, 0, false
}

// untargetedUseful reports whether an untargeted monster ability would reach
// a pioneer (its first attack or health loss), or is a card's own rule.
func (s *State) untargetedUseful(cr int, a *Ability) bool {
	for _, e := range a.Effects {
		switch e.Op {
		case OpAttack, OpLoseHealth:
			var buf [16]int
			for _, x := range s.collect(cr, -1, e.On, buf[:0]) {
				if isPioneer(x) {
					return true
				}
			}
			return false
		case OpGo, OpHealMonsters:
			return true
		}
	}
	return false
}

// monsterApproach moves a monster up to n cells toward its nearest pioneer,
// stopping next to it, with no stamina and fixed tie-breaks (MA §17.12
// "monsters move N cells"; docs/machina-rulings.md).
func (s *State) monsterApproach(cr, n int) {
	for i := 0; i < n; {
		set, _ := s.nearestPioneers(cr)
		if set == 0 || s.immobile(cr) {
			return
		}
		tc := int(s.P[bitIndex(set)].Pos)
		if s.adjacent(s.posOf(cr), tc) {
			return
		}
		var pf pathField
		s.fill(&pf, tc, s.wallWalker(cr), s.posOf(cr))
		var cand [8]int
		st := s.approachSteps(&pf, cr, n-i, cand[:0])
		if len(st) == 0 {
			return
		}
		i += Cheb(s.posOf(cr), st[0]) // each cell entered (MA §10.1)
		s.moveTo(cr, st[0])
	}
}

// freeMonsterTurn is a monster turn decided by an agent: the monster side
// (MA §19.3) or a controlling pioneer (MA §10.3, controlled true: it may
// enter a chasm and attack monsters).
func (s *State) freeMonsterTurn(f *game.Frame, cr int, actor game.AgentID, controlled bool) game.Control {
	m := &s.Mx[cr-MonsterBase]
	mc := int(m.Pos)
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		switch {
		case o.Code == CodePass:
			return game.Done
		case o.Code >= CodeMove && o.Code < CodeMove+8:
			m.Stamina -= int8(Cheb(mc, int(o.Arg))) // each cell entered (MA §10.1)
			s.moveTo(cr, int(o.Arg))
			if s.onChasm(cr, int(actor)) {
				return game.Done
			}
		case o.Code >= CodeOpenDoor && o.Code < CodeUseCell:
			e := EdgeDoor
			switch {
			case o.Code < CodeCloseDoor:
				m.Stamina -= 3
			case o.Code < CodeBreakDoor:
				e, m.Stamina = EdgeClosed, m.Stamina-3
			default:
				e, m.Stamina = EdgeDestroyed, m.Stamina-4
			}
			s.setDoor(mc, Direction(2*o.Arg2), e)
			s.log.Add(evDoor, actor, int32(mc), o.Arg2, int32(e))
		case o.Code >= CodeUseCell && o.Code < CodeSeal:
			m.Stamina -= 3 // a trap lever (MA §12.12)
			s.setDest(int(o.Arg), 1)
			s.trapsTrigger(cr)
		default:
			s.push(opAbility, actor, o.Arg, int32(cr), 0, 0)
		}
		return game.Again
	}
	s.ask(actor, PromptMonster, int32(cr))
	s.opt(CodePass, 0, 0)
	st := int(m.Stamina)
	if st >= 1 && !s.immobile(cr) {
		for d := Direction(0); d < 8; d++ {
			n := s.passOver(cr, mc, d) // through incorporeal creatures (MA §10.1)
			if n < 0 || Cheb(mc, n) > st {
				continue
			}
			if s.Board.Kind[n] == KindChasm && s.Board.Dest[n] == 0 && !controlled {
				continue // MA §22.A.5: only a pioneer may walk a monster into a chasm
			}
			s.opt(CodeMove+game.ActionCode(d), int32(n), int32(d))
		}
	}
	for d := Side(0); d < 4; d++ {
		e := *s.Board.SideEdge(mc, Direction(2*d))
		if e == EdgeDoor && st >= 3 && s.closedDoors() < 12 {
			s.opt(CodeCloseDoor+game.ActionCode(d), int32(mc), int32(d))
		}
		if e == EdgeClosed && st >= 3 {
			s.opt(CodeOpenDoor+game.ActionCode(d), int32(mc), int32(d))
		}
		if (e == EdgeClosed || e == EdgeDoor) && st >= 4 && s.destroyedDoors() < 10 {
			s.opt(CodeBreakDoor+game.ActionCode(d), int32(mc), int32(d))
		}
	}
	if st >= 3 {
		for d := Direction(0); d < 8; d++ {
			n := Step(mc, d)
			if n >= 0 && s.Board.Kind[n] == KindLever && s.Board.Dest[n] == 0 && s.adjacent(mc, n) {
				s.opt(CodeUseCell+game.ActionCode(d), int32(n), int32(d))
			}
		}
	}
	if e := s.currentEvent(true); e >= 0 {
		abs := s.ct.Events[e].Abilities
		for i := range abs {
			if abs[i].Monster && i < 4 && s.usable(cr, &abs[i]) {
				s.opt(CodeAbility+game.ActionCode(SrcHorrorEvent*4+i), refOf(refEvent, e, i), 0)
			}
		}
	}
	abs := s.ct.Monsters[cr-MonsterBase].Abilities
	for i := range abs {
		if i < 4 && s.usable(cr, &abs[i]) {
			s.opt(CodeAbility+game.ActionCode(SrcMonster*4+i), refOf(refMonster, cr-MonsterBase, i), 0)
		}
	}
	if len(s.prompt.Options) == 1 {
		return game.Done // nothing but to end the turn
	}
	return game.Wait
}
