package machina

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/game"
)

// "Take from the deck" (MA §18.11): search the named item deck for a card,
// keep it, and shuffle the deck. The rulings are R-TAKE in
// docs/machina-rulings.md: the card goes to the user's inventory (it is not
// "gained", MA §13.8: no free equip, no "when you gain a weapon"); a card
// named by id is looked for in its own deck only; a card named by a property
// is the user's choice among the matches (no prompt for one); when no card
// matches, nothing is taken; the searched deck is shuffled either way.

// doTake resolves effect f.A of ability f.Src (an OpTake) for pioneer f.Tgt:
// the cards of the deck that match, the top first; with more than one the
// pioneer picks (PromptPickItem); then the deck is shuffled.
func (s *State) doTake(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if !s.P[p].Alive {
		return game.Done
	}
	a := s.abilityOf(f.Src)
	list := a.Effects
	if f.Src&refThen != 0 {
		list = a.Then
	}
	e := &list[f.A]
	d := int(e.Deck) - 1
	if e.Item > 0 {
		d = int(s.ct.Items[e.Item-1].Deck)
	}
	if f.Answer != game.NoAnswer {
		s.takeItemFromDeck(p, d, int(s.answer(f).Arg))
		return game.Done
	}
	found, n := -1, 0
	dk := s.ItemDecks[d]
	for k := len(dk) - 1; k >= 0; k-- { // from the top (the last)
		i := int(dk[k])
		c := &s.ct.Items[i]
		if e.Item > 0 && i != int(e.Item-1) || e.Item == 0 && (e.Ranged && !c.Ranged || e.N != 0 && c.Level != e.N) {
			continue
		}
		if n == 0 {
			found = i
			s.ask(game.AgentID(p), PromptPickItem, f.Src)
		}
		s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
		n++
	}
	if n > 1 {
		return game.Wait
	}
	s.takeItemFromDeck(p, d, found)
	return game.Done
}

// takeItemFromDeck puts item i (or nothing, i < 0) of deck d into pioneer
// p's inventory and shuffles the deck (MA §18.11).
func (s *State) takeItemFromDeck(p, d, i int) {
	if i >= 0 {
		dk := s.ItemDecks[d]
		for k := range dk {
			if int(dk[k]) == i {
				copy(dk[k:], dk[k+1:])
				s.ItemDecks[d] = dk[:len(dk)-1]
				break
			}
		}
		s.Items[i] = ItemState{Zone: ZoneInventory, Owner: int8(p), Host: -1}
		s.log.Add(evItemGained, game.AgentID(p), int32(p), int32(i), 0)
	}
	game.ShuffleInts(&s.rng, s.ItemDecks[d])
}

// linkTakes resolves the card each OpTake names to its item index (MA
// §18.11): a name that is no item, or an item of another deck than the one
// named, is a content error.
func (c *Content) linkTakes() error {
	fix := func(owner string, abs []Ability) error {
		for ai := range abs {
			for _, list := range [2][]Effect{abs[ai].Effects, abs[ai].Then} {
				for ei := range list {
					e := &list[ei]
					if e.Op != OpTake || e.Card == "" {
						continue
					}
					i := c.itemIndex(e.Card)
					if i < 0 {
						return fmt.Errorf("%s: %s: take: no item card %q (MA §18.11)", e.At, owner, e.Card)
					}
					if e.Deck != 0 && int(c.Items[i].Deck) != int(e.Deck-1) {
						return fmt.Errorf("%s: %s: take: %s is in the %s deck, not the %s deck", e.At, owner, e.Card, c.Items[i].Deck, Deck(e.Deck-1))
					}
					e.Item = int16(i + 1)
				}
			}
		}
		return nil
	}
	for i := range c.Pioneers {
		if err := fix("pioneer "+c.Pioneers[i].ID, c.Pioneers[i].Abilities); err != nil {
			return err
		}
	}
	for i := range c.Monsters {
		if err := fix("monster "+c.Monsters[i].ID, c.Monsters[i].Abilities); err != nil {
			return err
		}
	}
	for i := range c.Items {
		if err := fix("item "+c.Items[i].ID, c.Items[i].Abilities); err != nil {
			return err
		}
	}
	for i := range c.Events {
		if err := fix("event "+c.Events[i].ID, c.Events[i].Abilities); err != nil {
			return err
		}
	}
	for i := range c.Scenarios {
		for k := range c.Scenarios[i].Chapters {
			ch := &c.Scenarios[i].Chapters[k]
			if err := fix("chapter "+ch.ID, ch.Abilities); err != nil {
				return err
			}
		}
	}
	return nil
}

// itemIndex returns the index of the item card id, or -1.
func (c *Content) itemIndex(id string) int {
	for i := range c.Items {
		if c.Items[i].ID == id {
			return i
		}
	}
	return -1
}
