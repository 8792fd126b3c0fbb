package lcg

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The upgrade step between two scenarios of a campaign (LCG §3 Campaign,
// Experience 2 "Buy cards"; §3 Deckbuilding): each investigator, in player
// order, buys cards one at a time with unspent experience, or is done. A
// purchase is an option ActBuy+k, k the card's index in the shop (every
// player card of the collection an investigator may buy: no weakness, no
// signature card, no investigator); a purchase that is not an upgrade asks
// next which card of the deck it replaces (ActRemove+k, or ActPass to
// cancel). The rules a purchase keeps:
//   - the investigator's deckbuilding options allow the card's class and
//     level;
//   - it costs its level in experience, at least 1 (a level-0 card costs 1);
//     Exceptional cards cost double (LCG §3 Exceptional);
//   - a higher level of a title the deck holds at a lower level is an
//     upgrade: it costs the level difference (at least 1) and replaces the
//     lower version (the highest one below it: the cheapest; ruling
//     R-CAMP-UPGRADE);
//   - the deck keeps its size: any other purchase replaces a card of the
//     deck the investigator chooses, never a weakness or a signature card
//     (none of which are in the shop); a Permanent card is outside the deck
//     size and replaces none;
//   - at most 2 copies by title (the deck limit, Exceptional 1).

// MaxShop is the number of ActBuy and ActRemove codes: the core set's
// player cards an investigator may buy (80; an init check keeps it so).
const MaxShop = 80

// shop lists the cards ActBuy+k and ActRemove+k name, in card-id order.
var shop = func() []cards.ID {
	var out []cards.ID
	all := cards.All()
	for i := range all {
		c := &all[i]
		if c.IsPlayerCard() && !c.Hidden && c.Type.IsPlayerType() && c.Type != cards.Investigator &&
			!c.Weakness && c.Restriction == "" && c.Level >= 0 {
			out = append(out, c.ID)
		}
	}
	if len(out) > MaxShop {
		panic(fmt.Sprintf("lcg: %d cards to buy, more than MaxShop (%d)", len(out), MaxShop))
	}
	return out
}()

// shopIndex is the inverse of shop (-1: not a card to buy).
var shopIndex = func() []int8 {
	out := make([]int8, len(cards.All()))
	for i := range out {
		out[i] = -1
	}
	for k, d := range shop {
		out[d] = int8(k)
	}
	return out
}()

// shopByLevel lists the shop's indices by level, highest first (5 to 0),
// in shop order within a level: the order of an upgrade prompt's options.
var shopByLevel = func() []int8 {
	var out []int8
	for lv := int8(5); lv >= 0; lv-- {
		for k, d := range shop {
			if def(d).Level == lv {
				out = append(out, int8(k))
			}
		}
	}
	return out
}()

// titleOf numbers the cards' titles: two cards have the same number when
// they have the same name (LCG §3 Deckbuilding counts copies by title).
var titleOf = func() []int16 {
	all := cards.All()
	out := make([]int16, len(all))
	seen := map[string]int16{}
	for i := range all {
		t, ok := seen[all[i].Name]
		if !ok {
			t = int16(len(seen))
			seen[all[i].Name] = t
		}
		out[i] = t
	}
	return out
}()

// rulesOf is each investigator card's deckbuilding rules (nil for other
// cards and investigators without rules): cards.RulesFor, looked up once.
var rulesOf = func() []*cards.DeckRules {
	all := cards.All()
	out := make([]*cards.DeckRules, len(all))
	for i := range all {
		if r, ok := cards.RulesFor(all[i].Code); ok {
			out[i] = r
		}
	}
	return out
}()

// ShopCard returns the card ActBuy+k and ActRemove+k name (0 past the shop).
func ShopCard(k int) cards.ID {
	if k < 0 || k >= len(shop) {
		return 0
	}
	return shop[k]
}

// purchase is what buying shop card k would be for a seat: the experience
// it costs, the deck entry it upgrades (-1: none), whether it needs a card
// removed, and whether it is allowed at all.
type purchase struct {
	cost    int
	upgrade int
	remove  bool
	ok      bool
	rule    string // the rule that forbids it (for the render and the cases)
}

// titleLimit is how many copies of the title of c a deck may hold (LCG §3
// Deckbuilding: 2, or the card's deck limit; §3 Exceptional: 1).
func titleLimit(c *cards.Card) int {
	n := 2
	if c.DeckLimit > 0 && int(c.DeckLimit) < n {
		n = int(c.DeckLimit)
	}
	if c.Exceptional {
		n = 1
	}
	return n
}

// quote prices shop card k for seat's campaign deck and experience.
func (s *State) quote(seat, k int) purchase {
	cs := &s.Camp.Seats[seat]
	c := def(shop[k])
	rules := rulesOf[cs.Inv]
	if rules == nil || !rules.Allows(c.Class, c.Level) {
		return purchase{rule: "deckbuilding options"}
	}
	p := purchase{upgrade: -1}
	copies := 0
	title := titleOf[shop[k]]
	for i, d := range cs.deck() {
		if titleOf[d] != title {
			continue
		}
		x := def(d)
		copies++
		if x.Level < c.Level && (p.upgrade < 0 || x.Level > def(cs.Deck[p.upgrade]).Level) {
			p.upgrade = i
		}
	}
	if p.upgrade >= 0 {
		p.cost = max(int(c.Level-def(cs.Deck[p.upgrade]).Level), 1)
		copies--
	} else {
		p.cost = max(int(c.Level), 1)
		p.remove = !c.Permanent
	}
	if c.Exceptional {
		p.cost *= 2
	}
	switch {
	case p.cost > int(cs.XP):
		p.rule = "experience"
	case copies+1 > titleLimit(c):
		p.rule = "copies by title"
	case p.remove && !s.hasRemovable(seat):
		p.rule = "deck size"
	case !p.remove && p.upgrade < 0 && int(cs.NDeck) >= maxCampaignDeck:
		p.rule = "deck capacity"
	default:
		p.ok = true
	}
	return p
}

// mayAfford reports whether seat's experience covers the least that shop
// card k can cost (1, 2 when Exceptional: quote's cost is never lower), so
// that quote need not scan the deck when it cannot be bought.
func (s *State) mayAfford(seat, k int) bool {
	least := 1
	if def(shop[k]).Exceptional {
		least = 2
	}
	return int(s.Camp.Seats[seat].XP) >= least
}

// hasRemovable reports whether seat's deck holds a card a purchase may
// replace (a card of the shop: no weakness, no signature card).
func (s *State) hasRemovable(seat int) bool {
	for _, d := range s.Camp.Seats[seat].deck() {
		if shopIndex[d] >= 0 {
			return true
		}
	}
	return false
}

// buy makes the purchase of shop card k for seat, replacing shop card r's
// first copy in the deck when the purchase needs a removal (r < 0: none).
// It reports false when the purchase is not allowed.
func (s *State) buy(seat, k, r int) bool {
	p := s.quote(seat, k)
	if !p.ok {
		return false
	}
	cs := &s.Camp.Seats[seat]
	at := p.upgrade
	if p.remove {
		if r == k {
			return false // the deck would not change (askRemoval offers no such option)
		}
		at = -1
		for i, d := range cs.deck() {
			if r >= 0 && r < len(shop) && d == shop[r] {
				at = i
				break
			}
		}
		if at < 0 {
			return false
		}
	}
	cs.XP -= int8(p.cost)
	old := int32(0)
	if at >= 0 {
		old = int32(cs.Deck[at])
		cs.Deck[at] = shop[k]
	} else {
		cs.addCard(shop[k])
	}
	s.log.Add(evUpgrade, game.AgentID(seat), int32(shop[k]), old, int32(p.cost))
	return true
}

// upgradeStep asks each investigator in turn (Frame A, the player-order
// cursor) what to buy, until they are done; Frame Tgt holds a purchase
// waiting for the card it replaces (-1: none). It returns Wait while it
// asks and Done when every investigator is done.
func (s *State) upgradeStep(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		seat, o := int(f.Who), s.chosen(f)
		f.Answer = game.NoAnswer
		switch {
		case f.Tgt >= 0:
			if o.Code != ActPass {
				s.buy(seat, int(f.Tgt), int(o.Code-ActRemove))
			} else {
				s.Camp.Seats[seat].decline(int(f.Tgt))
			}
			f.Tgt = -1
		case o.Code == ActPass:
			s.Camp.Seats[seat].doneShopping()
			f.A++
		default:
			k := int(o.Code - ActBuy)
			if s.quote(seat, k).remove {
				f.Tgt = int32(k)
				return s.askRemoval(seat, k)
			}
			s.buy(seat, k, -1)
		}
	}
	for ; int(f.A) < int(s.N); f.A++ {
		seat := s.seatAt(int(f.A))
		p := s.ask(seat, PkUpgrade, int32(s.Inv[seat].Card))
		p.Add(ActPass, 0, 0)
		// Higher levels first, so that the option rows of the observation
		// (the first 30) show the purchases above level 0.
		for _, k := range shopByLevel {
			if k := int(k); !s.Camp.Seats[seat].declined(k) && s.mayAfford(seat, k) && s.quote(seat, k).ok {
				p.Add(ActBuy+game.ActionCode(k), int32(shop[k]), 0)
			}
		}
		if len(p.Options) > 1 {
			f.Who = game.AgentID(seat)
			return game.Wait
		}
		s.Camp.Seats[seat].doneShopping() // nothing left to buy
	}
	return game.Done
}

