package machina

import (
	"slices"

	"github.com/mythos-rl/mythos/env/game"
)

// Exploring (MA §11.2, §11.3).

// exploreTarget returns where a tile explored by pioneer p would go: the
// window coordinates of the new slot and the side the pioneer stands on.
func (s *State) exploreTarget(p int) (nx, ny int, side Side, ok bool) {
	c := int(s.P[p].Pos)
	if int16(c) == s.Entrance[0] || int16(c) == s.Entrance[1] || int16(c) == s.Exit[0] || int16(c) == s.Exit[1] {
		return 0, 0, 0, false // MA §11.2: not from an entrance or exit token
	}
	side, ok = s.Board.UnexploredSide(c)
	if !ok {
		return 0, 0, 0, false
	}
	tx, ty := slotXY(TileOf(c))
	return tx + sideDelta[side][0], ty + sideDelta[side][1], side, true
}

// keepMask is the set of slots holding a pioneer (never discarded, MA §11.3).
func (s *State) keepMask() uint8 {
	var m uint8
	for p := 0; p < int(s.N); p++ {
		if s.onBoardPioneer(p) {
			m |= 1 << TileOf(int(s.P[p].Pos))
		}
	}
	return m
}

// canExplore reports whether pioneer p may explore (MA §11.2; §22.18: not when
// no legal discard exists).
func (s *State) canExplore(p int) bool {
	if len(s.Tiles) == 0 {
		return false
	}
	nx, ny, _, ok := s.exploreTarget(p)
	if !ok {
		return false
	}
	var buf [9]Window
	return len(s.Board.windows(nx, ny, s.keepMask(), buf[:0])) > 0
}

// doExplore places the top tile of the stack next to pioneer f.Tgt, its
// attach side facing the pioneer (MA §11.2), discarding tiles to keep the 2×2
// limit (MA §11.3): when several minimal discards exist the pioneer chooses.
func (s *State) doExplore(f *game.Frame) game.Control {
	p := int(f.Tgt)
	nx, ny, side, ok := s.exploreTarget(p)
	if !ok || len(s.Tiles) == 0 {
		return game.Done
	}
	var buf [9]Window
	ws := s.Board.windows(nx, ny, s.keepMask(), buf[:0])
	if len(ws) == 0 {
		return game.Done
	}
	w := ws[0]
	if len(ws) > 1 {
		if f.Answer == game.NoAnswer {
			s.ask(game.AgentID(p), PromptWindow, -1)
			for i := range ws {
				s.opt(CodeChoice+game.ActionCode(i), int32(i), int32(ws[i].Discard))
			}
			return game.Wait
		}
		w = ws[s.answer(f).Arg]
	}
	// MA §11.3: discard the tiles outside the window.
	for sl := 0; sl < 4; sl++ {
		if w.Discard&(1<<sl) != 0 {
			s.discardTile(sl)
		}
	}
	// Re-anchor the window and everything on it.
	if off := s.Board.shift(int(w.X0), int(w.Y0)); off != 0 {
		s.shiftPositions(off)
	}
	nx -= int(w.X0)
	ny -= int(w.Y0)
	t := s.Tiles[len(s.Tiles)-1]
	s.Tiles = s.Tiles[:len(s.Tiles)-1]
	face := &s.ct.Tiles[t.Tile].Faces[t.Face]
	facing := (side + 2) % 4 // the new tile's attach side faces back
	rot := (int(facing) - int(face.Attach) + 4) % 4
	slot := ny*2 + nx
	s.Board.place(slot, t.Tile, t.Face, face, rot)
	s.restep()    // the discarded tiles and the shift too
	s.syncCells() // a laid tile's cells count as what the effects in force say (MA §12.18)
	s.log.Add(evExplore, game.AgentID(p), int32(t.Tile), int32(slot), 0)
	return game.Done
}

// discardTile takes a placed tile off (MA §11.3): its monsters are banished,
// its tokens return, and it goes flipped to the bottom of the stack.
func (s *State) discardTile(sl int) {
	for i := len(s.Order) - 1; i >= 0; i-- {
		m := s.Order[i]
		if TileOf(int(s.Mx[m].Pos)) == sl {
			s.banish(MonsterBase + int(m))
		}
	}
	for k := range s.Exit {
		if s.Exit[k] >= 0 && TileOf(int(s.Exit[k])) == sl {
			s.Exit = [2]int16{-1, -1}
		}
		if s.Entrance[k] >= 0 && TileOf(int(s.Entrance[k])) == sl {
			s.Entrance = [2]int16{-1, -1}
		}
	}
	t := s.Board.Slots[sl]
	s.Tiles = slices.Insert(s.Tiles, 0, TileRef{Tile: t.Tile, Face: 1 - t.Face, Seen: true})
	s.Board.remove(sl)
	s.log.Add(evDiscardTile, game.NoAgent, int32(t.Tile), int32(sl), 0)
}

// shiftPositions moves every figure and token by off cells after the window
// moved.
func (s *State) shiftPositions(off int) {
	for i := range s.Occ {
		s.Occ[i] = -1
	}
	for p := 0; p < int(s.N); p++ {
		if s.onBoardPioneer(p) {
			s.P[p].Pos += int16(off)
			s.Occ[s.P[p].Pos] = int8(p)
		}
	}
	for _, m := range s.Order {
		s.Mx[m].Pos += int16(off)
		s.Occ[s.Mx[m].Pos] = int8(MonsterBase + int(m))
	}
	for k := 0; k < 2; k++ {
		if s.Entrance[k] >= 0 {
			s.Entrance[k] += int16(off)
		}
		if s.Exit[k] >= 0 {
			s.Exit[k] += int16(off)
		}
	}
	for i := range s.Rituals {
		s.Rituals[i].Cell += int16(off)
	}
}
