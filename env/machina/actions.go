package machina

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/game"
)

// The action vocabulary: every answer to every prompt is one of these stable
// codes. Ranges are laid out so that a policy can read them as heads:
// directions, sides, cells (the 20×20 canvas), door edges, card slots.
const (
	CodePass        game.ActionCode = 0                            // pass, done, stop, decline, no
	CodeYes         game.ActionCode = 1                            // yes, accept
	CodeMove        game.ActionCode = 2                            // + Direction (8): move one cell
	CodeOpenDoor    game.ActionCode = CodeMove + 8                 // + Side (4): open the door on that side
	CodeCloseDoor   game.ActionCode = CodeOpenDoor + 4             // + Side (4)
	CodeBreakDoor   game.ActionCode = CodeCloseDoor + 4            // + Side (4): destroy the door
	CodeUseCell     game.ActionCode = CodeBreakDoor + 4            // + Direction (8): use the adjacent action or chapter cell
	CodeSeal        game.ActionCode = CodeUseCell + 8              // + Direction (8): seal the adjacent lair cell
	CodeExplore     game.ActionCode = CodeSeal + 8                 // explore a new tile
	CodeLeave       game.ActionCode = CodeExplore + 1              // leave the board
	CodeInventory   game.ActionCode = CodeLeave + 1                // use inventory
	CodeTrade       game.ActionCode = CodeInventory + 1            // + seat (4): trade with that pioneer
	CodeAbility     game.ActionCode = CodeTrade + MaxPioneers      // + source*4 + ability (AbilitySources sources)
	CodeItemAbility game.ActionCode = CodeAbility + numSources*4   // + item*4 + ability
	CodeCell        game.ActionCode = CodeItemAbility + MaxItems*4 // + cell (400): a cell or the creature on it
	CodeDoor        game.ActionCode = CodeCell + NumCells          // + edge (840): a door
	CodeChoice      game.ActionCode = CodeDoor + numEdges          // + i (16): the i-th choice of a choice prompt
	CodeAmount      game.ActionCode = CodeChoice + 16              // + n (10): an amount
	CodePioneer     game.ActionCode = CodeAmount + 10              // + seat (4)
	CodeItem        game.ActionCode = CodePioneer + MaxPioneers    // + item card (96)
	CodeAttach      game.ActionCode = CodeItem + MaxItems          // + item card (96): attach as upgrade or extension
	NumActions                      = int(CodeAttach + MaxItems)
)

// numEdges is the number of edges of the canvas: vertical ones first
// (row-major, Size rows of Size+1), then horizontal ones (Size+1 rows of
// Size).
const numEdges = Size*(Size+1) + (Size+1)*Size

// Ability sources addressed by CodeAbility.
const (
	SrcPioneer      = iota // the pioneer's own card
	SrcPioneerEvent        // the current pioneer event
	SrcChapter             // the current chapter card
	SrcHorrorEvent         // the current horror event (monsters)
	SrcMonster             // the active monster's card
	SrcPersonal            // + slot (4): personal events in order of gain
	numSources      = SrcPersonal + 4
)

// EdgeIndex returns the CodeDoor index of the edge on side d of cell c.
func EdgeIndex(c int, d Side) int {
	x, y := c%Size, c/Size
	switch d {
	case SideN:
		return Size*(Size+1) + y*Size + x
	case SideS:
		return Size*(Size+1) + (y+1)*Size + x
	case SideW:
		return y*(Size+1) + x
	default:
		return y*(Size+1) + x + 1
	}
}

