package ah3obs

import (
	"fmt"
	"sync"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/ah3"
)

// Sizes of the layout beyond the engine's limits (env/ah3/vocab.go).
const (
	seats = ah3.MaxSeats
	// MaxOptionRows is the number of prompt options listed in option_*.
	MaxOptionRows = 64
	tokens        = 7 // mythos token kinds (AH3 204.3)
	phases        = 5
	stdActions    = 8
)

// Columns of global.
const (
	gRound = iota
	gRoundsLeft
	gPhase // phases columns
	gSeats = gPhase + phases + iota - 3
	gLeadRow
	gSheetDoom
	gSheetClues
	gCodex
	gRumor
	gRumorMarkers
	gStreetDeck
	gEventDeck
	gEventDiscard
	gMonsterDeck
	gHeadlineDeck
	gHeadlineDiscard
	gItemDeck
	gSpellDeck
	gAllyDeck
	gAnomalyDeck
	gUnstable
	gEncounter
	gEncounterStreet
	gEncounterAnomaly
	gClueTaken
	gMonsters
	gDoom
	gClues
	globalCols
)

var globalColumns = concat(columns{"round", "rounds_left"}, prefixed("phase=", []string{"setup", "action", "monster", "encounter", "mythos"}),
	columns{"seats", "lead_row", "sheet_doom", "sheet_clues", "codex_cards", "rumor", "rumor_markers",
		"street_deck", "event_deck", "event_discard", "monster_deck", "headline_deck", "headline_discard",
		"item_deck", "spell_deck", "ally_deck", "anomaly_deck", "unstable_spaces",
		"encounter_active", "encounter_street", "encounter_anomaly", "clue_taken", "monsters_on_board", "doom_on_board", "clues_on_board"})

// Columns of spaces.
const (
	sPresent = iota
	sStreet
	sResidential
	sBridge
	sPark
	sStart
	sUnstable
	sDoom
	sHoodClues
	sHoodAnomaly
	sMonsters
	sReady
	sExhausted
	sEngaged
	sInvestigators
	sRowHere  // seats columns
	sDistance = sRowHere + seats + iota - 16
	sAdjacent
	sMarkers
	spaceCols
)

var spaceColumns = concat(columns{"present", "street", "residential", "bridge", "park", "start", "unstable", "doom",
	"neighborhood_clues", "neighborhood_anomaly", "monsters", "monsters_ready", "monsters_exhausted", "monsters_engaged", "investigators"},
	numbered("row_here", seats), columns{"distance", "adjacent_spaces", "markers"})

// Columns of neighborhoods.
const (
	hPresent = iota
	hClues
	hAnomaly
	hDoom
	hDeck
	hViewerHere
	hAttached
	hoodCols
)

var hoodColumns = columns{"present", "clues", "anomaly", "doom", "deck", "viewer_here", "attached_archive"}

// Columns of monsters.
const (
	mPresent = iota
	mReady
	mExhausted
	mEngaged
	mEngagedRow // seats columns
	mDamage     = mEngagedRow + seats + iota - 5
	mHealth
	mRemaining
	mActed
	mAttack
	mEvade
	mDamageDealt
	mHorrorDealt
	mSpeed
	mRemnant
	mFeeding
	mWatching
	mElusive
	mMassive
	mElite
	mEpic
	mHunter
	mPatrol
	mLurker
	mDistance
	monsterCols
)

var monsterColumns = concat(columns{"present", "ready", "exhausted", "engaged"}, numbered("engaged_row", seats),
	columns{"damage", "health", "remaining", "acted", "attack", "evade", "deals_damage", "deals_horror", "speed",
		"remnant", "feeding", "watching", "elusive", "massive", "elite", "epic", "hunter", "patrol", "lurker", "distance"})

