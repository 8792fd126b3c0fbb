// Package machinaobs is the observation encoder of the MachinaArcana/* envs:
// what one seat sees of a game of Machina Arcana, as named tensors of fixed
// shape, the int8 mask of the fixed Discrete action space, and the map from
// action ids to the options of the current prompt.
//
// The board is a stack of spatial planes, board[C, 20, 20] over the engine's
// fixed 20×20 canvas (the 2×2 window of 10×10 tiles, MA §11.3), for
// convolutional policies: cell kinds, walls and doors per side, lair and
// chapter cells, the figures (pioneers relative to the viewer, monsters by
// level and health), line of sight from the creature whose turn it is
// (MA §17.1) and the cells it can reach with its stamina (MA §10.8). Beside
// the planes, vector fields hold the table: the round, the danger track and
// the chapter (global), every pioneer's public card (pioneers, rows relative
// to the viewer), the monsters in play and destroyed (monsters, one row per
// monster card), the items held, discarded or revealed (items, one row per
// item card: the row of ItemAbility<i> and Item<i>), the current and
// personal events, and the prompt.
//
// What no seat can see (MA §23.5: the order of the item, monster and event
// decks, the tile stack and the tiles not yet explored, which events were
// boxed at setup, the state's RNG) is never read, so it cannot reach a
// tensor: leak_test.go changes it (through Determinize and directly) and
// checks that no element moves. Decks appear only as their sizes.
//
// An env brings its row up to date instead of writing it from zero
// (encode.IncrementalEncoder, plan.go): the terrain planes are rewritten
// when the board changes, the sight plane when the board or the actor's
// cell does, a monster, item or event row when what it shows does; the
// planes of figures, tokens and reach and the float32 and int32 vectors
// every decision. The result is the full encoding's, element for element
// (incremental_test.go checks every decision of random play of every env
// id; MYTHOS_CHECK_INCREMENTAL=1 checks every step of a run).
//
// The action space is the engine's vocabulary (env/machina/actions.go):
// action id k is the option whose code is k, so ids are stable. See the
// generated docs/observations/machina.md.
package machinaobs

// Conventions are the notes the generated docs/observations/machina.md
// gives before the fields.
const Conventions = `## Conventions

- Dtypes: the spatial planes (` + "`board`" + `) and the ` + "`monsters`" + `, ` + "`item_cards`" + `, ` + "`events`" + ` and ` + "`options`" + ` tables are **uint8**: every element is a flag (0/1), a small count (health, level, destruction tokens, stamina, an order) or a code, never above 255 and never negative (tested: the encoder counts any value out of range, and random play of every team from every seat writes none). Convert them to float in the network (the trainer does). ` + "`board`" + ` is a uint8 Box(0, 255) of 3 dimensions, which Stable-Baselines3 takes for an image and gives its NatureCNN, made for 36×36 inputs and more: give the 20×20 planes a CNN of your own (` + "`features_extractor_class`" + `), or use ` + "`flat=true`" + `. The table of the round (` + "`global`" + `), the pioneers (positions are -1 off the board) and the prompt (option counts) stay **float32**; card, seat and cell identities are **int32**.
- ` + "`board`" + ` is ` + "`[channel, y, x]`" + ` over the 20×20 canvas (cell index y*20+x). Terrain channels first (cell_kind, passable, destroyed, chapter_lit, edge_n/e/s/w, unexplored; a cell has a tile where cell_kind is not 0), then the figures and tokens, then the actor, its sight and its reach. ` + "`cell_kind`" + ` holds the printed kind as a code (0 no tile, 1 floor, 2 trap, 3 chasm, 4 lair, 5 rubble, 6 chest, 7 event cell, 8 recharge station, 9 trap lever, 10 workbench, 11 chapter cell, 12 explosive barrel, 13 ritual cell) and each ` + "`edge_*`" + ` channel the edge on that side of the cell (0 open, 1 wall, 2 open door, 3 closed door, 4 broken door), MiniGrid-style: embed them or one-hot them in the network.
- Pioneer rows are relative to the viewer: row 0 is the viewer's pioneer, row r is seat (viewer+r) mod N; for the monster side (viewer N) row r is seat r. ` + "`pioneer_seat`" + ` maps rows to seats.
- Monster, item and event rows are the content's cards (row i is card i, the i of the actions that name a card); only cards a seat can see are set.
- Hidden information never reaches a tensor (tested): deck orders, the tile stack, boxed events, the RNG.
- Action id k chooses the prompt option whose code is k; the mask has a 1 at each option's code.
- Pointer policies: ` + "`options`" + ` and ` + "`option_action`" + ` list the legal options in prompt order (the first 32), one feature row each, when the viewer decides: where the option's cell lies from the actor and what stands on it. A policy that scores rows answers with the row's ` + "`option_action`" + ` (the trainer's ` + "`network: {pointer: true}`" + ` does).
- Option paths (off by default; the env option ` + "`option_paths=true`" + ` adds them): a uint8 field ` + "`option_paths`" + ` [32, 4] after ` + "`option_action`" + `, not in the table below. For each option row that refers to a cell, the steps a creature walks from that cell to the nearest living pioneer on the board (the creature whose turn it is aside), the nearest monster on the board (it aside), the nearest goal cell (the exit tokens once placed, MA §14.5; else in the finale the standing ritual cells, MA §21.6; else the chapter cells, MA §12.13) and the nearest cell from which a tile is explored (MA §11.2); steps between adjacent cells (MA §17.2) onto passable cells that are not open chasms (MA §10.8), creatures ignored; 0 on the target itself, 255 where none lies within 254 steps or none exists; rows that refer to no cell are 0. The other fields keep their offsets. They cost a breadth-first spread over the board per kind of target every decision the viewer takes (they add about twice what the rest of the encoding costs: 26,300 against 58,400 instructions a decision of random play with the engine, ` + "`BenchmarkRandomPlayEncoded`" + ` and ` + "`BenchmarkRandomPlayEncodedPaths`" + `). The trainer joins them to the option rows with ` + "`network: {pointer: true, pointer_fields: [option_paths]}`" + `.
- Option abilities (off by default; the env option ` + "`option_abilities=true`" + ` adds them): a uint8 field ` + "`option_abilities`" + ` [32, 21] after ` + "`option_action`" + ` (and ` + "`option_paths`" + ` when both are on), not in the table below. For each option row that uses an ability (an ability option names no cell, so its ` + "`options`" + ` row is all but empty): whether an effect attacks, a magic attack, the strong and weak dice, whether an effect heals, the target symbol one-hot and its range, the costs in stamina, inspiration and health, and what its target prompt would offer now: how many monsters, how many other pioneers, whether the user itself, how many attack-only cells. The other fields keep their offsets. ` + "`pointer_fields: [option_paths, option_abilities]`" + ` joins both to the option rows.
- Size: one observation is 15,232 uint8 + 172 float32 + 140 int32 elements (16.5 KB; the observation was 97 KB when every field was float32).

`
