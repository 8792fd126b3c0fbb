// Package machina is the rules engine of Machina Arcana (MA): a pure,
// deterministic state machine over the kernel in env/game, on a grid of
// cells with walls, doors, line of sight and ranges.
//
// Every rule in code cites the spec section it implements
// (../shared/rules/machina-arcana.md, "MA §17.1"); the rulings on gaps and
// what is not implemented yet are in docs/machina-rulings.md; the content
// format is in docs/machina-content.md.
//
// # Using it
//
//	ct, _ := content.Shipped()                      // env/machina/content; or content.Load(os.DirFS(dir))
//	sc := ct.Scenario("frozen_engine")
//	s, err := machina.New(sc, machina.Config{Pioneers: []string{"hank", "kim"}}, seed, false)
//	for !s.Over() {
//		p := s.Prompt()                              // who decides, what kind, the options
//		s.Apply(choose(p))                           // index into p.Options
//	}
//	s.Score()                                        // +1 victory, -1 defeat, 0 truncated
//
// *State implements game.State: Info, Prompt, Apply, Over, Score, Returns,
// Clone (and the allocation-free CloneInto), Determinize, RNG, Log,
// MarshalBinary and the Narrator (Render draws the board as text).
//
// # Seats and teams
//
// Seats 0..N-1 are the pioneers, seat N ("monsters") is the monster side
// (MA §19.3, §23.7). Before any pioneer dies the monsters are predictable and
// the pioneers answer their tie-breaks (PromptTieBreak); after a death the
// monster seat decides every monster turn (PromptMonster), unless
// Config.Cooperative keeps them predictable. Returns gives living pioneers the
// score, and dead pioneers and the monster seat its negation (0 for the
// monster seat in a cooperative game).
//
// # The board and its geometry
//
// The board is a 2×2 window of 10×10 tiles on a fixed 20×20 canvas
// (Size, NumCells): a cell is its index y*Size+x, the same index the action
// vocabulary uses (CodeCell+cell). Grid holds cell kinds, destruction tokens,
// lit chapter cells and the edges (V, H) between cells; LineOfSight,
// Adjacent and Cheb are the pure functions of MA §17. State.Board and
// State.Occ (the creature on each cell) are exported for encoders.
//
// # The action vocabulary (stable codes)
//
// NumActions codes, laid out as heads a policy can learn:
//
//	CodePass, CodeYes                        pass / done / no, yes
//	CodeMove + Direction (8)                 a step (N, NE, E, SE, S, SW, W, NW)
//	CodeOpenDoor/CloseDoor/BreakDoor + Side  the door on that side of the actor's cell
//	CodeUseCell + Direction                  the adjacent action or chapter cell
//	CodeSeal + Direction                     the adjacent lair cell
//	CodeExplore, CodeLeave, CodeInventory    explore, leave the board, use inventory
//	CodeTrade + seat                         trade with that pioneer
//	CodeAbility + source*4 + ability         an ability of a card in play (SrcPioneer,
//	                                         SrcPioneerEvent, SrcChapter, SrcHorrorEvent,
//	                                         SrcMonster, SrcPersonal+slot)
//	CodeItemAbility + item*4 + ability       an ability of an item card
//	CodeCell + cell (400)                    a target cell, or the creature on it
//	CodeDoor + EdgeIndex (840)               a door anywhere (Door Control)
//	CodeChoice + i (16)                      the i-th choice of a choice prompt
//	CodeAmount + n (10)                      an amount (inspiration added to a roll)
//	CodePioneer + seat                       a pioneer (turn order, tie-breaks, receivers)
//	CodeItem + item, CodeAttach + item       an item card; attach it as upgrade/extension
//
// The prompt kinds (PromptAction … PromptLairOrder, named by
// PromptKindNames) say what the codes of a prompt mean; every option of a
// prompt has its own code.
//
// # Reading the state
//
// Exported fields (Board, Occ, P, Mx, Order, Danger, Level, Lair, Horror,
// Chapters, ChapterPos, Tiles, decks and piles) are plain data for encoders;
// view.go adds effective characteristics (Defence, Will, Health,
// MaxStamina, Incorporeal), the current cards (CurrentEvent, ChapterCard),
// Acting, and spatial planes (SightFrom, ReachFrom). Deck orders and boxed
// cards are hidden information: encoders must not read them.
//
// # Content
//
// Tiles, pioneers, monsters, items, events and scenarios are YAML data,
// read and validated by the loader beside the shipped files
// (env/machina/content: Load, LoadFiles, Shipped; it uses contentapi.go);
// effects are a small vocabulary of primitives (Op) with a Go escape hatch
// per card (cards_go.go). Rules cases (env/machina/machinacase) script
// situations on drawn boards (ParseMap) with forced dice and deck tops,
// through the hooks of caseapi.go.
package machina
