package machina

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/env/game"
)

// Hooks for scripted rules cases (env/machina/machinacase): lookups by
// content id and name, and changes to a state that play cannot make, each
// keeping every card, tile and figure in exactly one place. Nothing here runs
// during play.

// TileIndex returns the index of the tile with that id, or -1.
func (c *Content) TileIndex(id string) int { return c.tileIndex(id) }

// ItemIndex returns the index of the item card with that id, or -1.
func (c *Content) ItemIndex(id string) int { return c.itemIndex(id) }

// MonsterIndex returns the index of the monster card with that id, or -1.
func (c *Content) MonsterIndex(id string) int {
	for i := range c.Monsters {
		if c.Monsters[i].ID == id {
			return i
		}
	}
	return -1
}

// EventIndex returns the index of the event card with that id, or -1.
func (c *Content) EventIndex(id string) int {
	for i := range c.Events {
		if c.Events[i].ID == id {
			return i
		}
	}
	return -1
}

// StatByName returns the stat a passive effect names (defence, will, …).
func StatByName(name string) (Stat, bool) {
	st := lookup(statNames[:], name)
	return Stat(max(st, 0)), st > 0
}

// SideByName returns the side named N, E, S, W or north, east, south, west.
func SideByName(name string) (Side, bool) {
	for d, n := range sideNames {
		if strings.EqualFold(name, n[:1]) || name == n {
			return Side(d), true
		}
	}
	return 0, false
}

// CellName writes a canvas cell as "(x,y)".
func CellName(c int) string { return cellName(c) }

var edgeNames = [...]string{"open", "wall", "door", "closed", "destroyed"}

// EdgeName names an edge: open, wall, door, closed or destroyed.
func EdgeName(e Edge) string { return edgeNames[e] }

// ActionByName resolves an action name: a name of the vocabulary
// (ActionNames), or "Item ID", "Attach ID", "ItemAbility ID N" with content
// ids.
func (s *State) ActionByName(name string) (game.ActionCode, error) {
	f := strings.Fields(name)
	if len(f) >= 2 && (f[0] == "Item" || f[0] == "Attach" || f[0] == "ItemAbility") {
		if _, err := strconv.Atoi(f[1]); err != nil {
			i := s.ct.itemIndex(f[1])
			if i < 0 {
				return 0, fmt.Errorf("no item %q", f[1])
			}
			switch f[0] {
			case "Item":
				return CodeItem + game.ActionCode(i), nil
			case "Attach":
				return CodeAttach + game.ActionCode(i), nil
			}
			ab := 0
			if len(f) > 2 {
				ab, _ = strconv.Atoi(f[2])
			}
			return CodeItemAbility + game.ActionCode(i*4+ab), nil
		}
	}
	for code, n := range actionNames {
		if n == name {
			return game.ActionCode(code), nil
		}
	}
	return 0, fmt.Errorf("no action named %q", name)
}

// MarkersUsed counts the markers in use of a pioneer (MA §18.5), or with
// owner -1 the horror markers in use (MA §18.7).
func (s *State) MarkersUsed(owner int) int { return s.markersUsed(owner) }

// ClearPending drops every pending step: the state waits for a Begin.
func (s *State) ClearPending() { s.stack.Clear() }

// SetGrid clears the board (MA §11.5) and lays a drawn map in its place.
func (s *State) SetGrid(g Grid) {
	s.clearBoard()
	s.Board.Grid = g
	s.restep()
}

// TileLay is a tile of the content with the face up (0 or 1), and when laid
// its slot of the window (0..3, MA §23.2) and clockwise quarter turns.
type TileLay struct {
	Tile       int
	Face, Slot int
	Rot        int
}

// LayTiles clears the board and lays these tiles, taken from the stack.
func (s *State) LayTiles(ts []TileLay) {
	s.clearBoard()
	for _, t := range ts {
		s.takeTile(t.Tile)
		s.Board.place(t.Slot, int16(t.Tile), uint8(t.Face), &s.ct.Tiles[t.Tile].Faces[t.Face], t.Rot)
	}
	s.restep()
	s.syncCells()
}

// StackTiles puts these tiles on top of the tile stack, the first drawn
// first (MA §4.5, §11.2).
func (s *State) StackTiles(ts []TileLay) {
	for k := len(ts) - 1; k >= 0; k-- {
		s.takeTile(ts[k].Tile)
		s.Tiles = append(s.Tiles, TileRef{Tile: int16(ts[k].Tile), Face: uint8(ts[k].Face)})
	}
}

// takeTile takes tile ti from the stack (or a board slot).
func (s *State) takeTile(ti int) {
	for k := range s.Tiles {
		if int(s.Tiles[k].Tile) == ti {
			s.Tiles = append(s.Tiles[:k], s.Tiles[k+1:]...)
			break
		}
	}
	for sl := range s.Board.Slots {
		if int(s.Board.Slots[sl].Tile) == ti {
			s.Board.remove(sl)
			s.restep()
		}
	}
}

