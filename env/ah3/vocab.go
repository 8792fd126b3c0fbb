package ah3

import (
	"fmt"
	"sync"

	"github.com/mythos-rl/mythos/env/game"
)

// Limits of the fixed layout (also the maxima of the action vocabulary).
const (
	MaxSeats        = 6  // players (AH3 110)
	MaxSpaces       = 32 // spaces of a map
	MaxHoods        = 8  // neighborhoods of a map
	MaxMonsters     = 16 // monsters on the board at once
	MaxAssets       = 12 // assets one investigator holds
	MaxAbilities    = 4  // component actions on one investigator sheet
	MaxOptions      = 6  // options of one encounter choice
	MaxInvestigator = 16 // investigator sheets of a content directory
	MaxPile         = 40 // cards in one deck
	MaxCodex        = 12 // cards in the codex
	MaxArchive      = 32 // archive numbers 1..31
	MaxAssetDefs    = 96 // asset cards of a content directory
	MaxDice         = 12 // dice rolled in one test
	ReserveSize     = 5  // AH3 411.1
)

// Action codes: the fixed vocabulary every prompt's options are drawn from.
// A code's meaning depends only on the code (a seat, an action, a space, a
// monster slot, an asset slot…), never on the option's position.
const (
	ActPass         game.ActionCode = 0   // end the turn, stop, decline, done
	ActSeat         game.ActionCode = 1   // + seat: an investigator (6)
	ActMove         game.ActionCode = 7   // Move (AH3 416)
	ActGather       game.ActionCode = 8   // Gather Resources (AH3 475)
	ActFocus        game.ActionCode = 9   // Focus (AH3 490)
	ActWard         game.ActionCode = 10  // Ward (AH3 426)
	ActResearch     game.ActionCode = 11  // Research (AH3 430)
	ActTrade        game.ActionCode = 12  // Trade (AH3 452)
	ActAttack       game.ActionCode = 13  // Attack (AH3 404)
	ActEvade        game.ActionCode = 14  // Evade (AH3 487)
	ActRecover      game.ActionCode = 15  // stand up from delayed (AH3 424.2)
	ActAbility      game.ActionCode = 16  // + ability: a component action of the sheet (4)
	ActAssetAction  game.ActionCode = 20  // + asset slot: a component action of an asset (12)
	ActSkill        game.ActionCode = 32  // + skill (5)
	ActSpace        game.ActionCode = 37  // + space (32)
	ActMonster      game.ActionCode = 69  // + monster slot (16)
	ActAsset        game.ActionCode = 85  // + own asset slot (12)
	ActTheirAsset   game.ActionCode = 97  // + the trade partner's asset slot (12)
	ActOption       game.ActionCode = 109 // + option of a choice (6)
	ActReserve      game.ActionCode = 115 // + Reserve slot (5)
	ActDeckTop      game.ActionCode = 120 // the top of the deck (AH3 410.5)
	ActRerollClue   game.ActionCode = 121 // spend a clue to reroll a die (AH3 470.4a)
	ActRerollToken  game.ActionCode = 122 // + skill: spend that skill token to reroll a die (5)
	ActGiveMoney    game.ActionCode = 127
	ActGiveClue     game.ActionCode = 128
	ActGiveRemnant  game.ActionCode = 129
	ActTakeMoney    game.ActionCode = 130
	ActTakeClue     game.ActionCode = 131
	ActTakeRemnant  game.ActionCode = 132
	ActInvestigator game.ActionCode = 133 // + investigator sheet (16)
	ActYes          game.ActionCode = 149 // accept (spend a remnant, retire)
	ActTakeDamage   game.ActionCode = 150 // A Friend in Need: take 1 damage from the partner
	ActTakeHorror   game.ActionCode = 151
	ActGiveDamage   game.ActionCode = 152
	ActGiveHorror   game.ActionCode = 153
	ActReckonSheet  game.ActionCode = 154 // reckoning order: the scenario sheet's effect next (AH3 204.12c)
	ActReckonRumor  game.ActionCode = 155 // reckoning order: the Rumor's effect next (AH3 204.12c)
	ActCodex        game.ActionCode = 156 // + codex position: that codex card's reckoning next (12; AH3 204.12c)
	NumActions                      = 168
)

