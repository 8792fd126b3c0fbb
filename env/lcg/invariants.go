package lcg

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// CheckInvariants verifies the state's structural rules: every card instance
// is in exactly one zone list matching its Zone field; no negative counts;
// engaged enemies are at their investigator's location; enemy slots hold
// enemies in play; the prompt has options unless the game is over; each
// timing point in resolution has its trigger frame.
func (s *State) CheckInvariants() error {
	if !s.over {
		// Each timing point in resolution has its trigger frame (triggers.go);
		// a would event read back by its host is taken before any prompt.
		n := 0
		for _, f := range s.stack.Frames {
			if f.Op == opTrigger {
				if f.A < 0 || int(f.A) >= len(s.Events) {
					return fmt.Errorf("trigger frame for event %d of %d", f.A, len(s.Events))
				}
				n++
			}
		}
		if len(s.Events) >= maxEvents {
			return fmt.Errorf("the event stack is full (%d): a further timing point would panic", len(s.Events))
		}
		if n != len(s.Events) {
			return fmt.Errorf("%d events in resolution, %d trigger frames", len(s.Events), n)
		}
	}
	seen := make([]int, len(s.Cards))
	count := func(l []int16, z Zone, seat int) error {
		for _, id := range l {
			if id < 0 || int(id) >= len(s.Cards) {
				return fmt.Errorf("zone %s holds bad id %d", z, id)
			}
			seen[id]++
			c := &s.Cards[id]
			if c.Zone != z {
				return fmt.Errorf("card %d (%s) is listed in %s but its zone is %s", id, s.name(id), z, c.Zone)
			}
			if seat >= 0 && int(c.Ctrl) != seat {
				return fmt.Errorf("card %d (%s) in seat %d's %s has ctrl %d", id, s.name(id), seat, z, c.Ctrl)
			}
		}
		return nil
	}
	for i := 0; i < int(s.N); i++ {
		v := &s.Inv[i]
		seen[v.Card]++
		for _, z := range []struct {
			l []int16
			z Zone
		}{{v.Deck, ZoneDeck}, {v.Hand, ZoneHand}, {v.Discard, ZoneDiscard}, {v.Play, ZonePlay}, {v.Threat, ZoneThreat}} {
			if err := count(z.l, z.z, i); err != nil {
				return err
			}
		}
		if v.Damage < 0 || v.Horror < 0 || v.Clues < 0 || v.Resources < 0 || v.Actions < 0 {
			return fmt.Errorf("seat %d has a negative count: %+v", i, *v)
		}
		if v.Out == OutNone && !s.pendingDamage() {
			d := def(v.Def)
			if v.Damage >= d.Health || v.Horror >= d.Sanity {
				return fmt.Errorf("seat %d is past its health or sanity but still in the game", i)
			}
		}
	}
	for _, z := range []struct {
		l []int16
		z Zone
	}{{s.Board, ZoneBoard}, {s.EncDeck, ZoneEncDeck}, {s.EncDiscard, ZoneEncDiscard}, {s.SetAside, ZoneSetAside},
		{s.Victory, ZoneVictory}, {s.Removed, ZoneRemoved}, {s.Limbo, ZoneLimbo}} {
		if err := count(z.l, z.z, -1); err != nil {
			return err
		}
	}
	for id, n := range seen {
		if n != 1 {
			return fmt.Errorf("card %d (%s, zone %s) is in %d zone lists", id, s.name(int16(id)), s.Cards[id].Zone, n)
		}
		c := &s.Cards[id]
		if c.Damage < 0 || c.Horror < 0 || c.Clues < 0 || c.Doom < 0 || c.Uses < 0 {
			return fmt.Errorf("card %d (%s) has a negative token count", id, s.name(int16(id)))
		}
	}
	for k, e := range s.Enemies {
		if e < 0 {
			continue
		}
		c := &s.Cards[e]
		if !inPlayZone(c.Zone) || s.card(e).Type != typeEnemy {
			return fmt.Errorf("enemy slot %d holds %s in %s", k, s.name(e), c.Zone)
		}
		if c.Zone == ZoneThreat && c.Loc != s.Inv[c.Ctrl].Loc {
			return fmt.Errorf("%s is engaged with seat %d but at another location", s.name(e), c.Ctrl)
		}
		if !s.locInPlay(int(c.Loc)) {
			return fmt.Errorf("%s is at a location not in play", s.name(e))
		}
	}
	for i := range s.Cards {
		c := &s.Cards[i]
		if inPlayZone(c.Zone) && s.card(int16(i)).Type == typeEnemy && s.enemySlot(int16(i)) < 0 {
			return fmt.Errorf("%s is in play without an enemy slot", s.name(int16(i)))
		}
	}
	if len(s.Bag)+len(s.Revealed) != len(s.scen().Campaign.Bags[s.cfg.difficulty])+len(s.scen().BagAdd)+int(s.Camp.NBagAdds) {
		return fmt.Errorf("chaos bag has %d+%d tokens", len(s.Bag), len(s.Revealed))
	}
	if len(s.Tests) == 0 && len(s.Revealed) != 0 {
		return fmt.Errorf("tokens revealed outside a skill test")
	}
	if !s.over && len(s.prompt.Options) == 0 {
		return fmt.Errorf("no options while the game goes on")
	}
	if s.over && s.Resolution == ResNone {
		return fmt.Errorf("the game is over without a resolution")
	}
	return s.campaignInvariants()
}

// campaignInvariants checks campaign play's decks (LCG §3 Campaign,
// Experience 2: the deck keeps its size) and experience.
func (s *State) campaignInvariants() error {
	if !s.Camp.On {
		return nil
	}
	for i := 0; i < int(s.N); i++ {
		c := &s.Camp.Seats[i]
		if c.XP < 0 {
			return fmt.Errorf("seat %d has %d experience", i, c.XP)
		}
		rules, _ := cards.RulesFor(def(c.Inv).Code)
		size := 0
		for _, d := range c.deck() {
			x := def(d)
			if !x.Weakness && x.Restriction == "" && !x.Permanent {
				size++
			}
		}
		if rules != nil && size != rules.DeckSize {
			return fmt.Errorf("seat %d's campaign deck has %d cards, not %d", i, size, rules.DeckSize)
		}
	}
	return nil
}

// pendingDamage reports whether a damage packet is being assigned.
func (s *State) pendingDamage() bool {
	for _, f := range s.stack.Frames {
		if f.Op == opDamage {
			return true
		}
	}
	return false
}