// StartFinale lays the finale as "go to the finale" does (MA §14.8),
// dropping its placement prompts: the caller places the pioneers.
func (s *State) StartFinale() {
	for i := range s.Chapters {
		if s.sc.Chapters[s.Chapters[i]].Finale {
			s.ChapterPos = int8(i)
		}
	}
	s.goFinale()
	s.stack.Clear()
}

// LiftPioneers takes every pioneer off the board.
func (s *State) LiftPioneers() {
	for p := 0; p < int(s.N); p++ {
		s.lift(p)
		s.P[p].OnBoard = false
	}
}

// KillPioneer kills a pioneer, killed by nobody (MA §7.6).
func (s *State) KillPioneer(seat int) { s.killPioneer(seat, -1) }

// PlacePioneer puts a pioneer on cell c of the board.
func (s *State) PlacePioneer(seat, c int) {
	s.P[seat].OnBoard = true
	s.setPos(seat, c)
}

// GiveItem gives item i to a pioneer, in its inventory, or equipped: on
// its first host when it is an upgrade or extension that cannot be a main
// item, else as a main item (MA §13.4–§13.7).
func (s *State) GiveItem(seat, i int, equip bool) {
	s.takeItem(i)
	s.Items[i] = ItemState{Zone: ZoneInventory, Owner: int8(seat), Host: -1}
	if !equip {
		return
	}
	var buf [MaxItems]int
	if hs := s.hosts(seat, i, buf[:0]); len(hs) > 0 && !s.mainEligible(i) {
		s.Items[i] = ItemState{Zone: ZoneEquipped, Owner: int8(seat), Host: int16(hs[0]), Ext: s.attachKind(i, hs[0]) == 2}
	} else {
		s.Items[i] = ItemState{Zone: ZoneEquipped, Owner: int8(seat), Host: -1}
	}
}

// GivePersonal gives event e to a pioneer as a personal event (MA §15.3).
func (s *State) GivePersonal(seat, e int) {
	p := &s.P[seat]
	s.takeEvent(e)
	s.Events[e] = EventState{Zone: ZonePersonal, Owner: int8(seat)}
	p.Personal[p.PersonalN] = int16(e)
	p.PersonalN++
}

// PutMonster puts monster m in play on cell c with some wounds, last in the
// monster order (MA §6.4).
func (s *State) PutMonster(m, c, wounds int) {
	s.takeMonster(m)
	s.Mx[m] = Monster{Zone: ZonePlay, Pos: -1, Wounds: int8(wounds), Controller: -1}
	s.Order = append(s.Order, int8(m))
	s.setPos(MonsterBase+m, c)
}

// CutMonsterDeck keeps the top n cards of the monster deck and puts the rest
// in the box.
func (s *State) CutMonsterDeck(n int) {
	for len(s.MonsterDeck) > n {
		m := s.MonsterDeck[0]
		s.MonsterDeck = s.MonsterDeck[1:]
		s.Mx[m] = Monster{Zone: ZoneBoxed, Pos: -1, Controller: -1}
	}
}

// PileMonster puts monster m on top of the destroyed-monster pile (MA §7.6).
func (s *State) PileMonster(m int) {
	s.takeMonster(m)
	s.Mx[m] = Monster{Zone: ZoneDiscard, Pos: -1, Controller: -1}
	s.MonsterPile = append(s.MonsterPile, int8(m))
}

// TopMonsters puts these monsters on top of the monster deck, the first
// drawn first.
func (s *State) TopMonsters(ms []int) {
	for _, m := range ms {
		s.takeMonster(m)
	}
	for k := len(ms) - 1; k >= 0; k-- {
		s.Mx[ms[k]] = Monster{Zone: ZoneDeck, Pos: -1, Controller: -1}
		s.MonsterDeck = append(s.MonsterDeck, int8(ms[k]))
	}
}

// TopItem puts item i on top of its deck.
func (s *State) TopItem(i int) {
	s.takeItem(i)
	d := s.ct.Items[i].Deck
	s.Items[i] = ItemState{Zone: ZoneDeck, Owner: -1, Host: -1}
	s.ItemDecks[d] = append(s.ItemDecks[d], int16(i))
}

// TopEvent puts event e on top of its deck.
func (s *State) TopEvent(e int) {
	s.takeEvent(e)
	kind := s.eventKind(e)
	s.Events[e] = EventState{Zone: ZoneDeck, Owner: -1}
	s.EventDecks[kind] = append(s.EventDecks[kind], int16(e))
}

