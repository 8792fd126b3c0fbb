package agents

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The heuristic's answers to the campaign's prompts (env/lcg/upgrade.go,
// campaign_play.go): buy the best affordable cards (upgrades of higher
// level first; never a level-0 card), replace the weakest card, and take
// the trauma with the more room left.

// campaignScore values an option of a campaign prompt; ok is false for
// other prompts.
func (v *lcgView) campaignScore(kind game.PromptKind, o game.Option) (float64, bool) {
	s := v.s
	c := o.Code
	switch kind {
	case lcg.PkUpgrade:
		if c == lcg.ActPass {
			return 0, true // done
		}
		k := int(c - lcg.ActBuy)
		d := cards.Get(lcg.ShopCard(k))
		cost, upgrade, _ := s.Quote(v.seat, k)
		if d.Level <= 0 {
			return -1, true // level-0 swaps are not worth the experience
		}
		val := 2*float64(d.Level) - 0.5*float64(cost) + 1
		if upgrade {
			val += 2 // keeps the deck's plan, and costs less
		}
		return val, true
	case lcg.PkUpgradeRemove:
		if c == lcg.ActPass {
			return -100, true // do not cancel a purchase chosen
		}
		return -defKeepValue(cards.Get(lcg.ShopCard(int(c - lcg.ActRemove)))), true
	case lcg.PkTrauma:
		cs := &s.Camp.Seats[v.seat]
		inv := seatCard(s, v.seat)
		room := float64(int(inv.Health)-int(cs.Physical)) - float64(int(inv.Sanity)-int(cs.Mental))
		if c == lcg.ActChoose {
			return room, true // physical when health has more room
		}
		return -room, true
	}
	return 0, false
}

// defKeepValue is how much a card definition is worth keeping in a deck: its
// level, then its skill icons, then whether it is an asset.
func defKeepValue(c *cards.Card) float64 {
	val := 5 * float64(max(c.Level, 0))
	for _, n := range c.Icons {
		val += float64(n)
	}
	if c.Type == cards.Asset {
		val++
	}
	return val
}
