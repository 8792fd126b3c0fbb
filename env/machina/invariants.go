package machina

import "fmt"

// CheckInvariants verifies the state's structural rules: figures and the
// occupancy map agree and stand on passable cells; every card is in exactly
// one place that matches its zone; values are in their bounds; marker pools
// hold; the tiles are all accounted for; a running game has a prompt with
// options.
func (s *State) CheckInvariants() error {
	if err := s.checkGeometry(); err != nil {
		return err
	}
	// Figures.
	for c := 0; c < NumCells; c++ {
		cr := int(s.Occ[c])
		if cr < 0 {
			continue
		}
		if s.posOf(cr) != c {
			return fmt.Errorf("cell %s holds creature %d, which is at %d", cellName(c), cr, s.posOf(cr))
		}
		if isMonster(cr) && s.Mx[cr-MonsterBase].Zone != ZonePlay {
			return fmt.Errorf("cell %s holds %s, which is not in play", cellName(c), s.creatureName(cr))
		}
		if !s.Board.Passable(c) {
			return fmt.Errorf("%s stands on an impassable cell %s (%s, destroyed %d)", s.creatureName(cr), cellName(c), s.Board.Kind[c], s.Board.Dest[c])
		}
		if s.Board.Kind[c] == KindChasm && s.Board.Dest[c] == 0 {
			// MA §10.9: only the active pioneer walking through chasms.
			if !isPioneer(cr) || int(s.Active) != cr || s.statSum(cr, StatChasmWalk) <= 0 || s.P[cr].Stamina < costMove {
				return fmt.Errorf("%s stands on a chasm at %s", s.creatureName(cr), cellName(c))
			}
		}
	}
	for p := 0; p < int(s.N); p++ {
		pi := &s.P[p]
		if s.onBoardPioneer(p) && (pi.Pos < 0 || int(s.Occ[pi.Pos]) != p) {
			return fmt.Errorf("pioneer %d is on the board at %d but not in the occupancy map", p, pi.Pos)
		}
		if pi.Alive {
			card := s.pioneerCard(p)
			if pi.HP < 1 || pi.HP > card.MaxHP {
				return fmt.Errorf("pioneer %d health %d outside 1..%d", p, pi.HP, card.MaxHP)
			}
			if pi.Insp < 0 || pi.Insp > card.MaxInsp || pi.Stamina < 0 || pi.Stamina > 9 {
				return fmt.Errorf("pioneer %d inspiration %d or stamina %d out of bounds", p, pi.Insp, pi.Stamina)
			}
			if n := s.markersUsed(p); n > PioneerMarkers {
				return fmt.Errorf("pioneer %d has %d markers out", p, n)
			}
		}
	}
	if n := s.markersUsed(-1); n > HorrorMarkers {
		return fmt.Errorf("%d horror markers out", n)
	}
	// Monsters.
	seenM := make([]int, len(s.ct.Monsters))
	for _, m := range s.MonsterDeck {
		seenM[m]++
		if s.Mx[m].Zone != ZoneDeck {
			return fmt.Errorf("monster %s in the deck has zone %s", s.ct.Monsters[m].Name, s.Mx[m].Zone)
		}
	}
	for _, m := range s.MonsterPile {
		seenM[m]++
		if s.Mx[m].Zone != ZoneDiscard {
			return fmt.Errorf("monster %s in the destroyed pile has zone %s", s.ct.Monsters[m].Name, s.Mx[m].Zone)
		}
	}
	for _, m := range s.Order {
		seenM[m]++
		if s.Mx[m].Zone != ZonePlay || s.Occ[s.Mx[m].Pos] != int8(MonsterBase+int(m)) {
			return fmt.Errorf("monster %s in the order is not on the board", s.ct.Monsters[m].Name)
		}
		if int(s.Mx[m].Wounds) >= int(s.ct.Monsters[m].Health) {
			return fmt.Errorf("monster %s has %d wounds and is in play", s.ct.Monsters[m].Name, s.Mx[m].Wounds)
		}
	}
	for i := range s.ct.Monsters {
		z := s.Mx[i].Zone
		want := 0
		if z == ZoneDeck || z == ZoneDiscard || z == ZonePlay {
			want = 1
		}
		if seenM[i] != want {
			return fmt.Errorf("monster %s (zone %s) is listed %d times", s.ct.Monsters[i].Name, z, seenM[i])
		}
	}
	// Items.
	seenI := make([]int, len(s.ct.Items))
	for d := range s.ItemDecks {
		for _, i := range s.ItemDecks[d] {
			seenI[i]++
			if s.Items[i].Zone != ZoneDeck || int(s.ct.Items[i].Deck) != d {
				return fmt.Errorf("item %s in deck %s has zone %s", s.ct.Items[i].Name, Deck(d), s.Items[i].Zone)
			}
		}
	}
	for _, i := range s.ItemDiscard {
		seenI[i]++
		if s.Items[i].Zone != ZoneDiscard {
			return fmt.Errorf("item %s in the discard pile has zone %s", s.ct.Items[i].Name, s.Items[i].Zone)
		}
	}
	for _, i := range s.Limbo {
		seenI[i]++
	}
	for i := range s.ct.Items {
		it := &s.Items[i]
		want := 0
		switch it.Zone {
		case ZoneDeck, ZoneDiscard, ZoneLimbo:
			want = 1
		case ZoneInventory, ZoneEquipped:
			if it.Owner < 0 || int(it.Owner) >= int(s.N) || !s.P[it.Owner].Alive {
				return fmt.Errorf("item %s is held by seat %d, not a living pioneer", s.ct.Items[i].Name, it.Owner)
			}
			if it.Zone == ZoneInventory && it.Host >= 0 {
				return fmt.Errorf("item %s in the inventory has a host", s.ct.Items[i].Name)
			}
			if it.Zone == ZoneEquipped && s.ct.Items[i].Deck == OneUse {
				return fmt.Errorf("one-use item %s is equipped", s.ct.Items[i].Name)
			}
			if h := it.Host; it.Zone == ZoneEquipped && h >= 0 && (s.Items[h].Zone != ZoneEquipped || s.Items[h].Owner != it.Owner) {
				return fmt.Errorf("item %s is attached to %s, which is not equipped by the same pioneer", s.ct.Items[i].Name, s.ct.Items[h].Name)
			}
		}
		if seenI[i] != want {
			return fmt.Errorf("item %s (zone %s) is listed %d times", s.ct.Items[i].Name, it.Zone, seenI[i])
		}
	}
	for p := 0; p < int(s.N); p++ {
		hands := 0
		for i := range s.ct.Items {
			if it := &s.Items[i]; it.Zone == ZoneEquipped && int(it.Owner) == p && it.Host < 0 && s.ct.Items[i].Deck == Weapon {
				hands += int(s.ct.Items[i].Hands)
			}
		}
		if hands > 2 {
			return fmt.Errorf("pioneer %d holds main weapons with %d hands (MA §13.4)", p, hands)
		}
	}
	// Events.
	seenE := make([]int, len(s.ct.Events))
	for k := 0; k < 2; k++ {
		for _, e := range s.EventDecks[k] {
			seenE[e]++
			if s.Events[e].Zone != ZoneDeck {
				return fmt.Errorf("event %s in a deck has zone %s", s.ct.Events[e].Name, s.Events[e].Zone)
			}
		}
		for _, e := range s.EventPiles[k] {
			seenE[e]++
			if s.Events[e].Zone != ZoneDiscard {
				return fmt.Errorf("event %s in a discard pile has zone %s", s.ct.Events[e].Name, s.Events[e].Zone)
			}
		}
	}
	for p := 0; p < int(s.N); p++ {
		for k := 0; k < int(s.P[p].PersonalN); k++ {
			e := s.P[p].Personal[k]
			seenE[e]++
			if s.Events[e].Zone != ZonePersonal || int(s.Events[e].Owner) != p {
				return fmt.Errorf("personal event %s of seat %d has zone %s", s.ct.Events[e].Name, p, s.Events[e].Zone)
			}
		}
	}
	for e := range s.ct.Events {
		want := 1
		if z := s.Events[e].Zone; z == ZoneBoxed || z == ZoneVault {
			want = 0
		}
		if seenE[e] != want {
			return fmt.Errorf("event %s (zone %s) is listed %d times", s.ct.Events[e].Name, s.Events[e].Zone, seenE[e])
		}
	}
	// The tiles.
	n := len(s.Tiles)
	for _, sl := range s.Board.Slots {
		if sl.Tile >= 0 && !s.ct.Tiles[sl.Tile].Finale {
			n++
		}
	}
	regular := 0
	for i := range s.ct.Tiles {
		if !s.ct.Tiles[i].Finale {
			regular++
		}
	}
	if n != regular {
		return fmt.Errorf("%d regular tiles accounted for, %d exist", n, regular)
	}
	// The tracks.
	if s.Danger < 0 || s.Danger >= s.dangerTrack() || s.Level < 1 || s.Level > 5 {
		return fmt.Errorf("danger %d or monster level %d out of bounds", s.Danger, s.Level)
	}
	if !s.over {
		if len(s.prompt.Options) == 0 {
			return fmt.Errorf("the game runs but the prompt has no options")
		}
		if s.prompt.Actor < 0 || int(s.prompt.Actor) > int(s.N) {
			return fmt.Errorf("prompt actor %d", s.prompt.Actor)
		}
		seen := map[uint16]bool{}
		for _, o := range s.prompt.Options {
			if int(o.Code) >= NumActions || seen[uint16(o.Code)] {
				return fmt.Errorf("prompt %s: code %d repeated or out of range", promptKindNames[s.prompt.Kind], o.Code)
			}
			seen[uint16(o.Code)] = true
		}
	}
	return nil
}
