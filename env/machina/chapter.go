package machina

import (
	"slices"

	"github.com/mythos-rl/mythos/env/game"
)

// Chapters, the entrance and exit tokens, and the finale (MA §14, §11.5).

// Ability references name an ability of a card: kind, card index, ability
// index; refThen marks the ability's "then" list (MA §18.3).
const (
	refPioneer int32 = iota + 1
	refItem
	refEvent
	refChapter
	refMonster
	refThen int32 = 1 << 24
)

func refOf(kind int32, card, ab int) int32 { return kind<<16 | int32(card)<<4 | int32(ab) }

func refParts(ref int32) (kind int32, card, ab int) {
	ref &^= refThen
	return ref >> 16, int(ref>>4) & 0xfff, int(ref & 15)
}

// abilityOf returns the ability a reference names.
func (s *State) abilityOf(ref int32) *Ability {
	kind, card, ab := refParts(ref)
	var abs []Ability
	switch kind {
	case refPioneer:
		abs = s.ct.Pioneers[card].Abilities
	case refItem:
		abs = s.ct.Items[card].Abilities
	case refEvent:
		abs = s.ct.Events[card].Abilities
	case refChapter:
		abs = s.sc.Chapters[card].Abilities
	case refMonster:
		abs = s.ct.Monsters[card].Abilities
	}
	if ab < len(abs) {
		return &abs[ab]
	}
	return nil
}

// chapter returns the current chapter card, or nil in the finale.
func (s *State) chapter() *Chapter {
	if s.InFinale || int(s.ChapterPos) >= len(s.Chapters) {
		return nil
	}
	return &s.sc.Chapters[s.Chapters[s.ChapterPos]]
}

func (s *State) startLair() int8 {
	if s.InFinale {
		return s.sc.Finale.Lair
	}
	if ch := s.chapter(); ch != nil {
		return ch.Lair
	}
	return 0
}

func (s *State) startHorror() int8 {
	if s.InFinale {
		return s.sc.Finale.Horror
	}
	if ch := s.chapter(); ch != nil {
		return ch.Horror
	}
	return 0
}

func (s *State) chapterClosed() bool {
	ch := s.chapter()
	return ch != nil && ch.Closed
}

// scaledLair lowers a starting lair value by 1 per living pioneer beyond the
// first, never below 3 (MA §4.6 step 3, §22.7).
func (s *State) scaledLair(v int8) int8 {
	if v <= 3 {
		return v
	}
	v -= int8(s.alivePioneers() - 1)
	if v < 3 {
		v = 3
	}
	return v
}

// pushEnter queues the ENTER abilities of a card (MA §16.4), in printed order.
func (s *State) pushEnter(abs []Ability, user int, base int32) {
	for i := len(abs) - 1; i >= 0; i-- {
		if abs[i].When == WhenEnter {
			s.push(opEffects, s.agentOf(user), base|int32(i), -1, 0, int32(user))
		}
	}
}

// agentOf is the seat that decides for a creature: a pioneer's own seat, the
// team otherwise.
func (s *State) agentOf(cr int) game.AgentID {
	if isPioneer(cr) {
		return game.AgentID(cr)
	}
	return s.team()
}

// doChapterStart goes to chapter position f.A (MA §14.6); f.B = 1 at setup
// (MA §4.6).
func (s *State) doChapterStart(f *game.Frame) game.Control {
	switch f.Step {
	case 0:
		pos := int(f.A)
		if pos >= len(s.Chapters) {
			// Past the last chapter: the scenario is complete (MA §14.1, §20).
			s.end(1)
			return game.Halt
		}
		s.ChapterPos = int8(pos)
		s.Progress = [MaxAbilities]int8{}
		s.log.Add(evChapter, game.NoAgent, int32(pos), int32(s.Chapters[pos]), 0)
		ch := s.chapter()
		if ch.Finale && s.sc.Finale != nil {
			s.goFinale()
			return game.Done
		}
		if s.sc.Finale == nil && !s.cfg.VeryQuick && pos == len(s.Chapters)-1 && f.B == 0 {
			s.end(1) // the last chapter is reached (MA §20)
			return game.Halt
		}
		f.Step = 1
		s.pushEnter(ch.Abilities, -1, refOf(refChapter, int(s.Chapters[pos]), 0))
		return game.Again
	}
	// MA §14.6 steps 3–4: the new chapter's values.
	s.Lair = s.scaledLair(s.startLair())
	s.Horror = s.startHorror()
	// "When a new chapter begins" abilities (Abzu Guide).
	if f.B == 0 {
		for p := int(s.N) - 1; p >= 0; p-- {
			if s.onBoardPioneer(p) {
				s.pushTriggers(p, WhenChapter, -1)
			}
		}
	}
	// Nobody on the board and no entrance effect: place them anyway
	// (docs/machina-rulings.md).
	if s.onBoardCount() == 0 && s.alivePioneers() > 0 {
		s.placeEntrance(false)
	}
	return game.Done
}

