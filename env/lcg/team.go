package lcg

import (
	"math/bits"

	"github.com/mythos-rl/mythos/env/game"
)

// Team decisions the rules give to the lead investigator (LCG §3 Lead
// Investigator: "the lead investigator decides whenever there are several
// equally valid options"): Prey ties, hunter order and routes, who pays a
// group clue cost, and the new lead after the lead is eliminated.

// lead returns the seat that answers team decisions: the lead investigator,
// or the first investigator still in the game (ruling R-TEAM).
func (s *State) leadSeat() int {
	if s.inGame(int(s.Lead)) {
		return int(s.Lead)
	}
	for k := 0; k < int(s.N); k++ {
		if i := s.seatAt(k); s.inGame(i) {
			return i
		}
	}
	return int(s.Lead)
}

// pendingEffect reports whether an opEffect frame of kind a with source src
// is on the stack.
func (s *State) pendingEffect(a, src int32) bool {
	for i := range s.stack.Frames {
		f := &s.stack.Frames[i]
		if f.Op == opEffect && f.A == a && f.Src == src {
			return true
		}
	}
	return false
}

// preyTie resolves an engagement whose Prey leaves several investigators
// tied: the lead investigator chooses among them (LCG §3 Prey, §3 Enemy
// Engagement). The candidates are recomputed, since the situation may have
// changed before the frame resolves.
func (s *State) preyTie(f *game.Frame) game.Control {
	e := int16(f.Src)
	if s.enemySlot(e) < 0 {
		return game.Done
	}
	c := &s.Cards[e]
	if c.Zone != ZoneBoard || c.Exhausted || s.isAloof(e) || s.isMassive(e) {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		i := int(s.chosen(f).Arg)
		if s.inGame(i) && s.Inv[i].Loc == c.Loc {
			s.engage(e, i)
			s.autoEngage()
		}
		return game.Done
	}
	m := s.preyBest(e, s.seatsAtLoc(c.Loc))
	switch bits.OnesCount8(m) {
	case 0:
		return game.Done
	case 1:
		s.engage(e, bits.TrailingZeros8(m))
		s.autoEngage()
		return game.Done
	}
	p := s.ask(s.leadSeat(), PkTarget, f.Src)
	for k := 0; k < int(s.N); k++ {
		if i := s.seatAt(k); m&(1<<uint(i)) != 0 {
			p.Add(ActSeat+game.ActionCode(i), int32(i), 0)
		}
	}
	return game.Wait
}

// seatsAtLoc returns the seats in the game at location slot loc, as a mask.
func (s *State) seatsAtLoc(loc int8) uint8 {
	var m uint8
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) && s.Inv[i].Loc == loc {
			m |= 1 << uint(i)
		}
	}
	return m
}

// payGroupClues pushes a group payment of n clues by the investigators in
// mask (LCG §3 Act Deck and Agenda Deck: spent as a group).
func (s *State) payGroupClues(n int, mask uint8) {
	s.push(opEffect, s.leadSeat(), -1, int32(mask), effPayClues, int32(n))
}

// payClues is a group clue payment: while the choice matters (several
// investigators hold clues and together more than what is left to pay), the
// lead investigator chooses who spends the next clue; otherwise the clues
// are taken at once. Frame Tgt is the mask of payers, B the clues left.
func (s *State) payClues(f *game.Frame) game.Control {
	mask := uint8(f.Tgt)
	if f.Answer != game.NoAnswer {
		i := int(s.chosen(f).Arg)
		s.Inv[i].Clues--
		f.B--
	}
	var have uint8
	total := 0
	for i := 0; i < int(s.N); i++ {
		if mask&(1<<uint(i)) != 0 && s.inGame(i) && s.Inv[i].Clues > 0 {
			have |= 1 << uint(i)
			total += int(s.Inv[i].Clues)
		}
	}
	if f.B <= 0 || have == 0 {
		return game.Done
	}
	if bits.OnesCount8(have) == 1 || total <= int(f.B) {
		s.spendClues(-1, int(f.B), have)
		return game.Done
	}
	p := s.ask(s.leadSeat(), PkChoice, -1)
	for k := 0; k < int(s.N); k++ {
		if i := s.seatAt(k); have&(1<<uint(i)) != 0 {
			p.Add(ActSeat+game.ActionCode(i), int32(i), 0)
		}
	}
	return game.Wait
}

// chooseLead lets the remaining investigators choose a new lead investigator
// after the lead is eliminated (LCG §3 Elimination 5); the provisional lead
// (the next in player order) answers for the group (ruling R-TEAM).
func (s *State) chooseLead(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		s.Lead = int8(s.chosen(f).Arg)
		return game.Done
	}
	p := s.ask(s.leadSeat(), PkChoice, -1)
	for k := 0; k < int(s.N); k++ {
		if i := s.seatAt(k); s.inGame(i) {
			p.Add(ActSeat+game.ActionCode(i), int32(i), 0)
		}
	}
	if len(p.Options) < 2 {
		return game.Done
	}
	return game.Wait
}

// hHunters is LCG §5.2 3.2: each ready, unengaged Hunter enemy with no
// investigator at its location moves one step toward the nearest
// investigator (LCG §3 Hunter). Hunters move one at a time in the order the
// lead investigator chooses, and the lead chooses among equally short
// routes. Frame A is the mask of enemy slots done; step 1 moves enemy Src.
func (s *State) hHunters(f *game.Frame) game.Control {
	if f.Step == 1 {
		return s.hunterMove(f)
	}
	if f.Answer != game.NoAnswer {
		e := s.chosen(f).Arg
		f.A |= 1 << uint(s.enemySlot(int16(e)))
		f.Src, f.Step = e, 1
		return game.Again
	}
	p := s.ask(s.leadSeat(), PkOrder, -1)
	for k, e := range s.Enemies {
		if k < MaxEnemies && e >= 0 && f.A&(1<<uint(k)) == 0 && s.hunterSteps(e) != 0 {
			p.Add(ActEnemy+game.ActionCode(k), int32(e), 0)
		}
	}
	switch len(p.Options) {
	case 0:
		return game.Done
	case 1:
		e := p.Options[0].Arg
		f.A |= 1 << uint(s.enemySlot(int16(e)))
		f.Src, f.Step = e, 1
		return game.Again
	}
	return game.Wait
}

