package lcgobs

import (
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// cardFeatures[id] holds the static columns (cardColumns) of card id, from
// its printed data, so that encoding a card is one copy.
var cardFeatures = func() [][cardCols]float32 {
	all := cards.All()
	t := make([][cardCols]float32, len(all))
	for i := 1; i < len(all); i++ {
		c, f := &all[i], &t[i]
		switch c.Type {
		case cards.Asset:
			f[cAsset] = 1
		case cards.Event:
			f[cEvent] = 1
		case cards.SkillCard:
			f[cSkill] = 1
		case cards.Treachery:
			f[cTreachery] = 1
		case cards.Enemy:
			f[cEnemy] = 1
		default:
			f[cOther] = 1
		}
		f[cCost] = float32(max(c.Cost, 0)) // X costs (-2) and no cost (-1) read as 0
		f[cLevel] = float32(max(c.Level, 0))
		for k := 0; k < 5; k++ {
			f[cIcons+k] = float32(c.Icons[k])
		}
		f[cHealth], f[cSanity] = float32(c.Health), float32(c.Sanity)
		f[cFast], f[cWeakness] = b2f(c.Fast), b2f(c.Weakness)
		f[cUses] = float32(c.UsesCount)
	}
	return t
}()

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// NumCardIDs is the size of an embedding table for the card-id fields: ids
// are in [0, NumCardIDs), 0 meaning "no card".
func NumCardIDs() int { return len(cards.All()) }