func (s *State) onBoardCount() int {
	n := 0
	for i := 0; i < int(s.N); i++ {
		if s.onBoardPioneer(i) {
			n++
		}
	}
	return n
}

// clearBoard banishes every monster and returns every placed tile, shuffled
// and flipped, to the bottom of the stack (MA §11.5, §14.5, §22.20).
func (s *State) clearBoard() {
	for len(s.Order) > 0 {
		s.banish(MonsterBase + int(s.Order[0]))
	}
	var placed [4]TileRef
	back := placed[:0]
	// The group's number differs from the one of the run it lands next to,
	// so two groups never merge (Determinize, MA §23.5).
	group := uint8(1)
	if len(s.Tiles) > 0 && s.Tiles[0].Group == 1 {
		group = 2
	}
	for sl := 0; sl < 4; sl++ {
		if t := s.Board.Slots[sl]; t.Tile >= 0 && !s.ct.Tiles[t.Tile].Finale {
			back = append(back, TileRef{Tile: t.Tile, Face: 1 - t.Face, Seen: true, Group: group})
		}
	}
	shuffle(&s.rng, back)
	s.Tiles = slices.Insert(s.Tiles, 0, back...) // in the stack's memory when it has room
	s.Board.clear()
	s.cleared()
	for i := range s.Occ {
		s.Occ[i] = -1
	}
	for i := 0; i < int(s.N); i++ {
		s.P[i].OnBoard = false
	}
	s.Entrance, s.Exit = [2]int16{-1, -1}, [2]int16{-1, -1}
	s.Rituals = s.Rituals[:0]
}

// placeEntrance resolves "place the entrance token" (MA §14.4): outside
// setup the old board is cleared (MA §22.20) and the top tile goes to the
// centre; the token goes on its attach-symbol cells, and every living pioneer
// is placed on or next to it.
func (s *State) placeEntrance(setup bool) {
	if !setup || s.Board.TileCount() == 0 {
		s.clearBoard()
		if len(s.Tiles) == 0 {
			return
		}
		t := s.Tiles[len(s.Tiles)-1]
		s.Tiles = s.Tiles[:len(s.Tiles)-1]
		s.placeStart(t)
		s.log.Add(evExplore, game.NoAgent, int32(t.Tile), 0, 0)
	}
	a, b := OpeningCells(0, s.Board.Slots[0].Attach)
	s.Entrance = [2]int16{int16(a), int16(b)}
	s.placeAll()
}

// placeAll lifts every living pioneer and queues their placement at the
// entrance, seat 0 first.
func (s *State) placeAll() {
	for i := int(s.N) - 1; i >= 0; i-- {
		if s.P[i].Alive {
			s.lift(i)
			s.P[i].OnBoard = false
			s.push(opPlace, game.AgentID(i), -1, int32(i), 0, 0)
		}
	}
}

// doPlace puts pioneer f.Tgt on a free cell of the entrance token or a free
// passable cell adjacent to it (MA §14.4 step 3), then resolves its ENTER
// effects (MA §7.8, §16.5).
func (s *State) doPlace(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if !s.P[p].Alive {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		c := int(s.answer(f).Arg)
		s.P[p].OnBoard = true
		s.setPos(p, c)
		s.log.Add(evMove, game.AgentID(p), int32(p), -1, int32(c))
		s.pushEnter(s.pioneerCard(p).Abilities, p, refOf(refPioneer, int(s.P[p].Card), 0))
		for i := range s.ct.Items {
			if s.Items[i].Zone == ZoneEquipped && int(s.Items[i].Owner) == p {
				s.pushEnter(s.ct.Items[i].Abilities, p, refOf(refItem, i, 0))
			}
		}
		return game.Done
	}
	s.ask(game.AgentID(p), PromptPlace, -1)
	var seen [NumCells]bool
	for _, e := range s.Entrance {
		if e < 0 {
			continue
		}
		if s.free(int(e)) && !seen[e] {
			seen[e] = true
			s.opt(CodeCell+game.ActionCode(e), int32(e), 0)
		}
	}
	for _, e := range s.Entrance {
		if e < 0 {
			continue
		}
		for d := Direction(0); d < 8; d++ {
			n := Step(int(e), d)
			if n >= 0 && !seen[n] && s.free(n) && s.Board.Kind[n] != KindChasm && s.adjacent(int(e), n) {
				seen[n] = true
				s.opt(CodeCell+game.ActionCode(n), int32(n), 0)
			}
		}
	}
	if len(s.prompt.Options) == 0 {
		if c := s.nearestFree(int(s.Entrance[0]), true); c >= 0 {
			s.opt(CodeCell+game.ActionCode(c), int32(c), 0)
		} else {
			s.P[p].OnBoard = false
			return game.Done
		}
	}
	return game.Wait
}