// Prompt kinds.
const (
	PromptAction      game.PromptKind = iota + 1 // the active pioneer's turn menu (MA §6.1, §7.8)
	PromptNextPioneer                            // which pioneer takes the next turn (MA §6.1)
	PromptTarget                                 // an ability's target cell (MA §17)
	PromptPlace                                  // a pioneer's cell at the entrance (MA §14.4)
	PromptStep                                   // one step of an effect's move, or stop (MA §10.8)
	PromptBoost                                  // inspiration added to an attack roll (MA §7.4)
	PromptSoak                                   // lose inspiration instead of health (MA §7.3)
	PromptEventCell                              // event cell: (a) inspiration and a pioneer event, (b) the fate roll (MA §12.10)
	PromptDrawMode                               // gain an item: which decks (MA §13.8)
	PromptPickItem                               // gain an item: which card to keep
	PromptLeftover                               // the card not kept: discard or return to the top
	PromptRecipient                              // who receives the item
	PromptFreeEquip                              // equip as main for free (class, MA §13.8)
	PromptLoadout                                // use inventory: equip or attach, or done (MA §13.11)
	PromptHost                                   // the host item of an upgrade or extension (MA §13.6, §13.7)
	PromptTrade                                  // trade: give or take an item, or done (MA §13.10)
	PromptWindow                                 // which tiles to discard to keep 2×2 (MA §11.3)
	PromptExitCell                               // where to put the exit token (MA §14.5)
	PromptTieBreak                               // the pioneers settle a predictable monster's tie (MA §0.1, §19.5)
	PromptMonster                                // the monster side's turn menu (MA §19.3)
	PromptLevel5                                 // danger at level 5: discard an equipped item or die (MA §6.5.1)
	PromptDoor                                   // a door for an effect (Door Control)
	PromptWorkbench                              // workbench: the deck of the next card drawn (MA §12.14)
	PromptSupport                                // who pays the next point of inspiration (MA §7.5)
	PromptLairOrder                              // which pioneer makes the next lair roll (MA §6.2)
	PromptReaction                               // a free ability between others' actions, or pass (MA §16.6)
	PromptKeep                                   // campaign: a card to keep for the next game (Item i, Choice k), or pass (MA §5.4)
	PromptPartner                                // recharge station: a pioneer to trade with for free, at a distance, or pass (MA §12.17)
	PromptSwap                                   // workbench: one's own item to swap for a revealed card, or pass (MA §12.14)
	numPromptKinds
)

var promptKindNames = [...]string{"none", "action", "next pioneer", "target", "place", "step", "boost", "soak",
	"event cell", "draw mode", "pick item", "leftover", "recipient", "free equip", "loadout", "host", "trade",
	"window", "exit cell", "tie-break", "monster", "level 5", "door", "workbench", "support", "lair order", "reaction", "keep", "partner", "swap"}

var actionNames = func() []string {
	n := make([]string, NumActions)
	n[CodePass], n[CodeYes] = "Pass", "Yes"
	for d := 0; d < 8; d++ {
		n[int(CodeMove)+d] = "Move " + Direction(d).String()
		n[int(CodeUseCell)+d] = "UseCell " + Direction(d).String()
		n[int(CodeSeal)+d] = "Seal " + Direction(d).String()
	}
	for s := 0; s < 4; s++ {
		n[int(CodeOpenDoor)+s] = "OpenDoor " + Side(s).String()
		n[int(CodeCloseDoor)+s] = "CloseDoor " + Side(s).String()
		n[int(CodeBreakDoor)+s] = "BreakDoor " + Side(s).String()
		n[int(CodeTrade)+s] = fmt.Sprintf("Trade %d", s)
		n[int(CodePioneer)+s] = fmt.Sprintf("Pioneer %d", s)
	}
	n[CodeExplore], n[CodeLeave], n[CodeInventory] = "Explore", "Leave", "Inventory"
	srcNames := []string{"Pioneer", "PioneerEvent", "Chapter", "HorrorEvent", "Monster", "Personal0", "Personal1", "Personal2", "Personal3"}
	for s := 0; s < numSources; s++ {
		for a := 0; a < 4; a++ {
			n[int(CodeAbility)+s*4+a] = fmt.Sprintf("Ability %s %d", srcNames[s], a)
		}
	}
	for i := 0; i < MaxItems; i++ {
		for a := 0; a < 4; a++ {
			n[int(CodeItemAbility)+i*4+a] = fmt.Sprintf("ItemAbility %d %d", i, a)
		}
		n[int(CodeItem)+i] = fmt.Sprintf("Item %d", i)
		n[int(CodeAttach)+i] = fmt.Sprintf("Attach %d", i)
	}
	for c := 0; c < NumCells; c++ {
		n[int(CodeCell)+c] = fmt.Sprintf("Cell %d:%d", c%Size, c/Size)
	}
	for e := 0; e < numEdges; e++ {
		n[int(CodeDoor)+e] = fmt.Sprintf("Door %d", e)
	}
	for i := 0; i < 16; i++ {
		n[int(CodeChoice)+i] = fmt.Sprintf("Choice %d", i)
	}
	for i := 0; i < 10; i++ {
		n[int(CodeAmount)+i] = fmt.Sprintf("Amount %d", i)
	}
	return n
}()

// ActionNames returns the names of the action codes (index = code).
func ActionNames() []string { return actionNames }

// PromptKindNames returns the names of the prompt kinds (index = kind).
func PromptKindNames() []string { return promptKindNames[:] }
