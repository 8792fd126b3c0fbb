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
	trCultist
	trNightgaunt
	trCentral
)

var traitBits = []struct {
	name string
	bit  uint16
}{
	{"Ghoul", trGhoul}, {"Monster", trMonster}, {"Elite", trElite}, {"Tome", trTome},
	{"Spell", trSpell}, {"Firearm", trFirearm}, {"Item", trItem}, {"Ally", trAlly},
	{"Weapon", trWeapon}, {"Insight", trInsight}, {"Cultist", trCultist}, {"Nightgaunt", trNightgaunt},
	{"Central", trCentral},
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
	preyMostClues
	preyLowestSanity
	preyLowestCombat
	preyLowestAgility
	preyFewestCards
)

// spawnKind is an enemy's Spawn instruction decoded from card data (LCG §3
// Spawn): a location's name, or one of the instructions that name no
// location.
type spawnKind uint8

const (
	spawnNone        spawnKind = iota // no instruction: engaged with the drawer (LCG §5.2 1.4 step 4)
	spawnNamed                        // at the location of that title (defSpawnLoc)
	spawnEmpty                        // "Any empty location" (LCG §3 Empty Location)
	spawnEngagedPrey                  // "Engaged with Prey": with the investigator its Prey picks
)

// defSpawn[id] and defSpawnLoc[id] hold the Spawn instruction of card id,
// decoded once at init so the step path never reads text: a spawnNamed
// instruction keeps the title number (defLocTitle) of its location.
// defLocTitle[id] numbers the titles of location cards from 1 (0: not a
// location); two locations share a number when they share a title.
var (
	defSpawn    []spawnKind
	defSpawnLoc []uint16
	defLocTitle []uint16
)

// decodeSpawn decodes a Spawn instruction; every instruction of the card
// data must decode (an unknown text is a content error found at init).
func decodeSpawn(text string, all []cards.Card) (spawnKind, uint16) {
	t := strings.TrimSuffix(strings.TrimSpace(text), ".")
	switch strings.ToLower(t) {
	case "":
		return spawnNone, 0
	case "any empty location":
		return spawnEmpty, 0
	case "engaged with prey":
		return spawnEngagedPrey, 0
	}
	for i := range all {
		if all[i].Type == cards.Location && strings.EqualFold(all[i].Name, t) {
			return spawnNamed, defLocTitle[i]
		}
	}
	panic("lcg: unknown Spawn instruction " + text)
}

// numberLocTitles fills defLocTitle.
func numberLocTitles(all []cards.Card) {
	defLocTitle = make([]uint16, len(all))
	titles := map[string]uint16{}
	for i := range all {
		if all[i].Type != cards.Location {
			continue
		}
		n, ok := titles[all[i].Name]
		if !ok {
			n = uint16(len(titles) + 1)
			titles[all[i].Name] = n
		}
		defLocTitle[i] = n
	}
}

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
	defSpawn = make([]spawnKind, len(all))
	defSpawnLoc = make([]uint16, len(all))
	numberLocTitles(all)
	for i := range all {
		defSpawn[i], defSpawnLoc[i] = decodeSpawn(all[i].Spawn, all)
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
		case strings.Contains(prey, "most clues"):
			defPrey[i] = preyMostClues
		case strings.Contains(prey, "lowest remaining sanity"):
			defPrey[i] = preyLowestSanity
		case strings.Contains(prey, "lowest combat"):
			defPrey[i] = preyLowestCombat
		case strings.Contains(prey, "lowest agility"):
			defPrey[i] = preyLowestAgility
		case strings.Contains(prey, "fewest cards in hand"):
			defPrey[i] = preyFewestCards
		case prey != "":
			panic("lcg: unknown Prey instruction " + all[i].Prey)
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
