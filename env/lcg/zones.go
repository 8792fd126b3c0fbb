package lcg

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// remove deletes id from list, keeping the order. A card is in its zone's
// list once; the search starts from the end, the top of a pile, where most
// cards leave from (a draw, a reveal).
func remove(list []int16, id int16) []int16 {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i] == id {
			if i < len(list)-1 {
				copy(list[i:], list[i+1:])
			}
			return list[:len(list)-1]
		}
	}
	return list
}

// zoneList returns the list that holds cards of zone z for seat.
func (s *State) zoneList(z Zone, seat int8) *[]int16 {
	switch z {
	case ZoneDeck:
		return &s.Inv[seat].Deck
	case ZoneHand:
		return &s.Inv[seat].Hand
	case ZoneDiscard:
		return &s.Inv[seat].Discard
	case ZonePlay:
		return &s.Inv[seat].Play
	case ZoneThreat:
		return &s.Inv[seat].Threat
	case ZoneBoard:
		return &s.Board
	case ZoneEncDeck:
		return &s.EncDeck
	case ZoneEncDiscard:
		return &s.EncDiscard
	case ZoneSetAside:
		return &s.SetAside
	case ZoneVictory:
		return &s.Victory
	case ZoneRemoved:
		return &s.Removed
	case ZoneLimbo:
		return &s.Limbo
	}
	return nil
}

// takeOut removes a card from its zone's list. A card leaving play loses its
// tokens and its attachments are discarded (LCG §3 Leaves Play).
func (s *State) takeOut(id int16) {
	c := &s.Cards[id]
	if l := s.zoneList(c.Zone, c.Ctrl); l != nil {
		*l = remove(*l, id)
	}
	c.Zone = ZoneNone
}

// moveTo moves a card to zone z of seat (or a shared zone), at the end of
// its list (the top of a pile). Leaving play clears tokens and discards
// attachments (LCG §3 Leaves Play).
func (s *State) moveTo(id int16, z Zone, seat int) {
	c := &s.Cards[id]
	wasInPlay := inPlayZone(c.Zone)
	if c.Zone == ZonePlay && z != ZonePlay && hooksOf[c.Def] != nil && hooksOf[c.Def].extraAction && c.Ctrl >= 0 && s.Active == c.Ctrl {
		// Leo De Luca leaves play during his controller's turn: the
		// additional action he grants is gone with him (LCG §3 Leaves Play).
		if v := &s.Inv[c.Ctrl]; v.Actions > 0 {
			v.Actions--
		}
	}
	s.takeOut(id)
	if wasInPlay && !inPlayZone(z) {
		c.Damage, c.Horror, c.Clues, c.Doom, c.Uses = 0, 0, 0, 0, 0
		c.Exhausted, c.Host = false, -1
		if s.enemySlot(id) >= 0 {
			s.dropEnemy(id)
		}
		s.discardAttachments(id)
	}
	c.Zone, c.Ctrl = z, int8(seat)
	if l := s.zoneList(z, c.Ctrl); l != nil {
		*l = append(*l, id)
		checkCapacity(z, len(*l))
	}
}

// checkCapacity panics when an area holds more cards than its actions can
// address (MaxHand, MaxPlay, MaxThreat): the limits hold the whole Night of
// the Zealot campaign, and an overflow is an engine error, never a card
// silently out of reach.
func checkCapacity(z Zone, n int) {
	limit := 0
	switch z {
	case ZoneHand:
		limit = MaxHand
	case ZonePlay:
		limit = MaxPlay
	case ZoneThreat:
		limit = maxThreatCards // the first MaxThreat are addressable (R-THREAT16)
	default:
		return
	}
	if n > limit {
		panic(fmt.Sprintf("lcg: capacity: %d cards in a %s, more than its %d slots (state.go)", n, z, limit))
	}
}

// discardAttachments discards every card attached to host (LCG §3 Attach To).
func (s *State) discardAttachments(host int16) {
	for i := 0; i < len(s.Board); i++ {
		a := s.Board[i]
		if s.Cards[a].Host == host {
			s.toDiscard(a)
			i--
		}
	}
}

