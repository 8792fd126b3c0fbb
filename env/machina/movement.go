package machina

import "github.com/mythos-rl/mythos/env/game"

// Movement (MA §10): steps, effect moves, pull and push, teleport, and
// ending up on a chasm.

// canStep reports whether creature cr may step from its cell in direction d
// (MA §10.8) and where it lands: the neighbour when the cells are adjacent
// (so the edge or corner is open) and it is free and passable; or, across
// cells holding creatures cr may move through (MA §10.1), the first free
// passable cell beyond in the same line (passOver). The move costs one
// stamina per cell entered, Cheb(from, to). A chasm is a passable cell (MA
// §12.6): a pioneer, or a monster a pioneer controls, may step onto one and
// is destroyed there (the caller's onChasm); a predictable or monster-side
// monster never does (R-CHASM).
func (s *State) canStep(cr int, d Direction) (int, bool) {
	c := s.posOf(cr)
	if c < 0 || s.immobile(cr) {
		return -1, false
	}
	n := s.passOver(cr, c, d)
	if n < 0 {
		return -1, false
	}
	if s.isChasm(n) && !s.mayEnterChasm(cr) {
		return -1, false
	}
	return n, true
}

// mayEnterChasm reports whether creature cr may itself move onto a chasm
// (MA §12.6, R-CHASM): «Предсказуемые чудовища никогда сами не перемещаются
// на клетку пропасти» names predictable monsters only, and a pioneer
// controlling a monster «может даже … переместить его в пропасть» (MA
// §10.3); the monster side plays no suicide step (§22.A.5).
func (s *State) mayEnterChasm(cr int) bool {
	return isPioneer(cr) || isMonster(cr) && s.Mx[cr-MonsterBase].Controller >= 0
}

// chasmKiller is whom a creature that stepped onto a chasm by its own move
// is credited to: the pioneer itself, or the pioneer controlling the
// monster (MA §7.6, §10.3).
func (s *State) chasmKiller(cr int) int {
	if isMonster(cr) {
		return int(s.Mx[cr-MonsterBase].Controller)
	}
	return cr
}

// passOver returns the cell where creature cr, stepping from c in direction
// d, ends its move: the neighbour when free and passable; when the
// neighbour holds a creature cr may move through — any creature through an
// incorporeal one, an incorporeal creature through any (MA §10.1:
// «Существа могут перемещаться через бесплотных существ, а бесплотные
// существа могут перемещаться через любых существ») — the move goes on in
// the same line to the first free passable cell, since no creature ends its
// movement on such a cell («нельзя закончить перемещение на клетке с ним»);
// -1 when there is none. Every edge or corner crossed must be open, unless
// cr walks through walls (R-WALLWALK). Chasms are the caller's concern.
func (s *State) passOver(cr, c int, d Direction) int {
	for {
		n := Step(c, d)
		if n < 0 || !s.Board.Passable(n) {
			return -1 // neither free nor to be passed over (the test below, early)
		}
		if !s.adjacentStep(c, d) && !s.wallWalker(cr) {
			return -1
		}
		if s.free(n) {
			return n
		}
		o := int(s.Occ[n])
		if o < 0 || !s.Board.Passable(n) || !(s.incorporeal(o) || s.incorporeal(cr)) {
			return -1
		}
		c = n
	}
}

// wallWalker reports whether creature cr moves through walls and closed
// doors (the Formless Spawn, MA §10.9, §21.2): its steps need no open edge
// or corner, only a free passable cell (R-WALLWALK).
func (s *State) wallWalker(cr int) bool { return s.hasStat(cr, StatWallWalk) }

// isChasm reports whether cell c is a standing chasm (MA §12.6).
func (s *State) isChasm(c int) bool {
	return c >= 0 && s.Board.Kind[c] == KindChasm && s.Board.Dest[c] == 0
}

// pioneerStep is pioneer p's own step in direction d on its turn (MA §10.8)
// and its stamina cost. A pioneer with chasm_walk (Spectral Levitators, MA
// §10.9, §21.3) may step onto a chasm when it keeps the stamina to step off
// it; a step from chasm to chasm costs 0, any other step 1.
func (s *State) pioneerStep(p int, d Direction) (int, int, bool) {
	c := s.posOf(p)
	if n, ok := s.canStep(p, d); ok && !(s.isChasm(n) && s.hasStat(p, StatChasmWalk)) {
		cost := costMove * Cheb(c, n) // past an incorporeal creature: every cell (MA §10.1)
		return n, cost, int(s.P[p].Stamina) >= cost
	}
	n := Step(c, d)
	if c >= 0 && n >= 0 && s.obstacle(n) && !s.immobile(p) && s.hasStat(p, StatMoveThrough) {
		return s.throughStep(p, c, d)
	}
	if c < 0 || n < 0 || !s.isChasm(n) || !s.hasStat(p, StatChasmWalk) || !s.adjacent(c, n) || !s.free(n) {
		return -1, 0, false
	}
	cost := costMove
	if s.isChasm(c) {
		cost = 0
	}
	return n, cost, int(s.P[p].Stamina)-cost >= costMove
}

