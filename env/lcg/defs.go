package lcg

import (
	"strings"

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

// preyKind is an enemy's Prey instruction decoded from card data (LCG §3 Prey).
type preyKind uint8

const (
	preyAny preyKind = iota
	preyBearer
	preyHighestCombat
	preyLowestHealth
)

// defPrey[id] holds the Prey instruction of card id, decoded once so the step
// path never parses text.
var defPrey []preyKind

// Bits of defBits: card facts the step path asks often, kept in one small
// table so that the answer does not touch the large card records.
const (
	dbFast uint8 = 1 << iota
	dbEvent
)

// defBits[id] holds the dbXxx bits of card id.
var defBits []uint8

func init() {
	all := cards.All()
	defTraits = make([]uint16, len(all))
	defPrey = make([]preyKind, len(all))
	defBits = make([]uint8, len(all))
	for i := range all {
		if all[i].Fast {
			defBits[i] |= dbFast
		}
		if all[i].Type == cards.Event {
			defBits[i] |= dbEvent
		}
		for _, t := range traitBits {
			if all[i].Has(t.name) {
				defTraits[i] |= t.bit
			}
		}
		switch prey := strings.ToLower(all[i].Prey); {
		case strings.Contains(prey, "bearer"):
			defPrey[i] = preyBearer
		case strings.Contains(prey, "highest combat"):
			defPrey[i] = preyHighestCombat
		case strings.Contains(prey, "lowest remaining health"):
			defPrey[i] = preyLowestHealth
		}
	}
}

// prey returns the Prey instruction of a card instance.
func (s *State) prey(id int16) preyKind { return defPrey[s.Cards[id].Def] }

// def returns the definition of a card id.
func def(id cards.ID) *cards.Card { return &cards.All()[id] }

// has reports whether the card instance's definition has a trait bit.
func (s *State) has(id int16, bit uint16) bool { return defTraits[s.Cards[id].Def]&bit != 0 }

// code returns the card code of an instance.
func (s *State) code(id int16) string { return def(s.Cards[id].Def).Code }

// mustID returns the id of a card code (content tables, init time).
func mustID(code string) cards.ID { return cards.MustCode(code) }
