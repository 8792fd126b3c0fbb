package cards

import "strings"

// Type is a card type (LCG §3 Card Types, §8 Appendix IV).
type Type uint8

// Card types.
const (
	TypeNone Type = iota
	Investigator
	Asset
	Event
	SkillCard // the skill card type; named so because Skill is the skill type
	Treachery
	Enemy
	Location
	Act
	Agenda
	Scenario
	Story
)

var typeNames = [...]string{"None", "Investigator", "Asset", "Event", "Skill", "Treachery", "Enemy", "Location", "Act", "Agenda", "Scenario", "Story"}

// String returns the type's English name.
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "Type(?)"
}

// IsPlayerType reports whether cards of this type are player cards by type
// (investigator, asset, event, skill). Weaknesses may also be treacheries
// or enemies; see Card.IsPlayerCard.
func (t Type) IsPlayerType() bool {
	return t == Investigator || t == Asset || t == Event || t == SkillCard
}

// Class is a card's class (faction). Neutral is the zero value; Mythos marks
// encounter cards (LCG §3 Deckbuilding "Classes").
type Class uint8

// Classes.
const (
	Neutral Class = iota
	Guardian
	Seeker
	Rogue
	Mystic
	Survivor
	Mythos
)

var classNames = [...]string{"Neutral", "Guardian", "Seeker", "Rogue", "Mystic", "Survivor", "Mythos"}

// String returns the class's English name.
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "Class(?)"
}

// Skill names one of the four skills, or the wild icon. The values index
// Card.Icons and (without Wild) Card.Skills.
type Skill uint8

// Skills, in printed order, then the wild icon.
const (
	Willpower Skill = iota
	Intellect
	Combat
	Agility
	Wild
)

var skillNames = [...]string{"Willpower", "Intellect", "Combat", "Agility", "Wild"}

// String returns the skill's English name.
func (s Skill) String() string {
	if int(s) < len(skillNames) {
		return skillNames[s]
	}
	return "Skill(?)"
}

// Slot is the set of slots an asset occupies (LCG §3 Slots). An investigator
// has 1 accessory, 1 body, 1 ally, 2 hand and 2 arcane slots.
type Slot uint8

// Slot bits. SlotHand2 and SlotArcane2 are the two-slot icons.
const (
	SlotHand Slot = 1 << iota
	SlotHand2
	SlotArcane
	SlotArcane2
	SlotAccessory
	SlotBody
	SlotAlly
	SlotTarot // unused in the core set
)

var slotNames = [...]string{"Hand", "Hand x2", "Arcane", "Arcane x2", "Accessory", "Body", "Ally", "Tarot"}

// String lists the slots as printed, e.g. "Hand x2"; "" for none.
func (s Slot) String() string {
	var parts []string
	for i, n := range slotNames {
		if s&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, ". ")
}

// Hands returns how many hand slots the asset occupies.
func (s Slot) Hands() int { return s.count(SlotHand, SlotHand2) }

// Arcane returns how many arcane slots the asset occupies.
func (s Slot) Arcane() int { return s.count(SlotArcane, SlotArcane2) }

func (s Slot) count(one, two Slot) int {
	n := 0
	if s&one != 0 {
		n++
	}
	if s&two != 0 {
		n += 2
	}
	return n
}

// UsesKind is the token type named by a card's Uses keyword (LCG §3 Uses).
type UsesKind uint8

// Uses kinds.
const (
	UsesNone UsesKind = iota
	Ammo
	Charges
	Secrets
	Supplies
)

var usesNames = [...]string{"none", "ammo", "charges", "secrets", "supplies"}

// String returns the kind as printed on cards ("ammo").
func (u UsesKind) String() string {
	if int(u) < len(usesNames) {
		return usesNames[u]
	}
	return "uses(?)"
}

// Ability is a bit set of the kinds of ability and action designator that
// appear in a card's text box, derived by the generator from the card text.
// It tells the engine which hooks a card's effect code must provide; it is
// not the effect itself. A marker inside quoted text a card grants to
// another (Parlor grants Lita Chantler a Parley) counts for the card that
// prints it.
type Ability uint16

// Ability bits.
const (
	AbilityAction      Ability = 1 << iota // an activated ability costing actions
	AbilityReaction                        // a reaction ability
	AbilityFast                            // a fast (free) triggered ability
	AbilityForced                          // a Forced ability
	AbilityObjective                       // an Objective (acts)
	AbilityElderSign                       // an Elder Sign effect (investigators)
	AbilityFight                           // a Fight designator
	AbilityInvestigate                     // an Investigate designator
	AbilityEvade                           // an Evade designator
	AbilityParley                          // a Parley designator
	AbilityResign                          // a Resign designator
)

var abilityNames = [...]string{"action", "reaction", "fast", "forced", "objective", "elder sign", "fight", "investigate", "evade", "parley", "resign"}

// String lists the set bits, e.g. "action|fight".
func (a Ability) String() string {
	var parts []string
	for i, n := range abilityNames {
		if a&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, "|")
}
