package ah3

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// Hooks for scripted rules cases (env/ah3/ah3case): they change a state in
// ways play cannot, keeping every card in exactly one place.

// ForceDice makes the next dice rolled show these values, in order.
func (s *State) ForceDice(vals ...int) {
	for _, v := range vals {
		if int(s.NForced) < len(s.Forced) {
			s.Forced[s.NForced] = uint8(v)
			s.NForced++
		}
	}
}

// ForceCup makes the next mythos tokens drawn these, in order.
func (s *State) ForceCup(tokens ...content.MythosToken) {
	for _, t := range tokens {
		if int(s.NForcedCup) < len(s.ForcedCup) {
			s.ForcedCup[s.NForcedCup] = int8(t)
			s.NForcedCup++
		}
	}
}

// SpaceIndex finds a space by name.
func (s *State) SpaceIndex(name string) (int8, error) {
	for i, sp := range s.sc().Spaces {
		if sp.Name == name {
			return int8(i), nil
		}
	}
	return -1, fmt.Errorf("no space %q", name)
}

// HoodIndex finds a neighborhood by name.
func (s *State) HoodIndex(name string) (int8, error) {
	for i, h := range s.sc().Neighborhoods {
		if h.Name == name {
			return int8(i), nil
		}
	}
	return -1, fmt.Errorf("no neighborhood %q", name)
}

// MonsterKind finds a monster kind (epic ones included) by name.
func (s *State) MonsterKind(name string) (int16, error) {
	for i, k := range s.g.kinds {
		if k.Name == name {
			return int16(i), nil
		}
	}
	return -1, fmt.Errorf("no monster %q", name)
}

// MonsterName names a monster kind.
func (s *State) MonsterName(k int16) string { return s.g.kinds[k].Name }

// GiveAsset takes the named card from wherever it waits (its deck, the
// Reserve or its pile) and gives it to the seat.
func (s *State) GiveAsset(seat int8, name string) error {
	for i, a := range s.sc().Assets {
		if a.Name != name {
			continue
		}
		c := int16(i)
		switch a.Pile {
		case content.ItemDeck:
			if !s.Items.Remove(c) {
				found := false
				for k := range s.Reserve {
					if s.Reserve[k] == c && !found {
						s.Reserve[k], found = -1, true
					}
				}
				if !found {
					return fmt.Errorf("no free copy of %q", name)
				}
				s.refillReserve()
			}
		case content.SpellDeck:
			if !s.Spells.Remove(c) {
				return fmt.Errorf("no free copy of %q", name)
			}
		case content.AllyDeck:
			if !s.Allies.Remove(c) {
				return fmt.Errorf("no free copy of %q", name)
			}
		default:
			if s.Avail[c] <= 0 {
				return fmt.Errorf("no free copy of %q", name)
			}
		}
		s.gainCard(seat, c)
		return nil
	}
	return fmt.Errorf("no asset %q", name)
}

// DiscardAssets discards every asset of the seat.
func (s *State) DiscardAssets(seat int8) {
	for s.Seats[seat].NAssets > 0 {
		s.discardAsset(seat, int(s.Seats[seat].NAssets)-1)
	}
}

// ClearMonsters returns every monster on the board to the deck (epic ones
// to the archive).
func (s *State) ClearMonsters() {
	for i := range s.Monsters {
		if s.Monsters[i].Kind >= 0 {
			s.defeatMonster(int8(i))
		}
	}
}

// PutMonster takes a monster of kind k from the deck (an epic one from the
// archive) and puts it in a space, ready, exhausted or engaged with seat.
func (s *State) PutMonster(k int16, space int8, status uint8, seat int8, damage int8) (int8, error) {
	if s.g.epicNum[k] == 0 && !s.MonsterDeck.Remove(k) {
		return -1, fmt.Errorf("no %s left in the monster deck", s.g.kinds[k].Name)
	}
	for i := range s.Monsters {
		if s.Monsters[i].Kind < 0 {
			def := &s.g.kinds[k]
			s.Monsters[i] = Monster{Kind: k, Space: space, Damage: damage, Health: int8(def.Health + def.Elite*int(s.NStart))}
			switch status {
			case Exhausted:
				s.Monsters[i].Status = Exhausted
			case Engaged:
				s.Monsters[i].Space = s.Seats[seat].Space
				s.engage(int8(i), seat)
			}
			return int8(i), nil
		}
	}
	return -1, fmt.Errorf("the board is full")
}

