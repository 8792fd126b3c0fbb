package machinaobs

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/machina"
)

// names is a list of column or channel names.
type names []string

// doc appends the column list to a field's description.
func (c names) doc(what string) string { return what + " Columns: " + strings.Join(c, ", ") + "." }

// Board channels, in order (the first dimension of the board field). The
// terrain channels (chKind to chUnexplored) derive from the board alone
// and come first; the rest (figures, tokens, the actor's sight and reach)
// change with every decision. Cell kinds and the edges of a cell's sides are
// codes (MiniGrid-style: one plane holding the engine's enumeration) rather
// than one-hot planes, to keep the tensor compact; every value fits a uint8.
// A cell has a tile where its kind is not 0.
const (
	chKind          = iota // the printed cell kind (cellKindNames; 0: no tile)
	chPassable             // 1 where a pioneer could stand (MA §12.2)
	chDestroyed            // destruction tokens (MA §12.15; a sealed lair holds 2, MA §12.8)
	chChapterLit           // 1 on a lit chapter cell (MA §12.13)
	chEdge                 // + side N, E, S, W: the edge code (edgeNames)
	chUnexplored    = chEdge + 4
	terrainChannels = chUnexplored + 1
)

const (
	chRitual       = terrainChannels + iota
	chEntrance     // entrance token (MA §14.4)
	chExit         // exit token (MA §14.5)
	chPioneer      // + row 0..3 (row 0 the viewer)
	chPioneerHP    = chPioneer + machina.MaxPioneers
	chMonster      = chPioneerHP + 1
	chMonsterLevel = chMonster + 1
	chMonsterHP    = chMonsterLevel + 1
	chMonsterIncor = chMonsterHP + 1
	chMonsterCtrl  = chMonsterIncor + 1
	chActor        = chMonsterCtrl + 1
	chSight        = chActor + 1
	chReach        = chSight + 1
	numChannels    = chReach + 1
)

var channelNames = names{"cell_kind", "passable", "destroyed", "chapter_lit",
	"edge_n", "edge_e", "edge_s", "edge_w", "unexplored",
	"ritual_health", "entrance", "exit",
	"pioneer_row0", "pioneer_row1", "pioneer_row2", "pioneer_row3", "pioneer_health",
	"monster", "monster_level", "monster_health", "monster_incorporeal", "monster_controlled",
	"actor", "sight", "reach"}

// cellKindNames are the values of the cell_kind channel (machina.CellKind).
var cellKindNames = []string{"0 no tile", "1 floor", "2 trap", "3 chasm", "4 lair", "5 rubble", "6 chest",
	"7 event cell", "8 recharge station", "9 trap lever", "10 workbench", "11 chapter cell",
	"12 explosive barrel", "13 ritual cell"}

// edgeNames are the values of the edge channels (machina.Edge).
var edgeNames = []string{"0 open (no edge)", "1 wall", "2 open door", "3 closed door", "4 broken door"}

// Global columns.
const (
	gRound       = iota
	gPhase       // + machina.PhaseOver+1 phases
	gDanger      = gPhase + 6
	gDangerTrack = gDanger + 1
	gLevel       = gDangerTrack + 1
	gLair        = gLevel + 1
	gHorror      = gLair + 1
	gChapter     = gHorror + 1
	gChapters    = gChapter + 1
	gFinale      = gChapters + 1
	gTokens      = gFinale + 1
	gRituals     = gTokens + 1
	gMonsterSide = gRituals + 1
	gCooperative = gMonsterSide + 1
	gViewerMon   = gCooperative + 1
	gTiles       = gViewerMon + 1
	gMonsterDeck = gTiles + 1
	gMonsterPile = gMonsterDeck + 1
	gItemDeck    = gMonsterPile + 1 // + 4 decks
	gItemDiscard = gItemDeck + 4
	gEventDeck   = gItemDiscard + 1 // + pioneer, horror
	gProgress    = gEventDeck + 2   // + MaxAbilities
	gEasy        = gProgress + machina.MaxAbilities
	gVeryEasy    = gEasy + 1
	gQuick       = gVeryEasy + 1
	gVeryQuick   = gQuick + 1
	gRoundCap    = gVeryQuick + 1
	globalCols   = gRoundCap + 1
)

