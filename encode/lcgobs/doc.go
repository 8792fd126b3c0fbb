// Package lcgobs is the observation encoder of the ArkhamLCG/* envs: what an
// investigator sees of a game of Arkham Horror: The Card Game, as named
// tensors of fixed shape, the int8 mask of the fixed Discrete action space,
// and the legal options as feature rows for pointer-style policies.
//
// Everything is written from one viewer's point of view (the acting
// investigator, in an env). Investigator rows are relative to the viewer: row
// 0 is the viewer, row r is seat (viewer+r) mod N; the field
// investigator_seat maps rows back to seats. What the viewer cannot see (LCG
// §12.4: deck orders, the other investigators' hands, the encounter deck, the
// unrevealed sides of locations, set-aside cards, the state's RNG) is never
// read, so it cannot reach a tensor; leak_test.go changes each of these and
// checks that no element moves.
//
// Card identities are int32 fields holding card ids (cards.ID: 0 is "no card",
// ids are dense below cards.All's length) for embedding tables; beside them,
// float32 fields hold counts and flags as they are in the game (not
// normalised), and static card features (type, cost, icons…) so that a policy
// without embeddings still knows what a card is.
//
// The action space is the engine's action vocabulary (env/lcg/actions.go):
// action id k is the option whose code is k, so ids are stable across states
// and versions of the layout. See the generated docs/observations/lcg.md.
package lcgobs