// goFinale resolves "go to the finale" (MA §14.8).
func (s *State) goFinale() {
	fin := s.sc.Finale
	s.clearBoard()
	s.InFinale = true
	ti := s.ct.tileIndex(fin.Tile)
	face := &s.ct.Tiles[ti].Faces[0]
	rot := (int(SideS) - int(face.Attach) + 4) % 4
	s.Board.place(0, int16(ti), 0, face, rot)
	s.restep()
	s.syncCells() // MA §12.18
	s.Entrance = [2]int16{-1, -1}
	for i, e := range face.Entrances {
		if i < 2 {
			e = turnLocal(e, rot)
			s.Entrance[i] = int16((e/TileSize)*Size + e%TileSize)
		}
	}
	s.Lair, s.Horror = s.scaledLair(fin.Lair), fin.Horror
	if rule := finaleRules[fin.Rule]; rule.Setup != nil {
		rule.Setup(s)
	}
	s.placeAll()
}

// checkFinale ends the game when the finale's victory or defeat condition
// holds (MA §14.8, §14.9); it reports whether the game ended.
func (s *State) checkFinale() bool {
	if !s.InFinale || s.over {
		return s.over
	}
	rule := finaleRules[s.sc.Finale.Rule]
	if rule.Won != nil && rule.Won(s) {
		s.end(1)
	} else if rule.Lost != nil && rule.Lost(s) {
		s.end(-1)
	}
	return s.over
}

// nextChapter queues "go to the next chapter" (MA §14.6).
func (s *State) nextChapter() {
	if s.InFinale {
		return
	}
	s.push(opChapterStart, game.NoAgent, -1, -1, int32(s.ChapterPos)+1, 0)
}

// lightChapterCell puts a light token on the unlit chapter cell nearest the
// user on its tile (MA §12.13); none: nothing.
func (s *State) lightChapterCell(user int) {
	c := s.posOf(user)
	if c < 0 {
		c = int(s.Entrance[0])
	}
	if c < 0 {
		return
	}
	best, bd := -1, 99
	for i := 0; i < NumCells; i++ {
		if s.Board.Kind[i] == KindChapter && s.Board.Dest[i] == 0 && !s.Board.Lit[i] && TileOf(i) == TileOf(c) {
			if d := Cheb(i, c); d < bd {
				best, bd = i, d
			}
		}
	}
	if best >= 0 {
		s.setLit(best, true)
	}
}

// exitCells lists the first cells of the opening pairs where the exit token
// may go: unexplored borders, not the entrance (MA §14.5).
func (s *State) exitCells(dst []int) []int {
	dst = dst[:0]
	for sl := 0; sl < 4; sl++ {
		if s.Board.Slots[sl].Tile < 0 {
			continue
		}
		for d := Side(0); d < 4; d++ {
			a, _ := OpeningCells(sl, d)
			if side, ok := s.Board.UnexploredSide(a); ok && side == d && int16(a) != s.Entrance[0] && int16(a) != s.Entrance[1] {
				dst = append(dst, a)
			}
		}
	}
	return dst
}

// doExitPlace asks where the exit token goes (MA §14.5).
func (s *State) doExitPlace(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		a := int(s.answer(f).Arg)
		side, _ := s.Board.UnexploredSide(a)
		p, q := OpeningCells(TileOf(a), side)
		s.Exit = [2]int16{int16(p), int16(q)}
		return game.Done
	}
	var buf [16]int
	cells := s.exitCells(buf[:0])
	if len(cells) == 0 {
		return game.Done // nowhere to put it (docs/machina-rulings.md)
	}
	s.ask(s.agentOf(int(f.B)), PromptExitCell, f.Src)
	for _, c := range cells {
		s.opt(CodeCell+game.ActionCode(c), int32(c), 0)
	}
	return game.Wait
}

// leaveBoard takes pioneer p off the board from the exit token (MA §11.5);
// when the last surviving pioneer leaves, the board is cleared and the next
// chapter starts (MA §14.5).
func (s *State) leaveBoard(p int) {
	s.lift(p)
	s.P[p].OnBoard = false
	s.P[p].Stamina = 0
	s.log.Add(evLeave, game.AgentID(p), int32(p), 0, 0)
	if s.onBoardCount() > 0 {
		return
	}
	s.clearBoard()
	if s.cfg.VeryQuick && int(s.ChapterPos) == len(s.Chapters)-1 {
		s.end(1) // MA §5.3 very quick game
		return
	}
	s.nextChapter()
}
