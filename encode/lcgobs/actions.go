package lcgobs

import (
	"fmt"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// The action space is Discrete(lcg.NumActions): action id k stands for the
// option of the current prompt whose code is k (env/lcg/actions.go). Ids are
// grouped: a flat id is one answer; a ranged id is its group's first id plus
// a slot (a location slot, an enemy slot, a hand slot of the deciding
// investigator…). No two options of one prompt share a code, so the mapping
// is one to one, and the same id means the same answer in every state.

// target says which card an action group's slot refers to, for option rows.
type target uint8

const (
	toNone       target = iota
	toLocation          // location slot k
	toActorPlace        // the location the actor is at
	toEnemy             // enemy slot k
	toHand              // the actor's hand slot k
	toPlay              // the actor's play-area slot k
	toAbility           // the actor's play-area slot k/2, ability k%2
	toThreat            // the actor's threat-area slot k
	toSeat              // investigator seat k
	toActor             // the actor's investigator card
	toSource            // the card that raised the prompt
	toDiscardTop        // the top card of the actor's discard pile
	toShop              // shop card k of the upgrade step (lcg.ShopCard; a card definition)
)

// group is one family of action ids.
type group struct {
	base    game.ActionCode
	n       int
	meaning string // with %d for the slot where n > 1
	to      target
}

// groups lists the action families in id order (env/lcg/actions.go).
var groups = []group{
	{lcg.ActEndTurn, 1, "end your turn (LCG §5.2 2.2.1), or commit no more cards (LCG §6 ST.2)", toNone},
	{lcg.ActPass, 1, "close a player window, decline a reaction or a \"may\"", toNone},
	{lcg.ActInvestigate, 1, "Investigate action at your location (LCG §3 Investigate (action))", toActorPlace},
	{lcg.ActDraw, 1, "Draw action (LCG §3 Draw (action))", toNone},
	{lcg.ActResource, 1, "Resource action (LCG §3 Resource (action))", toNone},
	{lcg.ActAdvanceAct, 1, "spend clues as a group to advance the act (LCG §3 Act Deck and Agenda Deck)", toNone},
	{lcg.ActResign, 1, "Resign ability of your location (LCG §3 Resign)", toActorPlace},
	{lcg.ActParley, 1, "Parley ability (Lita Chantler) (LCG §3 Parley)", toNone},
	{lcg.ActKeep, 1, "mulligan: keep the rest of the hand (LCG §3 Mulligan)", toNone},
	{lcg.ActToInvestigator, 1, "assign a damage or horror token to your investigator (LCG §3 Dealing Damage / Horror)", toActor},
	{lcg.ActSkidsAction, 1, "your investigator's ⚡ ability (Skids O'Toole: buy an action)", toActor},
	{lcg.ActMove, lcg.MaxLocations, "Move action to location slot %d (LCG §3 Move (action))", toLocation},
	{lcg.ActFight, lcg.MaxEnemies, "Fight action against enemy slot %d (LCG §3 Attack (Fight action))", toEnemy},
	{lcg.ActEngage, lcg.MaxEnemies, "Engage action against enemy slot %d (LCG §3 Engage (action))", toEnemy},
	{lcg.ActEvade, lcg.MaxEnemies, "Evade action against enemy slot %d (LCG §3 Evade (action))", toEnemy},
	{lcg.ActPlay, lcg.MaxHand, "play the card in hand slot %d (LCG §3 Play (action))", toHand},
	{lcg.ActCommit, lcg.MaxHand, "commit hand slot %d to the skill test (LCG §6 ST.2)", toHand},
	{lcg.ActDiscard, lcg.MaxHand, "discard hand slot %d (hand size, costs, effects)", toHand},
	{lcg.ActMulligan, lcg.MaxHand, "set aside hand slot %d in the mulligan (LCG §3 Mulligan)", toHand},
	{lcg.ActAbility, 2 * lcg.MaxPlay, "use ability %d of the card in play-area slot %d (LCG §3 Activate (action))", toAbility},
	{lcg.ActThreat, lcg.MaxThreat, "use the ability of the card in threat-area slot %d", toThreat},
	{lcg.ActAssign, lcg.MaxPlay, "assign a damage or horror token to the asset in play-area slot %d (LCG §3 Dealing Damage / Horror)", toPlay},
	{lcg.ActSeat, lcg.MaxInvestigators, "choose the investigator in seat %d (next turn, a target)", toSeat},
	{lcg.ActEnemy, lcg.MaxEnemies, "choose enemy slot %d (attack order, a target)", toEnemy},
	{lcg.ActLocation, lcg.MaxLocations, "choose location slot %d (a target)", toLocation},
	{lcg.ActChoose, lcg.MaxChoice, "choose option %d of the card's or scenario's choice (see the prompt's source card)", toSource},
	{lcg.ActPlayDiscard, 1, "play the topmost event of your discard pile (Wendy's Amulet)", toDiscardTop},
	{lcg.ActParleyEnemy, lcg.MaxEnemies, "Parley with enemy slot %d (Mob Enforcer) (LCG §3 Parley)", toEnemy},
	{lcg.ActBuy, lcg.MaxShop, "upgrade step: buy shop card %d (option_card; LCG §3 Campaign, Experience 2)", toShop},
	{lcg.ActRemove, lcg.MaxShop, "upgrade step: the purchase replaces a copy of shop card %d (option_card)", toShop},
	// A last group for engine codes this table does not know yet: the build
	// keeps working when the engine adds codes, and TestEveryActionIsDocumented
	// fails until they are described here.
	{0, 0, "engine action not yet described by lcgobs", toNone},
}

// undocumented is the index of the catch-all group.
var undocumented = len(groups) - 1

// actionGroup and actionSlot give each action id its group and slot.
var actionGroup, actionSlot = func() ([]uint8, []uint8) {
	g, k := make([]uint8, lcg.NumActions), make([]uint8, lcg.NumActions)
	for a := range g {
		g[a] = uint8(undocumented)
	}
	for gi, gr := range groups[:undocumented] {
		for s := 0; s < gr.n && int(gr.base)+s < lcg.NumActions; s++ {
			g[int(gr.base)+s], k[int(gr.base)+s] = uint8(gi), uint8(s)
		}
	}
	return g, k
}()

// actionInfo is what the option rows need of an action id, in one table
// read once per option: its group, its slot in the group, and what it
// refers to.
type actionInfo struct {
	group, slot uint8
	to          target
}

// actionInfos is actionInfo of every action id.
var actionInfos = func() (t [lcg.NumActions]actionInfo) {
	for a := range t {
		t[a] = actionInfo{actionGroup[a], actionSlot[a], groups[actionGroup[a]].to}
	}
	return t
}()

// meaning says what action id a does, in words.
func meaning(a int) string {
	gr, k := groups[actionGroup[a]], int(actionSlot[a])
	switch {
	case gr.to == toAbility:
		return fmt.Sprintf(gr.meaning, k%2, k/2)
	case gr.n > 1:
		return fmt.Sprintf(gr.meaning, k)
	}
	return gr.meaning
}

// Actions implements encode.Encoder: the size of the Discrete action space.
func (e *Encoder) Actions() int { return lcg.NumActions }

// ActionName implements encode.Encoder: the engine's stable name of action id
// a and what it does ("Move3: Move action to location slot 3 …"), or "" when
// a is out of range.
func (e *Encoder) ActionName(a int) string {
	if a < 0 || a >= lcg.NumActions {
		return ""
	}
	return e.names[a]
}

// Mask implements encode.Encoder: 1 at the code of every option of the
// current prompt, 0 elsewhere (all 0 once the game is over).
func (e *Encoder) Mask(s game.State, mask []int8) { encode.CodeMask(s, mask) }

// MaskLegal implements encode.LegalEncoder: Mask, and the codes set, in
// increasing order.
func (e *Encoder) MaskLegal(s game.State, mask []int8, legal []int32) []int32 {
	return encode.CodeMaskLegal(s, mask, legal)
}

// Choice implements encode.Encoder: the index of the option whose code is a,
// or false when a is out of range or no option has that code.
func (e *Encoder) Choice(s game.State, a int) (int, bool) {
	return encode.CodeChoice(s, a, lcg.NumActions)
}
