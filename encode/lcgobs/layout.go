package lcgobs

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// Option-row columns: present, the action group one-hot, the slot, then the
// static columns of the card the option refers to.
const (
	oPresent = 0
	oGroup   = 1
)

var (
	oSlot   = oGroup + undocumented // the catch-all group has no column
	oCard   = oSlot + 1
	optCols = oCard + cardCols
)

// optionColumns names the option-row columns after the engine's action names
// ("Move0" names the group Move).
func optionColumns(info *game.Info) columns {
	c := columns{"present"}
	for _, g := range groups[:undocumented] {
		name := info.ActionNames[g.base]
		if g.n > 1 {
			name = strings.TrimRight(name, "0123456789")
		}
		c = append(c, "group="+name)
	}
	c = append(c, "slot")
	return append(c, cardColumns...)
}

// offsets of every field in its buffer, read on the step path.
type offsets struct {
	global, self, others, locations, enemies, hand, play, threat, board int
	bag, revealed, prompt, test, options                                int

	seat, invCard, actCard, agendaCard, locCard, enemyCard, handCard, playCard int
	threatCard, boardCard, discard, encDiscard, victory, limbo, sourceCard     int
	enemyLoc, boardLoc                                                         int
	testSource, testTarget, testCommit, optAction, optCard                     int

	campaign, campaignSeats int // campaign.go
}