// toDiscard puts a card on its owner's discard pile, or the encounter
// discard for encounter cards (LCG §3 Discard Piles). Cards of an eliminated
// owner are removed from the game instead (LCG §3 Elimination 1).
func (s *State) toDiscard(id int16) {
	c := &s.Cards[id]
	o := int(c.Owner)
	switch {
	case o < 0:
		s.moveTo(id, ZoneEncDiscard, -1)
	case s.Inv[o].Out != OutNone:
		s.moveTo(id, ZoneRemoved, -1)
	default:
		s.moveTo(id, ZoneDiscard, o)
	}
	s.Cards[id].Loc = -1
	s.log.Add(evDiscard, game.AgentID(o), int32(id), 0, 0)
}

// discardCard is toDiscard under a name that reads better in effects.
func (s *State) discardCard(id int16) { s.toDiscard(id) }

// discardFromHand discards hand slot h of seat.
func (s *State) discardFromHand(seat, h int) {
	if h < 0 || h >= len(s.Inv[seat].Hand) {
		return
	}
	s.toDiscard(s.Inv[seat].Hand[h])
}

// handSlotOf returns the hand slot of the first card with definition d in
// seat's hand, or -1.
func (s *State) handSlotOf(seat int, d cards.ID) int {
	for h, id := range s.Inv[seat].Hand {
		if s.Cards[id].Def == d && h < MaxHand {
			return h
		}
	}
	return -1
}

// countThreat counts cards with definition d in seat's threat area.
func (s *State) countThreat(seat int, d cards.ID) int {
	n := 0
	for _, id := range s.Inv[seat].Threat {
		if s.Cards[id].Def == d {
			n++
		}
	}
	return n
}

// controls returns the first instance of definition d in seat's play area, or -1.
func (s *State) controls(seat int, d cards.ID) int16 {
	for _, id := range s.Inv[seat].Play {
		if s.Cards[id].Def == d {
			return id
		}
	}
	return -1
}

// gainResources adds n resources to seat's pool (LCG §3 Resources).
func (s *State) gainResources(seat, n int) {
	s.Inv[seat].Resources += int16(n)
	s.log.Add(evResource, game.AgentID(seat), int32(n), 0, 0)
}

// shuffleDeck shuffles seat's deck with the state's RNG.
func (s *State) shuffleDeck(seat int) {
	game.ShuffleInts(&s.rng, s.Inv[seat].Deck)
	s.log.Add(evShuffle, game.AgentID(seat), 0, 0, 0)
}

// hDraw draws Frame.A cards for seat (LCG §3 Drawing Cards). An empty deck
// is refilled from the discard pile; the investigator then takes 1 horror
// once, after all the drawing (LCG §3 Drawing Cards [DIFF], §12.7 for an
// empty discard too). A drawn weakness resolves its revelation.
func (s *State) hDraw(f *game.Frame) game.Control {
	seat := int(f.Who)
	if !s.inGame(seat) {
		return game.Done
	}
	v := &s.Inv[seat]
	for f.A > 0 {
		f.A--
		if len(v.Deck) == 0 {
			for len(v.Discard) > 0 {
				id := v.Discard[len(v.Discard)-1]
				s.moveTo(id, ZoneDeck, seat)
			}
			s.shuffleDeck(seat)
			f.B = 1
			if len(v.Deck) == 0 {
				continue
			}
		}
		id := v.Deck[len(v.Deck)-1]
		s.moveTo(id, ZoneHand, seat)
		s.log.Add(evDraw, game.AgentID(seat), int32(id), 0, 0)
		if s.card(id).Weakness {
			// LCG §3 Weakness: resolve it as if drawn (revelation, encounter procedure).
			s.drawnWeakness(seat, id)
			return s.cont(game.Again)
		}
	}
	if f.B == 1 {
		f.B = 0
		s.push(opDamage, seat, -1, -1, packDmg(0, 1, false), 0)
		return game.Again
	}
	return game.Done
}

// drawCards pushes a draw of n cards.
func (s *State) drawCards(seat, n int) { s.push(opDraw, seat, -1, -1, int32(n), 0) }