// Columns of investigators.
const (
	iPresent = iota
	iInPlay
	iHealth
	iSanity
	iDamage
	iHorror
	iHealthLeft
	iSanityLeft
	iMoney
	iClues
	iRemnants
	iTokens     // 5 columns
	iSkills     = iTokens + 5 + iota - 12
	iFocusLimit = iSkills + 5 + iota - 13
	iTokensTotal
	iDelayed
	iActive
	iTaken
	iUsed    // stdActions + MaxAbilities columns
	iPrevent = iUsed + stdActions + ah3.MaxAbilities + iota - 19
	iAssets
	iEngaged
	iHere
	iLead
	invCols
)

var skillColumns = []string{"observation", "will", "lore", "influence", "strength"}

var invColumns = concat(columns{"present", "in_play", "health", "sanity", "damage", "horror", "health_left", "sanity_left", "money", "clues", "remnants"},
	prefixed("token_", skillColumns), prefixed("skill_", skillColumns),
	columns{"focus_limit", "tokens", "delayed", "active", "actions_taken"},
	prefixed("used_", []string{"move", "gather", "focus", "ward", "research", "trade", "attack", "evade"}),
	numbered("used_ability", ah3.MaxAbilities),
	columns{"prevention_used", "assets", "engaged_monsters", "at_viewer_space", "lead"})

// Columns of assets and reserve (the static ones first).
const (
	aPresent = iota
	aKind    // 5 columns: item, spell, ally, condition, talent
	aPrice   = aKind + 5 + iota - 2
	aHands
	aHealth
	aSanity
	aBonus     // 5 columns
	aSixDouble = aBonus + 5 + iota - 7
	aReroll
	aAction
	aActionEngaged
	aCastHorror
	assetStatic
)

// Columns of assets only: the owned card's state.
const (
	aDamage = assetStatic + iota
	aHorror
	aUsed
	aUsedAP
	aLocked
	aFlipped
	assetCols
)

var assetStaticColumns = concat(columns{"present"}, prefixed("kind=", []string{"item", "spell", "ally", "condition", "talent"}),
	columns{"price", "hands", "health", "sanity"}, prefixed("bonus_", skillColumns),
	columns{"six_double", "reroll", "has_action", "action_when_engaged", "cast_horror"})

var assetColumns = concat(assetStaticColumns, columns{"damage", "horror", "used", "used_this_action_phase", "locked", "flipped"})

// Columns of codex.
const (
	cPresent = iota
	cNumber
	cRevealed
	cSurge
	cAnomalies
	cClueNeed
	cDoomAt
	cEpic
	codexCols
)

var codexColumns = columns{"present", "number", "revealed", "rule_surge", "rule_anomalies", "clue_need", "doom_at", "epic_monster"}

// Columns of test.
const (
	tActive    = iota
	tRow       // seats columns
	tSkill     = tRow + seats + iota - 2
	tAction    = tSkill + 5 + iota - 3
	tDice      = tAction + stdActions + iota - 4
	tFace      // 6 columns
	tSixDouble = tFace + 6 + iota - 6
	tSuccesses
	tLastSuccesses
	tLastPassed
	testCols
)

var testColumns = concat(columns{"active"}, numbered("tester_row", seats), prefixed("skill=", skillColumns),
	prefixed("action=", []string{"move", "gather", "focus", "ward", "research", "trade", "attack", "evade"}),
	columns{"dice"}, numbered("face", 7)[1:], columns{"six_double", "successes", "last_successes", "last_passed"})

// Columns of prompt.
const (
	pKind = 0
)

// offsets of every field in its buffer, read on the step path.
type offsets struct {
	global, spaces, adjacency, hoods, monsters, invs, sheets, assets, reserve, cup, drawn, codex, test, prompt int

	spaceHood, monsterKind, monsterSpace, seat, invSheet, invSpace, assetCard, assetCond, reserveCard int
	codexCard, rumorCard, encCard, optAction, optArg, optArg2                                         int

	promptViewer, promptActor, promptOptions, promptCols int // columns of prompt
}

var (
	layoutOnce sync.Once
	theLayout  *encode.Layout
	theAt      offsets
)

// sharedLayout returns the one layout of every ArkhamHorror3 env (it depends
// on the engine's limits only, not on the content) and its offsets.
func sharedLayout() (*encode.Layout, *offsets) {
	layoutOnce.Do(func() { theLayout, theAt = newLayout() })
	return theLayout, &theAt
}

