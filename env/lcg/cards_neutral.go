package lcg

import "github.com/mythos-rl/mythos/env/lcg/cards"

// The Neutral cards of the core set, each in one block: its id, then
// everything it does (card_hooks.go's playerHooks). Texts in our own words.
// The basic and signature weaknesses are in cards_weaknesses.go.

// Knife (01086): ⮕ Fight with +1 combat; or ⮕ discard it: Fight with +2
// combat and +1 damage. LCG §3 Fight.
var idKnife = mustID("01086")

func init() {
	registerCard(idKnife, playerHooks{abilities: []weapon{
		{skill: skCombat, mod: 1},
		{skill: skCombat, mod: 2, dmg: 1, discard: true, ability: 1},
	}})
}

// Flashlight (01087): ⮕ spend 1 supply: Investigate, the location's shroud
// −2 for this investigation. LCG §3 Investigate, §3 Uses.
var idFlashlight = mustID("01087")

func init() {
	registerCard(idFlashlight, playerHooks{abilities: []weapon{{skill: skIntellect, use: true, invest: true, shroud: -2}}})
}

// Emergency Cache (01088): gain 3 resources.
var idEmergencyCache = mustID("01088")

func init() {
	registerCard(idEmergencyCache, playerHooks{play: func(s *State, seat int, _ int16) { s.gainResources(seat, 3) }})
}

// Guts (01089), Perception (01090), Overpower (01091), Manual Dexterity
// (01092): max 1 committed per skill test; if the test succeeds, the card's
// owner draws 1 card. LCG §6 ST.2, ST.7.
var idGuts, idPerception, idOverpower, idManualDexterity = mustID("01089"), mustID("01090"), mustID("01091"), mustID("01092")

func init() {
	for _, d := range []cards.ID{idGuts, idPerception, idOverpower, idManualDexterity} {
		registerCard(d, playerHooks{maxOnePerTest: true, committed: drawOnSuccess})
	}
}

// drawOnSuccess: "if this skill test is successful, draw 1 card" (the
// committed card's owner).
func drawOnSuccess(s *State, _ *SkillTest, id int16) {
	if owner := int(s.Cards[id].Owner); s.inGame(owner) {
		s.drawCards(owner, 1)
	}
}

// Unexpected Courage (01093): max 1 committed per skill test (its two wild
// icons are its stats). LCG §6 ST.2.
var idUnexpectedCourage = mustID("01093")

func init() { registerCard(idUnexpectedCourage, playerHooks{maxOnePerTest: true}) }