// decline marks shop card k's purchase as cancelled in this upgrade step.
func (c *CampaignSeat) decline(k int) { c.Declined[k/64] |= 1 << (k % 64) }

// declined reports whether the seat cancelled shop card k's purchase in this
// upgrade step.
func (c *CampaignSeat) declined(k int) bool { return c.Declined[k/64]&(1<<(k%64)) != 0 }

// doneShopping ends the seat's turn in this upgrade step: its cancels are
// forgotten.
func (c *CampaignSeat) doneShopping() { c.Declined = [len(c.Declined)]uint64{} }

// askRemoval asks seat which card of the deck shop card k replaces: one
// option per card (title and level) in the deck that a purchase may
// replace, other than card k itself, or ActPass to cancel the purchase.
func (s *State) askRemoval(seat, k int) game.Control {
	p := s.ask(seat, PkUpgradeRemove, int32(s.Inv[seat].Card))
	p.Add(ActPass, 0, 0)
	var in [MaxShop]bool
	for _, d := range s.Camp.Seats[seat].deck() {
		if r := shopIndex[d]; r >= 0 {
			in[r] = true
		}
	}
	for r := range shop {
		if in[r] && r != k { // replacing a copy of the card bought changes nothing
			p.Add(ActRemove+game.ActionCode(r), int32(shop[r]), int32(shop[k]))
		}
	}
	return game.Wait
}

// Quote says what buying shop card k would cost seat now, whether it would
// be an upgrade of a lower level in the deck, and whether it is allowed
// (for agents and the render).
func (s *State) Quote(seat, k int) (cost int, upgrade, ok bool) {
	if !s.Camp.On || seat < 0 || seat >= int(s.N) || k < 0 || k >= len(shop) {
		return 0, false, false
	}
	p := s.quote(seat, k)
	return p.cost, p.upgrade >= 0, p.ok
}