// RevealEvent makes event e the current pioneer or horror event: the top of
// its discard pile (MA §15).
func (s *State) RevealEvent(e int) {
	s.takeEvent(e)
	kind := s.eventKind(e)
	s.Events[e] = EventState{Zone: ZoneDiscard, Owner: -1}
	s.EventPiles[kind] = append(s.EventPiles[kind], int16(e))
}

func (s *State) eventKind(e int) int {
	if s.ct.Events[e].Horror {
		return 1
	}
	return 0
}

// AddMod puts a continuous effect in force on a pioneer: its own pioneer
// marker (MA §18.5), or with horror a horror marker (MA §18.7), whose
// source is monster m's first ability when m >= 0.
func (s *State) AddMod(seat int, st Stat, amount int, horror bool, m int) {
	mod := Mod{Target: int16(seat), Stat: st, N: int8(amount), Owner: int8(seat), Marker: true, Src: -1}
	if horror {
		mod.Owner = -1
		if m >= 0 {
			mod.Src = refOf(refMonster, m, 0)
		}
	}
	s.Mods = append(s.Mods, mod)
}

// ResetLairHorror sets the lair and horror values of the current chapter
// (MA §6.2, §22.8).
func (s *State) ResetLairHorror() { s.Lair, s.Horror = s.scaledLair(s.startLair()), s.startHorror() }

// Begin starts play from a phase, turn (pioneer turn's seat) round, lair,
// horror or monsters, checks the table's invariants (a prompt not yet
// asked aside), and runs to the first decision.
func (s *State) Begin(phase string, turn int) error {
	switch phase {
	case "", "turn":
		s.Phase = PhasePioneers
		s.push(opRound, game.NoAgent, -1, -1, 0, 0)
		s.stack.Top().Step = 1
		s.push(opPioneersPhase, game.NoAgent, -1, -1, 0, 0)
		s.stack.Top().Step = 1
		s.P[turn].Acted = true
		s.push(opTurn, game.AgentID(turn), -1, int32(turn), 0, 0)
	case "round":
		s.Round = 0
		s.push(opRound, game.NoAgent, -1, -1, 0, 0)
	case "lair":
		s.Phase = PhaseLair
		s.push(opRound, game.NoAgent, -1, -1, 0, 0)
		s.stack.Top().Step = 2
		s.push(opLairPhase, game.NoAgent, -1, -1, 0, 0)
	case "horror":
		s.Phase = PhaseHorror
		s.push(opRound, game.NoAgent, -1, -1, 0, 0)
		s.stack.Top().Step = 3
		s.push(opHorrorPhase, game.NoAgent, -1, -1, 0, 0)
	case "monsters":
		s.Phase = PhaseMonsters
		s.push(opRound, game.NoAgent, -1, -1, 0, 0)
		s.push(opMonstersPhase, game.NoAgent, -1, -1, 0, 0)
	default:
		return fmt.Errorf("phase %q: turn, round, lair, horror or monsters", phase)
	}
	if err := s.CheckInvariants(); err != nil && !strings.Contains(err.Error(), "prompt") {
		return fmt.Errorf("the staged table breaks an invariant: %w", err)
	}
	s.run()
	return nil
}

// takeItem removes item i from whatever pile lists it.
func (s *State) takeItem(i int) {
	rm := func(l []int16) []int16 {
		for k, x := range l {
			if int(x) == i {
				return append(l[:k], l[k+1:]...)
			}
		}
		return l
	}
	for d := range s.ItemDecks {
		s.ItemDecks[d] = rm(s.ItemDecks[d])
	}
	s.ItemDiscard = rm(s.ItemDiscard)
	s.Limbo = rm(s.Limbo)
	s.Items[i] = ItemState{Zone: ZoneAside, Owner: -1, Host: -1}
}

// takeMonster removes monster m from the deck or the destroyed pile.
func (s *State) takeMonster(m int) {
	rm := func(l []int8) []int8 {
		for k, x := range l {
			if int(x) == m {
				return append(l[:k], l[k+1:]...)
			}
		}
		return l
	}
	s.MonsterDeck = rm(s.MonsterDeck)
	s.MonsterPile = rm(s.MonsterPile)
	s.Mx[m] = Monster{Zone: ZoneAside, Pos: -1, Controller: -1}
}

// takeEvent removes event e from its deck or pile.
func (s *State) takeEvent(e int) {
	rm := func(l []int16) []int16 {
		for k, x := range l {
			if int(x) == e {
				return append(l[:k], l[k+1:]...)
			}
		}
		return l
	}
	for k := 0; k < 2; k++ {
		s.EventDecks[k] = rm(s.EventDecks[k])
		s.EventPiles[k] = rm(s.EventPiles[k])
	}
	s.Events[e] = EventState{Zone: ZoneBoxed, Owner: -1}
}
