package machina

// Creatures (MA §7): pioneers, monsters, and attack-only cells.

func isPioneer(cr int) bool      { return cr >= 0 && cr < MaxPioneers }
func isMonster(cr int) bool      { return cr >= MonsterBase && cr < MonsterBase+MaxMonsters }
func isCellCreature(cr int) bool { return cr >= CellBase }

// posOf returns a creature's cell, or -1.
func (s *State) posOf(cr int) int {
	switch {
	case isPioneer(cr):
		p := &s.P[cr]
		if !p.Alive || !p.OnBoard {
			return -1
		}
		return int(p.Pos)
	case isMonster(cr):
		m := &s.Mx[cr-MonsterBase]
		if m.Zone != ZonePlay && m.Zone != ZoneLimbo {
			return -1 // a dying monster keeps its cell for its last effects
		}
		return int(m.Pos)
	case isCellCreature(cr):
		return cr - CellBase
	}
	return -1
}

// at returns the creature (pioneer or monster) on cell c, or -1.
func (s *State) at(c int) int {
	if c < 0 || c >= NumCells {
		return -1
	}
	return int(s.Occ[c])
}

// setPos moves a creature's figure to c (no rules: the caller applies them).
func (s *State) setPos(cr, c int) {
	old := s.posOf(cr)
	if old >= 0 && int(s.Occ[old]) == cr {
		s.Occ[old] = -1
	}
	if isPioneer(cr) {
		s.P[cr].Pos = int16(c)
	} else if isMonster(cr) {
		s.Mx[cr-MonsterBase].Pos = int16(c)
	}
	if c >= 0 {
		s.Occ[c] = int8(cr)
	}
}

// lift takes a creature's figure off the board.
func (s *State) lift(cr int) {
	if c := s.posOf(cr); c >= 0 && int(s.Occ[c]) == cr {
		s.Occ[c] = -1
	}
}

// free reports whether cell c is free and passable for a creature to end on
// (MA §17.4).
func (s *State) free(c int) bool {
	return c >= 0 && s.Board.Passable(c) && s.Occ[c] < 0
}

// barrelAt reports whether an explosive barrel stands on c (MA §12.11).
func (s *State) barrelAt(c int) bool { return s.Board.Kind[c] == KindBarrel && s.Board.Dest[c] == 0 }

// barrelFor reports whether creature by may treat cell c as an explosive
// barrel: a barrel, or a standing chest for one who may treat chest cells
// as barrels (Antique Handle, MA §12.18: when interacting, one of the two
// types — attacking it, a barrel; using it, a chest).
func (s *State) barrelFor(c, by int) bool {
	if s.barrelAt(c) {
		return true
	}
	return s.Board.Kind[c] == KindChest && s.Board.Dest[c] == 0 && isPioneer(by) && s.statSum(by, StatChestBarrel) > 0
}

// ritualIndex returns the ritual-cell creature on c, or -1 (MA §21.6).
func (s *State) ritualIndex(c int) int {
	for i := range s.Rituals {
		if int(s.Rituals[i].Cell) == c && s.Rituals[i].HP > 0 {
			return i
		}
	}
	return -1
}

// monsterCard returns the card of a monster creature.
func (s *State) monsterCard(cr int) *MonsterCard { return &s.ct.Monsters[cr-MonsterBase] }

// pioneerCard returns the card of a seat.
func (s *State) pioneerCard(seat int) *PioneerCard { return &s.ct.Pioneers[s.P[seat].Card] }

// health returns a creature's current health.
func (s *State) health(cr int) int {
	switch {
	case isPioneer(cr):
		return int(s.P[cr].HP)
	case isMonster(cr):
		return int(s.monsterCard(cr).Health) - int(s.Mx[cr-MonsterBase].Wounds)
	case isCellCreature(cr):
		if r := s.ritualIndex(cr - CellBase); r >= 0 {
			return int(s.Rituals[r].HP)
		}
		return 1
	}
	return 0
}

// onBoardPioneer reports whether seat i is alive and on the board.
func (s *State) onBoardPioneer(i int) bool { return s.P[i].Alive && s.P[i].OnBoard }

// alivePioneers counts living pioneers (MA §22.7: lair scaling counts them).
func (s *State) alivePioneers() int {
	n := 0
	for i := 0; i < int(s.N); i++ {
		if s.P[i].Alive {
			n++
		}
	}
	return n
}

// incorporeal reports whether a creature is incorporeal now (MA §10.1).
func (s *State) incorporeal(cr int) bool {
	if isMonster(cr) {
		mc := s.monsterCard(cr)
		if mc.Incorporeal {
			return true
		}
		if mc.WallIncorporeal && s.nextToWall(s.posOf(cr)) {
			return true
		}
	}
	if isCellCreature(cr) {
		return false
	}
	return s.hasStat(cr, StatIncorporeal)
}

// nextToWall reports whether a full side of cell c is a wall or a closed
// door (MA §12.4: a closed door counts as a wall for card effects).
func (s *State) nextToWall(c int) bool {
	if c < 0 {
		return false
	}
	for d := Side(0); d < 4; d++ {
		if s.Board.SideEdge(c, Direction(2*d)).Blocks() {
			return true
		}
	}
	return false
}

// seesUnseen reports whether a creature may target incorporeal creatures
// (MA §10.1): a passive allows it, or a lit chapter cell is on its tile.
func (s *State) seesUnseen(cr int) bool {
	if c := s.posOf(cr); c >= 0 {
		ox, oy := (c%Size)/TileSize*TileSize, (c/Size)/TileSize*TileSize
		for y := oy; y < oy+TileSize; y++ {
			for x := ox; x < ox+TileSize; x++ {
				if i := y*Size + x; s.Board.Lit[i] && s.Board.Dest[i] == 0 {
					return true
				}
			}
		}
	}
	return s.hasStat(cr, StatSeeUnseen)
}

// immobile reports whether the creature has the Immobile keyword (MA §3.2).
func (s *State) immobile(cr int) bool {
	return isCellCreature(cr) || (isMonster(cr) && s.monsterCard(cr).Immobile)
}