var globalNames = names{"round", "phase=setup", "phase=pioneers", "phase=lair", "phase=horror", "phase=monsters", "phase=over",
	"danger", "danger_track", "monster_level", "lair", "horror", "chapter", "chapters", "in_finale", "finale_tokens",
	"rituals_standing", "monster_side", "cooperative", "viewer_is_monsters", "tiles_in_stack", "monster_deck",
	"destroyed_monsters", "item_deck=weapon", "item_deck=clothing", "item_deck=artifact", "item_deck=one_use",
	"item_discard", "pioneer_event_deck", "horror_event_deck", "chapter_progress0", "chapter_progress1",
	"chapter_progress2", "chapter_progress3", "easy", "very_easy", "quick", "very_quick", "round_cap"}

// Pioneer columns.
const (
	pPresent = iota
	pAlive
	pOnBoard
	pActed
	pActive
	pX
	pY
	pHP
	pMaxHP
	pStamina
	pMaxStamina
	pInsp
	pMaxInsp
	pDefence
	pWill
	pClass       // + 4 classes
	pKills       = pClass + 4
	pPersonal    = pKills + 1
	pItems       = pPersonal + 1
	pEquipped    = pItems + 1
	pIncorporeal = pEquipped + 1
	pioneerCols  = pIncorporeal + 1
)

var pioneerNames = names{"present", "alive", "on_board", "acted", "active", "x", "y", "health", "max_health",
	"stamina", "max_stamina", "inspiration", "max_inspiration", "defence", "will",
	"class=shooter", "class=fighter", "class=mystic", "class=master", "kills", "personal_events",
	"items_held", "items_equipped", "incorporeal"}

// Monster columns.
const (
	mInPlay = iota
	mDestroyed
	mX
	mY
	mHealth
	mMaxHealth
	mWounds
	mStamina
	mMaxStamina
	mDefence
	mWill
	mLevel
	mIncorporeal
	mImmobile
	mActive
	mController // + row 0..3
	mOrder      = mController + machina.MaxPioneers
	mToAct      = mOrder + 1 // has not acted yet this monster phase (its stamina then reads 0)
	monsterCols = mToAct + 1
)

var monsterNames = names{"in_play", "destroyed", "x", "y", "health", "max_health", "wounds", "stamina",
	"max_stamina", "defence", "will", "level", "incorporeal", "immobile", "active",
	"controller_row0", "controller_row1", "controller_row2", "controller_row3", "order", "to_act"}

// Item columns.
const (
	iInventory = iota
	iEquipped
	iDiscard
	iRevealed
	iOwner     // + row 0..3
	iUpgrade   = iOwner + machina.MaxPioneers
	iExtension = iUpgrade + 1
	iDeck      = iExtension + 1 // + 4 decks
	iLevel     = iDeck + 4
	iHands     = iLevel + 1
	iRanged    = iHands + 1
	iFit       = iRanged + 1 // + torso, head, legs
	iDefence   = iFit + 3
	iWill      = iDefence + 1
	iProgress  = iWill + 1
	itemCols   = iProgress + 1
)

var itemNames = names{"inventory", "equipped", "discarded", "revealed", "owner_row0", "owner_row1", "owner_row2",
	"owner_row3", "upgrade", "extension", "deck=weapon", "deck=clothing", "deck=artifact", "deck=one_use",
	"level", "hands", "ranged", "fit=torso", "fit=head", "fit=legs", "defence", "will", "progress"}

// Event columns.
const (
	eCurrent = iota
	eDiscard
	eHorror
	ePersonal
	eOwner    // + row 0..3
	eProgress = eOwner + machina.MaxPioneers
	eventCols = eProgress + 1
)

var eventNames = names{"current", "discarded", "horror", "personal", "owner_row0", "owner_row1", "owner_row2",
	"owner_row3", "progress"}

// Prompt columns: the kind one-hot (index 0 none), then these.
var promptTail = []string{"viewer_decides", "actor_row0", "actor_row1", "actor_row2", "actor_row3",
	"actor_monsters", "options"}