// PileByName names the piles scripts may stack: street, event, monster,
// headline, item, spell, ally, anomaly, or a neighborhood's name.
func (s *State) PileByName(name string) (*Pile, error) {
	switch name {
	case "street":
		return &s.Street, nil
	case "event":
		return &s.Event, nil
	case "event_discard":
		return &s.EventDiscard, nil
	case "monster":
		return &s.MonsterDeck, nil
	case "headline":
		return &s.Headlines, nil
	case "item":
		return &s.Items, nil
	case "spell":
		return &s.Spells, nil
	case "ally":
		return &s.Allies, nil
	case "anomaly":
		return &s.Anomalies, nil
	}
	h, err := s.HoodIndex(name)
	if err != nil {
		return nil, fmt.Errorf("no pile %q", name)
	}
	return &s.Hood[h], nil
}

// CardIndex finds a card of a pile's kind by name.
func (s *State) CardIndex(pile, name string) (int16, error) {
	sc := s.sc()
	switch pile {
	case "monster":
		k, err := s.MonsterKind(name)
		return k, err
	case "headline":
		for i, h := range sc.Headlines {
			if h.Name == name {
				return int16(i), nil
			}
		}
	case "item", "spell", "ally":
		for i, a := range sc.Assets {
			if a.Name == name {
				return int16(i), nil
			}
		}
	default:
		for i, e := range sc.Encounters {
			if e.Name == name {
				return int16(i), nil
			}
		}
	}
	return -1, fmt.Errorf("no card %q for pile %s", name, pile)
}

// StackTop moves the named cards to the top of a pile, in order (the first
// named ends on top). A card not in the pile is taken from wherever it is
// among the state's piles of its kind; headlines come from outside the deck.
func (s *State) StackTop(pile string, names []string) error {
	p, err := s.PileByName(pile)
	if err != nil {
		return err
	}
	for i := len(names) - 1; i >= 0; i-- {
		c, err := s.CardIndex(pile, names[i])
		if err != nil {
			return err
		}
		if !p.Remove(c) && !s.takeFromElsewhere(pile, c) {
			return fmt.Errorf("card %q is not available for the %s pile", names[i], pile)
		}
		p.PushTop(c)
	}
	if pile == "item" {
		for k := range s.Reserve {
			if s.Reserve[k] < 0 {
				s.Reserve[k] = s.Items.PopBottom()
			}
		}
	}
	return nil
}

// StackBottom moves the named cards to the bottom of a pile, in order (the
// last named ends at the bottom).
func (s *State) StackBottom(pile string, names []string) error {
	p, err := s.PileByName(pile)
	if err != nil {
		return err
	}
	for _, name := range names {
		c, err := s.CardIndex(pile, name)
		if err != nil {
			return err
		}
		if !p.Remove(c) && !s.takeFromElsewhere(pile, c) {
			return fmt.Errorf("card %q is not available for the %s pile", name, pile)
		}
		p.PushBottom(c)
	}
	return nil
}

func (s *State) takeFromElsewhere(pile string, c int16) bool {
	switch pile {
	case "headline":
		if !s.HeadlineIn[c] {
			s.HeadlineIn[c] = true
			return true
		}
		return s.HeadlineDiscard.Remove(c)
	case "item":
		for k := range s.Reserve {
			if s.Reserve[k] == c {
				s.Reserve[k] = -1 // refilled by the caller, after the stacking
				return true
			}
		}
		return false
	case "monster", "spell", "ally":
		return false
	}
	// Encounter cards move between the street, event, neighborhood and anomaly piles.
	for _, p := range []*Pile{&s.Street, &s.Event, &s.EventDiscard, &s.Anomalies} {
		if p.Remove(c) {
			return true
		}
	}
	for h := range s.sc().Neighborhoods {
		if s.Hood[h].Remove(c) {
			return true
		}
	}
	return false
}

