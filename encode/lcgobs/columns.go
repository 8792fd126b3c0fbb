package lcgobs

import (
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/env/lcg"
)

// Fixed sizes of the layout beyond the engine's own maxima (env/lcg/state.go).
const (
	// MaxOptions is the number of option rows: the first MaxOptions options
	// of the prompt, in prompt order. Random play of The Gathering with four
	// investigators never offered more than 21, The Midnight Masks 28 (20000
	// random games); options past the limit are still legal (in the mask)
	// but have no row. (30, not 32: with the hand's 16 slots the layout stays
	// within the server's message budget at 4096 envs.)
	MaxOptions = 30
	// MaxDiscard is the number of discard-pile cards shown per investigator,
	// most recent first; the pile's size is an investigator column.
	MaxDiscard = 32
	// MaxEncounterDiscard is the number of encounter-discard cards shown, most
	// recent first; the pile's size is a global column.
	MaxEncounterDiscard = 32
	// MaxVictory is the number of victory-display cards shown.
	MaxVictory = 12
	// MaxLimbo is the number of cards being resolved that are shown (a drawn
	// encounter card, an event being played, committed cards).
	MaxLimbo = 8
	// MaxBoard is the number of other cards on the board shown: cards in play
	// at a location that are neither locations nor enemies (story assets,
	// treacheries attached to locations).
	MaxBoard = 8
	// MaxCommit is the number of committed cards of the pending skill test shown.
	MaxCommit = 10
	// ChaosKinds is the number of chaos-token kinds: +1, 0, −1 … −8, skull,
	// cultist, tablet, elder thing, auto-fail, elder sign.
	ChaosKinds = 16
)

const (
	seats  = lcg.MaxInvestigators
	others = seats - 1
)

// columns names the columns of a feature matrix, for the generated docs.
type columns []string

func (c columns) doc(what string) string {
	return what + " Columns: " + strings.Join(c, ", ") + "."
}

// phases, difficulties, prompt kinds, skills and test kinds as one-hot names.
var (
	phaseNames      = []string{"setup", "mythos", "investigation", "enemy", "upkeep"}
	difficultyNames = []string{"easy", "standard", "hard", "expert"}
	skillNames      = []string{"willpower", "intellect", "combat", "agility"}
	iconNames       = []string{"willpower", "intellect", "combat", "agility", "wild"}
	testKindNames   = []string{"investigate", "fight", "evade", "treachery", "parley", "frozen", "medical"} // as lcg.State.TestKindOf names them
)

func prefixed(p string, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = p + n
	}
	return out
}

func numbered(p string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = p + strconv.Itoa(i)
	}
	return out
}