// newLayout builds the layout and the offsets of its fields.
func newLayout() (*encode.Layout, offsets) {
	for _, c := range []struct {
		name string
		cols columns
		n    int
	}{{"global", globalColumns, globalCols}, {"spaces", spaceColumns, spaceCols}, {"neighborhoods", hoodColumns, hoodCols},
		{"monsters", monsterColumns, monsterCols}, {"investigators", invColumns, invCols}, {"assets", assetColumns, assetCols},
		{"reserve", assetStaticColumns, assetStatic}, {"codex", codexColumns, codexCols}, {"test", testColumns, testCols}} {
		if len(c.cols) != c.n {
			panic(fmt.Sprintf("ah3obs: %s has %d column names for %d columns", c.name, len(c.cols), c.n))
		}
	}
	var l encode.Layout
	var at offsets
	f := func(dst *int, name string, dt encode.DType, doc string, shape ...int) {
		i := l.Add(name, dt, doc, shape...)
		*dst = l.Fields[i].Offset
	}
	F, I := encode.Float32, encode.Int32
	rows := "Rows are relative to the viewer: row 0 is the viewer, row r is seat (viewer+r) mod N; rows past N are zero."
	kinds := prefixed("kind=", promptKindNames())
	at.promptViewer = len(kinds)
	at.promptActor = at.promptViewer + 1
	at.promptOptions = at.promptActor + seats
	at.promptCols = at.promptOptions + 1
	promptColumns := concat(kinds, columns{"viewer_decides"}, numbered("actor_row", seats), columns{"options"})

	f(&at.global, "global", F, globalColumns.doc("The round, the phase (AH3 200), the scenario sheet (AH3 482), the Rumor (AH3 423.7), the sizes of the decks, the encounter being resolved (AH3 438) and board totals."), globalCols)
	f(&at.spaces, "spaces", F, spaceColumns.doc("Space k of the map (the k of the action `space k`; AH3 451): its kind, doom (AH3 406), the clues and anomaly of its neighborhood's centre (AH3 472.5, 402.3a), whether it is unstable (AH3 489.3), monsters by status, investigators by row, its distance in steps from the viewer's space (−1 when unreachable), and the markers cards placed in it (AH3 443). Rows past the map's spaces are zero."), ah3.MaxSpaces, spaceCols)
	f(&at.adjacency, "space_adjacency", F, "1 where space i is adjacent to space j (AH3 476).", ah3.MaxSpaces, ah3.MaxSpaces)
	f(&at.spaceHood, "space_neighborhood", I, "Neighborhood of space k plus one, 0 for a street (AH3 489) or no space.", ah3.MaxSpaces)
	f(&at.hoods, "neighborhoods", F, hoodColumns.doc("Neighborhood h (AH3 472): the clues and anomaly in its centre, the doom on its spaces, the size of its encounter deck, and the number of the archive card tucked under that deck (AH3 403.5h; 0 for none)."), ah3.MaxHoods, hoodCols)
	f(&at.monsters, "monsters", F, monsterColumns.doc("Monster slot k (the k of `monster k`; AH3 445): its status and who it is engaged with (investigator rows), damage and health (elite included, AH3 495), then its kind's printed values, keywords and label, and its distance from the viewer."), ah3.MaxMonsters, monsterCols)
	f(&at.monsterKind, "monster_kind", I, "Monster kind of slot k plus one (the scenario's kinds, then the archive's epic monsters), 0 for a free slot.", ah3.MaxMonsters)
	f(&at.monsterSpace, "monster_space", I, "Space of the monster in slot k plus one, 0 for a free slot.", ah3.MaxMonsters)
	f(&at.invs, "investigators", F, invColumns.doc("Each investigator row: everything public of the investigator (AH3 483): harm, possessions, skill tokens (AH3 491), printed skills and focus limit (0: unlimited), delayed (AH3 424), the activation token (AH3 420), the actions used this round (AH3 417.4). "+rows), seats, invCols)
	f(&at.seat, "investigator_seat", I, "Seat of each investigator row, −1 for rows past N.", seats)
	f(&at.invSheet, "investigator_sheet", I, "Investigator sheet of each row plus one (the content's investigators), 0 when the seat has none in play. "+rows, seats)
	f(&at.invSpace, "investigator_space", I, "Space of each row's investigator plus one, 0 when none. "+rows, seats)
	f(&at.sheets, "sheet_status", F, "One-hot status of each investigator sheet of the content (AH3 483.7a). Columns: available, in_play, defeated, devoured, retired.", ah3.MaxInvestigator, 5)
	f(&at.assets, "assets", F, assetColumns.doc("Asset slot k of each investigator row (the viewer's slots are the k of `asset k` and `asset action k`; AH3 401): the card's printed values, then its state. An unflipped condition shows only that it is a condition and its state: which card of its name it is stays hidden (AH3 479.7)."), seats, ah3.MaxAssets, assetCols)
	f(&at.assetCard, "asset_card", I, "Asset card of each slot plus one, 0 for an empty slot or an unflipped condition.", seats, ah3.MaxAssets)
	f(&at.assetCond, "asset_condition", I, "Condition name of each slot plus one (BLESSED, CURSED, … in content order), 0 when the card is not a condition.", seats, ah3.MaxAssets)
	f(&at.reserve, "reserve", F, assetStaticColumns.doc("Reserve slot k (the k of `reserve k`; AH3 411)."), ah3.ReserveSize, assetStatic)
	f(&at.reserveCard, "reserve_card", I, "Asset card in Reserve slot k plus one, 0 when empty.", ah3.ReserveSize)
	f(&at.cup, "mythos_cup", F, "Tokens of each kind in the mythos cup (AH3 204.3). Columns: spread_doom, spawn_monster, spawn_clue, headline, gate_burst, reckoning, blank.", tokens)
	f(&at.drawn, "mythos_drawn", F, "Tokens of each kind drawn since the cup was last refilled, same columns.", tokens)
	f(&at.codex, "codex", F, codexColumns.doc(fmt.Sprintf("The codex in order, the first %d cards (AH3 437): each card's archive number and, once revealed, its rules, clue path (AH3 403.5c) and doom path (AH3 403.5d).", ah3.MaxCodex)), ah3.MaxCodex, codexCols)
	f(&at.codexCard, "codex_card", I, "Archive card of each codex row plus one once revealed, else 0.", ah3.MaxCodex)
	f(&at.rumorCard, "rumor_card", I, "The Rumor headline in the codex plus one, 0 if none (AH3 423.7).", 1)
	f(&at.encCard, "encounter_card", I, "The encounter card being resolved plus one (AH3 438), 0 if none.", 1)
	f(&at.test, "test", F, testColumns.doc("The test in progress (AH3 470): who tests, the skill, the action it belongs to, the dice by face, and the last test's result."), testCols)
	f(&at.prompt, "prompt", F, promptColumns.doc("The current decision: its kind, whether the viewer decides, who decides (investigator rows), how many options."), at.promptCols)
	f(&at.optAction, "option_action", I, fmt.Sprintf("Action id of each option of the prompt, the first %d, −1 past the last (the id to pass to Step).", MaxOptionRows), MaxOptionRows)
	f(&at.optArg, "option_arg", I, "The engine's argument of each option (a seat, space, monster slot, asset slot, card…), −1 past the last.", MaxOptionRows)
	f(&at.optArg2, "option_arg2", I, "The engine's second argument of each option, −1 past the last.", MaxOptionRows)
	return &l, at
}

// promptKindNames names the engine's prompt kinds (index 0: none).
func promptKindNames() []string {
	return []string{"none", "who", "action", "move", "skill", "target", "reroll", "redirect", "choice", "gain", "purchase",
		"trade", "evade", "doom", "monster_order", "engage", "investigator", "starting", "retire", "cast", "exchange", "repeat", "attack_order", "doom_order", "reckon_order", "gear", "encounter_type"}
}
