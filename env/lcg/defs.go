package lcg

import (
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Trait bits the engine asks about often, derived once from card data so the
// step path never compares strings.
const (
	trGhoul uint16 = 1 << iota
	trMonster
	trElite
	trTome
	trSpell
	trFirearm
	trItem
	trAlly
	trWeapon
	trInsight
)

var traitBits = []struct {
	name string
	bit  uint16
}{
	{"Ghoul", trGhoul}, {"Monster", trMonster}, {"Elite", trElite}, {"Tome", trTome},
	{"Spell", trSpell}, {"Firearm", trFirearm}, {"Item", trItem}, {"Ally", trAlly},
	{"Weapon", trWeapon}, {"Insight", trInsight},
}

// defTraits[id] holds the trait bits of card id.
var defTraits []uint16

func init() {
	all := cards.All()
	defTraits = make([]uint16, len(all))
	for i := range all {
		for _, t := range traitBits {
			if all[i].Has(t.name) {
				defTraits[i] |= t.bit
			}
		}
	}
}

// def returns the definition of a card id.
func def(id cards.ID) *cards.Card { return &cards.All()[id] }

// has reports whether the card instance's definition has a trait bit.
func (s *State) has(id int16, bit uint16) bool { return defTraits[s.Cards[id].Def]&bit != 0 }

// code returns the card code of an instance.
func (s *State) code(id int16) string { return def(s.Cards[id].Def).Code }

// mustID returns the id of a card code (content tables, init time).
func mustID(code string) cards.ID { return cards.MustCode(code) }