// Prompt kinds.
const (
	PromptWho           game.PromptKind = iota + 1 // who takes the next turn (AH3 201.2, 203.2)
	PromptAction                                   // an action or end the turn (AH3 201.1)
	PromptMove                                     // the next step of a move or stop (AH3 416)
	PromptSkill                                    // a skill to improve or a token to discard (AH3 490, 491)
	PromptTarget                                   // a monster to attack or damage (AH3 404.2)
	PromptReroll                                   // influence the dice or accept (AH3 470.4)
	PromptRedirect                                 // an asset to take damage or horror (AH3 492.6, 485.6)
	PromptChoice                                   // an encounter's choice (AH3 438.9)
	PromptGain                                     // a Reserve card or the deck top (AH3 410.5)
	PromptPurchase                                 // buy from or discard from the Reserve (AH3 411, 441)
	PromptTrade                                    // give or take (AH3 452)
	PromptEvade                                    // a monster to disengage from (AH3 487.2)
	PromptDoom                                     // where street doom goes (AH3 489.2)
	PromptMonsterOrder                             // which monster activates next (AH3 202.2a)
	PromptEngage                                   // whom a monster engages (AH3 461.6)
	PromptInvestigator                             // a new investigator (AH3 483.7)
	PromptStarting                                 // a starting item (AH3 110.5a)
	PromptRetire                                   // retire or not (AH3 486)
	PromptCast                                     // spend remnants against casting horror (AH3 425.9)
	PromptExchange                                 // A Friend in Need exchanges
	PromptRepeat                                   // which action to perform again (Witch Blood, Smoky Velvet)
	PromptAttackOrder                              // which engaged monster attacks next (AH3 202.3a, 004, Appendix E #12)
	PromptDoomOrder                                // which space takes the next doom of one effect (AH3 004, FAQ doom order)
	PromptReckonOrder                              // which reckoning effect resolves next (AH3 204.12c)
	PromptGear                                     // an asset to use in the test (AH3 470.2c)
	PromptEncounterType                            // which encounter to have when text offers a choice (AH3 438.6)
	NumPromptKinds
)

var promptNames = []string{"none", "who", "action", "move", "skill", "target", "reroll", "redirect", "choice", "gain", "purchase", "trade", "evade", "doom", "monster order", "engage", "investigator", "starting", "retire", "cast", "exchange", "repeat", "attack order", "doom order", "reckoning order", "gear", "encounter type"}

var skillNames = [5]string{"Observation", "Will", "Lore", "Influence", "Strength"}

var standardActions = [...]string{"Move", "Gather Resources", "Focus", "Ward", "Research", "Trade", "Attack", "Evade"}

// ActionNames names every action code. The vocabulary is the same for every
// scenario, so the names are built once and shared: callers must not change
// them.
var ActionNames = sync.OnceValue(actionNames)

// actionNames builds the name of every action code.
func actionNames() []string {
	n := make([]string, NumActions)
	set := func(base game.ActionCode, count int, f func(i int) string) {
		for i := 0; i < count; i++ {
			n[int(base)+i] = f(i)
		}
	}
	n[ActPass] = "pass"
	set(ActSeat, MaxSeats, func(i int) string { return fmt.Sprintf("seat %d", i) })
	for i, a := range standardActions {
		n[int(ActMove)+i] = a
	}
	n[ActRecover] = "recover"
	set(ActAbility, MaxAbilities, func(i int) string { return fmt.Sprintf("ability %d", i) })
	set(ActAssetAction, MaxAssets, func(i int) string { return fmt.Sprintf("asset action %d", i) })
	set(ActSkill, 5, func(i int) string { return skillNames[i] })
	set(ActSpace, MaxSpaces, func(i int) string { return fmt.Sprintf("space %d", i) })
	set(ActMonster, MaxMonsters, func(i int) string { return fmt.Sprintf("monster %d", i) })
	set(ActAsset, MaxAssets, func(i int) string { return fmt.Sprintf("asset %d", i) })
	set(ActTheirAsset, MaxAssets, func(i int) string { return fmt.Sprintf("their asset %d", i) })
	set(ActOption, MaxOptions, func(i int) string { return fmt.Sprintf("option %d", i) })
	set(ActReserve, ReserveSize, func(i int) string { return fmt.Sprintf("reserve %d", i) })
	n[ActDeckTop] = "deck top"
	n[ActRerollClue] = "reroll with a clue"
	set(ActRerollToken, 5, func(i int) string { return "reroll with " + skillNames[i] + " token" })
	n[ActGiveMoney], n[ActGiveClue], n[ActGiveRemnant] = "give $1", "give a clue", "give a remnant"
	n[ActTakeMoney], n[ActTakeClue], n[ActTakeRemnant] = "take $1", "take a clue", "take a remnant"
	set(ActInvestigator, MaxInvestigator, func(i int) string { return fmt.Sprintf("investigator %d", i) })
	n[ActYes] = "yes"
	n[ActTakeDamage], n[ActTakeHorror], n[ActGiveDamage], n[ActGiveHorror] = "take 1 damage", "take 1 horror", "give 1 damage", "give 1 horror"
	n[ActReckonSheet], n[ActReckonRumor] = "reckon the scenario sheet", "reckon the rumor"
	set(ActCodex, MaxCodex, func(i int) string { return fmt.Sprintf("reckon codex %d", i) })
	return n
}
