// Package ah3obs is the observation encoder of the ArkhamHorror3/* envs: what
// an investigator sees of a game of Arkham Horror Third Edition, as named
// tensors of fixed shape, and the int8 mask of the fixed Discrete action
// space.
//
// Everything is written from one viewer's point of view (the acting
// investigator, in an env). Investigator rows are relative to the viewer: row
// 0 is the viewer, row r is seat (viewer+r) mod N; investigator_seat maps
// rows back to seats. AH3 has little hidden information, and none of it is
// read: the order of every deck (street, event, neighborhood, monster,
// headline, item, spell, ally, anomaly) and which headlines were chosen for
// it, which card of its name an unflipped condition is (AH3 479.7: hidden
// from its owner too), which variant an unrevealed archive number holds (AH3
// 403), the forced results of scripted cases and the state's RNG. Only the
// sizes of the decks and the faces everyone sees (the event discard pile's
// top card that makes spaces unstable, the encounter being read, the codex,
// the Reserve, the mythos cup's counts) reach a tensor; leak_test.go changes
// each hidden part and checks that no element moves.
//
// Identities are int32 fields for embedding tables (space indices, monster
// kinds, investigator sheets, asset cards, archive cards of the shipped or
// loaded content, each plus one so that 0 is "none"); beside them, float32
// fields hold counts and flags as they are in the game (not normalised) and
// the static features of monsters and assets, so that a policy without
// embeddings still knows what a card is.
//
// The action space is the engine's action vocabulary (env/ah3/vocab.go):
// action id k is the option whose code is k, so ids are stable across states
// and contents. See the generated docs/observations/ah3.md.
package ah3obs

// Conventions are the notes `mythos spec --markdown` puts before the fields
// of every ArkhamHorror3/* env.
const Conventions = `## Conventions

- Investigator rows are relative to the viewer (the acting investigator): row 0 is the viewer, row r is seat (viewer+r) mod N; rows past N are zero. ` + "`investigator_seat`" + ` maps rows to seats (seat i is agent i and action ` + "`seat i`" + `).
- Slots are the engine's: space k is ` + "`space k`" + ` in the actions, monster slot k is ` + "`monster k`" + `, the viewer's asset slot k is ` + "`asset k`" + ` and ` + "`asset action k`" + `, Reserve slot k is ` + "`reserve k`" + `.
- int32 identity fields hold an index of the content plus one (0: none); float32 fields hold counts and flags as in the game, not normalised.
- Hidden information never reaches a tensor (tested): deck orders and which headlines are in the deck, the card behind an unflipped condition (its name only: ` + "`asset_condition`" + `), unrevealed archive variants, the RNG.
- Action id k chooses the prompt option whose code is k; the mask has a 1 at each option's code.
- Incremental: an env brings its observation up to date instead of writing it from zero (only the spaces, monsters, assets and other slots whose inputs changed are rewritten; ` + "`encode.IncrementalEncoder`" + `); the result is the full encoding's, bit for bit, which the check mode (` + "`MYTHOS_CHECK_INCREMENTAL=1`" + `) verifies every step.

`
