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

// Board channels, in order (the first dimension of the board field).
const (
	chPresent = iota
	chPassable
	chFloor
	chTrap
	chChasm
	chLair
	chLairSealed
	chRubble
	chChest
	chEventCell
	chRecharge
	chLever
	chWorkbench
	chChapterCell
	chChapterLit
	chBarrel
	chRitual
	chDestroyed
	chWall         // + side N, E, S, W
	chDoorOpen     = chWall + 4
	chDoorClosed   = chDoorOpen + 4
	chDoorBroken   = chDoorClosed + 4
	chUnexplored   = chDoorBroken + 4
	chEntrance     = chUnexplored + 1
	chExit         = chEntrance + 1
	chPioneer      = chExit + 1 // + row 0..3 (row 0 the viewer)
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

var channelNames = names{"present", "passable", "floor", "trap", "chasm", "lair", "lair_sealed", "rubble",
	"chest", "event_cell", "recharge_station", "trap_lever", "workbench", "chapter_cell", "chapter_lit",
	"barrel", "ritual_health", "destroyed",
	"wall_n", "wall_e", "wall_s", "wall_w",
	"door_open_n", "door_open_e", "door_open_s", "door_open_w",
	"door_closed_n", "door_closed_e", "door_closed_s", "door_closed_w",
	"door_broken_n", "door_broken_e", "door_broken_s", "door_broken_w",
	"unexplored", "entrance", "exit",
	"pioneer_row0", "pioneer_row1", "pioneer_row2", "pioneer_row3", "pioneer_health",
	"monster", "monster_level", "monster_health", "monster_incorporeal", "monster_controlled",
	"actor", "sight", "reach"}

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
	monsterCols = mOrder + 1
)

var monsterNames = names{"in_play", "destroyed", "x", "y", "health", "max_health", "wounds", "stamina",
	"max_stamina", "defence", "will", "level", "incorporeal", "immobile", "active",
	"controller_row0", "controller_row1", "controller_row2", "controller_row3", "order"}

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
	actorCell, promptKinds                                   int
}

// planeSize is the number of cells of one board plane.
const planeSize = machina.NumCells

// newLayout builds the layout and its offsets.
func newLayout(kinds []string) (*encode.Layout, offsets) {
	var l encode.Layout
	var at offsets
	f := func(dst *int, name string, dt encode.DType, doc string, shape ...int) {
		i := l.Add(name, dt, doc, shape...)
		*dst = l.Fields[i].Offset
	}
	F, I := encode.Float32, encode.Int32
	rows := "Rows are relative to the viewer: row 0 is the viewer's pioneer, row r is seat (viewer+r) mod N; for the monster side (viewer N) row r is seat r."
	sz := machina.Size
	f(&at.board, "board", F, fmt.Sprintf("Spatial planes over the %d×%d canvas, [channel, y, x] (cell index y*%d+x, the x,y of Cell<x,y>): cell kinds of the placed tiles as printed, lair sealing and destroyed cells (MA §12), the edge on each side of a cell (wall, open, closed or broken door, MA §12.1, §12.4; a tile border with no tile beyond is a wall), cells from which a new tile is explored (MA §11.2), the entrance and exit tokens (MA §14.4, §14.5), pioneers by viewer-relative row and monsters (level, health left, incorporeal, controlled by a pioneer), the creature whose turn it is (actor), the cells it sees (MA §17.1, plain sight: walls, closed doors and rubble block) and the cells it can reach with the stamina it has left (MA §10.8; steps to free, passable cells). Channels: %s.", sz, sz, sz, strings.Join(channelNames, ", ")), numChannels, sz, sz)
	f(&at.global, "global", F, globalNames.doc("The round and the table (MA §6): phase one-hot, the danger track and monster level (MA §6.5.1), lair and horror values (MA §6.2, §6.3), chapter number and count, the finale's clock, the sizes of every deck (never their order), progress on the chapter card's abilities (MA §18.3), the variants."), globalCols)
	f(&at.pioneers, "pioneers", F, pioneerNames.doc("Every pioneer's public state (MA §3.1, §7): characteristics with modifiers, health, stamina, inspiration, position (x, y; -1 off the board). "+rows), machina.MaxPioneers, pioneerCols)
	f(&at.seat, "pioneer_seat", I, "Seat of each pioneer row, -1 for empty rows; seat i is agent i and the i of Pioneer<i> and Trade<i>.", machina.MaxPioneers)
	f(&at.pioneerCard, "pioneer_card", I, "Pioneer card of each row: its index in the content plus one, 0 for empty rows.", machina.MaxPioneers)
	f(&at.monsters, "monsters", F, monsterNames.doc("One row per monster card of the content (row m is monster card m): set only for monsters in play or destroyed (in the destroyed-monster pile); the monster deck and the monsters set aside are not shown. order is the place in the monster order plus one (MA §6.4)."), machina.MaxMonsters, monsterCols)
	f(&at.items, "item_cards", F, itemNames.doc("One row per item card of the content (row i is item card i, the i of Item<i>, Attach<i> and ItemAbility<i>): set only for items held by a pioneer, discarded, or revealed while an item is gained (MA §13); the decks are not shown. owner_row uses pioneer rows."), machina.MaxItems, itemCols)
	f(&at.itemHost, "item_host", I, "For each item card attached as an upgrade or extension, the item card it is attached to plus one (MA §13.6, §13.7), else 0.", machina.MaxItems)
	f(&at.events, "events", F, eventNames.doc("One row per event card of the content: set only for the current pioneer and horror events, personal events and discarded events (MA §15); the decks and the boxed events are not shown. owner_row uses pioneer rows."), machina.MaxEvents, eventCols)
	f(&at.chapter, "chapter", I, "Index of the current chapter in the scenario plus one, 0 in the finale (MA §14).", 1)
	f(&at.pEvent, "pioneer_event", I, "Event card index of the current pioneer event plus one, 0 if none (MA §15.4).", 1)
	f(&at.hEvent, "horror_event", I, "Event card index of the current horror event plus one, 0 if none (MA §15.5).", 1)
	f(&at.actorCell, "actor_cell", I, "Cell (y*20+x) of the creature whose turn it is (the sight and reach planes' origin), -1 if none.", 1)
	kindCols := make(names, 0, len(kinds)+len(promptTail))
	for _, k := range kinds {
		kindCols = append(kindCols, "kind="+strings.ReplaceAll(k, " ", "_"))
	}
	at.promptKinds = len(kinds)
	f(&at.prompt, "prompt", F, append(kindCols, promptTail...).doc("The current decision: its kind one-hot, whether the viewer decides, who decides (pioneer rows or the monster side), and the number of options when the viewer decides."), len(kinds)+len(promptTail))
	return &l, at
}
