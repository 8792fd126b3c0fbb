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
// The action space is the engine's vocabulary (env/machina/actions.go):
// action id k is the option whose code is k, so ids are stable. See the
// generated docs/observations/machina.md.
package machinaobs
