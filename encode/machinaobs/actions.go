package machinaobs

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/machina"
)

// The action space is Discrete(machina.NumActions): action id k stands for
// the option of the current prompt whose code is k (env/machina/actions.go).
// Ids come in groups: directions (8, clockwise from north), sides (4: north,
// east, south, west), cells of the 20×20 canvas (the board planes' y*20+x),
// door edges, ability slots, item cards (the rows of items), seats, choices
// and amounts.

// group is one family of action ids.
type group struct {
	base    int
	n       int
	meaning string // with %d for the slot where n > 1
}

// groups lists the flat and small action families in id order, below
// CodeAbility; meaning handles the larger ranges above it.
var groups = []group{
	{int(machina.CodePass), 1, "pass, done, stop, decline or no"},
	{int(machina.CodeYes), 1, "yes, accept"},
	{int(machina.CodeMove), 8, "move one cell in direction %d (MA §10.8; 0 north, clockwise)"},
	{int(machina.CodeOpenDoor), 4, "open the door on side %d of your cell (MA §12.4; 0 north, 1 east, 2 south, 3 west)"},
	{int(machina.CodeCloseDoor), 4, "close the door on side %d of your cell (MA §12.4)"},
	{int(machina.CodeBreakDoor), 4, "destroy the door on side %d of your cell (MA §12.4)"},
	{int(machina.CodeUseCell), 8, "use the action or chapter cell in direction %d (MA §12.9–§12.17)"},
	{int(machina.CodeSeal), 8, "seal the lair cell in direction %d (MA §12.8)"},
	{int(machina.CodeExplore), 1, "explore a new tile (MA §11.2)"},
	{int(machina.CodeLeave), 1, "leave the board (MA §11.4)"},
	{int(machina.CodeInventory), 1, "use inventory (MA §13.11)"},
	{int(machina.CodeTrade), machina.MaxPioneers, "trade with the pioneer of seat %d (MA §13.10)"},
}

// meaning says what action id a does.
func meaning(a int) string {
	c := a
	switch {
	case c >= int(machina.CodeAttach):
		return fmt.Sprintf("attach item card %d as an upgrade or extension (MA §13.6, §13.7)", c-int(machina.CodeAttach))
	case c >= int(machina.CodeItem):
		return fmt.Sprintf("choose item card %d (the row of items)", c-int(machina.CodeItem))
	case c >= int(machina.CodePioneer):
		return fmt.Sprintf("choose the pioneer of seat %d", c-int(machina.CodePioneer))
	case c >= int(machina.CodeAmount):
		return fmt.Sprintf("the amount %d", c-int(machina.CodeAmount))
	case c >= int(machina.CodeChoice):
		return fmt.Sprintf("the choice %d of the prompt", c-int(machina.CodeChoice))
	case c >= int(machina.CodeDoor):
		return fmt.Sprintf("the door on canvas edge %d (vertical edges y*21+x first, then horizontal ones 420+y*20+x)", c-int(machina.CodeDoor))
	case c >= int(machina.CodeCell):
		k := c - int(machina.CodeCell)
		return fmt.Sprintf("the cell x=%d, y=%d, or the creature on it (a target, a place, a step)", k%machina.Size, k/machina.Size)
	case c >= int(machina.CodeItemAbility):
		k := c - int(machina.CodeItemAbility)
		return fmt.Sprintf("use ability %d of item card %d (MA §16.2)", k%4, k/4)
	case c >= int(machina.CodeAbility):
		k := c - int(machina.CodeAbility)
		return fmt.Sprintf("use ability %d of %s (MA §16.2)", k%4, sourceNames[k/4])
	}
	for i := len(groups) - 1; i >= 0; i-- {
		g := groups[i]
		if c >= g.base {
			if g.n > 1 {
				return fmt.Sprintf(g.meaning, c-g.base)
			}
			return g.meaning
		}
	}
	return "engine action"
}

var sourceNames = [...]string{"your pioneer card", "the current pioneer event", "the current chapter card",
	"the current horror event (the monster side)", "the active monster's card",
	"your personal event 0", "your personal event 1", "your personal event 2", "your personal event 3"}