func concat(parts ...[]string) columns {
	var out columns
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// Global columns.
const (
	gRound = iota
	gPhase
	gDifficulty    = gPhase + 5
	gInvestigators = gDifficulty + 4
	gInGame        = gInvestigators + 1
	gActStage      = gInGame + 1
	gAgendaStage   = gActStage + 1
	gAgendaDoom    = gAgendaStage + 1
	gDoom          = gAgendaDoom + 1
	gDoomThreshold = gDoom + 1
	gActClues      = gDoomThreshold + 1
	gGroupClues    = gActClues + 1
	gCluesNeeded   = gGroupClues + 1
	gEncounterDeck = gCluesNeeded + 1
	gEncounterDisc = gEncounterDeck + 1
	gVictoryPoints = gEncounterDisc + 1
	gViewerLead    = gVictoryPoints + 1
	gViewerActive  = gViewerLead + 1
	gSomeoneActive = gViewerActive + 1
	gOver          = gSomeoneActive + 1
	globalCols     = gOver + 1
)

var globalColumns = concat([]string{"round"}, prefixed("phase=", phaseNames), prefixed("difficulty=", difficultyNames),
	[]string{"investigators", "investigators_in_game", "act_stage", "agenda_stage", "agenda_doom", "doom_in_play",
		"doom_threshold", "act_clue_threshold", "group_clues", "clues_still_needed", "encounter_deck_size",
		"encounter_discard_size", "victory_points", "viewer_is_lead", "viewer_is_active", "someone_is_active", "game_over"})

// Investigator columns (self and others).
const (
	iPresent = iota
	iInGame
	iKilled
	iInsane
	iResigned
	iLead
	iActive
	iTookTurn
	iLocation
	iDamage     = iLocation + lcg.MaxLocations
	iHorror     = iDamage + 1
	iHealthLeft = iHorror + 1
	iSanityLeft = iHealthLeft + 1
	iClues      = iSanityLeft + 1
	iResources  = iClues + 1
	iActions    = iResources + 1
	iTomeAction = iActions + 1
	iSkill      = iTomeAction + 1
	iHand       = iSkill + 4
	iDeck       = iHand + 1
	iDiscard    = iDeck + 1
	iPlay       = iDiscard + 1
	iThreat     = iPlay + 1
	iEngaged    = iThreat + 1
	iMulligan   = iEngaged + 1
	invCols     = iMulligan + 1
)

var invColumns = concat([]string{"present", "in_game", "killed", "insane", "resigned", "is_lead", "is_active", "took_turn"},
	numbered("at_location", lcg.MaxLocations),
	[]string{"damage", "horror", "health_left", "sanity_left", "clues", "resources", "actions_left", "tome_action_left"},
	prefixed("skill_", skillNames),
	[]string{"hand_size", "deck_size", "discard_size", "cards_in_play", "cards_in_threat_area", "engaged_enemies", "mulligan_done"})

// Location columns.
const (
	lInPlay = iota
	lRevealed
	lShroud
	lClues
	lDoom
	lConnects
	lHere       = lConnects + lcg.MaxLocations
	lEnemies    = lHere + seats
	lViewerHere = lEnemies + 1
	lCanMove    = lViewerHere + 1
	locCols     = lCanMove + 1
)

var locColumns = concat([]string{"in_play", "revealed", "shroud", "clues", "doom"},
	numbered("connects_to", lcg.MaxLocations), numbered("investigator_row_here", seats),
	[]string{"enemies_here", "viewer_here", "viewer_may_move_here"})

// Enemy columns.
const (
	eePresent = iota
	eeFight
	eeEvade
	eeHealth
	eeDamage
	eeHealthLeft
	eeAttackDamage
	eeAttackHorror
	eeExhausted
	eeEngaged
	eeEngagedRow
	eeAtViewer  = eeEngagedRow + seats
	eeHunter    = eeAtViewer + 1
	eeRetaliate = eeHunter + 1
	eeAloof     = eeRetaliate + 1
	eeMassive   = eeAloof + 1
	eeDoom      = eeMassive + 1
	eeVictory   = eeDoom + 1
	enemyCols   = eeVictory + 1
)

var enemyColumns = concat([]string{"present", "fight", "evade", "health", "damage", "health_left", "attack_damage",
	"attack_horror", "exhausted", "engaged"}, numbered("engaged_with_row", seats),
	[]string{"at_viewer_location", "hunter", "retaliate", "aloof", "massive", "doom", "victory"})

// Static card columns (from printed data), shared by hand rows and option rows.
const (
	cAsset = iota
	cEvent
	cSkill
	cTreachery
	cEnemy
	cOther
	cCost
	cLevel
	cIcons
	cHealth   = cIcons + 5
	cSanity   = cHealth + 1
	cFast     = cSanity + 1
	cWeakness = cFast + 1
	cUses     = cWeakness + 1
	cardCols  = cUses + 1
)

var cardColumns = concat([]string{"is_asset", "is_event", "is_skill", "is_treachery", "is_enemy", "is_other_type", "cost", "level"},
	prefixed("icons_", iconNames), []string{"health", "sanity", "fast", "weakness", "printed_uses"})

// Hand columns: present, the static card columns, then what the prompt offers.
const (
	hPresent  = 0
	hCard     = 1
	hPlayable = hCard + cardCols
	hCommit   = hPlayable + 1
	hDiscard  = hCommit + 1
	hMulligan = hDiscard + 1
	handCols  = hMulligan + 1
)

var handColumns = concat([]string{"present"}, cardColumns, []string{"may_play", "may_commit", "may_discard", "may_set_aside_in_mulligan"})

// Play-area columns.
const (
	pPresent = iota
	pExhausted
	pDamage
	pHorror
	pClues
	pDoom
	pUses
	pHealth
	pSanity
	pAttached
	playCols
)

var playColumns = columns{"present", "exhausted", "damage", "horror", "clues", "doom", "uses", "health", "sanity", "attached_to_another_card"}

// Threat-area columns.
const (
	tPresent = iota
	tEnemy
	tExhausted
	tDamage
	tHorror
	tDoom
	threatCols
)

var threatColumns = columns{"present", "is_enemy", "exhausted", "damage", "horror", "doom"}

// Board columns (other cards on the board).
const (
	bPresent = iota
	bAttached
	bDoom     = bAttached + 1
	bClues    = bDoom + 1
	boardCols = bClues + 1
)

var boardColumns = columns{"present", "attached_to_location", "doom", "clues"}

// Prompt columns.
const (
	prKind       = iota
	prViewerActs = prKind + 15
	prActorRow   = prViewerActs + 1
	prOptions    = prActorRow + seats
	prSource     = prOptions + 1
	promptCols   = prSource + 1
)

// Skill-test columns.
const (
	stActive = iota
	stTesterRow
	stSkill     = stTesterRow + seats
	stKind      = stSkill + 4
	stValue     = stKind + 7
	stDiff      = stValue + 1
	stMargin    = stDiff + 1
	stCommitted = stMargin + 1
	stIcons     = stCommitted + 1
	stDepth     = stIcons + 5
	testCols    = stDepth + 1
)

var testColumns = concat([]string{"in_progress"}, numbered("tester_row", seats), prefixed("skill=", skillNames),
	prefixed("kind=", testKindNames), []string{"skill_value", "difficulty", "value_minus_difficulty", "cards_committed"},
	prefixed("committed_icons_", iconNames), []string{"nested_tests"})