// obstacle reports whether cell c is an obstacle one may move through (MA
// §17.3): a creature, an action cell, a destroyed cell or a barrel; rubble
// is not one.
func (s *State) obstacle(c int) bool {
	if !s.Board.Present(c) || s.Board.Kind[c] == KindRubble && s.Board.Dest[c] == 0 {
		return false
	}
	return s.Occ[c] >= 0 || s.Board.StaticObstacle(c)
}

// throughStep is the step of a pioneer that may move through obstacles
// (Aero-Cloak, MA §10.9, §21.3) from cell c in direction d onto an obstacle:
// it goes on in a straight line over the run of obstacles to the first free
// passable cell beyond (it never stops on one), paying 1 stamina per cell
// entered, as one action (R-THROUGH). Walls, closed doors, rubble and chasms
// still stop it.
func (s *State) throughStep(p, c int, d Direction) (int, int, bool) {
	cur, cost := c, 0
	for {
		n := Step(cur, d)
		if n < 0 || !s.adjacentStep(cur, d) {
			return -1, 0, false
		}
		cost++
		if s.obstacle(n) {
			cur = n
			continue
		}
		if !s.free(n) || s.isChasm(n) {
			return -1, 0, false
		}
		return n, cost, int(s.P[p].Stamina) >= cost
	}
}

// moveTo moves a creature one cell (no cost) and logs it.
func (s *State) moveTo(cr, n int) {
	s.log.Add(evMove, s.agentOf(cr), int32(cr), int32(s.posOf(cr)), int32(n))
	s.setPos(cr, n)
}

// onChasm destroys a creature that ended up on a chasm (MA §12.6); killer
// is credited.
func (s *State) onChasm(cr, killer int) bool {
	c := s.posOf(cr)
	if c >= 0 && s.Board.Kind[c] == KindChasm && s.Board.Dest[c] == 0 {
		s.destroyCreature(cr, killer)
		return true
	}
	return false
}

// doSteps lets creature f.Tgt move up to f.A cells, one prompt per step, or
// stop (MA §10.8 "move 0–N": no stamina). f.Who decides.
func (s *State) doSteps(f *game.Frame) game.Control {
	cr := int(f.Tgt)
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code == CodePass {
			return game.Done
		}
		f.A -= int32(Cheb(s.posOf(cr), int(o.Arg))) // each cell entered (MA §10.1)
		s.moveTo(cr, int(o.Arg))
		if s.onChasm(cr, s.chasmKiller(cr)) { // MA §12.6 (R-CHASM)
			return game.Done
		}
	}
	if f.A <= 0 || s.posOf(cr) < 0 {
		return game.Done
	}
	s.ask(f.Who, PromptStep, f.Src)
	s.opt(CodePass, -1, 0)
	c := s.posOf(cr)
	for d := Direction(0); d < 8; d++ {
		if n, ok := s.canStep(cr, d); ok && Cheb(c, n) <= int(f.A) {
			s.opt(CodeMove+game.ActionCode(d), int32(n), int32(d))
		}
	}
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// pushPull moves creature cr n cells toward (pull) or away from (push) cell
// src, one cell at a time, re-aiming after each (MA §10.7, §22.10): straight
// when aligned, else diagonally. It stops at anything impassable, a wall or a
// closed door; a lever cell trips the traps, a barrel explodes; a chasm
// destroys. killer is credited.
func (s *State) pushPull(cr, src, n int, pull bool, killer int) {
	if s.immobile(cr) || isCellCreature(cr) {
		return
	}
	for i := 0; i < n; i++ {
		c := s.posOf(cr)
		if c < 0 || c == src {
			return
		}
		dx, dy := sign(src%Size-c%Size), sign(src/Size-c/Size)
		if !pull {
			dx, dy = -dx, -dy
		}
		x, y := c%Size+dx, c/Size+dy
		if x < 0 || y < 0 || x >= Size || y >= Size {
			return
		}
		nx := y*Size + x
		if pull && nx == src {
			return
		}
		if !s.adjacent(c, nx) {
			return
		}
		if s.Board.Kind[nx] == KindLever && s.Board.Dest[nx] == 0 {
			s.setDest(nx, 1) // the lever is activated and destroyed (MA §10.7)
			s.trapsTrigger(killer)
			return
		}
		if s.barrelAt(nx) {
			s.explode(nx, killer, false)
			return
		}
		if !s.free(nx) {
			return
		}
		s.moveTo(cr, nx)
		if s.onChasm(cr, killer) {
			return
		}
	}
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// teleport moves a creature to cell c ignoring everything between; an
// occupied or impassable cell gives the nearest free passable cell (a chasm
// destroys) (MA §10.6).
func (s *State) teleport(cr, c, killer int) {
	if !s.free(c) {
		c = s.nearestFree(c, true)
	}
	if c < 0 {
		return
	}
	s.log.Add(evTeleport, s.agentOf(cr), int32(cr), int32(c), 0)
	s.setPos(cr, c)
	s.onChasm(cr, killer)
}

// nearestOfKind returns the nearest cell of kind k, not destroyed, on c's tile
// (MA §10.6, §17.5), or -1.
func (s *State) nearestOfKind(c int, k CellKind) int {
	best, bd := -1, 99
	for i := 0; i < NumCells; i++ {
		if s.Board.Kind[i] == k && s.Board.Dest[i] == 0 && TileOf(i) == TileOf(c) && i != c {
			if d := Cheb(i, c); d < bd {
				best, bd = i, d
			}
		}
	}
	return best
}