// hunterMove moves hunter Src one step, asking the lead for the route when
// several first steps are equally short.
func (s *State) hunterMove(f *game.Frame) game.Control {
	e := int16(f.Src)
	if f.Answer != game.NoAnswer {
		f.Step = 0
		if k := int(s.chosen(f).Arg); !s.enemyBlocked(e, k) {
			s.moveEnemy(e, k)
		}
		return s.cont(game.Again)
	}
	m := s.hunterSteps(e)
	f.Step = 0
	switch bits.OnesCount16(m) {
	case 0:
		return game.Again
	case 1:
		if k := bits.TrailingZeros16(m); !s.enemyBlocked(e, k) {
			s.moveEnemy(e, k) // LCG §3 Hunter: a move into a blocked location fails
		}
		return s.cont(game.Again)
	}
	f.Step = 1
	p := s.ask(s.leadSeat(), PkTarget, f.Src)
	for k := 0; k < MaxLocations; k++ {
		if m&(1<<uint(k)) != 0 {
			p.Add(ActLocation+game.ActionCode(k), int32(k), 0)
		}
	}
	return game.Wait
}

// hunterSteps returns the first steps of the shortest paths from hunter e
// toward the nearest investigators its Prey prefers (LCG §3 Hunter, §3
// Nearest: distances count blocked locations too), or 0 when it does not
// move (not a ready, unengaged Hunter; an investigator at its location; no
// path).
func (s *State) hunterSteps(e int16) uint16 {
	c := &s.Cards[e]
	if c.Zone != ZoneBoard || c.Exhausted || !s.isHunter(e) {
		return 0
	}
	var seats uint8
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) {
			seats |= 1 << uint(i)
		}
	}
	if s.prey(e) == preyBearer && !s.blank(e) {
		seats &= 1 << uint(c.Owner)
	}
	if seats == 0 || s.seatsAtLoc(c.Loc)&seats != 0 {
		return 0
	}
	dist := s.distances(int(c.Loc))
	best := -1
	var near uint8
	for i := 0; i < int(s.N); i++ {
		if seats&(1<<uint(i)) == 0 {
			continue
		}
		d := int(dist[s.Inv[i].Loc])
		switch {
		case d < 0:
		case best < 0 || d < best:
			best, near = d, 1<<uint(i)
		case d == best:
			near |= 1 << uint(i)
		}
	}
	if near == 0 {
		return 0
	}
	near = s.preyBest(e, near) // equally near: the best Prey match (ties: all of them)
	var targets uint16
	for i := 0; i < int(s.N); i++ {
		if near&(1<<uint(i)) != 0 {
			targets |= 1 << uint(s.Inv[i].Loc)
		}
	}
	return s.firstSteps(int(c.Loc), targets)
}

// distances is a BFS over connections from loc: dist[k] in moves, -1 if
// unreachable.
func (s *State) distances(loc int) [MaxLocations]int8 {
	var dist [MaxLocations]int8
	for k := range dist {
		dist[k] = -1
	}
	dist[loc] = 0
	frontier := uint16(1) << uint(loc)
	for d := int8(1); frontier != 0; d++ {
		var next uint16
		for k := 0; k < MaxLocations; k++ {
			if frontier&(1<<uint(k)) == 0 {
				continue
			}
			for j := 0; j < MaxLocations; j++ {
				if dist[j] < 0 && s.connected(k, j) {
					dist[j] = d
					next |= 1 << uint(j)
				}
			}
		}
		frontier = next
	}
	return dist
}

// firstSteps returns every location connected to loc that begins a shortest
// path from loc to the nearest location in targets.
func (s *State) firstSteps(loc int, targets uint16) uint16 {
	dist := s.distances(loc)
	best := int8(-1)
	for k := 0; k < MaxLocations; k++ {
		if targets&(1<<uint(k)) != 0 && dist[k] > 0 && (best < 0 || dist[k] < best) {
			best = dist[k]
		}
	}
	if best < 0 {
		return 0
	}
	var m uint16
	for n := 0; n < MaxLocations; n++ {
		if !s.connected(loc, n) {
			continue
		}
		dn := s.distances(n)
		for k := 0; k < MaxLocations; k++ {
			if targets&(1<<uint(k)) != 0 && dist[k] == best && dn[k] == best-1 {
				m |= 1 << uint(n)
			}
		}
	}
	return m
}

// firstStep returns the lowest-numbered first step of a shortest path from
// loc to targets, or -1 (agenda 3a's Ghoul movement; ruling R-HUNT).
func (s *State) firstStep(loc int, targets uint16) int {
	m := s.firstSteps(loc, targets)
	if m == 0 {
		return -1
	}
	return bits.TrailingZeros16(m)
}

// Forced indexes of the first forced abilities (trigAbility.seq 0–3:
// cards_weaknesses.go, encounter_sets.go; the lead's PkOrder options list
// them in this order).
const (
	fxPsychosis    = iota // after horror: 1 direct damage per Psychosis
	fxHypochondria        // after damage: 1 direct horror per Hypochondria
	fxDarkMemory          // end of your turn: 2 horror per Dark Memory in hand
	fxFrozenInFear        // end of your turn: a willpower (3) test per Frozen in Fear
)