// offsets of every field in its buffer.
type offsets struct {
	board, global, pioneers, monsters, items, events, prompt int
	seat, pioneerCard, itemHost, chapter, pEvent, hEvent     int
	actorCell, promptKinds, promptCols                       int
	options, optAction                                       int
	optPaths, optAbilities                                   int // -1 without Extras.Paths, Extras.Abilities
}

// planeSize is the number of cells of one board plane.
const planeSize = machina.NumCells

// newLayout builds the layout and its offsets.
func newLayout(kinds []string, x Extras) (*encode.Layout, offsets) {
	var l encode.Layout
	var at offsets
	f := func(dst *int, name string, dt encode.DType, doc string, shape ...int) {
		i := l.Add(name, dt, doc, shape...)
		*dst = l.Fields[i].Offset
	}
	F, I, U := encode.Float32, encode.Int32, encode.Uint8
	rows := "Rows are relative to the viewer: row 0 is the viewer's pioneer, row r is seat (viewer+r) mod N; for the monster side (viewer N) row r is seat r."
	sz := machina.Size
	f(&at.board, "board", U, fmt.Sprintf("Spatial planes over the %d×%d canvas, uint8, [channel, y, x] (cell index y*%d+x, the x,y of Cell<x,y>). Terrain: the printed cell kind as a code (cell_kind: %s; a cell has a tile where it is not 0), the cells a pioneer could stand on (passable), destruction tokens (MA §12.15; a lair cell with 2 is sealed, MA §12.8), lit chapter cells, the edge on each side of a cell as a code (edge_n/e/s/w: %s; MA §12.1, §12.4; a tile border with no tile beyond is a wall), cells from which a new tile is explored (MA §11.2). Then the ritual cells' health, the entrance and exit tokens (MA §14.4, §14.5), pioneers by viewer-relative row and their health, monsters (level, health left, incorporeal, controlled by a pioneer), the creature whose turn it is (actor), the cells it sees (MA §17.1, plain sight: walls, closed doors and rubble block) and the cells it can reach with the stamina it has left (MA §10.8; steps to free, passable cells). Flags are 0/1, counts and codes are small integers. Channels: %s.", sz, sz, sz, strings.Join(cellKindNames, ", "), strings.Join(edgeNames, ", "), strings.Join(channelNames, ", ")), numChannels, sz, sz)
	f(&at.global, "global", F, globalNames.doc("The round and the table (MA §6): phase one-hot, the danger track and monster level (MA §6.5.1), lair and horror values (MA §6.2, §6.3), chapter number and count, the finale's clock, the sizes of every deck (never their order), progress on the chapter card's abilities (MA §18.3), the variants."), globalCols)
	f(&at.pioneers, "pioneers", F, pioneerNames.doc("Every pioneer's public state (MA §3.1, §7): characteristics with modifiers, health, stamina, inspiration, position (x, y; -1 off the board). "+rows), machina.MaxPioneers, pioneerCols)
	f(&at.seat, "pioneer_seat", I, "Seat of each pioneer row, -1 for empty rows; seat i is agent i and the i of Pioneer<i> and Trade<i>.", machina.MaxPioneers)
	f(&at.pioneerCard, "pioneer_card", I, "Pioneer card of each row: its index in the content plus one, 0 for empty rows.", machina.MaxPioneers)
	f(&at.monsters, "monsters", U, monsterNames.doc("Uint8 (every column is a flag or a small count). One row per monster card of the content (row m is monster card m): set only for monsters in play or destroyed (in the destroyed-monster pile); the monster deck and the monsters set aside are not shown. order is the place in the monster order plus one (MA §6.4); stamina is what is left of its turn (MA §19.2), 0 with to_act set before it acted this phase."), machina.MaxMonsters, monsterCols)
	f(&at.items, "item_cards", U, itemNames.doc("Uint8 (every column is a flag or a small count). One row per item card of the content (row i is item card i, the i of Item<i>, Attach<i> and ItemAbility<i>): set only for items held by a pioneer, discarded, or revealed while an item is gained (MA §13); the decks are not shown. owner_row uses pioneer rows."), machina.MaxItems, itemCols)
	f(&at.itemHost, "item_host", I, "For each item card attached as an upgrade or extension, the item card it is attached to plus one (MA §13.6, §13.7), else 0.", machina.MaxItems)
	f(&at.events, "events", U, eventNames.doc("Uint8 (every column is a flag or a small count). One row per event card of the content: set only for the current pioneer and horror events, personal events and discarded events (MA §15); the decks and the boxed events are not shown. owner_row uses pioneer rows."), machina.MaxEvents, eventCols)
	f(&at.chapter, "chapter", I, "Index of the current chapter in the scenario plus one, 0 in the finale (MA §14).", 1)
	f(&at.pEvent, "pioneer_event", I, "Event card index of the current pioneer event plus one, 0 if none (MA §15.4).", 1)
	f(&at.hEvent, "horror_event", I, "Event card index of the current horror event plus one, 0 if none (MA §15.5).", 1)
	f(&at.actorCell, "actor_cell", I, "Cell (y*20+x) of the creature whose turn it is (the sight and reach planes' origin), -1 if none.", 1)
	kindCols := make(names, 0, len(kinds)+len(promptTail))
	for _, k := range kinds {
		kindCols = append(kindCols, "kind="+strings.ReplaceAll(k, " ", "_"))
	}
	at.promptKinds = len(kinds)
	at.promptCols = len(kinds) + len(promptTail)
	f(&at.prompt, "prompt", F, append(kindCols, promptTail...).doc("The current decision: its kind one-hot, whether the viewer decides, who decides (pioneer rows or the monster side), and the number of options when the viewer decides."), len(kinds)+len(promptTail))
	f(&at.options, "options", U, optionNames.doc(fmt.Sprintf("Uint8 (every column is a flag or a small count). The legal options as feature rows for pointer-style policies: the first %d options of the prompt in prompt order, set only when the viewer decides. present is 1 on every option's row; cell says the option refers to a cell: a target cell or the creature on it (Cell x:y), the neighbour in a direction (a step, a cell used, a lair sealed), the neighbour across a side (a door), a pioneer's cell (a trade, a pioneer chosen); the other columns describe that cell from the creature whose turn it is (actor_cell): how far east, west, south and north of the actor's cell it lies, the distance in king moves, whether the actor sees it and can reach it (the sight and reach planes), its printed kind one-hot, the monster or pioneer on it and a ritual cell's health.", MaxOptionRows)), MaxOptionRows, optionCols)
	f(&at.optAction, "option_action", I, "Action id of each option row (the id to pass to Step to choose it), -1 for rows past the last option and when the viewer does not decide.", MaxOptionRows)
	at.optPaths = -1
	if x.Paths {
		f(&at.optPaths, "option_paths", U, pathNames.doc(fmt.Sprintf("Uint8, only with the env option option_paths=true. For each option row that refers to a cell (cell is 1 there; the other rows are 0), the steps a creature walks from that cell to the nearest living pioneer on the board other than the creature whose turn it is, the nearest monster on the board other than it, the nearest goal cell (the exit tokens once placed, MA §14.5; else in the finale the standing ritual cells, MA §21.6; else the chapter cells, MA §12.13) and the nearest cell from which a tile is explored (MA §11.2): steps between adjacent cells (MA §17.2) onto passable cells that are not open chasms (MA §10.8), creatures ignored, counted from the target outward; 0 on the target itself, %d where none lies within %d steps or none exists.", pathNone, pathLimit)), MaxOptionRows, pathCols)
	}
	at.optAbilities = -1
	if x.Abilities {
		f(&at.optAbilities, "option_abilities", U, abilityNames.doc(fmt.Sprintf("Uint8, only with the env option option_abilities=true. For each option row that uses an ability (MA §16.2; the other rows are 0): ability 1; whether an effect attacks (MA §9), a magic attack (MA §9.4), the attacks' strong and weak dice, whether an effect restores health (MA §7.3); the target symbol one-hot (MA §17.6, §17.7, §17.11) and its range X; the costs in stamina, inspiration and health; and what its target prompt would offer now from the creature whose turn it is (MA §17, §10.1): how many monsters, how many pioneers other than itself, whether itself, how many attack-only cells (barrels, ritual cells: MA §12.18, §21.6). %d rows as options.", MaxOptionRows)), MaxOptionRows, abilityCols)
	}
	return &l, at
}