// SetCodex replaces the codex with the given archive numbers (revealed),
// without resolving their instructions.
func (s *State) SetCodex(numbers []int) error {
	s.NCodex = 0
	for _, n := range numbers {
		if n <= 0 || n >= MaxArchive || s.Variant[n] < 0 {
			return fmt.Errorf("no archive card %d", n)
		}
		s.Codex[s.NCodex] = s.Variant[n]
		s.NCodex++
		s.Revealed |= 1 << uint(n)
	}
	return nil
}

// SetVariant picks which card an archive number uses (by name).
func (s *State) SetVariant(number int, name string) error {
	for _, i := range s.g.variants[number] {
		if s.sc().Archive[i].Name == name {
			s.Variant[number] = i
			return nil
		}
	}
	return fmt.Errorf("archive card %d has no variant %q", number, name)
}

// CodexNumbers lists the archive numbers in the codex, in order.
func (s *State) CodexNumbers() []int {
	out := make([]int, s.NCodex)
	for i := range out {
		out[i] = s.sc().Archive[s.Codex[i]].Number
	}
	return out
}

// Restart abandons the pending decisions and starts the current round again
// at phase p (action, monster, encounter or mythos), running to the next
// decision. Scripts call it after changing a state.
func (s *State) Restart(p Phase) {
	s.stack.Clear()
	if s.Round == 0 {
		s.Round = 1
	}
	r := s.push(opRound, -1, 0, 0, 0, 0)
	s.Phase = p
	switch p {
	case PhaseAction:
		r.Step = 1
		for i := range s.Seats {
			s.Seats[i].Active = s.Seats[i].Inv >= 0
		}
		s.push(opActionPhase, -1, 0, 0, 0, 0)
	case PhaseMonster:
		r.Step = 2
		// AH3 201.2, 420.2: every investigator has taken their turn, so
		// each activation token is inactive when the monster phase begins
		// (the encounter phase reads them, AH3 203.2).
		for i := range s.Seats {
			s.Seats[i].Active = false
		}
		for i := range s.Monsters {
			s.Monsters[i].Acted = false
		}
		s.push(opMonsterPhase, -1, 0, 0, 0, 0)
	case PhaseEncounter:
		r.Step = 3
		for i := range s.Seats {
			s.Seats[i].Active = false
		}
		s.push(opEncounterPhase, -1, 0, 0, 0, 0)
	default:
		r.Step = 4
		// AH3 420.3: each token was flipped back during the encounter phase.
		for i := range s.Seats {
			s.Seats[i].Active = true
		}
		s.push(opMythosPhase, -1, 0, 0, 0, 0)
	}
	s.run()
}

// ParsePhase reads a phase name.
func ParsePhase(name string) (Phase, error) {
	for i, n := range phaseNames {
		if n == name {
			return Phase(i), nil
		}
	}
	return 0, fmt.Errorf("no phase %q", name)
}

// PromptKindName names a prompt kind.
func PromptKindName(k game.PromptKind) string {
	if int(k) < len(promptNames) {
		return promptNames[k]
	}
	return "?"
}

// AssetName names an asset card.
func (s *State) AssetName(c int16) string { return s.sc().Assets[c].Name }

// ConditionName is the condition an asset card gives, or "".
func (s *State) ConditionName(c int16) string { return s.sc().Assets[c].Condition }

// Stack frames pending (for tests).
func (s *State) Pending() int { return s.stack.Len() }

// SetReserve puts the named items in the Reserve's slots, returning the
// cards there to the bottom of the item deck.
func (s *State) SetReserve(names []string) error {
	for k := range s.Reserve {
		if s.Reserve[k] >= 0 {
			s.Items.PushBottom(s.Reserve[k])
			s.Reserve[k] = -1
		}
	}
	for k, name := range names {
		c, err := s.CardIndex("item", name)
		if err != nil || k >= ReserveSize || !s.Items.Remove(c) {
			return fmt.Errorf("cannot put %q in the Reserve", name)
		}
		s.Reserve[k] = c
	}
	s.refillReserve()
	return nil
}

// SheetGone marks an investigator sheet as defeated (not in play).
func (s *State) SheetGone(name string) error {
	for i, v := range s.sc().Investigators {
		if v.Name == name {
			if s.Sheet[i] == SheetInPlay {
				return fmt.Errorf("%s is in play", name)
			}
			s.Sheet[i] = SheetDefeated
			return nil
		}
	}
	return fmt.Errorf("no investigator %q", name)
}