// newLayout builds the layout and the offsets of its fields.
func newLayout(info *game.Info) (*encode.Layout, offsets) {
	var l encode.Layout
	var at offsets
	f := func(dst *int, name string, dt encode.DType, doc string, shape ...int) {
		i := l.Add(name, dt, doc, shape...)
		*dst = l.Fields[i].Offset
	}
	F, I := encode.Float32, encode.Int32
	rows := "Rows are relative to the viewer: row 0 is the viewer, row r is seat (viewer+r) mod N; rows past N are zero."
	f(&at.global, "global", F, globalColumns.doc("The scenario and the round (LCG §5, §3 Doom, §3 Act Deck and Agenda Deck). act_clue_threshold is the clues the current act needs: spent as a group, or placed on the act for an act whose objective is clues on it (The Devourer Below's act 3a), where clues_still_needed counts those not yet placed."), globalCols)
	f(&at.self, "self", F, invColumns.doc("The viewer's investigator (public and own information)."), invCols)
	f(&at.others, "others", F, invColumns.doc("The other investigators, public information only; row r-1 is investigator row r."), others, invCols)
	f(&at.seat, "investigator_seat", I, "Seat of each investigator row (row 0 the viewer), −1 for empty rows; seat i is agent i and action Investigator<i>.", seats)
	f(&at.invCard, "investigator_card", I, "Card id of each investigator row's investigator. "+rows, seats)
	f(&at.actCard, "act_card", I, "Card id of the current act (its public a-side).", 1)
	f(&at.agendaCard, "agenda_card", I, "Card id of the current agenda (its public a-side).", 1)
	f(&at.locations, "locations", F, locColumns.doc("Location slot k (the k of Move<k> and Location<k>); shroud and clues only once revealed (LCG §12.4). investigator_row_here uses investigator rows."), lcg.MaxLocations, locCols)
	f(&at.locCard, "location_card", I, "Card id of location slot k once revealed, else 0 (the revealed side is hidden until then, LCG §12.4).", lcg.MaxLocations)
	f(&at.enemies, "enemies", F, enemyColumns.doc("Enemy slot k (the k of Fight<k>, Engage<k>, Evade<k>, Enemy<k>); engaged_with_row uses investigator rows. fight and evade include the modifiers that apply now (LCG §3 Modifiers), and the keyword columns count gained keywords and a blank text box (LCG §3 Keywords)."), lcg.MaxEnemies, enemyCols)
	f(&at.enemyCard, "enemy_card", I, "Card id of the enemy in slot k, 0 for a free slot.", lcg.MaxEnemies)
	f(&at.enemyLoc, "enemy_location", I, "Location slot of the enemy in slot k plus one (the row of locations + 1; an engaged enemy is at its investigator's location), 0 for a free slot or an enemy at no location.", lcg.MaxEnemies)
	f(&at.hand, "hand", F, handColumns.doc("The viewer's hand slot h (the h of Play<h>, Commit<h>, Discard<h>, Mulligan<h>); the may_* columns are set only when the viewer must decide."), lcg.MaxHand, handCols)
	f(&at.handCard, "hand_card", I, "Card id in the viewer's hand slot h, 0 for an empty slot.", lcg.MaxHand)
	f(&at.play, "play", F, playColumns.doc("Play-area slot p of each investigator row (p of Ability<2p+a> and AssignToAsset<p> for the viewer)."), seats, lcg.MaxPlay, playCols)
	f(&at.playCard, "play_card", I, "Card id in play-area slot p of each investigator row. "+rows, seats, lcg.MaxPlay)
	f(&at.threat, "threat", F, threatColumns.doc("Threat-area slot t of each investigator row (t of ThreatAbility<t> for the viewer): engaged enemies and treacheries."), seats, lcg.MaxThreat, threatCols)
	f(&at.threatCard, "threat_card", I, "Card id in threat-area slot t of each investigator row. "+rows, seats, lcg.MaxThreat)
	f(&at.board, "board", F, boardColumns.doc(fmt.Sprintf("Other cards in play on the board (story assets, treacheries attached to locations), the first %d.", MaxBoard)), MaxBoard, boardCols)
	f(&at.boardCard, "board_card", I, "Card id of each other board card.", MaxBoard)
	f(&at.boardLoc, "board_location", I, "Location slot of each other board card plus one (the row of locations + 1), 0 if it is at no location.", MaxBoard)
	f(&at.discard, "discard_card", I, fmt.Sprintf("Card ids of each investigator row's discard pile, most recent first, the first %d (the size is the discard_size column). %s", MaxDiscard, rows), seats, MaxDiscard)
	f(&at.encDiscard, "encounter_discard_card", I, fmt.Sprintf("Card ids of the encounter discard pile, most recent first, the first %d.", MaxEncounterDiscard), MaxEncounterDiscard)
	f(&at.victory, "victory_card", I, fmt.Sprintf("Card ids in the victory display, the first %d (LCG §3 Victory Display / Victory Points).", MaxVictory), MaxVictory)
	f(&at.limbo, "limbo_card", I, fmt.Sprintf("Card ids of cards being resolved (a drawn encounter card, an event being played, committed cards), the first %d.", MaxLimbo), MaxLimbo)
	f(&at.bag, "chaos_bag", F, "Count of each chaos-token kind left in the bag (LCG §3 Chaos Tokens). Columns: +1_or_more, 0, -1, -2, -3, -4, -5, -6, -7, -8_or_less, skull, cultist, tablet, elder_thing, auto_fail, elder_sign.", ChaosKinds)
	f(&at.revealed, "chaos_revealed", F, "Count of each chaos-token kind revealed in the current skill test(s), same columns as chaos_bag (LCG §6 ST.3).", ChaosKinds)
	promptNames := concat(prefixed("kind=", info.PromptKinds), []string{"viewer_decides"}, numbered("actor_row", seats), []string{"options", "has_source"})
	f(&at.prompt, "prompt", F, promptNames.doc("The current decision (LCG §12.2); options is set only when the viewer decides."), promptCols)
	f(&at.sourceCard, "prompt_source_card", I, "Card id of the card or ability that raised the prompt, 0 if none.", 1)
	f(&at.test, "skill_test", F, testColumns.doc("The innermost skill test in progress (LCG §6 ST.1–ST.8), all zero when none; tester_row uses investigator rows."), testCols)
	f(&at.testSource, "test_source_card", I, "Card id of the card that created the skill test (a treachery, a weapon, an event), 0 if none.", 1)
	f(&at.testTarget, "test_target_card", I, "Card id of the test's target: the enemy fought or evaded, the revealed location investigated, the investigator treated; 0 if none.", 1)
	f(&at.testCommit, "test_commit_card", I, fmt.Sprintf("Card ids committed to the skill test, the first %d (LCG §6 ST.2).", MaxCommit), MaxCommit)
	f(&at.options, "options", F, optionColumns(info).doc(fmt.Sprintf("The legal options as feature rows for pointer-style policies: the first %d options of the prompt in prompt order, set only when the viewer decides. group=* is the one-hot action group of the option's id; slot is the id's offset in its group; the card columns describe the card the option refers to (option_card).", MaxOptions)), MaxOptions, optCols)
	f(&at.optAction, "option_action", I, "Action id of each option row (the id to pass to Step to choose it), −1 for rows past the last option.", MaxOptions)
	f(&at.optCard, "option_card", I, "Card id the option refers to (hand, play-area, threat-area card, enemy, revealed location, investigator, or the prompt's source for Choose<k>), 0 if none.", MaxOptions)
	f(&at.campaign, "campaign", F, campaignColumns.doc("Campaign play (ArkhamLCG/NightOfTheZealot-v0; LCG §3 Campaign): which scenario of the campaign is played (also in the standalone envs), the step, the campaign log's entries and lists, the bag's additions, the reward so far."), campaignCols)
	f(&at.campaignSeats, "campaign_seats", F, campaignSeatColumns.doc("Each investigator row's campaign state (LCG §3 Campaign, Experience and Trauma; §3 Killed and Insane Investigators), zero in a standalone game. "+rows), seats, campaignSeatCols)
	return &l, at
}
