package ah3obs

import (
	"fmt"
	"sync"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/game"
)

// The action space is Discrete(ah3.NumActions): action id k stands for the
// option of the current prompt whose code is k (env/ah3/vocab.go). A code's
// meaning depends only on the code (a seat, an action, a space, a monster
// slot, an asset slot…), never on the option's position, and no two options
// of one prompt share a code, so the mapping is one to one and the same id
// means the same answer in every state.

// group is one family of action ids.
type group struct {
	base    game.ActionCode
	n       int
	meaning string // with %d for the slot where n > 1
}

// groups lists the action families in id order.
var groups = []group{
	{ah3.ActPass, 1, "end the turn, stop moving, accept the roll, decline, done"},
	{ah3.ActSeat, ah3.MaxSeats, "the investigator in seat %d (who goes next, whom to target or trade with; AH3 201.2)"},
	{ah3.ActMove, 1, "Move action (AH3 416)"},
	{ah3.ActGather, 1, "Gather Resources action (AH3 475)"},
	{ah3.ActFocus, 1, "Focus action (AH3 490)"},
	{ah3.ActWard, 1, "Ward action (AH3 426)"},
	{ah3.ActResearch, 1, "Research action (AH3 430)"},
	{ah3.ActTrade, 1, "Trade action (AH3 452)"},
	{ah3.ActAttack, 1, "Attack action (AH3 404)"},
	{ah3.ActEvade, 1, "Evade action (AH3 487)"},
	{ah3.ActRecover, 1, "stand up from delayed (AH3 424.2)"},
	{ah3.ActAbility, ah3.MaxAbilities, "component action of ability %d of your investigator sheet (AH3 455)"},
	{ah3.ActAssetAction, ah3.MaxAssets, "component action of the asset in your slot %d (AH3 455)"},
	{ah3.ActSkill, 5, "skill %d (observation, will, lore, influence, strength): to improve with a focus token, or the token to discard (AH3 490, 491)"},
	{ah3.ActSpace, ah3.MaxSpaces, "space %d (the next step of a move, where doom goes, which space takes the next doom; AH3 416, 489.2, 004)"},
	{ah3.ActMonster, ah3.MaxMonsters, "the monster in slot %d (to attack, evade, activate next, attack next; AH3 404.2, 487.2, 202.2a, 202.3a)"},
	{ah3.ActAsset, ah3.MaxAssets, "your asset in slot %d (to take damage or horror, to give, to discard, to use in a test; AH3 492.6, 452, 470.2c)"},
	{ah3.ActTheirAsset, ah3.MaxAssets, "the trade partner's asset in slot %d (AH3 452)"},
	{ah3.ActOption, ah3.MaxOptions, "option %d of the encounter's or card's choice (AH3 438.9), of the starting items (AH3 110.5a), or of the encounter types offered (0 anomaly, 1 neighborhood; AH3 438.6)"},
	{ah3.ActReserve, ah3.ReserveSize, "the Reserve card in slot %d (to gain or buy; AH3 411)"},
	{ah3.ActDeckTop, 1, "the top card of the deck instead of the Reserve (AH3 410.5)"},
	{ah3.ActRerollClue, 1, "spend a clue to reroll dice (AH3 470.4a)"},
	{ah3.ActRerollToken, 5, "spend a skill token of skill %d to reroll a die (AH3 491)"},
	{ah3.ActGiveMoney, 1, "trade: give $1 (AH3 452)"},
	{ah3.ActGiveClue, 1, "trade: give a clue"},
	{ah3.ActGiveRemnant, 1, "trade: give a remnant"},
	{ah3.ActTakeMoney, 1, "trade: take $1"},
	{ah3.ActTakeClue, 1, "trade: take a clue"},
	{ah3.ActTakeRemnant, 1, "trade: take a remnant"},
	{ah3.ActInvestigator, ah3.MaxInvestigator, "investigator sheet %d of the content (a replacement investigator; AH3 483.7)"},
	{ah3.ActYes, 1, "accept (spend a remnant, retire; AH3 486, 425.9)"},
	{ah3.ActTakeDamage, 1, "A Friend in Need: take 1 damage from the partner"},
	{ah3.ActTakeHorror, 1, "A Friend in Need: take 1 horror from the partner"},
	{ah3.ActGiveDamage, 1, "A Friend in Need: give 1 damage to the partner"},
	{ah3.ActGiveHorror, 1, "A Friend in Need: give 1 horror to the partner"},
	{ah3.ActReckonSheet, 1, "reckoning order: the scenario sheet's reckoning next (AH3 204.12c)"},
	{ah3.ActReckonRumor, 1, "reckoning order: the Rumor's reckoning next (AH3 204.12c)"},
	{ah3.ActCodex, ah3.MaxCodex, "reckoning order: the reckoning of the codex card at codex position %d next (AH3 204.12c)"},
}

// sharedNames is actionNames of the engine's vocabulary, built once: every
// AH3 encoder names its actions alike.
var sharedNames = sync.OnceValue(func() []string { return actionNames(ah3.ActionNames()) })

// actionNames names every action id: the engine's name and its meaning.
func actionNames(engine []string) []string {
	names := make([]string, ah3.NumActions)
	for a := range names {
		names[a] = engine[a]
	}
	for _, gr := range groups {
		for k := 0; k < gr.n; k++ {
			a := int(gr.base) + k
			m := gr.meaning
			if gr.n > 1 {
				m = fmt.Sprintf(gr.meaning, k)
			}
			names[a] = engine[a] + ": " + m
		}
	}
	return names
}

// Actions implements encode.Encoder: the size of the Discrete action space.
func (e *Encoder) Actions() int { return ah3.NumActions }

// ActionName implements encode.Encoder: the engine's name of action id a and
// what it does, or "" out of range.
func (e *Encoder) ActionName(a int) string {
	if a < 0 || a >= ah3.NumActions {
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
	return encode.CodeChoice(s, a, ah3.NumActions)
}
